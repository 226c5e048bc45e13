// `ovcl run`: one inference of a model (IR or an embedded default) on a device, with inputs
// from .npy files or seeded random values, outputs written as .npy files.
#include <CLI/CLI.hpp>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <limits>
#include <map>
#include <optional>
#include <random>
#include <set>
#include <sstream>

#include "ovcl/core.hpp"
#include "tools/cli_checks.hpp"
#include "tools/commands.hpp"
#include "tools/compile_progress.hpp"
#include "tools/npy.hpp"
#include "tools/preprocess_options.hpp"
#include "tools/random_input.hpp"

namespace ovcl {
namespace cli {
namespace {

struct RunOptions {
    std::string model_path;
    std::string device = "REF";
    std::vector<std::string> inputs;
    uint32_t seed = 1;
    std::string out_dir = "ovcl_out";
    std::string default_model = "cnn";
    std::string cache_dir;
    uint32_t steady = 3;    ///< inferences after the first, whose median is the steady time
    PreprocessOptions pre;  ///< -ip -op -iop -layout -mean_values -scale_values, as `ovcl benchmark`
};

std::string port_name(const Output<Node>& port, size_t index, const char* kind) {
    const auto& names = port.get_names();
    return names.empty() ? std::string(kind) + "_" + std::to_string(index) : *names.begin();
}

std::string describe(element::Type type, const Shape& shape) {
    std::ostringstream os;
    os << type << " " << shape;
    return os.str();
}

// "NAME=file.npy" or "NAME:file.npy" (benchmark_app's form, as `ovcl benchmark -i`) -> {NAME, file}; a bare
// "file.npy" is allowed when the model has one input.
std::map<std::string, std::string> parse_input_args(const std::vector<std::string>& args,
                                                    const OutputVector& ports) {
    std::map<std::string, std::string> files;
    for (const std::string& arg : args) {
        std::string name, file;
        const size_t eq = arg.find_first_of("=:");
        if (eq == std::string::npos) {
            if (ports.size() != 1)
                raise<InvalidArgument>("-i '", arg, "': give NAME=file.npy or NAME:file.npy (the model has ",
                                       ports.size(), " inputs)");
            name = port_name(ports[0], 0, "input");
            file = arg;
        } else {
            name = arg.substr(0, eq);
            file = arg.substr(eq + 1);
        }
        if (file.empty())
            raise<InvalidArgument>("-i '", arg, "': no file name after '", arg[eq], "'");
        if (!files.emplace(name, file).second)
            raise<InvalidArgument>("-i: input '", name, "' is given twice");
    }
    return files;
}

Output<Node> find_input(const OutputVector& ports, const std::string& name) {
    std::string known;
    for (size_t i = 0; i < ports.size(); ++i) {
        if (ports[i].get_names().count(name) || port_name(ports[i], i, "input") == name)
            return ports[i];
        known += (i ? ", " : "") + port_name(ports[i], i, "input");
    }
    raise<NotFound>("-i: the model has no input '", name, "' (its inputs: ", known, ")");
}

// Characters other than [A-Za-z0-9._-] become '_' so any tensor name ("conv1/Add:0") is a file name.
std::string file_safe(const std::string& name) {
    std::string s = name.empty() ? "output" : name;
    for (char& c : s)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '-'))
            c = '_';
    if (s == "." || s == "..")
        s = "_" + s.substr(1);
    return s;
}

std::string first_values(const Tensor& t, size_t count) {
    std::ostringstream os;
    os << "[";
    dispatch_type(t.get_element_type(), [&](auto tag) {
        using E = decltype(tag);
        const auto* d = static_cast<const E*>(t.data());
        const size_t n = std::min(count, t.get_size());
        for (size_t i = 0; i < n; ++i) {
            os << (i ? ", " : "");
            if constexpr (std::is_same_v<E, float16>)
                os << static_cast<float>(d[i]);
            else if constexpr (sizeof(E) == 1)
                os << static_cast<int>(d[i]);
            else
                os << d[i];
        }
        if (n < t.get_size())
            os << ", ...";
    });
    os << "]";
    return os.str();
}

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

int run(const RunOptions& opt) {
    Core core;
    if (!opt.cache_dir.empty())
        core.set_property({{cache_dir.key, opt.cache_dir}});
    auto t0 = Clock::now();
    const LoadedModel loaded = load_model(core, opt.model_path, opt.default_model);
    const double read_ms = ms_since(t0);
    const std::shared_ptr<Model> model = apply_preprocess(loaded.model, opt.pre);
    const std::optional<CacheWatch> cache = opt.cache_dir.empty() ? std::nullopt : std::optional<CacheWatch>(opt.cache_dir);
    t0 = Clock::now();
    CompiledModel compiled = [&] {
        const CompileProgress progress(opt.device);
        return core.compile_model(model, opt.device);
    }();
    const double compile_ms = ms_since(t0);
    InferRequest request = compiled.create_infer_request();

    // Every input is checked before anything is printed, so a bad -i leaves only the error.
    const OutputVector ins = writable(compiled.inputs());
    const auto files = parse_input_args(opt.inputs, ins);
    std::vector<std::string> input_lines;
    std::set<Output<Node>> from_file;
    for (const auto& [name, file] : files) {
        const Output<Node> port = find_input(ins, name);
        Tensor t = npy::read(file);
        const element::Type want = port.get_element_type();
        if (t.get_element_type() != want || !port.get_partial_shape().contains(t.get_shape()))
            raise<InvalidArgument>("input '", name, "' expects ", want, " ", port.get_partial_shape(), " but ", file,
                                   " holds ", describe(t.get_element_type(), t.get_shape()));
        request.set_tensor(port, t);
        from_file.insert(port);
        input_lines.push_back(name + ": " + describe(t.get_element_type(), t.get_shape()) + " from " + file);
    }
    std::mt19937 rng(opt.seed);
    for (size_t i = 0; i < ins.size(); ++i) {
        if (from_file.count(ins[i]))
            continue;
        const std::string name = port_name(ins[i], i, "input");
        if (ins[i].get_partial_shape().is_dynamic())
            raise<InvalidArgument>("input '", name, "' has the dynamic shape ", ins[i].get_partial_shape(),
                                   ": give its data with -i ", name, "=file.npy");
        Tensor t = random_input(ins[i].get_element_type(), ins[i].get_shape(), rng, name);
        request.set_tensor(ins[i], t);
        input_lines.push_back(name + ": " + describe(t.get_element_type(), t.get_shape()) + " random (seed " +
                              std::to_string(opt.seed) + ")");
    }
    std::cout << "Device: " << opt.device << "\nModel:  " << loaded.description << "\n";
    if (cache)
        std::cout << "Cache:  " << cache->outcome(compiled) << "\n";
    std::cout << "Inputs:\n";
    for (const std::string& line : input_lines)
        std::cout << "  " << line << "\n";

    t0 = Clock::now();
    request.infer();
    const double first_ms = ms_since(t0);

    std::error_code ec;
    std::filesystem::create_directories(opt.out_dir, ec);
    if (ec || !std::filesystem::is_directory(opt.out_dir))
        raise<InvalidArgument>(opt.out_dir, ": cannot create the output directory",
                               ec ? " (" + ec.message() + ")" : std::string());
    std::cout << "Outputs:\n";
    std::set<std::string> used;
    const OutputVector outs = writable(compiled.outputs());
    for (size_t i = 0; i < outs.size(); ++i) {
        const std::string name = port_name(outs[i], i, "output");
        std::string stem = file_safe(name);
        for (size_t k = 1; !used.insert(stem).second; ++k)  // two names may map to one file name
            stem = file_safe(name) + "_" + std::to_string(k);
        Tensor t = request.get_tensor(outs[i]);
        if (!t.is_continuous()) {
            Tensor dense(t.get_element_type(), t.get_shape());
            t.copy_to(dense);
            t = dense;
        }
        const std::string path = (std::filesystem::path(opt.out_dir) / (stem + ".npy")).string();
        npy::write(path, t);
        std::cout << "  " << name << ": " << describe(t.get_element_type(), t.get_shape()) << " "
                  << first_values(t, 8) << " -> " << path << "\n";
    }
    // Steady: the same inputs again (the outputs written are the first run's); the median drops a stray slow run.
    std::vector<double> steady_ms;
    for (uint32_t i = 0; i < opt.steady; ++i) {
        t0 = Clock::now();
        request.infer();
        steady_ms.push_back(ms_since(t0));
    }
    std::sort(steady_ms.begin(), steady_ms.end());
    const auto line = [](const char* what, double ms) {
        char text[96];
        std::snprintf(text, sizeof(text), "%-18s%.2f ms", what, ms);
        return std::string(text);
    };
    std::cout << "Times:\n  " << line("Read model:", read_ms) << "\n  " << line("Compile model:", compile_ms)
              << (cache && compiled.get_property(loaded_from_cache) ? " (loaded from the cache)" : "") << "\n  "
              << line("First inference:", first_ms) << "\n";
    if (!steady_ms.empty())
        std::cout << "  " << line("Steady inference:", steady_ms[steady_ms.size() / 2]) << " (median of "
                  << steady_ms.size() << " more)\n";
    return 0;
}

}  // namespace

void add_run_command(CLI::App& app, Action& action) {
    auto opt = std::make_shared<RunOptions>();
    CLI::App* sub = app.add_subcommand("run", "Run one inference and write the outputs as .npy files");
    add_model_and_device(*sub, opt->model_path, opt->device);
    sub->add_option("-i,--input", opt->inputs,
                    "NAME=file.npy or NAME:file.npy for an input (repeatable); others are random");
    sub->add_option("--cache_dir", opt->cache_dir, "CACHE_DIR: compiled models are cached there and reused");
    sub->add_option("--niter", opt->steady,
                    "Inferences after the first, timed for the steady time (their median); 0: none")
        ->check(number_in(0, 1000000, true))
        ->capture_default_str();
    sub->add_option("--seed", opt->seed, "Seed of the random inputs")
        ->check(number_in(0, std::numeric_limits<uint32_t>::max(), true))
        ->capture_default_str();
    sub->add_option("-o,--output-dir", opt->out_dir, "Directory for <output name>.npy")->capture_default_str();
    sub->add_option("--model-default", opt->default_model, "Embedded model to run without -m")
        ->check(CLI::IsMember({"cnn", "transformer"}))
        ->capture_default_str();
    add_preprocess_options(*sub, opt->pre);
    sub->callback([opt, &action] { action = [opt] { return run(*opt); }; });
}

}  // namespace cli
}  // namespace ovcl
