// What the GPU plugin's graph fusions (src/gpu/transform/fusions.hpp) buy: steps and inference latency of a model compiled
// with them (default) and with DISABLE_TRANSFORMATIONS, in the same run. Models: the embedded CNN and transformer
// block, a decomposed LayerNorm (ReduceMean / Subtract / Power / ReduceMean / Add / Sqrt / Divide / Multiply / Add
// on [1,256,768]), a decomposed Gelu chain (0.5 x (1 + erf(x / sqrt 2)) after a bias Add, [1,256,3072]) and a
// 3x3 convolution with an unfolded BatchNormInference and Relu (C64 56x56), and a quantized block's end
// (Add -> Relu -> FakeQuantize on [1,256,56,56]).
// BM_GpuFusedFakeQuantize/<ranges>/<layers>: a per-tensor (1) or per-channel (2) FakeQuantize as a post op of
// the convolution against one as its own kernel, after ResNet-50 3x3 (0) or MobileNet-V2 1x1 (1) convolutions.
//   build/bin/ovcl_bench_gpu_fusion
// Counters, for DISABLE_TRANSFORMATIONS (_plain) and the default (_fused): steps (runtime-model nodes other than
// Parameter/Constant/Result), kernels (steps that launch kernels), ms (median wall time of one synchronous
// infer(), inputs uploaded and outputs read back included), speedup = ms_plain / ms_fused. Time: the fused model.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <vector>

#include "ovcl/core.hpp"
#include "ovcl/ops.hpp"
#include "tools/default_models.hpp"

using namespace ovcl;

namespace {

Output<Node> binary(const std::string& type, const Output<Node>& a, const Output<Node>& b) {
    return op::make_output(type, {a, b}, {{"auto_broadcast", "numpy"}});
}

Output<Node> scalar(float v) { return Output<Node>(op::constant<float>(element::f32, Shape{}, {v}), 0); }

Output<Node> filled(const Shape& shape, float v) {
    return Output<Node>(op::constant<float>(element::f32, shape, std::vector<float>(shape_size(shape), v)), 0);
}

std::shared_ptr<Model> decomposed_layer_norm() {
    auto x = op::parameter(element::f32, Shape{1, 256, 768}, "x");
    const Output<Node> axes(op::constant<int64_t>(element::i64, Shape{1}, {-1}), 0);
    const Attributes keep{{"keep_dims", "true"}};
    const Output<Node> d = binary("Subtract", x, op::make_output("ReduceMean", {x, axes}, keep));
    const Output<Node> var = op::make_output("ReduceMean", {binary("Power", d, scalar(2.f)), axes}, keep);
    const Output<Node> y = binary("Divide", d, op::make_output("Sqrt", {binary("Add", var, scalar(1e-5f))}));
    const Output<Node> out = binary("Add", binary("Multiply", y, filled({768}, 1.1f)), filled({768}, 0.1f));
    return std::make_shared<Model>(NodeVector{op::result(out, "y")}, NodeVector{x}, "layer_norm");
}

std::shared_ptr<Model> decomposed_gelu() {
    auto x = op::parameter(element::f32, Shape{1, 256, 3072}, "x");
    const Output<Node> h = binary("Add", x, filled({3072}, 0.05f));
    const Output<Node> e = op::make_output("Erf", {binary("Multiply", h, scalar(0.70710678f))});
    const Output<Node> out = binary("Multiply", binary("Multiply", h, scalar(0.5f)), binary("Add", e, scalar(1.f)));
    return std::make_shared<Model>(NodeVector{op::result(out, "y")}, NodeVector{x}, "gelu");
}

// A 3x3 convolution (pads 1) of ResNet-50's first stage: C64 -> K64, fixed weights (`seed` shifts them).
Output<Node> conv3x3_c64(const Output<Node>& x, int seed) {
    std::vector<float> w(64 * 64 * 9);
    for (size_t i = 0; i < w.size(); ++i)
        w[i] = 0.05f * std::sin(0.7f * static_cast<float>(i + static_cast<size_t>(seed)));
    return op::make_output("Convolution", {x, Output<Node>(op::constant<float>(element::f32, Shape{64, 64, 3, 3}, w), 0)},
                           {{"strides", "1,1"}, {"dilations", "1,1"}, {"pads_begin", "1,1"}, {"pads_end", "1,1"},
                            {"auto_pad", "explicit"}});
}

// A 3x3 convolution of ResNet-50's first stage (N1 C64 56x56) with its batch norm unfolded (as a model exported
// from training code keeps it), then Relu.
std::shared_ptr<Model> conv_batch_norm() {
    auto x = op::parameter(element::f32, Shape{1, 64, 56, 56}, "x");
    const Output<Node> bn = op::make_output("BatchNormInference", {conv3x3_c64(x, 0), filled({64}, 1.2f), filled({64}, 0.1f),
                                                             filled({64}, 0.05f), filled({64}, 0.9f)},
                                      {{"epsilon", "0.001"}}, 5);
    const Output<Node> out = op::make_output("Relu", {bn});
    return std::make_shared<Model>(NodeVector{op::result(out, "y")}, NodeVector{x}, "conv_batch_norm");
}

// The end of a quantized ResNet-50 stage-1 block: Add(residual) -> Relu -> FakeQuantize (per tensor, 256 levels)
// on [1,256,56,56].
std::shared_ptr<Model> quantized_block_end() {
    auto x = op::parameter(element::f32, Shape{1, 256, 56, 56}, "x");
    auto skip = op::parameter(element::f32, Shape{1, 256, 56, 56}, "skip");
    const Output<Node> relu = op::make_output("Relu", {binary("Add", x, skip)});
    const Output<Node> out = op::make_output("FakeQuantize", {relu, scalar(0.f), scalar(4.f), scalar(0.f), scalar(4.f)},
                                       {{"levels", "256"}, {"auto_broadcast", "numpy"}});
    return std::make_shared<Model>(NodeVector{op::result(out, "y")}, NodeVector{x, skip}, "quantized_block_end");
}

std::shared_ptr<Model> model_of(int64_t which) {
    switch (which) {
    case 0: return default_models::make_resnet_like_cnn();
    case 1: return default_models::make_transformer_block();
    case 2: return decomposed_layer_norm();
    case 3: return decomposed_gelu();
    case 4: return conv_batch_norm();
    default: return quantized_block_end();
    }
}

struct Compiled {
    CompiledModel model;
    InferRequest request;
    size_t steps = 0, kernels = 0;
    std::vector<double> ms;
};

Compiled compile(Core& core, const std::shared_ptr<Model>& model, bool fused) {
    Compiled c;
    c.model = core.compile_model(model, "GPU", {{"DISABLE_TRANSFORMATIONS", !fused}});
    for (const auto& n : c.model.get_runtime_model()->get_ordered_ops()) {
        const std::string type = n->get_rt_info().at("layerType").as<std::string>();
        if (type == "Parameter" || type == "Constant" || type == "Result")
            continue;
        ++c.steps;
        const std::string impl = n->get_rt_info().at("primitiveType").as<std::string>();
        c.kernels += impl != "ref" && impl != "view";
    }
    c.request = c.model.create_infer_request();
    for (const auto& in : model->inputs()) {
        Tensor t(in.get_element_type(), in.get_shape());
        float* d = t.data<float>();
        for (size_t i = 0; i < t.get_size(); ++i)
            d[i] = std::sin(0.37f * static_cast<float>(i));
        c.request.set_tensor(in, t);
    }
    c.request.infer();  // first run outside the timing
    return c;
}

double timed_infer(Compiled& c) {
    const auto t0 = std::chrono::steady_clock::now();
    c.request.infer();
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    c.ms.push_back(ms);
    return ms;
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[v.size() / 2];
}

// Compiles `base` (transformations on or off) and `timed` (on), then times both in one loop, alternating, so that
// both see the same machine load (the machines are shared); the iteration time is `timed`'s, the counters report
// medians of single inferences. False when a compilation failed (the benchmark is skipped with the error).
bool run_pair(benchmark::State& state, const std::shared_ptr<Model>& base_model, bool base_fused,
              const std::shared_ptr<Model>& timed_model, Compiled& base, Compiled& timed) {
    Core core;
    try {
        base = compile(core, base_model, base_fused);
        timed = compile(core, timed_model, true);
    } catch (const Exception& e) {
        state.SkipWithError(e.what());
        return false;
    }
    for (auto _ : state) {
        timed_infer(base);
        state.SetIterationTime(timed_infer(timed) * 1e-3);
    }
    return true;
}

void BM_GpuFusion(benchmark::State& state) {
    const auto model = model_of(state.range(0));
    Compiled plain, fused;
    if (!run_pair(state, model, false, model, plain, fused))
        return;
    static const char* names[] = {"cnn", "transformer", "layer_norm", "gelu_chain", "conv_batch_norm",
                                  "quantized_block_end"};
    state.SetLabel(names[state.range(0)]);
    state.counters["steps_plain"] = static_cast<double>(plain.steps);
    state.counters["steps_fused"] = static_cast<double>(fused.steps);
    state.counters["kernels_plain"] = static_cast<double>(plain.kernels);
    state.counters["kernels_fused"] = static_cast<double>(fused.kernels);
    state.counters["ms_plain"] = median(plain.ms);
    state.counters["ms_fused"] = median(fused.ms);
    state.counters["speedup"] = median(plain.ms) / median(fused.ms);
}
BENCHMARK(BM_GpuFusion)->DenseRange(0, 5)->MinTime(3.0)->UseManualTime()->Unit(benchmark::kMillisecond);

// A 1x1 convolution (no padding) C -> K with fixed weights: MobileNet-V2's expansion layers.
Output<Node> conv1x1(const Output<Node>& x, size_t c, size_t k) {
    std::vector<float> w(k * c);
    for (size_t i = 0; i < w.size(); ++i)
        w[i] = 0.1f * std::sin(0.3f * static_cast<float>(i));
    return op::make_output("Convolution", {x, Output<Node>(op::constant<float>(element::f32, Shape{k, c, 1, 1}, w), 0)},
                           {{"strides", "1,1"}, {"dilations", "1,1"}, {"pads_begin", "0,0"}, {"pads_end", "0,0"},
                            {"auto_pad", "explicit"}});
}

// Convolutions as a quantized model runs them emulated in f32, each followed by a FakeQuantize (256 levels, the
// next layer's input quantizer). `layers` 0: two 3x3 convolutions of ResNet-50's first stage (N1 C64 56x56) ->
// bias -> Relu; 1: MobileNet-V2's second expansion (1x1 C24 -> K144 on 56x56) -> bias -> Clamp(0, 6), the layer
// whose output NNCF quantizes per channel. `ranges`: 0 ranges that vary along the rows ([1, 1, H, 1], which
// keeps the FakeQuantize a kernel of its own: the same arithmetic per element), 1 single values (per tensor), 2
// one per channel ([1, K, 1, 1]); 1 and 2 make the FakeQuantize a post op of the convolution's epilogue.
std::shared_ptr<Model> quantized_convs(int64_t ranges, int64_t layers) {
    const size_t c = layers == 0 ? 64 : 24, k = layers == 0 ? 64 : 144;
    auto x = op::parameter(element::f32, Shape{1, c, 56, 56}, "x");
    const Shape shape = ranges == 0 ? Shape{1, 1, 56, 1} : ranges == 1 ? Shape{} : Shape{1, k, 1, 1};
    // Upper ends 4 + i / 64 along the ranges' axis.
    std::vector<float> high(shape_size(shape));
    for (size_t i = 0; i < high.size(); ++i)
        high[i] = 4.f + static_cast<float>(i) / 64.f;
    const Output<Node> hi(op::constant<float>(element::f32, shape, high), 0);
    Output<Node> y = x;
    for (int layer = 0; layer < (layers == 0 ? 2 : 1); ++layer) {
        const Output<Node> conv = layers == 0 ? conv3x3_c64(y, layer) : conv1x1(y, c, k);
        const Output<Node> bias = binary("Add", conv, filled({1, k, 1, 1}, 0.01f));
        const Output<Node> act = layers == 0 ? op::make_output("Relu", {bias})
                                       : op::make_output("Clamp", {bias}, {{"min", "0"}, {"max", "6"}});
        y = op::make_output("FakeQuantize", {act, filled(shape, 0.f), hi, filled(shape, 0.f), hi},
                            {{"levels", "256"}, {"auto_broadcast", "numpy"}});
    }
    return std::make_shared<Model>(NodeVector{op::result(y, "y")}, NodeVector{x}, "quantized_convs");
}

// The quantizer fused into the convolution's epilogue (ranges /1 per tensor, /2 per channel) against the same
// model with it as a kernel of its own, both with the default transformations, interleaved; layers /0 or /1 as in
// quantized_convs. Counters as BM_GpuFusion's, _apart for the FakeQuantize kept apart.
void BM_GpuFusedFakeQuantize(benchmark::State& state) {
    Compiled apart, fused;
    if (!run_pair(state, quantized_convs(0, state.range(1)), true, quantized_convs(state.range(0), state.range(1)),
                  apart, fused))
        return;
    state.SetLabel(std::string(state.range(1) == 0 ? "2x (conv 3x3 C64 56x56 + bias + Relu"
                                                   : "1x (conv 1x1 C24 K144 56x56 + bias + Clamp") +
                   " + FakeQuantize " + (state.range(0) == 1 ? "per tensor)" : "per channel)"));
    state.counters["steps_apart"] = static_cast<double>(apart.steps);
    state.counters["steps_fused"] = static_cast<double>(fused.steps);
    state.counters["ms_apart"] = median(apart.ms);
    state.counters["ms_fused"] = median(fused.ms);
    state.counters["speedup"] = median(apart.ms) / median(fused.ms);
}
BENCHMARK(BM_GpuFusedFakeQuantize)
    ->ArgsProduct({{1, 2}, {0, 1}})
    ->MinTime(3.0)
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
