// OpenCL ScaledDotProductAttention on GPU.0 (PoCL's CPU device in CI) and host_ref on the same heads, against the
// CPU's FMA peak measured in the same run. Programs, buffers and kernels are built once outside the timed loop; an
// iteration is one enqueue plus queue.finish().
//   build/bin/ovcl_bench_gpu_attention --benchmark_out=gpu_attention.json --benchmark_out_format=json
// Shapes: BERT-base self-attention (batch 1, 12 heads, L = S = 128 or 384, E = Ev = 64) without a mask, with a
// padding mask [1, 1, 1, S] (real), causal, and a real mask [1, 1, L, S] (one value per row and key, gathered by
// the kernel). Counters as in bench_gpu_matmul (GFLOP is a rate: 2 L S (E + Ev) per head for Q K^T and P V, keys
// s <= l only when causal; the softmax's exponentials are not counted).
#include <benchmark/benchmark.h>

#include <string>

#include "common/gpu_bench.hpp"
#include "ops/gpu_env.hpp"
#include "ovcl/op_registry.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;

namespace {

using bench::BM_CpuFmaPeak;

Tensor ramp(const Shape& shape, float scale) {
    Tensor t(element::f32, shape);
    float* d = t.data<float>();
    for (size_t i = 0; i < t.get_size(); ++i)
        d[i] = scale * static_cast<float>(static_cast<int>(i % 17) - 8);
    return t;
}

enum Variant { kPlain = 0, kPaddingMask = 1, kCausal = 2, kFullMask = 3 };
const char* const kVariantNames[] = {"no mask", "padding mask [1,1,1,S]", "causal", "mask [1,1,L,S]"};

struct Head {
    std::shared_ptr<Node> node;
    TensorVector inputs;
    double flops = 0;
};

Head make_head(size_t L, Variant variant) {
    const size_t H = 12, E = 64;
    const Shape qkv{1, H, L, E};
    Head h;
    h.inputs = {ramp(qkv, 0.05f), ramp(qkv, 0.03f), ramp(qkv, 0.02f)};
    if (variant == kPaddingMask) {
        Tensor m(element::f32, Shape{1, 1, 1, L});
        for (size_t s = 0; s < L; ++s)
            m.data<float>()[s] = s < L - L / 8 ? 0.f : -10000.f;  // the last eighth is padding
        h.inputs.push_back(m);
    } else if (variant == kFullMask) {  // a causal mask written out: one value per (row, key)
        Tensor m(element::f32, Shape{1, 1, L, L});
        for (size_t l = 0; l < L; ++l)
            for (size_t s = 0; s < L; ++s)
                m.data<float>()[l * L + s] = s <= l ? 0.f : -10000.f;
        h.inputs.push_back(m);
    }
    OutputVector params;
    for (const auto& t : h.inputs)
        params.push_back(op::parameter(element::f32, t.get_shape()));
    h.node = op::make("ScaledDotProductAttention", params, {{"causal", variant == kCausal ? "true" : "false"}});
    h.flops = 2.0 * static_cast<double>(H * L * L) * 2.0 * static_cast<double>(E);
    if (variant == kCausal)
        h.flops = h.flops * static_cast<double>(L + 1) / (2.0 * static_cast<double>(L));  // keys s <= l only
    return h;
}

BENCHMARK(BM_CpuFmaPeak)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->Iterations(3);

void BM_GpuAttention(benchmark::State& state) {
    const auto variant = static_cast<Variant>(state.range(1));
    const Head h = make_head(static_cast<size_t>(state.range(0)), variant);
    const auto d = bench::prepare_on_device(state, *h.node, h.inputs);
    if (!d) return;
    d->run();  // the first launch compiles the work-group function for the local size
    bench::timed_loop(state, h.flops, [&] { d->run(); });
    state.SetLabel(d->config.impl_name + ", " + kVariantNames[variant]);
}
BENCHMARK(BM_GpuAttention)
    ->ArgsProduct({{128, 384}, {kPlain, kPaddingMask, kCausal, kFullMask}})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

void BM_HostRefAttention(benchmark::State& state) {
    const auto variant = static_cast<Variant>(state.range(1));
    const Head h = make_head(static_cast<size_t>(state.range(0)), variant);
    EvalContext ctx;
    bench::timed_loop(state, h.flops, [&] { benchmark::DoNotOptimize(evaluate_node(*h.node, h.inputs, ctx)); });
    state.SetLabel(kVariantNames[variant]);
}
BENCHMARK(BM_HostRefAttention)
    ->ArgsProduct({{128}, {kPlain, kPaddingMask, kCausal}})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
