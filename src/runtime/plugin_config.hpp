// The properties every ovcl plugin shares (profiling, performance hints, streams, log
// level), typed. A plugin's Config holds one and adds its own keys.
#pragma once

#include <string>
#include <vector>

#include "ovcl/any.hpp"
#include "ovcl/properties.hpp"

namespace ovcl {

struct PluginConfig {
    bool perf_count = false;
    hint::PerformanceMode performance_mode = hint::PerformanceMode::LATENCY;
    uint32_t num_requests = 0;  ///< PERFORMANCE_HINT_NUM_REQUESTS: 0 = no limit
    int32_t num_streams = -1;   ///< -1: AUTO, from the performance hint
    bool exclusive_async_requests = false;
    hint::ExecutionMode execution_mode = hint::ExecutionMode::PERFORMANCE;
    log::Level log_level = log::Level::NO;

    /// Applies a common key; false when `key` is not one (the plugin's own keys go elsewhere).
    /// A bad value throws InvalidArgument naming the key.
    bool apply(const std::string& key, const Any& value);
    /// The value of a common key; an empty Any when `key` is not one.
    Any get(const std::string& key) const;
    static std::vector<PropertyName> rw_properties();
    /// Streams to run: NUM_STREAMS when set, 1 for LATENCY, else `throughput_streams`
    /// bounded by PERFORMANCE_HINT_NUM_REQUESTS.
    int32_t effective_streams(int32_t throughput_streams) const;
};

/// Reads a property value as T; a bad value throws InvalidArgument naming the key.
template <typename T>
T read_property(const std::string& key, const Any& value) {
    try {
        return value.as<T>();
    } catch (const Exception& e) {
        raise<InvalidArgument>("property ", key, ": bad value '", value.to_string(), "': ", e.what());
    }
}

}  // namespace ovcl
