// `ovcl benchmark`: OpenVINO's benchmark_app for ovcl devices. The same eleven steps, flags,
// defaults and printout (compile time, first inference, count, duration, latency
// median/average/min/max, throughput), the same report files. Options:
// benchmark_options.*, compile_model's properties and the dumps: benchmark_config.*, input data:
// benchmark_inputs.*, loops: benchmark_runner.*, reports: benchmark_report.*.
#include <unistd.h>
#include <CLI/CLI.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>

#include "ovcl/core.hpp"
#include "runtime/trace.hpp"
#include "tools/benchmark_config.hpp"
#include "tools/benchmark_inputs.hpp"
#include "tools/benchmark_options.hpp"
#include "tools/benchmark_report.hpp"
#include "tools/benchmark_runner.hpp"
#include "tools/cli_args.hpp"
#include "tools/cli_checks.hpp"
#include "tools/commands.hpp"
#include "tools/compile_progress.hpp"

namespace ovcl {
namespace cli {
namespace {

using Clock = std::chrono::steady_clock;
using Section = StatisticsReport::Section;

/// benchmark_app runs 60 s on CPU and GPU when neither -t nor -niter is given.
constexpr double kDefaultSeconds = 60;

std::string fixed2(double v) {
    char buf[64];
    std::snprintf(buf, sizeof(buf), "%.2f", v);
    return buf;
}

double ms_since(Clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

void step(int id, const std::string& extra = "") {
    static const char* const names[] = {"Parsing and validating input arguments",
                                        "Loading OpenVINO Runtime",  // benchmark_app's words, which scripts match
                                        "Setting device configuration",
                                        "Reading model files",
                                        "Resizing model to match image sizes and given batch",
                                        "Configuring input of the model",
                                        "Loading the model to the device",
                                        "Querying optimal runtime parameters",
                                        "Creating infer requests and preparing input tensors",
                                        "Measuring performance",
                                        "Dumping statistics report"};
    std::cout << "[Step " << id << "/11] " << names[id - 1] << (extra.empty() ? "" : " (" + extra + ")") << "\n";
}

/// A port's layout (rt_info "layout") as OpenVINO prints one: "[N,C,H,W]", "[...]" when there is none.
std::string layout_text(const Output<Node>& p) {
    const auto it = p.node->get_rt_info().find("layout");
    if (it == p.node->get_rt_info().end())
        return "[...]";
    try {
        const Layout layout(it->second.to_string());
        if (layout.has_ellipsis())
            return layout.to_string();
        std::string text;
        for (const std::string& axis : layout.names_for_rank(layout.size()))
            text += (text.empty() ? "[" : ",") + axis;
        return text + "]";
    } catch (const Exception&) {
        return it->second.to_string();
    }
}

/// benchmark_app's lines: "name (node: friendly name) : type / layout / shape", an output naming the node
/// its Result reads, a port without a layout "[...]".
void print_ports(const char* title, const OutputVector& ports) {
    info() << title << "\n";
    for (const Output<Node>& p : ports) {
        const Node& node = p.node->get_type_name() == std::string("Result") && p.node->get_input_size() == 1
                               ? *p.node->input_value(0).node
                               : *p.node;
        std::ostringstream os;
        os << p.get_element_type() << " / " << layout_text(p) << " / " << p.get_partial_shape();
        info() << "    " << input_name(p) << " (node: " << node.get_friendly_name() << ") : " << os.str() << "\n";
    }
}

std::string property_text(const CompiledModel& compiled, const std::string& key) {
    try {
        return compiled.get_property(key).to_string();
    } catch (const std::exception& e) {
        return std::string("<error: ") + e.what() + ">";
    }
}

/// Creates the folder of `path` and checks the file can be written (it is replaced later).
void check_writable(const std::string& path, const char* flag) {
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::path parent = fs::path(path).parent_path();
    if (!parent.empty())
        fs::create_directories(parent, ec);
    std::ofstream probe(path, std::ios::app);
    if (!probe)
        raise<InvalidArgument>(flag, " ", path, ": cannot write the file",
                               ec ? " (" + ec.message() + ")" : std::string());
}

/// The GPU plugin's memory plan (gpu_memory properties): what one request allocates against the
/// least any plan could (the largest live set) and the sum of all tensors, then the constants the
/// compiled model keeps on the device. Nothing for a device without them, or a dynamic model before
/// its first inference.
void print_device_memory(const CompiledModel& compiled, StatisticsReport& report) {
    const std::vector<PropertyName> supported = compiled.get_property(supported_properties);
    if (std::find(supported.begin(), supported.end(), gpu_memory::peak_bytes.key) == supported.end())
        return;
    uint64_t peak = 0, live = 0, all = 0, constants = 0;
    try {
        peak = compiled.get_property(gpu_memory::peak_bytes);
        live = compiled.get_property(gpu_memory::live_set_bytes);
        all = compiled.get_property(gpu_memory::tensors_bytes);
        constants = compiled.get_property(gpu_memory::constants_bytes);
    } catch (const Exception&) {
        return;
    }
    auto mib = [](uint64_t bytes) { return fixed2(static_cast<double>(bytes) / (1024.0 * 1024.0)); };
    info() << "Device memory: peak " << mib(peak) << " MiB, largest live set " << mib(live) << " MiB, all tensors "
           << mib(all) << " MiB; constants " << mib(constants) << " MiB\n";
    report.add(Section::RESULTS, "device memory peak (bytes)", std::to_string(peak));
    report.add(Section::RESULTS, "device memory largest live set (bytes)", std::to_string(live));
    report.add(Section::RESULTS, "device memory all tensors (bytes)", std::to_string(all));
    report.add(Section::RESULTS, "device memory constants (bytes)", std::to_string(constants));
}

std::string format_latency(double value_ms, double average_ms) {
    // As benchmark_app: microseconds when the average is under a millisecond.
    return average_ms < 1.0 ? fixed2(value_ms * 1000) + " us" : fixed2(value_ms) + " ms";
}

/// benchmark_app's latency lines, the labels padded to `width` (18 in the summary, 15 per -pcseq group).
void print_latency(const LatencyStats& s, uint32_t percentile, size_t width) {
    const auto line = [&](const std::string& label, double value_ms) {
        std::string text = "   " + label;
        text.resize(std::max(width, text.size() + 1), ' ');
        info() << text << format_latency(value_ms, s.average) << "\n";
    };
    if (percentile == 50)
        line("Median:", s.percentile);
    else
        info() << "   " << percentile << " percentile:     " << format_latency(s.percentile, s.average) << "\n";
    line("Average:", s.average);
    line("Min:", s.min);
    line("Max:", s.max);
}

int benchmark(BenchmarkOptions opt) {
    step(1);
    info() << "Parsing input parameters\n";
    validate(opt);
    const bool async = opt.api == "async";
    const bool with_report = !opt.report_type.empty();
    StatisticsReport report;
    for (const auto& [k, v] : command_line_pairs())
        report.add(Section::COMMAND_LINE, k, v);

    step(2);
    Core core;
    // -c and -extensions before the model is read, as benchmark_app adds them (Core::add_extension).
    const auto add_extension = [&](const char* flag, const std::string& path) {
        try {
            core.add_extension(path);
        } catch (const Exception& e) {
            raise<InvalidArgument>(flag, " ", path, ": ", e.what());
        }
    };
    if (!opt.kernels_config.empty())
        add_extension("-c", opt.kernels_config);
    std::stringstream extensions(opt.extensions);
    for (std::string path; std::getline(extensions, path, ',');)
        if (!path.empty())
            add_extension("-extensions", path);
    info() << "ovcl:\n";
    info() << "Build ................................. " << get_version().build_number << "\n";
    info() << "\n";
    info() << "Device info:\n";
    for (const auto& [name, version] : core.get_versions(opt.device))
        info() << name << "\n"
               << "[ INFO ] Build ................................. " << version.build_number << "\n";
    info() << "\n";
    info() << "\n";

    step(3);
    const AnyMap config = device_config(opt, core);
    if (!opt.cache_dir.empty())
        core.set_property({{cache_dir.key, opt.cache_dir}});
    if (!opt.trace.empty()) {
        check_writable(opt.trace, "-trace");  // the trace is written at the end: fail before the run instead
        trace::set_output(opt.trace);         // before compiling: device queues record timestamps from the start
    }

    LoadedModel loaded;
    uint32_t batch = 1;
    if (opt.load_from_file) {
        // benchmark_app's -lfile: the file goes to compile_model as it is; no reshape, no preprocessing.
        for (int id = 4; id <= 6; ++id) {
            step(id);
            std::cout << "Skipping the step for loading model from file\n";
        }
    } else {
        step(4);
        info() << "Loading model files\n";
        const auto t0 = Clock::now();
        loaded = load_model(core, opt.model_path, opt.default_model);
        const double read_ms = ms_since(t0);
        info() << "Read model took " << fixed2(read_ms) << " ms\n";
        info() << "Model: " << loaded.description << "\n";
        info() << "Original model I/O parameters:\n";
        print_ports("Model inputs:", loaded.model->inputs());
        print_ports("Model outputs:", loaded.model->outputs());
        report.add(Section::RESULTS, "read model time (ms)", fixed2(read_ms));

        step(5);
        const auto t1 = Clock::now();
        if (reshape_model(*loaded.model, opt.shape, opt.batch)) {
            const double reshape_ms = ms_since(t1);
            info() << "Reshape model took " << fixed2(reshape_ms) << " ms\n";
            report.add(Section::RESULTS, "reshape model time (ms)", fixed2(reshape_ms));
        }
        batch = batch_size(loaded.model->inputs(), opt.batch);
        info() << "Model batch size: " << batch << "\n";

        step(6);
        // -ip/-op/-iop/-layout/-mean_values/-scale_values become steps folded into the model (benchmark_app's),
        // and image inputs take u8 unless -ip or -iop says otherwise.
        PreprocessOptions pre = opt.pre;
        pre.images_u8 = true;
        loaded.model = apply_preprocess(loaded.model, pre);
        print_ports("Model inputs:", loaded.model->inputs());
        print_ports("Model outputs:", loaded.model->outputs());
    }

    step(7);
    const std::optional<CacheWatch> cache = opt.cache_dir.empty() ? std::nullopt : std::optional<CacheWatch>(opt.cache_dir);
    const auto t0 = Clock::now();
    CompiledModel compiled = [&] {
        const CompileProgress progress(opt.device);
        return opt.load_from_file ? core.compile_model(opt.model_path, opt.device, config)
                                  : core.compile_model(loaded.model, opt.device, config);
    }();
    if (opt.load_from_file)
        batch = batch_size(writable(compiled.inputs()), opt.batch);
    const double compile_ms = ms_since(t0);
    info() << "Compile model took " << fixed2(compile_ms) << " ms\n";
    if (cache)
        info() << "Model cache: " << cache->outcome(compiled) << "\n";
    report.add(Section::RESULTS, "compile model time (ms)", fixed2(compile_ms));
    print_device_memory(compiled, report);

    if (opt.niter == 0) {
        info() << "Model compiled successfully. Skipping inference due to -niter 0.\n";
        step(8, "skipped");
        step(9, "skipped");
        step(10, "skipped");
        step(11);
        write_dumps(opt, config, compiled);
        if (with_report)
            info() << "Statistics report is stored to " << report.write(opt.report_folder, opt.json_stats) << "\n";
        return 0;
    }

    step(8);
    info() << "Model:\n";
    for (const PropertyName& key : compiled.get_property(supported_properties))
        if (key != supported_properties.key)
            info() << "  " << key << ": " << property_text(compiled, key) << "\n";
    // As benchmark_app, the streams are reported when they were set (-nstreams, or NUM_STREAMS in -load_config).
    const std::string streams = config.count(num_streams.key) ? property_text(compiled, num_streams.key) : "";

    step(9);
    uint32_t nireq = 1;
    if (async)
        nireq = opt.nireq ? opt.nireq : compiled.get_property(optimal_number_of_infer_requests);
    std::vector<InferRequest> requests;
    for (uint32_t i = 0; i < std::max(1u, nireq); ++i)
        requests.push_back(compiled.create_infer_request());
    const PreparedInputs inputs =
        prepare_inputs(writable(compiled.inputs()), opt.inputs, opt.data_shape, opt.seed, requests.size());
    for (size_t i = 0; i < inputs.descriptions.size(); ++i) {
        const std::string name = input_name(writable(compiled.inputs()[i]));
        if (inputs.random[i]) {
            warning() << "No input files were given for input '" << name
                      << "'!. This input will be filled with random values!\n";
            info() << "Fill input '" << name << "' with random values \n";
        }
        info() << inputs.descriptions[i] << "\n";
    }
    for (size_t r = 0; r < requests.size(); ++r)
        for (const auto& [port, tensor] : inputs.per_request[r])
            requests[r].set_tensor(port, tensor);

    RunLimits limits;
    limits.max_fps = opt.max_irate;
    limits.batch = batch;
    limits.seconds = opt.time_s > 0 ? opt.time_s : (opt.niter_given() ? 0 : kDefaultSeconds);
    if (opt.niter_given()) {
        limits.iterations = static_cast<uint64_t>(opt.niter);
        if (async && limits.iterations % nireq) {
            const uint64_t aligned = (limits.iterations + nireq - 1) / nireq * nireq;
            warning() << "Number of iterations was aligned by request number from " << limits.iterations << " to "
                      << aligned << " using number of requests " << nireq << "\n";
            limits.iterations = aligned;
        }
    }
    // The model's own name, as benchmark_app reports it (a dynamic model has no runtime model before it runs).
    const std::string topology = [&] {
        if (loaded.model)
            return loaded.model->get_friendly_name();
        try {
            return compiled.get_runtime_model()->get_friendly_name();
        } catch (const Exception&) {
            return std::filesystem::path(opt.model_path).stem().string();
        }
    }();
    report.add(Section::CONFIGURATION, "topology", topology);
    report.add(Section::CONFIGURATION, "target device", opt.device);
    report.add(Section::CONFIGURATION, "API", opt.api);
    report.add(Section::CONFIGURATION, "inference_only", "True");
    report.add(Section::CONFIGURATION, "precision",
               opt.infer_precision.empty() ? "UNSPECIFIED" : precision_for(opt.infer_precision, opt.device));
    report.add(Section::CONFIGURATION, "batch size", std::to_string(batch));
    report.add(Section::CONFIGURATION, "number of iterations", std::to_string(limits.iterations));
    report.add(Section::CONFIGURATION, "number of parallel infer requests", std::to_string(requests.size()));
    report.add(Section::CONFIGURATION, "duration (ms)", std::to_string(static_cast<int64_t>(limits.seconds * 1000)));
    if (!streams.empty())
        report.add(Section::CONFIGURATION, "number of " + opt.device + " streams", streams);

    std::ostringstream what;
    what << "Start inference " << opt.api << "hronously";
    if (async)
        what << ", " << requests.size() << " inference requests"
             << (streams.empty() ? "" : " using " + streams + " streams for " + opt.device);
    what << ", limits: ";
    if (limits.seconds > 0)
        what << static_cast<int64_t>(limits.seconds * 1000) << " ms duration" << (limits.iterations ? ", " : "");
    if (limits.iterations)
        what << limits.iterations << " iterations";
    step(10, what.str());
    info() << "Benchmarking in inference only mode (inputs filling are not included in measurement loop).\n";
    if (opt.no_warmup) {
        info() << "Skipping warmup inference due to -no_warmup flag\n";
    } else {
        const double first_ms = time_first_inference(requests[0], async);
        info() << "First inference took " << fixed2(first_ms) << " ms\n";
        report.add(Section::RESULTS, "first inference time (ms)", fixed2(first_ms));
    }

    Progress progress(limits, ::isatty(::fileno(stdout)) != 0, opt.progress);
    const Measurement m = async ? run_async(requests, limits, progress) : run_sync(requests[0], limits, progress);
    const LatencyStats lat = latency_stats(m.latencies_ms, opt.latency_percentile);
    const double fps = m.duration_ms > 0 ? 1000.0 * batch * static_cast<double>(m.iterations) / m.duration_ms : 0;

    step(11);
    write_dumps(opt, config, compiled);
    if (!opt.trace.empty()) {
        trace::flush();
        trace::set_output("");
        info() << "Trace of the run is stored to " << opt.trace << "\n";
    }
    if (opt.counters_requested()) {
        std::vector<Counters> per_request;
        for (auto& r : requests)
            per_request.push_back(r.get_profiling_info());
        if (!opt.pcsort.empty()) {
            for (size_t i = 0; i < per_request.size(); ++i) {
                info() << "Performance counts sorted for " << i << "-th infer request\n";
                print_sorted_counters(std::cout, sort_counters(per_request[i], opt.pcsort));
            }
            if (with_report)
                info() << "Sorted performance counters report is stored to "
                       << write_sorted_report(opt.report_folder, opt.json_stats,
                                              sort_counters(average_counters(per_request), opt.pcsort))
                       << "\n";
        } else if (opt.pc) {
            for (size_t i = 0; i < per_request.size(); ++i) {
                info() << "Performance counts for " << i << "-th infer request\n";
                print_counters(std::cout, per_request[i]);
            }
        }
        if (opt.report_type == "average_counters" || opt.report_type == "detailed_counters")
            info() << "Performance counters report is stored to "
                   << write_counters_report(opt.report_folder, opt.report_type, opt.json_stats, per_request) << "\n";
    }
    const std::string latency_key = opt.latency_percentile == 50
                                        ? "latency (ms)"
                                        : "latency (" + std::to_string(opt.latency_percentile) + " percentile) (ms)";
    report.add(Section::RESULTS, "total execution time (ms)", fixed2(m.duration_ms));
    report.add(Section::RESULTS, "total number of iterations", std::to_string(m.iterations));
    report.add(Section::RESULTS, latency_key, fixed2(lat.percentile));
    report.add(Section::RESULTS, "avg latency", fixed2(lat.average));
    report.add(Section::RESULTS, "min latency", fixed2(lat.min));
    report.add(Section::RESULTS, "max latency", fixed2(lat.max));
    // -pcseq: the latencies of each -data_shape group (request r runs group r % groups), when there are several.
    const bool pcseq = opt.pcseq && inputs.groups.size() > 1 && async;
    std::vector<LatencyStats> group_stats;
    for (size_t g = 0; pcseq && g < inputs.groups.size(); ++g) {
        std::vector<double> times;
        for (size_t r = g; r < m.per_request_ms.size(); r += inputs.groups.size())
            times.insert(times.end(), m.per_request_ms[r].begin(), m.per_request_ms[r].end());
        std::sort(times.begin(), times.end());
        group_stats.push_back(latency_stats(times, opt.latency_percentile));
        report.add(Section::RESULTS, "group", inputs.groups[g]);
        report.add(Section::RESULTS, "avg latency", fixed2(group_stats.back().average));
        report.add(Section::RESULTS, "min latency", fixed2(group_stats.back().min));
        report.add(Section::RESULTS, "max latency", fixed2(group_stats.back().max));
    }
    report.add(Section::RESULTS, "throughput", fixed2(fps));
    if (with_report)
        info() << "Statistics report is stored to " << report.write(opt.report_folder, opt.json_stats) << "\n";

    info() << "Execution Devices: " << property_text(compiled, execution_devices.key) << "\n";
    info() << "Count:            " << m.iterations << " iterations\n";
    info() << "Duration:         " << fixed2(m.duration_ms) << " ms\n";
    info() << "Latency:\n";
    print_latency(lat, opt.latency_percentile, 18);
    if (pcseq) {
        info() << "Latency for each data shape group:\n";
        for (size_t g = 0; g < group_stats.size(); ++g) {
            info() << g + 1 << "." << inputs.groups[g] << "\n";
            print_latency(group_stats[g], opt.latency_percentile, 15);
        }
    }
    info() << "Throughput:   " << fixed2(fps) << " FPS\n";
    return 0;
}

}  // namespace

void add_benchmark_command(CLI::App& app, Action& action) {
    auto opt = std::make_shared<BenchmarkOptions>();
    CLI::App* sub = app.add_subcommand(
        "benchmark", "Measure latency and throughput as OpenVINO's benchmark_app does (its flags: -hint, -nireq, ...)");
    add_benchmark_options(*sub, *opt);
    sub->callback([opt, sub, &action] {
        finish_parse(*sub, *opt);
        action = [opt] { return benchmark(*opt); };
    });
}

}  // namespace cli
}  // namespace ovcl
