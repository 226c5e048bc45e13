#include "plugin_config.hpp"

#include <algorithm>

namespace ovcl {

bool PluginConfig::apply(const std::string& key, const Any& value) {
    if (key == enable_profiling.key || key == "ENABLE_PROFILING") {
        perf_count = read_property<bool>(key, value);
    } else if (key == hint::performance_mode.key) {
        performance_mode = read_property<hint::PerformanceMode>(key, value);
    } else if (key == hint::num_requests.key) {
        num_requests = read_property<uint32_t>(key, value);
    } else if (key == ovcl::num_streams.key) {
        const std::string text = value.to_string();
        num_streams = text == "AUTO" ? -1 : read_property<int32_t>(key, value);
        if (num_streams < -1 || num_streams == 0)
            raise<InvalidArgument>("property NUM_STREAMS: ", text, " is not AUTO or a positive count");
    } else if (key == ovcl::exclusive_async_requests.key) {
        exclusive_async_requests = read_property<bool>(key, value);
    } else if (key == hint::execution_mode.key) {
        execution_mode = read_property<hint::ExecutionMode>(key, value);
    } else if (key == log::level.key) {
        log_level = read_property<log::Level>(key, value);
    } else {
        return false;
    }
    return true;
}

Any PluginConfig::get(const std::string& key) const {
    if (key == enable_profiling.key || key == "ENABLE_PROFILING")
        return perf_count;
    if (key == hint::performance_mode.key)
        return performance_mode;
    if (key == hint::num_requests.key)
        return num_requests;
    if (key == ovcl::num_streams.key)
        return num_streams;
    if (key == ovcl::exclusive_async_requests.key)
        return exclusive_async_requests;
    if (key == hint::execution_mode.key)
        return execution_mode;
    if (key == log::level.key)
        return log_level;
    return {};
}

std::vector<PropertyName> PluginConfig::rw_properties() {
    return {enable_profiling.key,           hint::performance_mode.key, hint::num_requests.key, ovcl::num_streams.key,
            ovcl::exclusive_async_requests.key, hint::execution_mode.key,   log::level.key};
}

int32_t PluginConfig::effective_streams(int32_t throughput_streams) const {
    if (num_streams > 0)
        return num_streams;
    if (performance_mode == hint::PerformanceMode::LATENCY)
        return 1;
    int32_t n = std::max(1, throughput_streams);
    if (num_requests > 0)
        n = std::min<int32_t>(n, static_cast<int32_t>(num_requests));
    return n;
}

}  // namespace ovcl
