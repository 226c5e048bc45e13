// The REF device's configuration: a typed struct built by laying properties over defaults.
#pragma once

#include <string>
#include <vector>

#include "ovcl/any.hpp"
#include "ovcl/properties.hpp"

namespace ovcl {
namespace ref {

struct Config {
    bool perf_count = false;
    hint::PerformanceMode performance_mode = hint::PerformanceMode::LATENCY;
    uint32_t num_requests = 0;  ///< PERFORMANCE_HINT_NUM_REQUESTS: 0 = no limit
    int32_t num_streams = -1;  ///< -1: AUTO, from the performance hint
    bool exclusive_async_requests = false;
    element::Type inference_precision = element::f32;
    hint::ExecutionMode execution_mode = hint::ExecutionMode::PERFORMANCE;
    log::Level log_level = log::Level::NO;

    Config() = default;
    /// Applies `properties` over `base`. Unknown keys throw NotFound unless `lenient`;
    /// bad values throw InvalidArgument naming the key.
    Config(const AnyMap& properties, const Config& base, bool lenient = false);

    /// The value of a read-write key; throws NotFound for unknown keys.
    Any get(const std::string& name) const;
    static std::vector<PropertyName> rw_properties();
    /// Streams this configuration runs with (hint THROUGHPUT picks one per core).
    int32_t effective_streams() const;
};

}  // namespace ref
}  // namespace ovcl
