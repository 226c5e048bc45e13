// The host reference kernels and the REF device, against the CPU's FMA peak measured in the
// same run. host_ref is the oracle, not the fast path: these figures say what REF costs and
// give later GPU kernels a floor to beat.
//   build/bin/ovcl_bench_host_ref --benchmark_out=host_ref.json --benchmark_out_format=json
#include <benchmark/benchmark.h>

#include "common/cpu_peak.hpp"
#include "ovcl/core.hpp"
#include "ovcl/ops.hpp"
#include "ovcl/op_registry.hpp"

using namespace ovcl;

namespace {

Tensor filled(element::Type type, const Shape& shape, float value) {
    Tensor t(type, shape);
    std::fill_n(t.data<float>(), t.get_size(), value);
    return t;
}

// "GFLOP" is shown as a rate (GFLOP/s); "peak_GFLOPs" is the FMA peak of this same run, so
// the ratio of the two is the kernel's share of the machine.
void report(benchmark::State& state, double flops) {
    const double gflop = flops * static_cast<double>(state.iterations()) / 1e9;
    state.counters["GFLOP"] = benchmark::Counter(gflop, benchmark::Counter::kIsRate);
    state.counters["peak_GFLOPs"] = bench::fma_peak_gflops();
}

void BM_CpuFmaPeak(benchmark::State& state) {
    for (auto _ : state)
        state.counters["peak_GFLOPs"] = bench::measure_fma_peak_gflops(0, 1);
}
BENCHMARK(BM_CpuFmaPeak)->Unit(benchmark::kMillisecond)->Iterations(3);

void BM_HostRefMatMul(benchmark::State& state) {
    const size_t n = static_cast<size_t>(state.range(0));
    auto a = op::parameter(element::f32, Shape{n, n});
    auto b = op::parameter(element::f32, Shape{n, n});
    auto mm = op::make("MatMul", {a, b});
    const TensorVector in{filled(element::f32, {n, n}, 0.5f), filled(element::f32, {n, n}, 0.25f)};
    EvalContext ctx;
    for (auto _ : state)
        benchmark::DoNotOptimize(evaluate_node(*mm, in, ctx));
    report(state, 2.0 * n * n * n);
}
BENCHMARK(BM_HostRefMatMul)->Arg(256)->Arg(512)->Unit(benchmark::kMillisecond);

// The ResNet-50 3x3 conv of the issues: N1 C64 K64 56x56, pad 1.
void BM_HostRefConv3x3(benchmark::State& state) {
    auto x = op::parameter(element::f32, Shape{1, 64, 56, 56});
    auto w = op::parameter(element::f32, Shape{64, 64, 3, 3});
    auto conv = op::make("Convolution", {x, w},
                         {{"strides", "1,1"}, {"dilations", "1,1"}, {"pads_begin", "1,1"}, {"pads_end", "1,1"},
                          {"auto_pad", "explicit"}});
    const TensorVector in{filled(element::f32, {1, 64, 56, 56}, 0.5f), filled(element::f32, {64, 64, 3, 3}, 0.1f)};
    EvalContext ctx;
    for (auto _ : state)
        benchmark::DoNotOptimize(evaluate_node(*conv, in, ctx));
    report(state, 2.0 * 64 * 64 * 9 * 56 * 56);
}
BENCHMARK(BM_HostRefConv3x3)->Unit(benchmark::kMillisecond);

// Overhead of one REF inference of a tiny model through the whole API (sync and async).
void BM_RefRequestOverhead(benchmark::State& state) {
    Core core;
    auto x = op::parameter(element::f32, Shape{1, 16}, "x");
    auto model = std::make_shared<Model>(OutputVector{op::make_output("Relu", {x})}, NodeVector{x}, "tiny");
    auto request = core.compile_model(model, "REF").create_infer_request();
    request.set_input_tensor(filled(element::f32, {1, 16}, 1.f));
    const bool async = state.range(0) != 0;
    for (auto _ : state) {
        if (async) {
            request.start_async();
            request.wait();
        } else {
            request.infer();
        }
    }
    state.SetLabel(async ? "async" : "sync");
}
BENCHMARK(BM_RefRequestOverhead)->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
