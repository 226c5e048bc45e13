#include "config.hpp"

#include <thread>

namespace ovcl {
namespace ref {

namespace {
template <typename T>
T read(const std::string& key, const Any& value) {
    try {
        return value.as<T>();
    } catch (const Exception& e) {
        raise<InvalidArgument>("property ", key, ": bad value '", value.to_string(), "': ", e.what());
    }
}
}  // namespace

Config::Config(const AnyMap& properties, const Config& base, bool lenient) : Config(base) {
    for (const auto& [key, value] : properties) {
        if (key == enable_profiling.key || key == "ENABLE_PROFILING") {
            perf_count = read<bool>(key, value);
        } else if (key == hint::performance_mode.key) {
            performance_mode = read<hint::PerformanceMode>(key, value);
        } else if (key == hint::num_requests.key) {
            num_requests = read<uint32_t>(key, value);
        } else if (key == ovcl::num_streams.key) {
            const std::string text = value.to_string();
            num_streams = text == "AUTO" ? -1 : read<int32_t>(key, value);
            if (num_streams < -1 || num_streams == 0)
                raise<InvalidArgument>("property NUM_STREAMS: ", text, " is not AUTO or a positive count");
        } else if (key == ovcl::exclusive_async_requests.key) {
            exclusive_async_requests = read<bool>(key, value);
        } else if (key == hint::inference_precision.key) {
            const auto t = read<element::Type>(key, value);
            if (t != element::f32 && t != element::undefined)
                raise<InvalidArgument>("property INFERENCE_PRECISION_HINT: REF computes in f32 only, not ", t);
            inference_precision = element::f32;
        } else if (key == hint::execution_mode.key) {
            execution_mode = read<hint::ExecutionMode>(key, value);
        } else if (key == log::level.key) {
            log_level = read<log::Level>(key, value);
        } else if (key == device::id.key) {
            const std::string id = value.to_string();
            if (!id.empty() && id != "0")
                raise<InvalidArgument>("property DEVICE_ID: REF has one device (0), not '", id, "'");
        } else if (!lenient) {
            raise<NotFound>("REF: unsupported property ", key);
        }
    }
}

Any Config::get(const std::string& name) const {
    if (name == enable_profiling.key || name == "ENABLE_PROFILING")
        return perf_count;
    if (name == hint::performance_mode.key)
        return performance_mode;
    if (name == hint::num_requests.key)
        return num_requests;
    if (name == ovcl::num_streams.key)
        return effective_streams();
    if (name == ovcl::exclusive_async_requests.key)
        return exclusive_async_requests;
    if (name == hint::inference_precision.key)
        return inference_precision;
    if (name == hint::execution_mode.key)
        return execution_mode;
    if (name == log::level.key)
        return log_level;
    if (name == device::id.key)
        return std::string("0");
    raise<NotFound>("REF: unsupported property ", name);
}

std::vector<PropertyName> Config::rw_properties() {
    return {enable_profiling.key, hint::performance_mode.key, hint::num_requests.key, ovcl::num_streams.key,
            ovcl::exclusive_async_requests.key, hint::inference_precision.key, hint::execution_mode.key, log::level.key,
            device::id.key};
}

int32_t Config::effective_streams() const {
    if (num_streams > 0)
        return num_streams;
    if (performance_mode == hint::PerformanceMode::LATENCY)
        return 1;
    int32_t n = static_cast<int32_t>(std::max(1u, std::thread::hardware_concurrency()));
    if (num_requests > 0)
        n = std::min<int32_t>(n, static_cast<int32_t>(num_requests));
    return n;
}

}  // namespace ref
}  // namespace ovcl
