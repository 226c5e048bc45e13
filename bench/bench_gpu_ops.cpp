// The op families without a bench of their own (eltwise, pooling, reduction / softmax / MVN, movement, quantize)
// on GPU.0 (PoCL's CPU device in CI) against host_ref on the same node, measured in the same run. Shapes are the
// ones ResNet-50 and BERT-base give these ops (TopK and CumSum: a detection head's and an LLM sampler's). Buffers
// and kernels are built once outside the timed loop; an iteration is one enqueue of the node's launches plus
// queue.finish().
//   build/bin/ovcl_bench_gpu_ops --benchmark_out=gpu_ops.json --benchmark_out_format=json
// Counters: GBps (bytes of the inputs read once and the output written once, per second of wall time; Gather: the
// gathered rows, not its whole table), cpu_ms (CPU milliseconds of an iteration, PoCL's worker threads included:
// steadier than wall time on a shared machine),
// host_ref_ms (host_ref's mean wall time for the same node and inputs, timed just before the device loop),
// vs_host_ref = host_ref_ms / the device's mean ms (above 1: the device is faster) and queued_ms (the node's cost
// inside a model: its launches enqueued 32 times back to back, one wait, per run; no 16-40 us wait per run).
// BM_Probe* (issue 8) split a memory-bound op's time: an empty kernel's launch (arg: work-groups of 64), a float16
// copy kernel (args: bytes, floats per work-item, 1 copy / 2 multiply / 3 bias add) and clEnqueueCopyBuffer on
// the same bytes, each with the same counters.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "common/gpu_bench.hpp"
#include "ops/gpu_env.hpp"
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

Output<Node> ints(const std::vector<int64_t>& v) {
    return Output<Node>(op::constant<int64_t>(element::i64, {v.size()}, v), 0);
}

Output<Node> scalar(float v) { return Output<Node>(op::constant<float>(element::f32, Shape{}, {v}), 0); }

Output<Node> param(const Shape& s) { return Output<Node>(op::parameter(element::f32, s), 0); }

// Uniform pseudo-random values in [-1, 1): scores without ramp()'s period of 23 (a TopK over it would meet the
// best value hundreds of times and reject the rest at once).
Tensor noise(const Shape& shape) {
    Tensor t(element::f32, shape);
    float* d = t.data<float>();
    uint32_t x = 12345;
    for (size_t i = 0; i < t.get_size(); ++i) {
        x = x * 1664525u + 1013904223u;
        d[i] = static_cast<float>(x >> 8) / 8388608.0f - 1.0f;
    }
    return t;
}

// One bench case: a node whose non-Constant inputs are f32 Parameters, fed with ramp() values (noise() if `noisy`).
struct Case {
    std::string name;
    std::shared_ptr<Node> (*make)();
    bool noisy = false;
    int candidate = -1;  // a TunableOp's candidate; -1: the heuristic's
};

std::shared_ptr<Node> topk(const Shape& s, int64_t k) {
    return op::make("TopK", {param(s), Output<Node>(op::constant<int64_t>(element::i64, {}, {k}), 0)},
                    {{"axis", "-1"}, {"mode", "max"}, {"sort", "value"}, {"index_element_type", "i32"}}, 11);
}

// A recurrent layer of batch 1 (steps 0: its cell), weights Constants in +-1/sqrt(hidden), the full length.
std::shared_ptr<Node> recurrent(const std::string& type, size_t steps, size_t input, size_t hidden) {
    const bool seq = steps > 0, lstm = type.rfind("LSTM", 0) == 0;
    const size_t gates = lstm ? 4 : type.rfind("GRU", 0) == 0 ? 3 : 1;
    auto weights = [&](Shape s) {
        if (seq)
            s.insert(s.begin(), 1);
        Tensor t = noise(s);
        for (size_t i = 0; i < t.get_size(); ++i)
            t.data<float>()[i] /= std::sqrt(static_cast<float>(hidden));
        return Output<Node>(op::constant(t), 0);
    };
    const Shape state = seq ? Shape{1, 1, hidden} : Shape{1, hidden};
    OutputVector in{param(seq ? Shape{1, steps, input} : Shape{1, input}), param(state)};
    if (lstm)
        in.push_back(param(state));
    if (seq)
        in.emplace_back(op::constant<int32_t>(element::i32, {1}, {static_cast<int32_t>(steps)}), 0);
    in.push_back(weights({gates * hidden, input}));
    in.push_back(weights({gates * hidden, hidden}));
    in.push_back(weights({gates * hidden}));
    Attributes a{{"hidden_size", std::to_string(hidden)}};
    if (seq)
        a.emplace_back("direction", "forward");
    return op::make(type, in, a, seq ? 5 : 4);
}

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
        {"Transpose_0231_128x12x64",
         [] { return op::make("Transpose", {param({1, 128, 12, 64}), ints({0, 2, 3, 1})}); }},
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
        // TopK and CumSum (issue 25): a detection head's best 100 of 80 classes x 100 boxes, an LLM sampler's best 50
        // logits and the cumulative probabilities of its top-p step, a per-box argmax over 80 classes.
        {"TopK_det_1x8000_k100", [] { return topk({1, 8000}, 100); }, true},
        {"TopK_llm_1x32000_k50", [] { return topk({1, 32000}, 50); }, true},
        {"TopK_argmax_8000x80_k1", [] { return topk({8000, 80}, 1); }, true},
        {"CumSum_llm_1x32000", [] { return op::make("CumSum", {param({1, 32000}), ints({1})}); }, true},
        // Recurrent (issue 25): a speech encoder's LSTM / GRU layer (100 frames of 80 features, hidden 256), both
        // recurrence candidates (0 and 1: recurrent_loop and recurrent_steps on CPU devices), and a voice-activity
        // detector's LSTMCell step.
        {"LSTMSequence_speech_1x100x80_h256_c0", [] { return recurrent("LSTMSequence", 100, 80, 256); }, false, 0},
        {"LSTMSequence_speech_1x100x80_h256_c1", [] { return recurrent("LSTMSequence", 100, 80, 256); }, false, 1},
        {"GRUSequence_speech_1x100x80_h256_c0", [] { return recurrent("GRUSequence", 100, 80, 256); }, false, 0},
        {"GRUSequence_speech_1x100x80_h256_c1", [] { return recurrent("GRUSequence", 100, 80, 256); }, false, 1},
        {"LSTMCell_vad_1x64_h64", [] { return recurrent("LSTMCell", 0, 64, 64); }},
    };
    return c;
}

// The node's inputs: ramp values for Parameters, the constant's own value for Constants (prepare_on_device uploads
// them all; the launches read the ones they need).
TensorVector inputs_of(const Node& node, bool noisy) {
    TensorVector in;
    for (size_t i = 0; i < node.get_input_size(); ++i) {
        const auto& src = node.input_value(i).node;
        const Shape& s = node.get_input_shape(i);
        in.push_back(src->is_constant() ? src->get_constant_value() : noisy ? noise(s) : ramp(s));
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

// The node's cost inside a model, where launches are enqueued back to back and waited for once: the mean time of
// one run of its launches among kQueued enqueued before one queue.finish() (repeated for at least 0.1 s).
double queued_seconds(const bench::DeviceNode& d) {
    constexpr int kQueued = 32;
    int runs = 0;
    double seconds = 0;
    while (seconds < 0.1) {
        const auto t0 = std::chrono::steady_clock::now();
        for (int r = 0; r < kQueued; ++r)
            for (size_t i = 0; i < d.kernels.size(); ++i)
                gpu::enqueue_kernel(d.env->queue, d.kernels[i], d.config.launches[i], nullptr);
        d.env->queue.finish();
        seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        runs += kQueued;
    }
    return seconds / runs;
}

void BM_GpuOp(benchmark::State& state, const Case& c) {
    const auto node = c.make();
    const TensorVector in = inputs_of(*node, c.noisy);
    const auto d = bench::prepare_on_device(
        state, *node, in, c.candidate < 0 ? std::nullopt : std::optional<size_t>(static_cast<size_t>(c.candidate)));
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
    state.counters["queued_ms"] = 1e3 * queued_seconds(*d);
    state.SetLabel(d->config.impl_name);
}

// Probes of where a memory-bound op's time goes on the device (issue 8): the cost of one launch of an empty
// kernel, a copy kernel moving `per_item` floats per work-item as float16 vectors (work-group size 64 unless
// fewer items), and clEnqueueCopyBuffer, each on `bytes` and each waited for with queue.finish() like BM_GpuOp.
const char* kProbeSource = R"CL(
kernel void empty(global float* p) {}
kernel void copy_v16(global const float* src, global float* dst, int per_item, int n) {
    const int base = get_global_id(0) * per_item;
    const int end = min(base + per_item, n);
    for (int i = base; i < end; i += 16)
        vstore16(vload16(0, src + i), 0, dst + i);
}
kernel void mul_v16(global const float* a, global const float* b, global float* dst, int per_item, int n) {
    const int base = get_global_id(0) * per_item;
    const int end = min(base + per_item, n);
    for (int i = base; i < end; i += 16)
        vstore16(vload16(0, a + i) * vload16(0, b + i), 0, dst + i);
}
kernel void bias_v16(global const float* a, global const float* b, global float* dst, int per_item, int n) {
    const int base = get_global_id(0) * per_item;
    const int end = min(base + per_item, n);
    for (int i = base; i < end; i += 16)
        vstore16(vload16(0, a + i) + b[i / 12544], 0, dst + i);
}
)CL";

struct Probe {
    gpu::GpuEnv* env = nullptr;
    cl::Program program;
    cl::Buffer src, src2, dst;
};

bool probe_setup(benchmark::State& state, Probe& p, size_t bytes) {
    p.env = bench::gpu_env();
    if (!p.env) {
        state.SkipWithError("no OpenCL device");
        return false;
    }
    p.program = cl::Program(p.env->context, kProbeSource);
    p.program.build();
    std::vector<float> host(bytes / sizeof(float), 1.0f);
    p.src = gpu::make_buffer(p.env->context, bytes, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, host.data());
    p.src2 = gpu::make_buffer(p.env->context, bytes, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, host.data());
    p.dst = gpu::make_buffer(p.env->context, bytes, CL_MEM_READ_WRITE);
    return true;
}

// Times `enqueue` as BM_GpuOp times a node; GBps counts `traffic` bytes (read and written) per launch.
void probe_loop(benchmark::State& state, Probe& p, size_t traffic, const std::function<void()>& enqueue) {
    enqueue();  // compiles the work-group function for the local size
    p.env->queue.finish();
    const double cpu0 = bench::cpu_seconds();
    for (auto _ : state) {
        enqueue();
        p.env->queue.finish();
    }
    const auto n = static_cast<double>(state.iterations());
    state.counters["GBps"] = benchmark::Counter(static_cast<double>(traffic) * 1e-9 * n,
                                                benchmark::Counter::kIsRate);
    state.counters["cpu_ms"] = 1e3 * (bench::cpu_seconds() - cpu0) / n;
    // Back to back, one wait for 32 launches: the per-launch cost inside a model.
    int runs = 0;
    double seconds = 0;
    while (seconds < 0.1) {
        const auto t0 = std::chrono::steady_clock::now();
        for (int r = 0; r < 32; ++r)
            enqueue();
        p.env->queue.finish();
        seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        runs += 32;
    }
    state.counters["queued_ms"] = 1e3 * seconds / runs;
}

// Arg: work-groups of 64 work-items.
void BM_ProbeEmptyKernel(benchmark::State& state) {
    Probe p;
    if (!probe_setup(state, p, 64))
        return;
    cl::Kernel k(p.program, "empty");
    k.setArg(0, p.dst);
    const auto global = static_cast<size_t>(64 * state.range(0));
    probe_loop(state, p, 0, [&] {
        p.env->queue.enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(global), cl::NDRange(64));
    });
}

// Args: bytes, floats per work-item (a multiple of 16), kernel (1: copy_v16, 2: mul_v16, 3: bias_v16).
void BM_ProbeCopyKernel(benchmark::State& state) {
    const auto bytes = static_cast<size_t>(state.range(0));
    const auto per_item = static_cast<size_t>(state.range(1));
    const bool two = state.range(2) >= 2;
    Probe p;
    if (!probe_setup(state, p, bytes))
        return;
    const size_t n = bytes / sizeof(float), items = (n + per_item - 1) / per_item;
    const size_t local = std::min<size_t>(64, items), global = (items + local - 1) / local * local;
    cl::Kernel k(p.program, state.range(2) == 3 ? "bias_v16" : two ? "mul_v16" : "copy_v16");
    cl_uint arg = 0;
    k.setArg(arg++, p.src);
    if (two)
        k.setArg(arg++, p.src2);
    k.setArg(arg++, p.dst);
    k.setArg(arg++, static_cast<cl_int>(per_item));
    k.setArg(arg++, static_cast<cl_int>(n));
    probe_loop(state, p, (state.range(2) == 2 ? 3 : 2) * bytes, [&] {
        p.env->queue.enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(global), cl::NDRange(local));
    });
    state.counters["groups"] = static_cast<double>(global / local);
}

void BM_ProbeCopyBuffer(benchmark::State& state) {
    const auto bytes = static_cast<size_t>(state.range(0));
    Probe p;
    if (!probe_setup(state, p, bytes))
        return;
    probe_loop(state, p, 2 * bytes, [&] { p.env->queue.enqueueCopyBuffer(p.src, p.dst, 0, 0, bytes); });
}

}  // namespace

int main(int argc, char** argv) {
    for (int64_t groups : {1, 2, 64, 1024})
        benchmark::RegisterBenchmark("BM_ProbeEmptyKernel", BM_ProbeEmptyKernel)
            ->Arg(groups)
            ->Unit(benchmark::kMicrosecond)
            ->UseRealTime();
    for (int64_t bytes : {393216, 3211264})
        for (int64_t per_item : {16, 64, 256, 1024})
            benchmark::RegisterBenchmark("BM_ProbeCopyKernel", BM_ProbeCopyKernel)
                ->Args({bytes, per_item, 1})
                ->Unit(benchmark::kMicrosecond)
                ->UseRealTime();
    for (int64_t per_item : {16, 64})
        for (int64_t kind : {2, 3})
            benchmark::RegisterBenchmark("BM_ProbeCopyKernel", BM_ProbeCopyKernel)
                ->Args({3211264, per_item, kind})
                ->Unit(benchmark::kMicrosecond)
                ->UseRealTime();
    for (int64_t bytes : {393216, 3211264})
        benchmark::RegisterBenchmark("BM_ProbeCopyBuffer", BM_ProbeCopyBuffer)
            ->Arg(bytes)
            ->Unit(benchmark::kMicrosecond)
            ->UseRealTime();
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
