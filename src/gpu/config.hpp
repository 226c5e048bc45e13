// The GPU plugin's configuration: common plugin keys plus the device's own, typed.
#pragma once

#include <set>
#include <string>

#include "runtime/plugin_config.hpp"
#include "tuning.hpp"

namespace ovcl {
namespace gpu {

struct Config {
    PluginConfig common;
    int device_id = 0;
    element::Type inference_precision = element::f32;  ///< f32, or f16: f16 storage, f32 compute
    std::string cache_dir;
    bool disable_transformations = false;
    /// GPU_TUNING_MODE (tuning.hpp, docs/tuning.md): how conv / MatMul pick among their kernel candidates.
    TuningMode tuning_mode = TuningMode::DISABLED;
    /// Test and debugging aid (OVCL_GPU_HOST_OPS="Softmax MatMul"): run these op types on the
    /// host even when the device could, to exercise the fallback path.
    std::set<std::string> host_ops;

    Config() = default;
    /// Applies `properties` over `base`; unknown keys throw NotFound unless `lenient`.
    Config(const AnyMap& properties, const Config& base, bool lenient = false);
    Any get(const std::string& name) const;
    static std::vector<PropertyName> rw_properties();
    /// Streams to run: NUM_STREAMS, else 1 for LATENCY, kThroughputStreams for THROUGHPUT.
    int32_t effective_streams() const;
    /// OPTIMAL_NUMBER_OF_INFER_REQUESTS: two requests per stream under THROUGHPUT (one prepares
    /// or reads back while the other computes), one per stream otherwise.
    uint32_t optimal_requests() const;
    /// Streams under THROUGHPUT: two in-order queues keep a device busy between inferences.
    static constexpr int32_t kThroughputStreams = 2;
};

}  // namespace gpu
}  // namespace ovcl
