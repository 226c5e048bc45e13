// OpenCL MatMul kernels on GPU.0 (PoCL's CPU device in CI) and host_ref on the same products, against the
// CPU's FMA peak measured in the same run. Programs, buffers and kernels are built once outside the timed
// loop; an iteration is one enqueue plus queue.finish().
//   build/bin/ovcl_bench_gpu_matmul --benchmark_out=gpu_matmul.json --benchmark_out_format=json
// Counters: GFLOP (a rate: GFLOP/s), peak_GFLOPs (this run's FMA peak, all cores), pct_peak (the ratio, in %),
// cpu_GFLOPs (GFLOP per CPU-second of this process: the per-core rate, steadier than wall-clock rates when other
// processes load the machine; compare with BM_CpuFmaPeak's cpu_GFLOPs).
#include <benchmark/benchmark.h>
#include <sys/resource.h>

#include <chrono>

#include "common/cpu_peak.hpp"
#include "gpu_env.hpp"
#include "ovcl/op_registry.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;

namespace {

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

double cpu_seconds() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
           1e-6 * static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec);
}

Tensor ramp(const Shape& shape, float scale) {
    Tensor t(element::f32, shape);
    float* d = t.data<float>();
    for (size_t i = 0; i < t.get_size(); ++i)
        d[i] = scale * static_cast<float>(static_cast<int>(i % 17) - 8);
    return t;
}

// How B reaches the kernel: a Parameter [K, N], a Constant [K, N] (repacked once), a Parameter [N, K] with
// transpose_b (the attention-style A x B^T).
enum BKind { kVariable = 0, kConstant = 1, kTransposed = 2 };
const char* const kBKindNames[] = {"B variable", "B constant", "B transposed"};

struct Product {
    std::shared_ptr<Node> node;
    TensorVector inputs;
    double flops = 0;
};

Product make_product(size_t n, BKind kind) {
    const Tensor a = ramp({n, n}, 0.01f), b = ramp({n, n}, 0.02f);
    auto pb = kind == kConstant ? op::constant(b) : op::parameter(element::f32, Shape{n, n});
    auto node = op::make("MatMul", {op::parameter(element::f32, Shape{n, n}), pb},
                         {{"transpose_a", "false"}, {"transpose_b", kind == kTransposed ? "true" : "false"}});
    return {node, {a, b}, 2.0 * static_cast<double>(n) * n * n};
}

void report(benchmark::State& state, double flops, double seconds, double cpu) {
    const double gflop = flops * static_cast<double>(state.iterations()) / 1e9;
    state.counters["GFLOP"] = benchmark::Counter(gflop, benchmark::Counter::kIsRate);
    state.counters["peak_GFLOPs"] = bench::fma_peak_gflops();
    state.counters["pct_peak"] = 100.0 * gflop / seconds / bench::fma_peak_gflops();
    state.counters["cpu_GFLOPs"] = gflop / cpu;
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

void BM_GpuMatMul(benchmark::State& state) {
    if (!env()) {
        state.SkipWithError("no OpenCL device");
        return;
    }
    gpu::GpuEnv& e = *env();
    const auto kind = static_cast<BKind>(state.range(1));
    const Product p = make_product(static_cast<size_t>(state.range(0)), kind);
    const gpu::Validation v = gpu::validate_node(*p.node, e.device);
    if (!v.supported) {
        state.SkipWithError(v.reason.c_str());
        return;
    }
    const gpu::OpConfig config = gpu::find_gpu_op("MatMul")->configure(*p.node, e.device);
    std::vector<cl::Buffer> in, out, constants;
    for (const Tensor& t : p.inputs)
        in.push_back(gpu::make_buffer(e.context, t.get_byte_size(), CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                                      t.data()));
    out.push_back(gpu::make_buffer(e.context, shape_size(p.node->get_output_shape(0)) * sizeof(float),
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
    auto run = [&] {
        for (size_t i = 0; i < kernels.size(); ++i)
            gpu::enqueue_kernel(e.queue, kernels[i], config.launches[i], nullptr);
        e.queue.finish();
    };
    run();  // the first launch compiles the work-group function for the local size
    bench::fma_peak_gflops();  // measured before the timed loop, not inside it
    double seconds = 0;
    const double cpu0 = cpu_seconds();
    for (auto _ : state) {
        const auto t0 = std::chrono::steady_clock::now();
        run();
        seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    }
    state.SetLabel(config.impl_name + ", " + kBKindNames[kind]);
    report(state, p.flops, seconds, cpu_seconds() - cpu0);
}
BENCHMARK(BM_GpuMatMul)
    ->ArgsProduct({{256, 512, 1024}, {kVariable, kConstant, kTransposed}})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

void BM_HostRefMatMul(benchmark::State& state) {
    const Product p = make_product(static_cast<size_t>(state.range(0)), kVariable);
    EvalContext ctx;
    bench::fma_peak_gflops();
    double seconds = 0;
    const double cpu0 = cpu_seconds();
    for (auto _ : state) {
        const auto t0 = std::chrono::steady_clock::now();
        benchmark::DoNotOptimize(evaluate_node(*p.node, p.inputs, ctx));
        seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    }
    report(state, p.flops, seconds, cpu_seconds() - cpu0);
}
BENCHMARK(BM_HostRefMatMul)->Arg(256)->Arg(512)->Arg(1024)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
