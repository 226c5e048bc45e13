#include "tools/benchmark_config.hpp"

#include <algorithm>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "runtime/file_read.hpp"
#include "ovcl/except.hpp"
#include "ovcl/ir.hpp"
#include "tools/benchmark_report.hpp"

namespace ovcl {
namespace cli {

AnyMap load_config(const std::string& file, const std::string& device) {
    std::string text;
    try {
        text = detail::read_regular_file(file, detail::kMaxTextFileBytes, "-load_config file");
    } catch (const NotFound&) {
        raise<InvalidArgument>("-load_config ", file, ": cannot read the file");
    } catch (const Exception& e) {
        raise<InvalidArgument>("-load_config ", e.what());  // "<file>: is a FIFO, ..."
    }
    nlohmann::json doc;
    try {
        doc = nlohmann::json::parse(text);
    } catch (const nlohmann::json::exception& e) {
        raise<InvalidArgument>("-load_config ", file, ": not JSON (", e.what(), ")");
    }
    const char* const shape = R"(; expected {"DEVICE": {"PROPERTY": value, ...}, ...})";
    if (!doc.is_object())
        raise<InvalidArgument>("-load_config ", file, ": the top level is not an object", shape);
    const std::string base = device.substr(0, device.find('.'));
    const auto entry = doc.contains(device) ? doc.find(device) : doc.find(base);
    if (entry == doc.end())
        return {};
    if (!entry->is_object())
        raise<InvalidArgument>("-load_config ", file, ": entry \"", entry.key(), "\" is not an object", shape);
    AnyMap config;
    for (const auto& [key, value] : entry->items()) {
        if (value.is_string())
            config[key] = value.get<std::string>();
        else if (value.is_boolean())
            config[key] = std::string(value.get<bool>() ? "YES" : "NO");
        else if (value.is_number_integer())
            config[key] = std::to_string(value.get<int64_t>());
        else
            raise<InvalidArgument>("-load_config ", file, ": \"", entry.key(), "\".\"", key, "\" is ",
                                   value.type_name(), ", not a string, integer or boolean");
    }
    return config;
}

std::string precision_for(const std::string& arg, const std::string& device) {
    if (arg.find(':') == std::string::npos)
        return arg;
    std::stringstream ss(arg);
    std::string item, best;
    size_t best_len = 0;
    while (std::getline(ss, item, ',')) {
        const size_t colon = item.find(':');
        if (colon == std::string::npos)
            raise<InvalidArgument>("-infer_precision '", arg, "': give DEVICE:precision for every entry");
        const std::string dev = item.substr(0, colon);
        if ((device == dev || device.rfind(dev + ".", 0) == 0) && dev.size() > best_len) {
            best = item.substr(colon + 1);
            best_len = dev.size();
        }
    }
    if (best_len == 0)
        raise<InvalidArgument>("-infer_precision '", arg, "': no entry for device ", device);
    return best;
}


AnyMap device_config(const BenchmarkOptions& opt, const Core& core) {
    AnyMap config;
    // -load_config's properties, added last: a flag given on the command line wins over the file.
    const AnyMap file = opt.load_config.empty() ? AnyMap{} : load_config(opt.load_config, opt.device);
    using hint::PerformanceMode;
    if (opt.hint.empty() && !file.count(hint::performance_mode.key)) {  // else the file's hint
        const auto mode = opt.api == "sync" ? PerformanceMode::LATENCY : PerformanceMode::THROUGHPUT;
        std::ostringstream os;
        os << mode;
        warning() << "Performance hint was not explicitly specified in command line or config file. Device("
                  << opt.device << ") performance hint will be set to PerformanceMode." << os.str() << ".\n";
        config.insert(hint::performance_mode(mode));
    } else if (opt.hint == "throughput" || opt.hint == "tput") {
        config.insert(hint::performance_mode(PerformanceMode::THROUGHPUT));
    } else if (opt.hint == "cumulative_throughput" || opt.hint == "ctput") {
        config.insert(hint::performance_mode(PerformanceMode::CUMULATIVE_THROUGHPUT));
    } else if (opt.hint == "latency") {
        config.insert(hint::performance_mode(PerformanceMode::LATENCY));
    }  // "none": the device's own default
    if (opt.nireq)
        config.insert(hint::num_requests(opt.nireq));
    if (!opt.pc && opt.counters_requested())
        warning() << "Turn on performance counters for " << opt.device << " device since "
                  << (opt.pcsort.empty() ? "report type is " + opt.report_type : "pcsort value is " + opt.pcsort)
                  << ".\n";
    else if (!opt.pc && opt.profiling())
        warning() << "Turn on performance counters for " << opt.device << " device due to execution graph dumping.\n";
    const auto file_profiling = file.find(enable_profiling.key);
    if (!opt.profiling() && file_profiling != file.end() && file_profiling->second.as<bool>())
        warning() << "Performance counters for " << opt.device << " device is turned on. To print results use -pc "
                  << "option.\n";  // the file's PERF_COUNT stays, as benchmark_app keeps it
    else
        config.insert(enable_profiling(opt.profiling()));
    // -nthreads / -pin go to a device that has the property; benchmark_app passes them over elsewhere.
    const std::vector<PropertyName> supported = core.get_property(opt.device, supported_properties);
    const auto set_if_supported = [&](const char* flag, const std::string& key, Any value) {
        if (std::find(supported.begin(), supported.end(), key) != supported.end())
            config[key] = std::move(value);
        else
            warning() << flag << " is ignored: device " << opt.device << " has no " << key << " property.\n";
    };
    if (opt.nthreads)
        set_if_supported("-nthreads", "INFERENCE_NUM_THREADS", static_cast<int32_t>(opt.nthreads));
    if (!opt.pin.empty())
        set_if_supported("-pin", "ENABLE_CPU_PINNING", opt.pin == "YES");
    if (!opt.nstreams.empty())
        config[num_streams.key] = opt.nstreams == "AUTO" ? Any(std::string("AUTO")) : Any(static_cast<int32_t>(std::stol(opt.nstreams)));
    if (!opt.infer_precision.empty())
        config[hint::inference_precision.key] = element::Type(precision_for(opt.infer_precision, opt.device));
    config.insert(file.begin(), file.end());
    return config;
}

/// -dump_config (the properties given to compile_model, as benchmark_app writes them: {"DEVICE": {"KEY":
/// "value"}}, which -load_config reads back) and -exec_graph_path (the runtime graph as IR).
void write_dumps(const BenchmarkOptions& opt, const AnyMap& config, const CompiledModel& compiled) {
    if (!opt.dump_config.empty()) {
        nlohmann::ordered_json doc;
        doc[opt.device] = nlohmann::ordered_json::object();
        for (const auto& [key, value] : config)
            doc[opt.device][key] = value.to_string();
        std::ofstream out(opt.dump_config);
        out << doc.dump(4) << "\n";
        if (!out)
            raise<InvalidArgument>("-dump_config ", opt.dump_config, ": cannot write the file");
        info() << "OpenVINO configuration settings were dumped to " << opt.dump_config << "\n";
    }
    if (!opt.exec_graph_path.empty())
        ir::write_model(*compiled.get_runtime_model(), opt.exec_graph_path);
}

}  // namespace cli
}  // namespace ovcl
