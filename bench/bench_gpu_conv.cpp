// OpenCL convolution kernels on GPU.0 (PoCL's CPU device in CI) against the CPU's FMA peak measured in
// the same run, and host_ref on the same ResNet-50 3x3 conv. Programs and buffers are built once outside
// the timed loop; an iteration is one enqueue plus queue.finish().
//   build/bin/ovcl_bench_gpu_conv --benchmark_out=gpu_conv.json --benchmark_out_format=json
// Counters: GFLOP (a rate: GFLOP/s), peak_GFLOPs (this run's FMA peak, all cores), pct_peak (the ratio, in %),
// cpu_GFLOPs (GFLOP per CPU-second of this process, PoCL's worker threads included: the per-core rate, steadier
// than wall-clock rates when other processes load the machine; compare with BM_CpuFmaPeak's cpu_GFLOPs).
#include <benchmark/benchmark.h>
#include <sys/resource.h>

#include <chrono>

#include "common/cpu_peak.hpp"
#include "gpu_env.hpp"
#include "ovcl/op_registry.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;

namespace {

Tensor filled(const Shape& shape, float value) {
    Tensor t(element::f32, shape);
    std::fill_n(t.data<float>(), t.get_size(), value);
    return t;
}

gpu::GpuEnv* env() {
    static std::shared_ptr<gpu::GpuEnv> e = [] {
        try {
            return gpu::GpuEnv::create(0);
        } catch (const Exception&) {
            return std::shared_ptr<gpu::GpuEnv>();
        }
    }();
    return e.get();
}

struct Conv {
    std::shared_ptr<Node> node;
    TensorVector inputs;
    double flops = 0;
};

// Data [1, C, H, W]; weights [K, C, k, k] (Convolution) or [C, 1, 1, k, k] (depthwise); stride 1, same pads.
Conv make_conv(size_t c, size_t k_out, size_t k, size_t hw, bool depthwise) {
    const Shape data{1, c, hw, hw};
    const Shape filter = depthwise ? Shape{c, 1, 1, k, k} : Shape{k_out, c, k, k};
    const Tensor x = filled(data, 0.5f), w = filled(filter, 0.01f);
    const std::string pad = std::to_string(k / 2) + "," + std::to_string(k / 2);
    auto node = op::make(depthwise ? "GroupConvolution" : "Convolution",
                         {op::parameter(element::f32, data), op::constant(w)},
                         {{"strides", "1,1"}, {"dilations", "1,1"}, {"pads_begin", pad}, {"pads_end", pad},
                          {"auto_pad", "explicit"}});
    const double macs = static_cast<double>(depthwise ? c : c * k_out) * k * k * hw * hw;
    return {node, {x, w}, 2.0 * macs};
}

double cpu_seconds() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
           1e-6 * static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec);
}

void report(benchmark::State& state, double flops, double seconds, double cpu) {
    const double gflop = flops * static_cast<double>(state.iterations()) / 1e9;
    state.counters["GFLOP"] = benchmark::Counter(gflop, benchmark::Counter::kIsRate);
    state.counters["peak_GFLOPs"] = bench::fma_peak_gflops();
    state.counters["pct_peak"] = 100.0 * gflop / seconds / bench::fma_peak_gflops();
    state.counters["cpu_GFLOPs"] = gflop / cpu;
}

void run_on_device(benchmark::State& state, const Conv& conv) {
    if (!env()) {
        state.SkipWithError("no OpenCL device");
        return;
    }
    gpu::GpuEnv& e = *env();
    const gpu::Validation v = gpu::validate_node(*conv.node, e.device);
    if (!v.supported) {
        state.SkipWithError(v.reason.c_str());
        return;
    }
    const gpu::OpConfig config = gpu::find_gpu_op(conv.node->get_type_name())->configure(*conv.node, e.device);

    std::vector<cl::Buffer> in, out, constants;
    for (const Tensor& t : conv.inputs)
        in.push_back(gpu::make_buffer(e.context, t.get_byte_size(), CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                                      t.data()));
    out.push_back(gpu::make_buffer(e.context, shape_size(conv.node->get_output_shape(0)) * sizeof(float),
                                   CL_MEM_READ_WRITE));
    for (const Tensor& t : config.constants)
        constants.push_back(gpu::make_buffer(e.context, t.get_byte_size(), CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                                             t.data()));
    auto buffer_of = [&](const gpu::KernelArg& a) {
        return (a.kind == gpu::KernelArg::Kind::INPUT    ? in
                : a.kind == gpu::KernelArg::Kind::OUTPUT ? out
                                                         : constants)[a.index];
    };
    std::vector<cl::Kernel> kernels;
    for (const auto& launch : config.launches)
        kernels.push_back(gpu::make_kernel(*e.programs, launch, buffer_of, ""));
    auto enqueue_all = [&] {
        for (size_t i = 0; i < kernels.size(); ++i)
            gpu::enqueue_kernel(e.queue, kernels[i], config.launches[i], nullptr);
        e.queue.finish();
    };
    enqueue_all();             // the first launch compiles the work-group function for the local size
    bench::fma_peak_gflops();  // measured before the timed loop, not inside it
    double seconds = 0;
    const double cpu0 = cpu_seconds();
    for (auto _ : state) {
        const auto t0 = std::chrono::steady_clock::now();
        enqueue_all();
        seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    }
    state.SetLabel(config.impl_name);
    report(state, conv.flops, seconds, cpu_seconds() - cpu0);
}

// Arg 0: all cores, 1: one thread. Its cpu_GFLOPs is the peak per CPU-second, the baseline of the kernels' own.
void BM_CpuFmaPeak(benchmark::State& state) {
    double flop = 0, cpu = 0;
    for (auto _ : state) {
        const double cpu0 = cpu_seconds();
        const auto t0 = std::chrono::steady_clock::now();
        const double rate = bench::measure_fma_peak_gflops(static_cast<int>(state.range(0)), 1);
        flop += rate * std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        cpu += cpu_seconds() - cpu0;
        state.counters["peak_GFLOPs"] = rate;
    }
    state.counters["cpu_GFLOPs"] = flop / cpu;
}
BENCHMARK(BM_CpuFmaPeak)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->Iterations(3);

// The ResNet-50 3x3 conv of the issues: N1 C64 K64 56x56, pad 1.
void BM_GpuConv3x3(benchmark::State& state) { run_on_device(state, make_conv(64, 64, 3, 56, false)); }
BENCHMARK(BM_GpuConv3x3)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_GpuConv1x1(benchmark::State& state) { run_on_device(state, make_conv(256, 64, 1, 56, false)); }
BENCHMARK(BM_GpuConv1x1)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_GpuDepthwise3x3(benchmark::State& state) { run_on_device(state, make_conv(128, 128, 3, 56, true)); }
BENCHMARK(BM_GpuDepthwise3x3)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_HostRefConv3x3(benchmark::State& state) {
    const Conv conv = make_conv(64, 64, 3, 56, false);
    EvalContext ctx;
    bench::fma_peak_gflops();
    double seconds = 0;
    const double cpu0 = cpu_seconds();
    for (auto _ : state) {
        const auto t0 = std::chrono::steady_clock::now();
        benchmark::DoNotOptimize(evaluate_node(*conv.node, conv.inputs, ctx));
        seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    }
    report(state, conv.flops, seconds, cpu_seconds() - cpu0);
}
BENCHMARK(BM_HostRefConv3x3)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
