// CACHE_DIR holds files that anyone with access to the folder can change: an entry is used only
// when it is the one stored under its own key and intact. Another model's entry copied under this
// model's name, flipped or truncated bytes, a FIFO or a folder in its place: each is removed and the
// model compiled afresh, with the right outputs, and the next compile finds a good entry again. The
// GPU plugin's program binaries (ovcl_cl_*.bin) follow the same rule, so corrupt bytes never reach
// the OpenCL driver, which may crash on them.
#include <gtest/gtest.h>

#include <sys/stat.h>

#include <algorithm>
#include <fstream>
#include <functional>
#include <map>
#include <set>

#include "hardening/hardening_utils.hpp"
#include "ovcl/core.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;
using namespace ovcl::hardening;

namespace {

// y = Relu(x + b) over `n` values; the models differ by their constants and by their shapes.
std::shared_ptr<Model> model(size_t n, float bias, const std::string& name) {
    auto x = op::parameter(element::f32, PartialShape{1, static_cast<int64_t>(n)}, "x");
    auto b = op::constant<float>(element::f32, Shape{n}, std::vector<float>(n, bias));
    auto y = op::make("Relu", {op::make("Add", {x, b})});
    y->output_names(0).insert("y");
    return std::make_shared<Model>(NodeVector{op::result(y, "y")}, NodeVector{x}, name);
}

std::string read(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

std::set<fs::path> files(const fs::path& dir, const std::string& prefix) {
    std::set<fs::path> out;
    for (const auto& e : fs::directory_iterator(dir))
        if (e.path().filename().string().rfind(prefix, 0) == 0)
            out.insert(e.path());
    return out;
}

/// The one entry that compiling created.
fs::path new_entry(const std::set<fs::path>& before, const fs::path& dir) {
    std::vector<fs::path> added;
    for (const auto& p : files(dir, "ovcl_model_"))
        if (!before.count(p))
            added.push_back(p);
    if (added.size() != 1)
        throw std::runtime_error("expected one new cache entry, found " + std::to_string(added.size()));
    return added[0];
}

/// Compiles `m` on `device` with CACHE_DIR and checks its output: y = max(x + bias, 0) for x = 1..n.
bool compile_and_check(Core& core, const std::shared_ptr<Model>& m, const std::string& device, const Scratch& dir,
                       float bias) {
    CompiledModel compiled = core.compile_model(m, device, {{"CACHE_DIR", dir.file("cache")}});
    InferRequest request = compiled.create_infer_request();
    const size_t n = m->get_parameters().at(0)->get_output_partial_shape(0).to_shape()[1];
    Tensor x(element::f32, Shape{1, n});
    for (size_t i = 0; i < n; ++i)
        x.data<float>()[i] = static_cast<float>(i) - 3.f;
    request.set_tensor("x", x);
    request.infer();
    const Tensor y = request.get_tensor("y");
    EXPECT_EQ(y.get_shape(), (Shape{1, n}));
    for (size_t i = 0; i < n && y.get_shape() == Shape{1, n}; ++i)
        EXPECT_FLOAT_EQ(y.data<float>()[i], std::max(static_cast<float>(i) - 3.f + bias, 0.f)) << "element " << i;
    return compiled.get_property(loaded_from_cache);
}

bool has_gpu(const Core& core) {
    const auto devices = core.get_available_devices();
    return std::any_of(devices.begin(), devices.end(), [](const std::string& d) { return d.rfind("GPU", 0) == 0; });
}

class CacheIdentity : public ::testing::TestWithParam<std::string> {
protected:
    void SetUp() override {
        if (GetParam() == "GPU" && !has_gpu(Core()))
            GTEST_SKIP() << "no OpenCL device";
    }
};

}  // namespace

TEST_P(CacheIdentity, AnotherModelsEntryUnderThisModelsNameIsNotLoaded) {
    Scratch dir;
    const auto a = model(8, 0.5f, "a"), b = model(5, -1.f, "b");
    fs::create_directories(dir.file("cache"));
    fs::path entry_a, entry_b;
    {
        Core core;
        auto before = files(dir.file("cache"), "ovcl_model_");
        EXPECT_FALSE(compile_and_check(core, a, GetParam(), dir, 0.5f));
        entry_a = new_entry(before, dir.file("cache"));
        before = files(dir.file("cache"), "ovcl_model_");
        EXPECT_FALSE(compile_and_check(core, b, GetParam(), dir, -1.f));
        entry_b = new_entry(before, dir.file("cache"));
    }
    fs::copy_file(entry_b, entry_a, fs::copy_options::overwrite_existing);
    {
        Core core;
        EXPECT_FALSE(compile_and_check(core, a, GetParam(), dir, 0.5f));  // compiled afresh: a's weights and shape
        EXPECT_NE(read(entry_a), read(entry_b));                         // and stored again under a's name
    }
    Core core;
    EXPECT_TRUE(compile_and_check(core, a, GetParam(), dir, 0.5f));
    EXPECT_TRUE(compile_and_check(core, b, GetParam(), dir, -1.f));
}

TEST_P(CacheIdentity, CorruptOrSpecialEntriesAreReplaced) {
    Scratch dir;
    const auto a = model(8, 0.5f, "a");
    fs::create_directories(dir.file("cache"));
    fs::path entry;
    {
        Core core;
        const auto before = files(dir.file("cache"), "ovcl_model_");
        compile_and_check(core, a, GetParam(), dir, 0.5f);
        entry = new_entry(before, dir.file("cache"));
    }
    const std::string good = read(entry);
    const std::vector<std::pair<std::string, std::function<void()>>> damages{
        {"a flipped byte in the middle",
         [&] {
             std::string bytes = good;
             bytes[bytes.size() / 2] = static_cast<char>(bytes[bytes.size() / 2] ^ 0x5a);
             dir.write("cache/" + entry.filename().string(), bytes);
         }},
        {"a flipped byte in the key", [&] {
             std::string bytes = good;
             bytes[20] = static_cast<char>(bytes[20] ^ 1);
             dir.write("cache/" + entry.filename().string(), bytes);
         }},
        {"a zeroed tail", [&] {
             std::string bytes = good;
             std::fill(bytes.begin() + static_cast<std::ptrdiff_t>(bytes.size() / 2), bytes.end(), '\0');
             dir.write("cache/" + entry.filename().string(), bytes);
         }},
        {"a truncated file", [&] { fs::resize_file(entry, good.size() / 3); }},
        {"an empty file", [&] { fs::resize_file(entry, 0); }},
        {"a FIFO", [&] {
             fs::remove(entry);
             ::mkfifo(entry.c_str(), 0600);
         }},
        {"an empty folder", [&] {
             fs::remove(entry);
             fs::create_directory(entry);
         }},
    };
    for (const auto& [what, damage] : damages) {
        SCOPED_TRACE(what);
        damage();
        finishes_within(std::chrono::seconds(120), {entry.string()}, [&] {
            Core core;
            EXPECT_FALSE(compile_and_check(core, a, GetParam(), dir, 0.5f));
        });
        ASSERT_TRUE(fs::is_regular_file(entry));
        Core core;
        EXPECT_TRUE(compile_and_check(core, a, GetParam(), dir, 0.5f));
    }
}

INSTANTIATE_TEST_SUITE_P(Devices, CacheIdentity, ::testing::Values("REF", "GPU"));

TEST(ProgramBinaries, CorruptBinariesInCacheDirAreRebuiltNotHandedToTheDriver) {
    Core probe;
    if (!has_gpu(probe))
        GTEST_SKIP() << "no OpenCL device";
    Scratch dir;
    const auto a = model(64, 0.25f, "programs");
    {
        Core core;
        compile_and_check(core, a, "GPU", dir, 0.25f);
    }
    const fs::path cache = dir.file("cache");
    const auto binaries = files(cache, "ovcl_cl_");
    ASSERT_FALSE(binaries.empty()) << "the GPU plugin stored no program binary in CACHE_DIR";
    for (int round = 0; round < 3; ++round) {
        SCOPED_TRACE(round);
        for (const auto& p : files(cache, "ovcl_model_"))  // so the next compile builds its programs again
            fs::remove(p);
        std::map<fs::path, std::string> damaged;
        for (const auto& p : binaries) {
            std::string bytes = read(p);
            if (round == 0)  // flipped bytes through the whole binary
                for (size_t i = bytes.size() / 3; i < bytes.size(); i += 97)
                    bytes[i] = static_cast<char>(bytes[i] ^ 0xff);
            else if (round == 1)  // a zeroed tail
                std::fill(bytes.begin() + static_cast<std::ptrdiff_t>(bytes.size() / 2), bytes.end(), '\0');
            else  // another program's binary under this one's name
                bytes = read(*binaries.begin() == p ? *binaries.rbegin() : *binaries.begin());
            dir.write("cache/" + p.filename().string(), bytes);
            damaged[p] = bytes;
        }
        Core core;
        compile_and_check(core, a, "GPU", dir, 0.25f);
        for (const auto& [p, bytes] : damaged) {
            if (binaries.size() > 1 || round < 2) {
                EXPECT_NE(read(p), bytes) << p << " was neither rejected nor rewritten";
            }
        }
    }
}
