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
    sub.add_option("--cache_dir,--cdir", opt.cache_dir, "CACHE_DIR: compiled models are cached there and reused");
    sub.add_option("--load_config", opt.load_config,
                   "JSON file of device properties, {\"GPU\": {\"GPU_TUNING_MODE\": \"CREATE\"}}; the flags win "
                   "over the file");
    sub.add_option("--trace", opt.trace, "Write the Chrome trace (chrome://tracing, Perfetto) of the run to FILE");
    sub.add_option("--latency_percentile", opt.latency_percentile,
                   "The percentile reported as the latency (50: the median)")
        ->check(CLI::Range(1u, 100u))
        ->capture_default_str();
    sub.add_flag("--progress", opt.progress, "Show the progress of the measurement (a bar on a terminal)");
    sub.add_option("--exec_graph_path", opt.exec_graph_path,
                   "Write the compiled model's runtime graph (get_runtime_model) as IR to FILE")
        ->check(non_empty_path());
    sub.add_option("--dump_config", opt.dump_config,
                   "Write the properties given to compile_model as JSON (-load_config reads it back)")
        ->check(non_empty_path());
    sub.add_option("-c,--path_to_cldnn_config", opt.kernels_config,
                   "Custom kernels: an .xml kernel description (Core::add_extension, docs/extensions.md)")
        ->check(non_empty_path());
    sub.add_option("--extensions", opt.extensions, "Comma-separated extension paths for Core::add_extension");
    sub.add_option("--lfile,--load_from_file", opt.lfile_path,
                   "Compile the model file directly, without read_model (steps 4-6 are skipped); the value, "
                   "optional, is the model when -m is not given")
        ->expected(0, 1);
    sub.add_flag("--pcseq", opt.pcseq, "Report the latencies of each -data_shape group too");
    sub.add_flag("--no_warmup", opt.no_warmup, "Skip the first (warm-up) inference");
    sub.add_option("--nthreads,--number_threads", opt.nthreads,
                   "INFERENCE_NUM_THREADS, for a device that has it (with -hint none)")
        ->check(number_in(1, kMaxInt32, true));
    sub.add_option("--pin,--infer_threads_pinning", opt.pin,
                   "ENABLE_CPU_PINNING, for a device that has it (with -hint none)")
        ->check(CLI::IsMember({"YES", "NO"}));
    sub.add_option("--max_irate,--maximum_inference_rate", opt.max_irate,
                   "Start at most this many frames (batch x inferences) per second; 0: no limit")
        ->check(number_in(0, 1e9, false));
    sub.add_flag("--inference_only", opt.inference_only,
                 "Prepare the inputs before the measurement (the only mode here; 'false' is refused)");
    add_preprocess_options(sub, opt.pre);
}

void finish_parse(const CLI::App& sub, BenchmarkOptions& opt) {
    opt.load_from_file = sub.get_option("--lfile")->count() > 0;
    if (opt.load_from_file && opt.model_path.empty())
        opt.model_path = opt.lfile_path;
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
    if ((opt.nthreads || !opt.pin.empty()) && opt.hint != "none")
        raise<InvalidArgument>(opt.nthreads ? "-nthreads" : "-pin",
                               " is a fine-tuning option: give it with -hint none (as benchmark_app requires)");
    if (!opt.inference_only)
        raise<InvalidArgument>("-inference_only false: ovcl benchmark prepares every request's inputs before the "
                               "measurement (benchmark_app's inference-only mode), and has no mode that fills them "
                               "inside the loop");
    if (opt.load_from_file && opt.model_path.empty())
        raise<InvalidArgument>("-lfile compiles a model file: give it with -m (or as -lfile's value)");
    if (opt.load_from_file && (!opt.pre.mean_values.empty() || !opt.pre.scale_values.empty()))
        raise<InvalidArgument>("-mean_values and -scale_values are not applied with -lfile (as benchmark_app)");
    if (opt.api.empty())
        opt.api = opt.hint == "latency" ? "sync" : "async";
    if (opt.api == "sync" && opt.time_s == 0 && opt.niter > 0 && opt.nireq > opt.niter)
        raise<InvalidArgument>("-nireq ", opt.nireq, " is more than -niter ", opt.niter,
                               ": the number of infer requests must not exceed the iterations in sync mode");
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

}  // namespace cli
}  // namespace ovcl
