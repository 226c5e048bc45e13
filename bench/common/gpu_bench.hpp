// What the OpenCL kernel benches (bench_gpu_*.cpp) share: GPU.0 opened once per process, a node's kernels
// set up on it outside the timed loop, the CPU-time clock, the timed loop with its counters, the CPU FMA
// peak benchmark they compare against, and baseline figures (e.g. CLBlast's) kept for the run.
#pragma once

#include <benchmark/benchmark.h>

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ops/gpu_env.hpp"

namespace ovcl {
namespace bench {

/// GPU.0 (PoCL's CPU device in CI), created on first use; null when there is no OpenCL device.
gpu::GpuEnv* gpu_env();

/// User + system CPU seconds of this process (PoCL's worker threads included).
double cpu_seconds();

/// Sets the counters GFLOP (a rate: GFLOP/s), peak_GFLOPs (this run's FMA peak, all cores), pct_peak (in %)
/// and cpu_GFLOPs (GFLOP per CPU-second) for `flops` per iteration, `seconds` of wall time in the timed
/// iterations and `cpu` CPU-seconds spent over them.
void report(benchmark::State& state, double flops, double seconds, double cpu);

/// Measures the FMA peak (fma_peak_gflops(), once per process) first, then times `run` once per
/// iteration (wall and CPU time) and calls report(). Returns the wall-clock GFLOP/s of the loop.
double timed_loop(benchmark::State& state, double flops, const std::function<void()>& run);

/// Arg 0: all cores, 1: one thread. Its cpu_GFLOPs is the peak per CPU-second, the baseline of the kernels'
/// own. Register it in the bench file (BENCHMARK keeps the name as written).
void BM_CpuFmaPeak(benchmark::State& state);

/// One node's kernels on a device, their buffers made and arguments set: inputs uploaded once.
struct DeviceNode {
    gpu::GpuEnv* env = nullptr;
    gpu::OpConfig config;
    std::vector<cl::Buffer> in, out, constants, scratch;  // scratch: OpConfig::scratch
    std::vector<cl::Kernel> kernels;

    /// Enqueues all launches and waits (queue.finish()): one benchmark iteration.
    void run() const;
};

/// Validates and configures `node` on gpu_env() and sets it up: every output and scratch buffer made, the
/// inputs uploaded. Null, after state.SkipWithError(), when there is no device or the device refuses the
/// node. `candidate`: the kernel selector's candidate of that index (tuning::TunableOp::configure_candidate)
/// instead of the heuristic's pick. `as`: the device as the selector sees it (gpu_env()'s, its kernel choices or
/// capabilities changed), instead of gpu_env()'s own.
std::unique_ptr<DeviceNode> prepare_on_device(benchmark::State& state, const Node& node, const TensorVector& inputs,
                                              std::optional<size_t> candidate = std::nullopt,
                                              const gpu::DeviceInfo* as = nullptr);

/// Baseline rates (GFLOP/s) by key, kept for the process: a baseline benchmark stores its figure, the
/// benchmark compared with it reads it. baseline_gflops() measures one (warm-up call, then timed calls
/// for at least `min_seconds`) when none is stored yet, e.g. when a filter left the baseline out.
void store_baseline(const std::string& key, double gflops);
double baseline_gflops(const std::string& key, double flops, const std::function<void()>& run,
                       double min_seconds = 0.5);

}  // namespace bench
}  // namespace ovcl
