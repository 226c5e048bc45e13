// Writes the fuzzers' seed corpora from the project's own models:
//   <out>/ir_reader/     every tests/data/ir/**/*.xml with its .bin, or weights of the size its Constants ask
//                        for, and the IR of the models built in code (default_models, the
//                        behaviour-test models), each as xml + NUL + bin (fuzz_harness.hpp)
//   <out>/import_model/  the same models compiled on REF and exported (import_model blobs)
//   <out>/kernel_config/ the custom-kernel configs of tests/data/extension/
//   <out>/expression/    expressions of the forms docs/extensions.md describes
//   <out>/program_file/  program-binary files as the GPU plugin's cache writes them
// Usage: ovcl_fuzz_seed_corpus <tests/data/ir> <out>
#include <algorithm>
#include <cctype>
#include <cstring>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "common/models.hpp"
#include "fuzz_harness.hpp"
#include "fuzz_program_file_harness.hpp"
#include "ovcl/core.hpp"
#include "ovcl/ir.hpp"
#include "tools/default_models.hpp"

namespace fs = std::filesystem;

namespace {

std::string read_file(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

void write_file(const fs::path& p, const std::string& bytes) {
    std::ofstream out(p, std::ios::binary);
    out << bytes;
    if (!out)
        throw std::runtime_error("cannot write " + p.string());
}

/// Weights for an IR: every Constant's <data offset size element_type> range filled with a harmless
/// value of its type (1 for integers, which keeps axes and shapes in range; 0.25 for reals).
std::string weights_for(const std::string& xml) {
    static const std::regex data_re(R"re(<data\b[^>]*\boffset="(\d+)"[^>]*>)re");
    static const std::regex size_re(R"re(\bsize="(\d+)")re"), type_re(R"re(\belement_type="(\w+)")re");
    std::string bin;
    for (auto it = std::sregex_iterator(xml.begin(), xml.end(), data_re); it != std::sregex_iterator(); ++it) {
        const std::string tag = (*it)[0];
        std::smatch size, type;
        if (!std::regex_search(tag, size, size_re))
            continue;
        const size_t offset = std::stoull((*it)[1]), bytes = std::stoull(size[1]);
        std::string t = std::regex_search(tag, type, type_re) ? type[1].str() : "u8";
        std::transform(t.begin(), t.end(), t.begin(), [](unsigned char c) { return std::tolower(c); });  // v10: I64
        if (bin.size() < offset + bytes)
            bin.resize(offset + bytes, '\0');
        auto fill = [&](const void* value, size_t width) {
            for (size_t o = 0; o + width <= bytes; o += width)
                std::memcpy(&bin[offset + o], value, width);
        };
        const int64_t one64 = 1;
        const int32_t one32 = 1;
        const float quarter = 0.25f;
        if (t == "i64" || t == "u64")
            fill(&one64, 8);
        else if (t == "i32" || t == "u32")
            fill(&one32, 4);
        else if (t == "f32")
            fill(&quarter, 4);
        else
            std::fill(bin.begin() + static_cast<std::ptrdiff_t>(offset),
                      bin.begin() + static_cast<std::ptrdiff_t>(offset + bytes), '\1');
    }
    return bin;
}

/// Seeds of the extension and program-file targets, which need no model.
void write_small_seeds(const fs::path& data_dir, const fs::path& out_dir) {
    fs::create_directories(out_dir / "kernel_config");
    for (const auto& entry : fs::directory_iterator(data_dir.parent_path() / "extension"))
        if (entry.path().extension() == ".xml")
            write_file(out_dir / "kernel_config" / entry.path().filename(), read_file(entry.path()));

    fs::create_directories(out_dir / "expression");
    const char* expressions[] = {"round_up(out0.size, 64)", "64", "in0.d0 * in0.d1, ceil_div(in0.d2, 4)",
                                 "-(in1.rank - 1) % 3", "max(min(axis, in0.rank), 0) / 2",
                                 "out0.d3 + in0.size * (in1.d0 - 7)"};
    int n = 0;
    for (const char* e : expressions)
        write_file(out_dir / "expression" / ("seed" + std::to_string(n++)), e);

    fs::create_directories(out_dir / "program_file");
    const std::string binaries[] = {"", "\x7f" "ELF binary", std::string(300, static_cast<char>(0xab))};
    n = 0;
    for (const auto& b : binaries)
        write_file(out_dir / "program_file" / ("seed" + std::to_string(n++)),
                   ovcl::gpu::encode_program_file(ovcl::fuzz::kFuzzProgramKey, b));
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 3) {
        std::cerr << "usage: " << argv[0] << " <tests/data/ir> <out>\n";
        return 2;
    }
    const fs::path data_dir = argv[1], out_dir = argv[2];
    fs::create_directories(out_dir / "ir_reader");
    fs::create_directories(out_dir / "import_model");
    write_small_seeds(data_dir, out_dir);

    std::vector<std::pair<std::string, std::shared_ptr<ovcl::Model>>> models;
    for (const auto& entry : fs::recursive_directory_iterator(data_dir)) {  // control_flow/ too
        if (entry.path().extension() != ".xml")
            continue;
        const std::string xml = read_file(entry.path());
        fs::path bin_path = entry.path();
        bin_path.replace_extension(".bin");
        const std::string bin = fs::exists(bin_path) ? read_file(bin_path) : weights_for(xml);
        std::string stem = fs::relative(entry.path(), data_dir).replace_extension().string();
        std::replace(stem.begin(), stem.end(), '/', '_');
        write_file(out_dir / "ir_reader" / (stem + ".ir"), ovcl::fuzz::join_ir_input(xml, bin));
        try {
            ovcl::Tensor w(ovcl::element::u8, ovcl::Shape{bin.size()});
            std::copy(bin.begin(), bin.end(), static_cast<char*>(w.data()));
            models.emplace_back(stem, ovcl::ir::read_model_from_memory(xml, w));
        } catch (const ovcl::Exception& e) {
            std::cerr << "note: " << stem << " is an IR seed only: " << e.what() << "\n";
        }
    }
    for (const auto& name : ovcl::default_models::names())
        models.emplace_back("default_" + name, ovcl::default_models::make(name));
    models.emplace_back("add_relu", ovcl::test::add_relu_model());
    models.emplace_back("add_relu_dynamic", ovcl::test::add_relu_model(ovcl::PartialShape{-1, 3}));
    models.emplace_back("accumulator", ovcl::test::accumulator_model());

    ovcl::Core core;
    size_t blobs = 0;
    for (const auto& [name, model] : models) {
        std::ostringstream xml, bin;
        ovcl::ir::serialize(*model, xml, bin);
        write_file(out_dir / "ir_reader" / (name + ".serialized.ir"), ovcl::fuzz::join_ir_input(xml.str(), bin.str()));
        try {
            std::ostringstream blob;
            core.compile_model(model, "REF").export_model(blob);
            write_file(out_dir / "import_model" / (name + ".blob"), blob.str());
            ++blobs;
        } catch (const ovcl::Exception& e) {
            std::cerr << "note: no REF blob for " << name << ": " << e.what() << "\n";
        }
    }
    std::cout << "seed corpus: " << models.size() << " models, " << blobs << " blobs in " << out_dir << "\n";
    return 0;
}
