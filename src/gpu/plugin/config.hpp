// The GPU plugin's configuration: common plugin keys plus the device's own, typed.
#pragma once

#include <set>
#include <string>

#include "runtime/plugin_config.hpp"
#include "tuning/tuning.hpp"

namespace ovcl {
namespace gpu {

/// GPU_KERNELS: which kernels the selector starts from. AUTO: by the device (DeviceInfo::gpu_kernels); GPU: the
/// kernels for GPUs on any device (PoCL runs them too: whole models on them in CI); CPU: the register-blocked
/// kernels on any device (the kernels GPUs got before the GPU ones, should those be slower somewhere).
enum class KernelFamily { AUTO, GPU, CPU };

/// GPU_SUB_BUFFERS: how a request's intermediate tensors share device memory (memory_plan.hpp). YES: at offsets in
/// arenas, each tensor a sub-buffer; NO: whole buffers, each shared only by tensors alive at different times (more
/// memory, no sub-buffers); AUTO: by the device (DeviceInfo::sub_buffers: NO on NVIDIA's driver, whose release of a
/// sub-buffer faults).
enum class SubBuffers { AUTO, YES, NO };

struct Config {
    PluginConfig common;
    int device_id = 0;
    element::Type inference_precision = element::f32;  ///< f32, or f16: f16 storage (precision.hpp)
    std::string cache_dir;
    bool disable_transformations = false;
    /// GPU_TUNING_MODE (tuning.hpp, docs/tuning.md): how conv / MatMul pick among their kernel candidates.
    TuningMode tuning_mode = TuningMode::DISABLED;
    KernelFamily kernels = KernelFamily::AUTO;
    SubBuffers sub_buffers = SubBuffers::AUTO;
    /// Test and debugging aid (OVCL_GPU_HOST_OPS="Softmax MatMul"): run these op types on the
    /// host even when the device could, to exercise the fallback path.
    std::set<std::string> host_ops;

    Config() = default;
    /// Applies `properties` over `base`; unknown keys throw NotFound unless `lenient`.
    Config(const AnyMap& properties, const Config& base, bool lenient = false);
    /// The shared keys and the GPU's own, RW; NUM_STREAMS reads as the count that runs.
    static const PropertyTable<Config>& table();
    /// The value of `name`; NotFound for a key not in table().
    Any get(const std::string& name) const { return table().get(*this, name); }
    /// `device` as the kernel selector and the memory plan see it under GPU_KERNELS and GPU_SUB_BUFFERS.
    DeviceInfo planning_device(const DeviceInfo& device) const;
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
