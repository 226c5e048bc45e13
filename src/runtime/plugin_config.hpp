// The properties every ovcl plugin shares (profiling, performance hints, streams, log
// level), typed. A plugin's Config holds one and includes its table rows.
#pragma once

#include <string>
#include <vector>

#include "runtime/property_table.hpp"

namespace ovcl {

struct PluginConfig {
    bool perf_count = false;
    hint::PerformanceMode performance_mode = hint::PerformanceMode::LATENCY;
    uint32_t num_requests = 0;  ///< PERFORMANCE_HINT_NUM_REQUESTS: 0 = no limit
    int32_t num_streams = -1;   ///< -1: AUTO, from the performance hint
    bool exclusive_async_requests = false;
    hint::ExecutionMode execution_mode = hint::ExecutionMode::PERFORMANCE;
    log::Level log_level = log::Level::NO;

    /// The shared keys, RW; a bad value throws InvalidArgument naming the key.
    static const PropertyTable<PluginConfig>& table();
    /// Streams to run: NUM_STREAMS when set, 1 for LATENCY, else `throughput_streams`
    /// bounded by PERFORMANCE_HINT_NUM_REQUESTS.
    int32_t effective_streams(int32_t throughput_streams) const;
};

/// Where a plugin's table starts: the shared rows over C::common, NUM_STREAMS read as
/// C::effective_streams() (the count that runs, never AUTO).
template <typename C>
PropertyTable<C> plugin_table(std::string owner) {
    PropertyTable<C> t(std::move(owner), {});
    t.include(PluginConfig::table(), &C::common);
    t.with_get(num_streams.key, [](const C& c) -> Any { return c.effective_streams(); });
    return t;
}

}  // namespace ovcl
