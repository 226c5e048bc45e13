// OpenCL convolution kernels on GPU.0 (PoCL's CPU device in CI) against the CPU's FMA peak measured in
// the same run, and host_ref on the same ResNet-50 3x3 conv. Programs and buffers are built once outside
// the timed loop; an iteration is one enqueue plus queue.finish().
//   build/bin/ovcl_bench_gpu_conv --benchmark_out=gpu_conv.json --benchmark_out_format=json
// Counters: GFLOP (a rate: GFLOP/s), peak_GFLOPs (this run's FMA peak, all cores), pct_peak (the ratio, in %),
// cpu_GFLOPs (GFLOP per CPU-second of this process, PoCL's worker threads included: the per-core rate, steadier
// than wall-clock rates when other processes load the machine; compare with BM_CpuFmaPeak's cpu_GFLOPs).
// Baseline: CLBlast's Convgemm (BM_ClblastConvgemm3x3: im2col + GEMM, NCHW data, KCRS weights) for the 3x3 conv on
// the same device, context and queue, warmed up once outside the timed loop. BM_GpuConv3x3's ovcl_over_clblast is
// its GFLOP/s over CLBlast's. Built without CLBlast (libclblast-dev absent at configure time), the labels say so.
// CPU baseline: oneDNN's direct convolution (BM_OnednnConv3x3, blocked layouts of its own choice, as OpenVINO's CPU
// plugin runs it) on the same cores; BM_GpuConv3x3's time_over_onednn is ovcl's time over oneDNN's (issue 8's
// target: at most 1.5).
// MobileNet-V2's depthwise 3x3 convolutions (BM_GpuDepthwiseMbv2/<i>, pads 1): ovcl's kernel, a copy kernel that
// reads and writes as many bytes (the memory bound) and oneDNN's depthwise convolution, in one benchmark each.
// An iteration enqueues the kernel kRepeats times and waits once (as a model's layers run). Counters: ms per call
// (median; min_ms; cpu_ms: CPU-seconds of all threads per call, steadier when other processes load the machine),
// GBps (input + output bytes per second), copy_GBps, pct_copy_bound (the copy's time over ovcl's, in %), dw16_ms
// and speedup_over_dw16 (the generic conv2d_dw16, the only depthwise kernel before conv2d_dw_flat(2) /
// conv2d_dw_s2), onednn_ms (median of single calls; onednn_min_ms) and time_over_onednn. The label names the
// kernel that ran and oneDNN's implementation.
//   build/bin/ovcl_bench_gpu_conv --benchmark_filter=Mbv2
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

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

Tensor filled(const Shape& shape, float value) {
    Tensor t(element::f32, shape);
    std::fill_n(t.data<float>(), t.get_size(), value);
    return t;
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

// The ResNet-50 3x3 conv of the issues: N1 C64 K64 56x56, pad 1.
constexpr size_t kC = 64, kK = 64, kHW = 56;
Conv make_conv3x3() { return make_conv(kC, kK, 3, kHW, false); }

#ifdef OVCL_HAVE_CLBLAST
// The 3x3 conv (stride 1, pad 1) with CLBlast's Convgemm on the bench device's queue; a call waits.
class ClblastConv3x3 {
public:
    ClblastConv3x3(gpu::GpuEnv& e, const Conv& conv)
        : e_(e),
          im_(gpu::make_buffer(e.context, conv.inputs[0].get_byte_size(), CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                               conv.inputs[0].data())),
          w_(gpu::make_buffer(e.context, conv.inputs[1].get_byte_size(), CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                              conv.inputs[1].data())),
          out_(gpu::make_buffer(e.context, kK * kHW * kHW * sizeof(float), CL_MEM_READ_WRITE)) {}

    void run() {
        cl_command_queue q = e_.queue();
        const auto status = clblast::Convgemm<float>(clblast::KernelMode::kCrossCorrelation, kC, kHW, kHW, 3, 3, 1,
                                                     1, 1, 1, 1, 1, kK, 1, im_(), 0, w_(), 0, out_(), 0, &q);
        if (status != clblast::StatusCode::kSuccess)
            throw std::runtime_error("CLBlast Convgemm failed, status " + std::to_string(static_cast<int>(status)));
        e_.queue.finish();
    }

    // An interior output (all 64 x 9 taps inside): 0.5 * 0.01 * 576 = 2.88 for make_conv's constant inputs.
    void check() {
        float v = 0;
        e_.queue.enqueueReadBuffer(out_, CL_TRUE, (5 * kHW * kHW + 20 * kHW + 30) * sizeof(float), sizeof v, &v);
        if (std::fabs(v - 2.88f) > 1e-3f)
            throw std::runtime_error("CLBlast Convgemm gave " + std::to_string(v) + ", expected 2.88");
    }

private:
    gpu::GpuEnv& e_;
    cl::Buffer im_, w_, out_;
};
const char* const kClblastNote = "";
#else
const char* const kClblastNote = ", no CLBlast baseline (built without CLBlast)";
#endif

// CLBlast's GFLOP/s for the 3x3 conv (stored by BM_ClblastConvgemm3x3, else measured now); 0 when there is none.
double clblast_conv3x3_gflops(gpu::GpuEnv& e, const Conv& conv) {
#ifdef OVCL_HAVE_CLBLAST
    try {
        ClblastConv3x3 c(e, conv);
        return bench::baseline_gflops("convgemm 3x3", conv.flops, [&] { c.run(); });
    } catch (const std::exception&) {
        return 0.0;
    }
#else
    (void)e, (void)conv;
    return 0.0;
#endif
}

// `baseline`: the GFLOP/s reported as ovcl_over_clblast's denominator (none: no such counter).
// Returns the wall-clock GFLOP/s (0 when the device refused the node).
double run_on_device(benchmark::State& state, const Conv& conv,
                     double (*baseline)(gpu::GpuEnv&, const Conv&) = nullptr) {
    const auto d = bench::prepare_on_device(state, *conv.node, conv.inputs);
    if (!d) return 0.0;
    d->run();  // the first launch compiles the work-group function for the local size
    const double base = baseline ? baseline(*d->env, conv) : 0.0;
    const double gflops = bench::timed_loop(state, conv.flops, [&] { d->run(); });
    if (base > 0) state.counters["ovcl_over_clblast"] = gflops / base;
    state.SetLabel(d->config.impl_name + (baseline ? kClblastNote : ""));
    return gflops;
}

BENCHMARK(BM_CpuFmaPeak)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->Iterations(3);

// CLBlast's Convgemm on the same device for the 3x3 conv: the baseline of BM_GpuConv3x3.
void BM_ClblastConvgemm3x3(benchmark::State& state) {
#ifdef OVCL_HAVE_CLBLAST
    gpu::GpuEnv* e = bench::gpu_env();
    if (!e) {
        state.SkipWithError("no OpenCL device");
        return;
    }
    const Conv conv = make_conv3x3();
    try {
        ClblastConv3x3 c(*e, conv);
        c.run();  // the first call compiles CLBlast's kernels (seconds on PoCL)
        c.check();
        bench::store_baseline("convgemm 3x3", bench::timed_loop(state, conv.flops, [&] { c.run(); }));
    } catch (const std::exception& ex) {
        state.SkipWithError(ex.what());
        return;
    }
    state.SetLabel("CLBlast Convgemm");
#else
    state.SkipWithError("built without CLBlast (libclblast-dev not found at configure time)");
#endif
}
BENCHMARK(BM_ClblastConvgemm3x3)->Unit(benchmark::kMillisecond)->UseRealTime();

// oneDNN's convolution on the CPU for the 3x3 conv: the baseline of BM_GpuConv3x3's time_over_onednn.
void BM_OnednnConv3x3(benchmark::State& state) {
#ifdef OVCL_HAVE_ONEDNN
    try {
        std::string impl;
        const auto run = bench::onednn_conv(kC, kK, 3, kHW, &impl);
        bench::store_baseline("onednn conv 3x3", bench::timed_loop(state, make_conv3x3().flops, run));
        state.SetLabel("oneDNN " + impl);
    } catch (const std::exception& ex) {
        state.SkipWithError(ex.what());
    }
#else
    state.SkipWithError("built without oneDNN (libdnnl-dev not found at configure time)");
#endif
}
BENCHMARK(BM_OnednnConv3x3)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_GpuConv3x3(benchmark::State& state) {
    const double ovcl = run_on_device(state, make_conv3x3(), clblast_conv3x3_gflops);
#ifdef OVCL_HAVE_ONEDNN
    if (ovcl <= 0)
        return;
    try {  // after ovcl's loop (oneDNN's OpenMP threads spin a little after each call)
        const double onednn =
            bench::baseline_gflops("onednn conv 3x3", make_conv3x3().flops, bench::onednn_conv(kC, kK, 3, kHW));
        state.counters["time_over_onednn"] = onednn / ovcl;
    } catch (const std::exception&) {
    }
#else
    (void)ovcl;
#endif
}
BENCHMARK(BM_GpuConv3x3)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_GpuConv1x1(benchmark::State& state) { (void)run_on_device(state, make_conv(256, 64, 1, 56, false)); }
BENCHMARK(BM_GpuConv1x1)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_GpuDepthwise3x3(benchmark::State& state) { (void)run_on_device(state, make_conv(128, 128, 3, 56, true)); }
BENCHMARK(BM_GpuDepthwise3x3)->Unit(benchmark::kMillisecond)->UseRealTime();

// MobileNet-V2's depthwise 3x3 convolutions (224x224 input): channels, input size, stride.
struct DwShape {
    size_t c, hw, stride;
};
const DwShape kMbv2Dw[] = {{32, 112, 1}, {96, 112, 2}, {144, 56, 1}, {144, 56, 2}, {192, 28, 1}, {192, 28, 2},
                           {384, 14, 1}, {576, 14, 1}, {576, 14, 2}, {960, 7, 1}};
constexpr int kRepeats = 8;

Conv make_depthwise(const DwShape& s) {
    const Shape data{1, s.c, s.hw, s.hw}, filter{s.c, 1, 1, 3, 3};
    auto node = op::make("GroupConvolution", {op::parameter(element::f32, data), op::constant(filled(filter, 0.01f))},
                         {{"strides", op::list(std::vector<size_t>{s.stride, s.stride})},
                          {"dilations", "1,1"},
                          {"pads_begin", "1,1"},
                          {"pads_end", "1,1"},
                          {"auto_pad", "explicit"}});
    const size_t ohw = (s.hw - 1) / s.stride + 1;
    return {node, {filled(data, 0.5f), filled(filter, 0.01f)}, 2.0 * 9 * static_cast<double>(s.c * ohw * ohw)};
}

// Reads `in` floats and writes `out` floats (in = ratio * out) with float16 vectors, 256 outputs per work-item:
// the bytes of a depthwise layer moved at the device's streaming speed.
const char* const kStreamSource = R"CL(
__kernel void stream(__global const float16* a, __global float16* b, const int ratio) {
    const size_t o = get_global_id(0) * 16;
    for (int i = 0; i < 16; ++i) {
        float16 v = a[(o + i) * ratio];
        for (int r = 1; r < ratio; ++r)
            v += a[(o + i) * ratio + r];
        b[o + i] = v;
    }
}
)CL";

// Seconds per call of `enqueue` (kRepeats calls, then one wait): the median of `rounds` rounds after a warm-up
// round (none when `rounds` is 1).
double seconds_per_call(gpu::GpuEnv& e, const std::function<void()>& enqueue, int rounds_wanted = 11) {
    std::vector<double> rounds;
    for (int r = rounds_wanted > 1 ? 0 : 1; r <= rounds_wanted; ++r) {
        const auto t0 = std::chrono::steady_clock::now();
        for (int i = 0; i < kRepeats; ++i)
            enqueue();
        e.queue.finish();
        if (r > 0)
            rounds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() / kRepeats);
    }
    std::nth_element(rounds.begin(), rounds.begin() + rounds.size() / 2, rounds.end());
    return rounds[rounds.size() / 2];
}

// The time of the stream kernel over the layer's input and output (ratio 1 for stride 1, 4 for stride 2).
double copy_seconds(gpu::GpuEnv& e, size_t out_floats, int ratio) {
    const size_t items = (out_floats + 255) / 256;
    cl::Buffer a = gpu::make_buffer(e.context, items * 256 * ratio * sizeof(float), CL_MEM_READ_WRITE);
    cl::Buffer b = gpu::make_buffer(e.context, items * 256 * sizeof(float), CL_MEM_READ_WRITE);
    const float zero = 0.f;
    e.queue.enqueueFillBuffer(a, zero, 0, items * 256 * ratio * sizeof(float));
    cl_int err = CL_SUCCESS;
    cl::Program program(e.context, kStreamSource, true, &err);
    gpu::check(err, "clBuildProgram", "the stream kernel of the copy bound");
    cl::Kernel k(program, "stream");
    k.setArg(0, a);
    k.setArg(1, b);
    k.setArg(2, static_cast<cl_int>(ratio));
    return seconds_per_call(e, [&] {
        e.queue.enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(items), cl::NDRange(1));
    });
}

// Enqueues a node's kernels without waiting.
void enqueue_all(const bench::DeviceNode& d) {
    for (size_t i = 0; i < d.kernels.size(); ++i)
        gpu::enqueue_kernel(d.env->queue, d.kernels[i], d.config.launches[i], nullptr);
}

void BM_GpuDepthwiseMbv2(benchmark::State& state) {
    const DwShape s = kMbv2Dw[state.range(0)];
    const Conv conv = make_depthwise(s);
    const auto d = bench::prepare_on_device(state, *conv.node, conv.inputs);
    if (!d) return;
    gpu::GpuEnv& e = *d->env;
    const auto enqueue = [&] { enqueue_all(*d); };
    const size_t ohw = (s.hw - 1) / s.stride + 1;
    const double bytes = 4.0 * static_cast<double>(s.c * (s.hw * s.hw + ohw * ohw));
    enqueue();  // the first launch compiles the work-group function for the local size
    e.queue.finish();
    std::vector<double> rounds;
    const double cpu0 = bench::cpu_seconds();
    for (auto _ : state) {
        const double t = seconds_per_call(e, enqueue, 1);
        state.SetIterationTime(t);
        rounds.push_back(t);
    }
    const double cpu = (bench::cpu_seconds() - cpu0) / static_cast<double>(state.iterations() * kRepeats);
    std::sort(rounds.begin(), rounds.end());
    const double t = rounds[rounds.size() / 2];
    state.counters["cpu_ms"] = 1e3 * cpu;  // CPU time per call, PoCL's threads included: steadier under load
    state.counters["min_ms"] = 1e3 * rounds[0];
    const double copy = copy_seconds(e, s.c * ohw * ohw, s.stride == 1 ? 1 : 4);
    const auto* tunable = dynamic_cast<const gpu::tuning::TunableOp*>(gpu::find_gpu_op("GroupConvolution"));
    const size_t generic = tunable->candidate_names(*conv.node, e.device).size() - 1;  // conv2d_dw16
    // The generic conv2d_dw16 of before the dedicated kernels, for the before/after ratio.
    const auto before = bench::prepare_on_device(state, *conv.node, conv.inputs, generic);
    if (!before)
        return;
    const double dw16 = seconds_per_call(e, [&] { enqueue_all(*before); });
    state.counters["dw16_ms"] = 1e3 * dw16;
    state.counters["speedup_over_dw16"] = dw16 / t;
    state.counters["ms"] = 1e3 * t;
    state.counters["GBps"] = bytes / t / 1e9;
    state.counters["copy_GBps"] = bytes / copy / 1e9;
    state.counters["pct_copy_bound"] = 100.0 * copy / t;
    state.counters["GFLOPs"] = conv.flops / t / 1e9;
    std::string label = d->config.launches.at(0).entry + " C" + std::to_string(s.c) + " " + std::to_string(s.hw) +
                        "x" + std::to_string(s.hw) + " s" + std::to_string(s.stride);
#ifdef OVCL_HAVE_ONEDNN
    try {  // after ovcl's loop (oneDNN's OpenMP threads spin a little after each call)
        std::string impl;
        const auto run = bench::onednn_depthwise(s.c, 3, s.hw, s.stride, &impl);
        std::vector<double> calls;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));  // PoCL's threads go idle first
        run();  // warm-up
        for (int r = 0; r < 11 * kRepeats; ++r) {
            const auto t0 = std::chrono::steady_clock::now();
            run();
            calls.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
        }
        std::nth_element(calls.begin(), calls.begin() + calls.size() / 2, calls.end());
        const double onednn = calls[calls.size() / 2];
        state.counters["onednn_min_ms"] = 1e3 * *std::min_element(calls.begin(), calls.end());
        state.counters["onednn_ms"] = 1e3 * onednn;
        state.counters["time_over_onednn"] = t / onednn;
        label += ", oneDNN " + impl;
    } catch (const std::exception& ex) {
        label += std::string(", no oneDNN baseline: ") + ex.what();
    }
#endif
    state.SetLabel(label);
}
BENCHMARK(BM_GpuDepthwiseMbv2)->DenseRange(0, 9)->Unit(benchmark::kMillisecond)->UseManualTime()->Iterations(41);

void BM_HostRefConv3x3(benchmark::State& state) {
    const Conv conv = make_conv3x3();
    EvalContext ctx;
    bench::timed_loop(state, conv.flops,
                      [&] { benchmark::DoNotOptimize(evaluate_node(*conv.node, conv.inputs, ctx)); });
}
BENCHMARK(BM_HostRefConv3x3)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
