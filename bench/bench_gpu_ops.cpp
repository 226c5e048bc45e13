// The op families without a bench of their own (eltwise, pooling, reduction / softmax / MVN, movement, quantize)
// on GPU.0 (PoCL's CPU device in CI) against host_ref on the same node, measured in the same run. Shapes are the
// ones ResNet-50 and BERT-base give these ops. Buffers and kernels are built once outside the timed loop; an
// iteration is one enqueue of the node's launches plus queue.finish().
//   build/bin/ovcl_bench_gpu_ops --benchmark_out=gpu_ops.json --benchmark_out_format=json
// Counters: GBps (bytes of the inputs read once and the output written once, per second of wall time; Gather: the
// gathered rows, not its whole table), cpu_ms (CPU milliseconds of an iteration, PoCL's worker threads included:
// steadier than wall time on a shared machine),
// host_ref_ms (host_ref's mean wall time for the same node and inputs, timed just before the device loop) and
// vs_host_ref = host_ref_ms / the device's mean ms (above 1: the device is faster).
#include <benchmark/benchmark.h>

#include <chrono>
#include <map>
#include <string>
#include <vector>

#include "common/gpu_bench.hpp"
#include "gpu_env.hpp"
#include "ovcl/op_registry.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;

namespace {

// Values in [-1.1, 1.1] that are not all alike (a constant input would let a kernel's branches all agree).
Tensor ramp(const Shape& shape) {
    Tensor t(element::f32, shape);
    float* d = t.data<float>();
    for (size_t i = 0; i < t.get_size(); ++i)
        d[i] = 0.1f * static_cast<float>(static_cast<int>(i % 23) - 11);
    return t;
}

Output ints(const std::vector<int64_t>& v) {
    return Output(op::constant<int64_t>(element::i64, {v.size()}, v), 0);
}

Output scalar(float v) { return Output(op::constant<float>(element::f32, Shape{}, {v}), 0); }

Output param(const Shape& s) { return Output(op::parameter(element::f32, s), 0); }

// One bench case: a node whose non-Constant inputs are f32 Parameters, fed with ramp() values.
struct Case {
    std::string name;
    std::shared_ptr<Node> (*make)();
};

std::shared_ptr<Node> pool(const std::string& type, const Shape& s, const std::string& k, const std::string& st,
                           const std::string& pad) {
    Attributes a{{"kernel", k}, {"strides", st}, {"pads_begin", pad}, {"pads_end", pad}, {"rounding_type", "floor"},
                 {"auto_pad", "explicit"}};
    if (type == "AvgPool")
        a.emplace_back("exclude-pad", "true");
    // MaxPool-1: one output (prepare_on_device allocates output 0 only; MaxPool-8 adds the indices).
    return op::make(type, {param(s)}, a, 1);
}

const std::vector<Case>& cases() {
    static const std::vector<Case> c{
        // eltwise: a bias add broadcast over H, W (ResNet-50 stage 1), a same-shape product, BERT's erf Gelu.
        {"Add_bias_64x112x112",
         [] {
             return op::make("Add", {param({1, 64, 112, 112}), param({1, 64, 1, 1})}, {{"auto_broadcast", "numpy"}});
         }},
        {"Multiply_64x112x112",
         [] { return op::make("Multiply", {param({1, 64, 112, 112}), param({1, 64, 112, 112})}); }},
        {"Gelu_erf_128x3072",
         [] { return op::make("Gelu", {param({1, 128, 3072})}, {{"approximation_mode", "erf"}}, 7); }},
        {"Sigmoid_64x112x112", [] { return op::make("Sigmoid", {param({1, 64, 112, 112})}); }},
        // pooling: ResNet-50's stem max pool and its global average pool.
        {"MaxPool_3x3s2_64x112x112", [] { return pool("MaxPool", {1, 64, 112, 112}, "3,3", "2,2", "1,1"); }},
        {"AvgPool_global_2048x7x7", [] { return pool("AvgPool", {1, 2048, 7, 7}, "7,7", "1,1", "0,0"); }},
        // reduction: the same global mean as ReduceMean, attention's softmax, BERT's LayerNorm core (MVN).
        {"ReduceMean_HW_2048x7x7",
         [] { return op::make("ReduceMean", {param({1, 2048, 7, 7}), ints({2, 3})}, {{"keep_dims", "true"}}); }},
        {"Softmax_12x128x128", [] { return op::make("Softmax", {param({1, 12, 128, 128})}, {{"axis", "-1"}}, 8); }},
        {"MVN_last_128x768", [] {
             return op::make("MVN", {param({1, 128, 768}), ints({-1})},
                             {{"normalize_variance", "true"}, {"eps", "1e-12"}, {"eps_mode", "inside_sqrt"}}, 6);
         }},
        // movement: the heads split of attention, a channel concat, an embedding lookup.
        {"Transpose_0213_128x12x64",
         [] { return op::make("Transpose", {param({1, 128, 12, 64}), ints({0, 2, 1, 3})}); }},
        {"Concat_C_2x64x56x56",
         [] { return op::make("Concat", {param({1, 64, 56, 56}), param({1, 64, 56, 56})}, {{"axis", "1"}}); }},
        {"Gather_rows_8192x768_128", [] {
             std::vector<int64_t> idx(128);
             for (size_t i = 0; i < idx.size(); ++i)
                 idx[i] = static_cast<int64_t>((i * 2654435761u) % 8192);  // scattered rows
             auto indices = op::constant<int64_t>(element::i64, {1, 128}, idx);
             return op::make("Gather", {param({8192, 768}), indices, ints({0})}, {{"batch_dims", "0"}}, 8);
         }},
        // quantize: an 8-bit FakeQuantize with per-tensor ranges.
        {"FakeQuantize_256_64x56x56", [] {
             return op::make("FakeQuantize",
                             {param({1, 64, 56, 56}), scalar(-1.f), scalar(1.f), scalar(-1.f), scalar(1.f)},
                             {{"levels", "256"}, {"auto_broadcast", "numpy"}});
         }},
    };
    return c;
}

// The node's inputs: ramp values for Parameters, the constant's own value for Constants (prepare_on_device uploads
// them all; the launches read the ones they need).
TensorVector inputs_of(const Node& node) {
    TensorVector in;
    for (size_t i = 0; i < node.get_input_size(); ++i) {
        const auto& src = node.input_value(i).node;
        in.push_back(src->is_constant() ? src->get_constant_value() : ramp(node.get_input_shape(i)));
    }
    return in;
}

double io_bytes(const Node& node) {
    auto bytes = [](const Shape& s, element::Type t) { return static_cast<double>(shape_size(s) * t.size()); };
    const double out = bytes(node.get_output_shape(0), node.get_output_element_type(0));
    if (node.get_type_name() == "Gather")  // reads only the gathered rows of its table, and the indices
        return 2 * out + bytes(node.get_input_shape(1), node.get_input_element_type(1));
    double b = 0;
    for (size_t i = 0; i < node.get_input_size(); ++i)
        b += bytes(node.get_input_shape(i), node.get_input_element_type(i));
    return b + out;
}

// host_ref's mean wall time for the node: a warm-up call, then calls for at least 0.2 s (3 at least).
double host_ref_seconds(const Node& node, const TensorVector& in) {
    EvalContext ctx;
    benchmark::DoNotOptimize(evaluate_node(node, in, ctx));
    int calls = 0;
    double seconds = 0;
    while (seconds < 0.2 || calls < 3) {
        const auto t0 = std::chrono::steady_clock::now();
        benchmark::DoNotOptimize(evaluate_node(node, in, ctx));
        seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        ++calls;
    }
    return seconds / calls;
}

void BM_GpuOp(benchmark::State& state, const Case& c) {
    const auto node = c.make();
    const TensorVector in = inputs_of(*node);
    const auto d = bench::prepare_on_device(state, *node, in);
    if (!d)
        return;
    d->run();  // the first launch compiles the work-group function for the local size
    // Google Benchmark calls this function again while it settles the iteration count: time host_ref once per case.
    static std::map<std::string, double> host_by_case;
    auto it = host_by_case.find(c.name);
    if (it == host_by_case.end())
        it = host_by_case.emplace(c.name, host_ref_seconds(*node, in)).first;
    const double host = it->second;
    double seconds = 0;
    const double cpu0 = bench::cpu_seconds();
    for (auto _ : state) {
        const auto t0 = std::chrono::steady_clock::now();
        d->run();
        seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    }
    const auto n = static_cast<double>(state.iterations());
    state.counters["GBps"] = benchmark::Counter(io_bytes(*node) * 1e-9 * n, benchmark::Counter::kIsRate);
    state.counters["cpu_ms"] = 1e3 * (bench::cpu_seconds() - cpu0) / n;
    state.counters["host_ref_ms"] = 1e3 * host;
    state.counters["vs_host_ref"] = host / (seconds / n);
    state.SetLabel(d->config.impl_name);
}

}  // namespace

int main(int argc, char** argv) {
    for (const Case& c : cases())
        benchmark::RegisterBenchmark(("BM_GpuOp/" + c.name).c_str(), BM_GpuOp, c)
            ->Unit(benchmark::kMicrosecond)
            ->UseRealTime();
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
        return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
