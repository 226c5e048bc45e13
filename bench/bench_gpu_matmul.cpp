// OpenCL MatMul kernels on GPU.0 (PoCL's CPU device in CI) and host_ref on the same products, against the
// CPU's FMA peak measured in the same run. Programs, buffers and kernels are built once outside the timed
// loop; an iteration is one enqueue plus queue.finish().
//   build/bin/ovcl_bench_gpu_matmul --benchmark_out=gpu_matmul.json --benchmark_out_format=json
// Counters: GFLOP (a rate: GFLOP/s), peak_GFLOPs (this run's FMA peak, all cores), pct_peak (the ratio, in %),
// cpu_GFLOPs (GFLOP per CPU-second of this process: the per-core rate, steadier than wall-clock rates when other
// processes load the machine; compare with BM_CpuFmaPeak's cpu_GFLOPs).
// Baseline: CLBlast's Sgemm (BM_ClblastSgemm) on the same device, context and queue, same sizes, warmed up once
// outside the timed loop (its first call compiles for seconds on PoCL). BM_GpuMatMul's ovcl_over_clblast is its
// GFLOP/s over CLBlast's for the same size (and B transposed or not), from BM_ClblastSgemm when that ran first,
// else measured once. Built without CLBlast (libclblast-dev absent at configure time), the labels say so.
// CPU baseline: oneDNN's sgemm (BM_OnednnSgemm, the library under OpenVINO's CPU plugin) on the same cores for the
// untransposed products; BM_GpuMatMul's ovcl_over_onednn is its GFLOP/s over oneDNN's (issue 8's target for 1024^3
// and 2048^3 is pct_peak >= 50).
// BM_GpuMatMulPacking: a variable B read in place, packed at run time into a scratch buffer, or a Constant B, side
// by side over M x n x n (the selector's repack_pays() rule in matmul.cpp rests on it; pack_ms is the packing alone).
// On a loaded machine compare cpu_GFLOPs (per CPU-second) rather than pct_peak, whose peak is measured once at start.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <stdexcept>
#include <string>

#ifdef OVCL_HAVE_CLBLAST
#include <clblast.h>
#endif

#include "common/gpu_bench.hpp"
#ifdef OVCL_HAVE_ONEDNN
#include "common/onednn_baseline.hpp"
#endif
#include "ops/gpu_env.hpp"
#include "ovcl/op_registry.hpp"
#include "ovcl/ops.hpp"
#include "tuning/tuning.hpp"

using namespace ovcl;

namespace {

using bench::BM_CpuFmaPeak;

// scale * (-8 .. 8), repeating; f32 or f16.
Tensor ramp(const Shape& shape, float scale, element::Type type = element::f32) {
    Tensor t(type, shape);
    for (size_t i = 0; i < t.get_size(); ++i) {
        const float v = scale * static_cast<float>(static_cast<int>(i % 17) - 8);
        if (type == element::f16)
            t.data<float16>()[i] = float16(v);
        else
            t.data<float>()[i] = v;
    }
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

// The CLBlast figure a product compares with: B constant or variable is the same Sgemm.
std::string clblast_key(size_t n, BKind kind) {
    return "sgemm " + std::to_string(n) + (kind == kTransposed ? " NT" : " NN");
}

#ifdef OVCL_HAVE_CLBLAST
// C = A x B (or A x B^T), row-major n x n, with CLBlast's Sgemm on the bench device's queue; a call waits.
class ClblastSgemm {
public:
    ClblastSgemm(gpu::GpuEnv& e, const Product& p, size_t n, bool transposed)
        : e_(e), n_(n), transposed_(transposed),
          a_(gpu::make_buffer(e.context, p.inputs[0].get_byte_size(), CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                              p.inputs[0].data())),
          b_(gpu::make_buffer(e.context, p.inputs[1].get_byte_size(), CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                              p.inputs[1].data())),
          c_(gpu::make_buffer(e.context, n * n * sizeof(float), CL_MEM_READ_WRITE)) {}

    void run() {
        cl_command_queue q = e_.queue();
        const auto status = clblast::Gemm<float>(
            clblast::Layout::kRowMajor, clblast::Transpose::kNo,
            transposed_ ? clblast::Transpose::kYes : clblast::Transpose::kNo, n_, n_, n_, 1.0f, a_(), 0, n_, b_(), 0,
            n_, 0.0f, c_(), 0, n_, &q);
        if (status != clblast::StatusCode::kSuccess)
            throw std::runtime_error("CLBlast Sgemm failed, status " + std::to_string(static_cast<int>(status)));
        e_.queue.finish();
    }

private:
    gpu::GpuEnv& e_;
    size_t n_;
    bool transposed_;
    cl::Buffer a_, b_, c_;
};
const char* const kClblastNote = "";
#else
const char* const kClblastNote = ", no CLBlast baseline (built without CLBlast)";
#endif

BENCHMARK(BM_CpuFmaPeak)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->Iterations(3);

// CLBlast's Sgemm on the same device and sizes: the baseline of BM_GpuMatMul (stored for its ovcl_over_clblast).
void BM_ClblastSgemm(benchmark::State& state) {
#ifdef OVCL_HAVE_CLBLAST
    gpu::GpuEnv* e = bench::gpu_env();
    if (!e) {
        state.SkipWithError("no OpenCL device");
        return;
    }
    const size_t n = static_cast<size_t>(state.range(0));
    const auto kind = static_cast<BKind>(state.range(1));
    const Product p = make_product(n, kind);
    try {
        ClblastSgemm gemm(*e, p, n, kind == kTransposed);
        gemm.run();  // the first call compiles CLBlast's kernels (seconds on PoCL)
        const double gflops = bench::timed_loop(state, p.flops, [&] { gemm.run(); });
        bench::store_baseline(clblast_key(n, kind), gflops);
    } catch (const std::exception& ex) {
        state.SkipWithError(ex.what());
        return;
    }
    state.SetLabel(std::string("CLBlast Sgemm, ") + kBKindNames[kind]);
#else
    state.SkipWithError("built without CLBlast (libclblast-dev not found at configure time)");
#endif
}
BENCHMARK(BM_ClblastSgemm)
    ->ArgsProduct({{256, 512, 1024}, {kVariable, kTransposed}})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// CLBlast's GFLOP/s for the product (stored by BM_ClblastSgemm, else measured now); 0 when there is none.
double clblast_gflops(gpu::GpuEnv& e, const Product& p, size_t n, BKind kind) {
#ifdef OVCL_HAVE_CLBLAST
    try {
        ClblastSgemm gemm(e, p, n, kind == kTransposed);
        return bench::baseline_gflops(clblast_key(n, kind), p.flops, [&] { gemm.run(); });
    } catch (const std::exception&) {
        return 0.0;
    }
#else
    (void)e, (void)p, (void)n, (void)kind;
    return 0.0;
#endif
}

// oneDNN's sgemm on the CPU, same sizes and inputs: the baseline of BM_GpuMatMul's ovcl_over_onednn.
void BM_OnednnSgemm(benchmark::State& state) {
#ifdef OVCL_HAVE_ONEDNN
    const size_t n = static_cast<size_t>(state.range(0));
    const auto run = bench::onednn_sgemm(n);
    run();  // warm-up: oneDNN picks its kernel and starts its threads
    bench::store_baseline("onednn sgemm " + std::to_string(n),
                          bench::timed_loop(state, 2.0 * static_cast<double>(n) * n * n, run));
    state.SetLabel("oneDNN sgemm");
#else
    state.SkipWithError("built without oneDNN (libdnnl-dev not found at configure time)");
#endif
}
BENCHMARK(BM_OnednnSgemm)->Arg(256)->Arg(512)->Arg(1024)->Arg(2048)->Unit(benchmark::kMillisecond)->UseRealTime();

// oneDNN's GFLOP/s for an untransposed n x n product (stored by BM_OnednnSgemm, else measured now); 0: none.
double onednn_gflops(const Product& p, size_t n, BKind kind) {
#ifdef OVCL_HAVE_ONEDNN
    if (kind == kTransposed)
        return 0.0;
    try {
        return bench::baseline_gflops("onednn sgemm " + std::to_string(n), p.flops, bench::onednn_sgemm(n));
    } catch (const std::exception&) {
        return 0.0;
    }
#else
    (void)p, (void)n, (void)kind;
    return 0.0;
#endif
}

void BM_GpuMatMul(benchmark::State& state) {
    const size_t n = static_cast<size_t>(state.range(0));
    const auto kind = static_cast<BKind>(state.range(1));
    const Product p = make_product(n, kind);
    const auto d = bench::prepare_on_device(state, *p.node, p.inputs);
    if (!d) return;
    d->run();  // the first launch compiles the work-group function for the local size
    // CLBlast's Sgemm runs for seconds per call at 2048 on PoCL: compared up to 1024 only.
    const double clblast = n <= 1024 ? clblast_gflops(*d->env, p, n, kind) : 0.0;
    const double onednn = onednn_gflops(p, n, kind);
    const double gflops = bench::timed_loop(state, p.flops, [&] { d->run(); });
    if (clblast > 0) state.counters["ovcl_over_clblast"] = gflops / clblast;
    if (onednn > 0) state.counters["ovcl_over_onednn"] = gflops / onednn;
    state.SetLabel(d->config.impl_name + ", " + kBKindNames[kind] + kClblastNote);
}
BENCHMARK(BM_GpuMatMul)
    ->ArgsProduct({{256, 512, 1024, 2048}, {kVariable, kConstant, kTransposed}})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// A variable B read in place against B packed at run time (matmul_pack_b / matmul_pack_bt into a scratch buffer, then
// the packed panel kernel) and against a Constant B (packed once at compile time: the same kernel with no packing
// launch), for M x K x N = rows x n x n: the figures behind the selector's repack_pays() rule (matmul.cpp).
// Args: n, rows (M), transposed B (0 / 1), B (0: variable, the best candidate reading it in place; 1: variable,
// packed at run time, with pack_ms the packing launch alone; 2: Constant).
void BM_GpuMatMulPacking(benchmark::State& state) {
    const size_t n = static_cast<size_t>(state.range(0)), m = static_cast<size_t>(state.range(1));
    const bool transposed = state.range(2) != 0, repack = state.range(3) == 1, constant = state.range(3) == 2;
    const Tensor a = ramp({m, n}, 0.01f), b = ramp({n, n}, 0.02f);
    auto pb = constant ? op::constant(b) : op::parameter(element::f32, Shape{n, n});
    auto node = op::make("MatMul", {op::parameter(element::f32, Shape{m, n}), pb},
                         {{"transpose_a", "false"}, {"transpose_b", transposed ? "true" : "false"}});
    auto d = bench::prepare_on_device(state, *node, {a, b});
    if (!d) return;
    gpu::GpuEnv& e = *d->env;
    if (!constant) {  // candidate `index` instead of configure()'s pick, as bench_gpu_tuning does
        const auto& tunable = dynamic_cast<const gpu::tuning::TunableOp&>(*gpu::find_gpu_op("MatMul"));
        const auto names = tunable.candidate_names(*node, e.device);
        size_t index = names.size();
        for (size_t i = 0; i < names.size() && index == names.size(); ++i)  // the first of the kind asked for
            if ((names[i].find("_repack") != std::string::npos) == repack)
                index = i;
        if (index == names.size()) {
            state.SkipWithError("no such candidate");
            return;
        }
        d->config = tunable.configure_candidate(*node, e.device, index);
        d->constants.clear();
        d->kernels.clear();
        for (const Tensor& t : d->config.constants)
            d->constants.push_back(
                gpu::make_buffer(e.context, t.get_byte_size(), CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, t.data()));
        d->scratch = gpu::make_scratch_buffers(e.context, d->config);
        bench::DeviceNode& dn = *d;
        auto buffer_of = [&dn](const gpu::KernelArg& arg) {
            return (arg.kind == gpu::KernelArg::Kind::INPUT     ? dn.in
                    : arg.kind == gpu::KernelArg::Kind::OUTPUT  ? dn.out
                    : arg.kind == gpu::KernelArg::Kind::SCRATCH ? dn.scratch
                                                                : dn.constants)[arg.index];
        };
        for (const auto& launch : d->config.launches)
            d->kernels.push_back(gpu::make_kernel(*e.programs, launch, buffer_of, ""));
    }
    d->run();
    bench::timed_loop(state, 2.0 * static_cast<double>(m) * n * n, [&] { d->run(); });
    if (repack) {  // pack_ms: the packing launch alone, median of 5
        std::vector<double> ms;
        for (int r = 0; r < 5; ++r) {
            const auto t0 = std::chrono::steady_clock::now();
            gpu::enqueue_kernel(e.queue, d->kernels[0], d->config.launches[0], nullptr);
            e.queue.finish();
            ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
        }
        std::nth_element(ms.begin(), ms.begin() + 2, ms.end());
        state.counters["pack_ms"] = ms[2];
    }
    state.SetLabel(d->config.impl_name + (transposed ? ", B transposed" : ", B as stored"));
}
BENCHMARK(BM_GpuMatMulPacking)
    ->ArgsProduct({{256, 512, 1024, 2048}, {16, 64, 128, 512}, {0, 1}, {0, 1, 2}})
    ->ArgsProduct({{1024}, {1024}, {0, 1}, {0, 1, 2}})  // issue 8's products: before (0), after (1), Constant B (2)
    ->ArgsProduct({{2048}, {2048}, {0, 1}, {0, 1, 2}})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// f16 products n x n x n on matmul_tiled (the device presented as a GPU), computed in f32 (arg 0) or in half (1, where
// the device has half arithmetic: cl_khr_fp16, or PoCL through OVCL_GPU_SPIR_CLANG, whose half is emulated and slow).
// half_over_f32: the half run's GFLOP/s over the f32-compute run's of the same product in this run.
void BM_GpuMatMulHalf(benchmark::State& state) {
    const size_t n = static_cast<size_t>(state.range(0));
    const bool half = state.range(1) != 0;
    gpu::GpuEnv* e = bench::gpu_env();
    if (!e || (half && !e->device.fp16)) {
        state.SkipWithError(e ? "no half arithmetic (cl_khr_fp16) on this device" : "no OpenCL device");
        return;
    }
    auto node = op::make("MatMul", {op::parameter(element::f16, Shape{n, n}), op::parameter(element::f16, Shape{n, n})},
                         {{"transpose_a", "false"}, {"transpose_b", "false"}});
    const Tensor a = ramp({n, n}, 0.01f, element::f16), b = ramp({n, n}, 0.02f, element::f16);
    const double flops = 2.0 * static_cast<double>(n) * n * n;
    auto prepare = [&](bool in_half) {
        gpu::DeviceInfo as = e->device;
        as.gpu_kernels = true;  // matmul_tiled first, as on a GPU
        as.fp16 = in_half;
        auto d = bench::prepare_on_device(state, *node, {a, b}, std::nullopt, &as);
        if (d)
            d->run();  // the first launch compiles the work-group function for the local size
        return d;
    };
    const auto d = prepare(half);
    if (!d)
        return;
    double f32_rate = 0;
    if (half) {
        const auto f32 = prepare(false);
        if (!f32)
            return;
        f32_rate = bench::baseline_gflops("f16 matmul f32 compute " + std::to_string(n), flops, [&] { f32->run(); });
    }
    const double gflops = bench::timed_loop(state, flops, [&] { d->run(); });
    if (half)
        state.counters["half_over_f32"] = gflops / f32_rate;
    else
        bench::store_baseline("f16 matmul f32 compute " + std::to_string(n), gflops);
    state.SetLabel(d->config.impl_name);
}
BENCHMARK(BM_GpuMatMulHalf)->ArgsProduct({{1024, 2048}, {0, 1}})->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_HostRefMatMul(benchmark::State& state) {
    const Product p = make_product(static_cast<size_t>(state.range(0)), kVariable);
    EvalContext ctx;
    bench::timed_loop(state, p.flops, [&] { benchmark::DoNotOptimize(evaluate_node(*p.node, p.inputs, ctx)); });
}
BENCHMARK(BM_HostRefMatMul)->Arg(256)->Arg(512)->Arg(1024)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
