#include "tools/benchmark_options.hpp"

#include <CLI/CLI.hpp>

#include <cctype>
#include <limits>

#include "ovcl/except.hpp"
#include "tools/cli_checks.hpp"

namespace ovcl {
namespace cli {

bool BenchmarkOptions::counters_requested() const {
    return pc || !pcsort.empty() || report_type == "average_counters" || report_type == "detailed_counters";
}

namespace {
// Ranges of the numeric flags: what an int32 property or a request count can hold, and a year of
// benchmarking at most (a typo such as -t 1e300 must not run "forever").
constexpr double kMaxRequests = 65536;
constexpr double kMaxInt32 = std::numeric_limits<int32_t>::max();
constexpr double kMaxIterations = 9007199254740992.0;  // 2^53: every integer up to it is exact in a double
constexpr double kMaxSeconds = 365.0 * 24 * 3600;
}  // namespace

void add_benchmark_options(CLI::App& sub, BenchmarkOptions& opt) {
    // Long aliases are benchmark_app's (Python) long names, so its command lines work as written.
    sub.add_option("-m,--path_to_model", opt.model_path,
                   "Model IR (.xml, with the .bin beside it); default: the embedded model (--model-default)")
        ->check(non_empty_path());
    sub.add_option("--model-default", opt.default_model, "Embedded model to run without -m")
        ->check(CLI::IsMember({"cnn", "transformer"}))
        ->capture_default_str();
    sub.add_option("-d,--target_device", opt.device, "Device name (GPU, GPU.1, REF)")->capture_default_str();
    sub.add_option("--hint,--perf_hint", opt.hint,
                   "Performance hint: throughput (tput), cumulative_throughput (ctput), latency or none; "
                   "default: latency for -api sync, throughput otherwise")
        ->check(CLI::IsMember({"throughput", "tput", "cumulative_throughput", "ctput", "latency", "none"}));
    sub.add_option("--nireq,--number_infer_requests", opt.nireq,
                   "Number of infer requests; default: OPTIMAL_NUMBER_OF_INFER_REQUESTS of the compiled model")
        ->check(number_in(1, kMaxRequests, true));
    sub.add_option("--nstreams,--number_streams", opt.nstreams,
                   "NUM_STREAMS: a positive count or AUTO (with -hint none, as benchmark_app requires)");
    sub.add_option("--niter,--number_iterations", opt.niter,
                   "Number of iterations (aligned up to a multiple of -nireq in async mode); 0: compile only")
        ->check(number_in(0, kMaxIterations, true));
    sub.add_option("-t,--time", opt.time_s, "Time limit in seconds; default 60 when -niter is not given")
        ->check(number_in(1e-3, kMaxSeconds, false));
    sub.add_option("--api,--api_type", opt.api, "sync or async; default: sync for -hint latency, else async")
        ->check(CLI::IsMember({"sync", "async"}));
    sub.add_option("-b,--batch_size", opt.batch, "Batch size: dimension 0 of every input (the model is reshaped)")
        ->check(number_in(1, kMaxInt32, true));
    sub.add_option("--shape", opt.shape,
                   "Model input shapes: \"name[1,3,224,224],name2[1,4]\", or \"[1,3,224,224]\" for every input; "
                   "dynamic dimensions as ?, -1 or lo..hi");
    sub.add_option("--data_shape", opt.data_shape,
                   "Shapes of the input tensors for dynamic inputs: \"name[1,3,224,224][1,3,448,448],...\"; "
                   "several shapes are given to the requests in turn");
    sub.add_option("-i,--paths_to_input", opt.inputs,
                   "Input data: [name:]file.npy[,file2.npy...] (repeatable; files go to the requests in turn); "
                   "inputs without files get seeded random values");
    sub.add_option("--seed", opt.seed, "Seed of the random inputs")
        ->check(number_in(0, std::numeric_limits<uint32_t>::max(), true))
        ->capture_default_str();
    sub.add_option("--infer_precision", opt.infer_precision,
                   "INFERENCE_PRECISION_HINT (f32, f16), or DEVICE:precision[,DEVICE:precision]");
    sub.add_flag("--pc,--perf_counts", opt.pc, "Print the per-op performance counters of every request");
    sub.add_option("--pcsort,--perf_counts_sort", opt.pcsort,
                   "Print the counters by time (sort), in model order with shares (no_sort), or by time without "
                   "ops that did not run (simple_sort)")
        ->check(CLI::IsMember({"sort", "no_sort", "simple_sort"}));
    sub.add_option("--report_type", opt.report_type,
                   "Statistics report: no_counters, average_counters (adds the counters averaged over requests) "
                   "or detailed_counters (the counters of every request)")
        ->check(CLI::IsMember({"no_counters", "average_counters", "detailed_counters"}));
    sub.add_option("--report_folder", opt.report_folder, "Folder of the reports (created); default: the current one");
    sub.add_flag("--json_stats", opt.json_stats, "Write the reports as JSON instead of CSV");
    sub.add_option("--cache_dir", opt.cache_dir, "CACHE_DIR: compiled models are cached there and reused");
    sub.add_option("--load_config", opt.load_config,
                   "JSON file of device properties, {\"GPU\": {\"GPU_TUNING_MODE\": \"CREATE\"}}; the flags win "
                   "over the file");
    sub.add_option("--trace", opt.trace, "Write the Chrome trace (chrome://tracing, Perfetto) of the run to FILE");
    sub.add_option("--latency_percentile", opt.latency_percentile,
                   "The percentile reported as the latency (50: the median)")
        ->check(CLI::Range(1u, 100u))
        ->capture_default_str();
    add_preprocess_options(sub, opt.pre);
}

void validate(BenchmarkOptions& opt) {
    if (!opt.nstreams.empty()) {
        if (opt.hint != "none")
            raise<InvalidArgument>(
                "-nstreams is a fine-tuning option: give it with -hint none (as benchmark_app "
                "requires), not with ",
                opt.hint.empty() ? std::string("the default hint") : "-hint " + opt.hint);
        const bool digits = !opt.nstreams.empty() && opt.nstreams.size() <= 10 &&
                            opt.nstreams.find_first_not_of("0123456789") == std::string::npos;
        const long long count = digits ? std::stoll(opt.nstreams) : 0;
        if (opt.nstreams != "AUTO" && (count < 1 || count > kMaxRequests))
            raise<InvalidArgument>("-nstreams '", opt.nstreams, "': expected AUTO or a count from 1 to ",
                                   static_cast<int>(kMaxRequests));
    }
    if (opt.api.empty())
        opt.api = opt.hint == "latency" ? "sync" : "async";
    if (opt.json_stats && opt.report_type.empty())
        raise<InvalidArgument>("-json_stats chooses the format of the statistics report: give -report_type too");
    if (!opt.report_folder.empty() && opt.report_type.empty())
        raise<InvalidArgument>("-report_folder '", opt.report_folder, "' is given without -report_type");
    if (!opt.data_shape.empty() && opt.data_shape.find('[') == std::string::npos)
        raise<InvalidArgument>("-data_shape '", opt.data_shape, "': expected shapes in brackets, as name[1,3,224,224]");
    if (!opt.shape.empty() && opt.shape.find('[') == std::string::npos)
        raise<InvalidArgument>("-shape '", opt.shape, "': expected shapes in brackets, as name[1,3,224,224]");
    if (opt.trace == "-" || (!opt.trace.empty() && opt.trace.back() == '/'))
        raise<InvalidArgument>("-trace '", opt.trace, "': expected a file name");
}

namespace {
// The command line as typed, for the report (normalization changes the spelling of names).
std::vector<std::string>& typed_command_line() {
    static std::vector<std::string> args;
    return args;
}
}  // namespace

std::vector<std::string> normalize_benchmark_args(const CLI::App& app, int argc, char** argv) {
    std::vector<std::string> args(argv, argv + argc);
    typed_command_line() = args;
    // `ovcl run` takes benchmark_app's preprocessing flags (-ip, -layout, ...) spelled the same way.
    if (argc < 2 || (args[1] != "benchmark" && args[1] != "run"))
        return args;
    const CLI::App* sub = app.get_subcommand(args[1]);
    for (size_t i = 2; i < args.size(); ++i) {
        std::string& a = args[i];
        if (a.size() < 3 || a[0] != '-' || !std::isalpha(static_cast<unsigned char>(a[1])))
            continue;
        const std::string name = a.substr(1, a.find('=') == std::string::npos ? std::string::npos : a.find('=') - 1);
        if (name.size() > 1 && sub->get_option_no_throw("--" + name) != nullptr)
            a.insert(0, "-");
    }
    return args;
}

std::vector<std::pair<std::string, std::string>> command_line_pairs() {
    const std::vector<std::string>& args = typed_command_line();
    // As benchmark_app: each -name starts a pair; a value that follows fills it; -name=value is one pair.
    std::vector<std::pair<std::string, std::string>> pairs;
    for (size_t i = 2; i < args.size(); ++i) {
        const std::string& a = args[i];
        const bool is_name = a.size() > 1 && a[0] == '-' && !std::isdigit(static_cast<unsigned char>(a[1]));
        if (is_name && a.find('=') != std::string::npos) {
            pairs.emplace_back(a.substr(0, a.find('=')), a.substr(a.find('=') + 1));
        } else if (is_name) {
            pairs.emplace_back(a, "");
        } else if (!pairs.empty() && pairs.back().second.empty()) {
            pairs.back().second = a;
        } else if (!pairs.empty()) {
            pairs.back().second += " " + a;  // -i a.npy b.npy
        } else {
            pairs.emplace_back("", a);
        }
    }
    return pairs;
}

}  // namespace cli
}  // namespace ovcl
