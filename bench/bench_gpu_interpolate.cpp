// OpenCL Interpolate on GPU.0 (PoCL's CPU device in CI) against host_ref on the same node: the upsample x2 of a
// segmentation / FPN head, N1 C64 56x56 f32 -> 112x112, in the nearest, linear (half_pixel) and cubic modes, NCHW
// (and NHWC on the device: the same bytes through the other kernel).
// Tables, buffers and kernels are built once outside the timed loop; an iteration is one enqueue plus
// queue.finish(). GBps counts the bytes read and written once (input + output) per second of wall time;
// cpu_ms is the CPU time of an iteration (all threads).
//   build/bin/ovcl_bench_gpu_interpolate --benchmark_out=gpu_interpolate.json --benchmark_out_format=json
#include <benchmark/benchmark.h>

#include <string>

#include "common/gpu_bench.hpp"
#include "ops/gpu_env.hpp"
#include "ovcl/op_registry.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;

namespace {

const char* const kModes[] = {"nearest", "linear", "cubic"};
// Arg 1: the layout, 0 NCHW (interp_rows, along W) or 1 NHWC (interp_inner, along C).
const Shape kInputs[] = {{1, 64, 56, 56}, {1, 56, 56, 64}};

std::shared_ptr<Node> upsample2x(const std::string& mode, int64_t layout) {
    auto scales = op::constant<float>(element::f32, {2}, {2.0f, 2.0f});
    const std::vector<int64_t> spatial = layout == 0 ? std::vector<int64_t>{2, 3} : std::vector<int64_t>{1, 2};
    auto axes = op::constant<int64_t>(element::i64, {2}, spatial);
    const Attributes a{{"mode", mode}, {"shape_calculation_mode", "scales"},
                       {"coordinate_transformation_mode", mode == "nearest" ? "asymmetric" : "half_pixel"},
                       {"nearest_mode", "floor"}};
    return op::make("Interpolate", {op::parameter(element::f32, kInputs[layout]), scales, axes}, a, 11);
}

TensorVector inputs_of(const std::shared_ptr<Node>& node) {
    Tensor x(element::f32, node->get_input_shape(0));
    for (size_t i = 0; i < x.get_size(); ++i)
        x.data<float>()[i] = static_cast<float>(static_cast<int>(i % 23) - 11) * 0.1f;
    TensorVector in{x};
    for (size_t i = 1; i < node->get_input_size(); ++i)
        in.push_back(node->input_value(i).node->get_constant_value());
    return in;
}

// GBps (wall time) and cpu_ms: CPU milliseconds per iteration, PoCL's worker threads included (steadier than
// wall time on a shared machine).
void set_counters(benchmark::State& state, const Node& node, double cpu) {
    const double bytes =
        4.0 * static_cast<double>(shape_size(node.get_input_shape(0)) + shape_size(node.get_output_shape(0)));
    const auto n = static_cast<double>(state.iterations());
    state.counters["GBps"] = benchmark::Counter(bytes * 1e-9 * n, benchmark::Counter::kIsRate);
    state.counters["cpu_ms"] = 1e3 * cpu / n;
}

void BM_GpuInterpolate2x(benchmark::State& state) {
    const auto node = upsample2x(kModes[state.range(0)], state.range(1));
    const auto d = bench::prepare_on_device(state, *node, inputs_of(node));
    if (!d)
        return;
    d->run();  // the first launch compiles the work-group function for the local size
    const double cpu0 = bench::cpu_seconds();
    for (auto _ : state)
        d->run();
    set_counters(state, *node, bench::cpu_seconds() - cpu0);
    state.SetLabel(d->config.impl_name);
}
BENCHMARK(BM_GpuInterpolate2x)->ArgsProduct({{0, 1, 2}, {0, 1}})->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_HostRefInterpolate2x(benchmark::State& state) {
    const auto node = upsample2x(kModes[state.range(0)], state.range(1));
    const auto in = inputs_of(node);
    EvalContext ctx;
    const double cpu0 = bench::cpu_seconds();
    for (auto _ : state)
        benchmark::DoNotOptimize(evaluate_node(*node, in, ctx));
    set_counters(state, *node, bench::cpu_seconds() - cpu0);
    state.SetLabel(std::string("host_ref ") + kModes[state.range(0)]);
}
BENCHMARK(BM_HostRefInterpolate2x)->ArgsProduct({{0, 1, 2}, {0}})->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
