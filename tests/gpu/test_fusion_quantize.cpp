// FakeQuantize fused into the convolution / MatMul epilogue as a post op (src/gpu/transform/fusions.cpp, ops/epilogue.hpp):
// Conv / GroupConv / MatMul -> [bias] -> [activation] -> FakeQuantize with Constant ranges of one value or one per
// output channel (the per-tensor or per-channel quantizer of a quantized model's activations) becomes one kernel.
// With integer data, weights and bias the sums before the quantizer are exact, so GPU must equal REF (the unfused
// graph on host_ref) bit for bit: the epilogue quantizes as host_ref does (no contraction, correctly rounded
// division). With real-valued data the sums differ in their last bits, which can move a value across a level
// boundary: there every output is within one quantization step of REF's and almost all are equal. Non-Constant
// ranges, or ranges varying along another axis, leave the FakeQuantize a step of its own; malformed "post_ops"
// texts are refused by name.
// Where no convolution or MatMul precedes it, a FakeQuantize joins a FusedEltwise of its element-wise neighbours.
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include "fusion_test_utils.hpp"
#include "transform/fusions.hpp"

using namespace ovcl;

using test::named;
using test::Runtime;
using test::runtime_of;

namespace {

// Random integers in [lo, hi] as a tensor of `type` (f32 or f16).
Tensor integer_tensor(const Shape& shape, int lo, int hi, uint32_t seed, element::Type type = element::f32) {
    return test::make_tensor(type, shape, test::values(test::random_tensor(element::i32, shape, lo, hi, seed)));
}

Output<Node> integer_constant(const Shape& shape, uint32_t seed, const std::string& name, element::Type type) {
    return named(op::constant(integer_tensor(shape, -2, 2, seed, type)), name);
}

// A convolution of `x` (3x3 pads 1, or 1x1 without padding; GroupConvolution for 5-D weights) with integer weights.
Output<Node> conv(const Output<Node>& x, const Shape& w_shape, const std::string& name) {
    const bool grouped = w_shape.size() == 5;
    const std::string pads = w_shape.back() == 1 ? "0,0" : "1,1";
    return named(op::make(grouped ? "GroupConvolution" : "Convolution",
                          {x, integer_constant(w_shape, 3, name + ".w", x.get_element_type())},
                          {{"strides", "1,1"}, {"dilations", "1,1"}, {"pads_begin", pads}, {"pads_end", pads},
                           {"auto_pad", "explicit"}}),
                 name);
}

Output<Node> matmul(const Output<Node>& a, const Output<Node>& b, const std::string& name, bool ta = false, bool tb = false) {
    return named(op::make("MatMul", {a, b}, {{"transpose_a", ta ? "true" : "false"},
                                             {"transpose_b", tb ? "true" : "false"}}),
                 name);
}

Output<Node> matmul(const Output<Node>& a, const Shape& b_shape, const std::string& name, bool tb = false) {
    return matmul(a, integer_constant(b_shape, 7, name + ".w", a.get_element_type()), name, false, tb);
}

Output<Node> add_bias(const Output<Node>& y, const Shape& bias_shape, const std::string& name) {
    return test::binary("Add", y, integer_constant(bias_shape, 5, name + ".b", y.get_element_type()), name);
}

Output<Node> scalar(float v, const std::string& name, const Shape& shape, element::Type type) {
    return named(op::constant(test::make_tensor(type, shape, std::vector<float>(shape_size(shape), v))), name);
}

// FakeQuantize of `x` with the ranges il, ih, ol, oh.
Output<Node> fake_quantize_of(const Output<Node>& x, const OutputVector& ranges, int levels, const std::string& name) {
    OutputVector in{x};
    in.insert(in.end(), ranges.begin(), ranges.end());
    return named(op::make("FakeQuantize", in, {{"levels", std::to_string(levels)}, {"auto_broadcast", "numpy"}}),
                 name);
}

// FakeQuantize of `x` with single-value ranges of shape `range_shape` ({} a scalar, {1, 1, 1, 1} ...).
Output<Node> fake_quantize(const Output<Node>& x, float il, float ih, float ol, float oh, int levels, const std::string& name,
                     const Shape& range_shape = {}) {
    const element::Type t = x.get_element_type();
    return fake_quantize_of(x,
                            {scalar(il, name + ".il", range_shape, t), scalar(ih, name + ".ih", range_shape, t),
                             scalar(ol, name + ".ol", range_shape, t), scalar(oh, name + ".oh", range_shape, t)},
                            levels, name);
}

// FakeQuantize of `x` with per-channel input ranges of `channels` random values (il in [-9, -7], ih in [7, 9])
// and output range [ol, oh].
Output<Node> per_channel_fake_quantize(const Output<Node>& x, size_t channels, float ol, float oh, int levels,
                                 const std::string& name) {
    const Shape s{1, channels, 1, 1};
    return fake_quantize_of(x,
                            {test::random_constant(s, 31, name + ".il", -9, -7),
                             test::random_constant(s, 32, name + ".ih", 7, 9),
                             scalar(ol, name + ".ol", {}, element::f32), scalar(oh, name + ".oh", {}, element::f32)},
                            levels, name);
}

// FakeQuantize of `x` with all four ranges per channel (Constants of `shape`): il in [-span, -span / 2], ih in
// [span / 2, span], ol in [-1, 0], oh in [1, 2].
Output<Node> channel_ranges_fake_quantize(const Output<Node>& x, const Shape& shape, float span, int levels,
                                    const std::string& name) {
    return fake_quantize_of(x,
                            {test::random_constant(shape, 41, name + ".il", -span, -span / 2),
                             test::random_constant(shape, 42, name + ".ih", span / 2, span),
                             test::random_constant(shape, 43, name + ".ol", -1, 0),
                             test::random_constant(shape, 44, name + ".oh", 1, 2)},
                            levels, name);
}

// GPU and REF on the same inputs; returns their outputs and the GPU runtime model.
struct Outputs {
    TensorVector gpu, ref;
    Runtime runtime;
};

Outputs run_both(const std::shared_ptr<Model>& model, const TensorVector& inputs) {
    Core core;
    auto gpu = core.compile_model(model, "GPU", test::on_cpu_kernels({}));
    auto ref = core.compile_model(model, "REF");
    return {test::infer(gpu, inputs), test::infer(ref, inputs), runtime_of(gpu)};
}

// GPU's outputs equal REF's bit for bit.
void expect_bit_identical(const Outputs& o) {
    ASSERT_EQ(o.gpu.size(), o.ref.size());
    for (size_t i = 0; i < o.gpu.size(); ++i)
        EXPECT_TENSOR_EQ(o.gpu[i], o.ref[i]) << "output " << i;
}

// Every element within `step` (+ 1e-6) of the reference, and at most `share` of them apart by more than 1e-6.
void expect_within_one_step(const Tensor& got, const Tensor& want, double step, double share) {
    const std::vector<double> g = test::values(got), w = test::values(want);
    ASSERT_EQ(g.size(), w.size());
    size_t apart = 0;
    for (size_t i = 0; i < g.size(); ++i) {
        const double d = std::fabs(g[i] - w[i]);
        ASSERT_LE(d, step + 1e-6) << "element " << i << ": " << g[i] << " vs " << w[i];
        apart += d > 1e-6;
    }
    EXPECT_LE(static_cast<double>(apart), share * static_cast<double>(g.size())) << apart << " elements differ";
}

}  // namespace

// The kernels that carry the epilogue: conv2d_k16 (float16 vectors along channels), matmul_panel for a pointwise
// convolution of 512+ pixels (vectors along pixels, bias per kernel row), the depthwise kernel (scalars) and the
// MatMul kernels; each with ranges that make the division and rounding inexact.
TEST(GpuFusionQuantize, BitIdenticalToTheHostWhereTheSumsAreExact) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    auto x = op::parameter(element::f32, Shape{1, 8, 24, 26}, "x");
    auto a = op::parameter(element::f32, Shape{2, 9, 40}, "a");
    const Output<Node> k16 = fake_quantize(test::unary("Relu", add_bias(conv(x, {20, 8, 3, 3}, "c0"), {1, 20, 1, 1}, "b0"),
                                                 "r0"),
                                     0.f, 23.7f, 0.f, 2.55f, 256, "fq0");
    const Output<Node> gemm = fake_quantize(add_bias(conv(x, {40, 8, 1, 1}, "c1"), {1, 40, 1, 1}, "b1"), -7.3f, 11.9f,
                                      -1.1f, 2.7f, 255, "fq1", {1, 1, 1, 1});
    const Output<Node> dw = fake_quantize(add_bias(conv(x, {8, 1, 1, 3, 3}, "c2"), {1, 8, 1, 1}, "b2"), 9.6f, -5.2f, 3.f,
                                    -1.f, 16, "fq2");
    const Output<Node> mm = fake_quantize(add_bias(matmul(a, {40, 24}, "m3"), {24}, "b3"), -13.1f, 12.2f, -12.7f, 12.8f,
                                    256, "fq3");
    const Outputs o = run_both(test::model_of({k16, gemm, dw, mm}, {x, a}),
                               {integer_tensor(x->get_output_shape(0), -4, 4, 11),
                                integer_tensor(a->get_output_shape(0), -3, 3, 12)});
    expect_bit_identical(o);
    EXPECT_EQ(o.runtime.fused_names.at("fq0"), "c0,b0,r0,fq0");
    EXPECT_EQ(o.runtime.fused_names.at("fq1"), "c1,b1,fq1");
    EXPECT_EQ(o.runtime.fused_names.at("fq2"), "c2,b2,fq2");
    EXPECT_EQ(o.runtime.fused_names.at("fq3"), "m3,b3,fq3");
    EXPECT_EQ(o.runtime.ops, 4u);
    EXPECT_EQ(o.runtime.primitive.at("fq0").rfind("conv2d_k16_", 0), 0u) << o.runtime.primitive.at("fq0");
    EXPECT_EQ(o.runtime.primitive.at("fq1").rfind("conv2d_gemm_", 0), 0u) << o.runtime.primitive.at("fq1");
    EXPECT_EQ(o.runtime.primitive.at("fq2").rfind("conv2d_dw", 0), 0u) << o.runtime.primitive.at("fq2");
    for (const char* name : {"fq0", "fq1", "fq2", "fq3"})
        EXPECT_NE(o.runtime.primitive.at(name).find("_fused"), std::string::npos) << o.runtime.primitive.at(name);
}

// Real-valued data: the sums before the quantizer differ from REF's in their last bits.
TEST(GpuFusionQuantize, WithinOneStepOfTheHostOnRealData) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    for (const element::Type type : {element::f32, element::f16}) {
        SCOPED_TRACE(type.get_type_name());
        auto x = op::parameter(type, Shape{1, 16, 14, 15}, "x");
        // After the quantizer a post op: Multiply by a scale (a dequantizing step).
        const Output<Node> fq = fake_quantize(test::unary("Relu", conv(x, {32, 16, 3, 3}, "c"), "r"), 0.f, 6.f, 0.f, 6.f,
                                        256, "fq");
        const Output<Node> y = test::binary("Multiply", fq, scalar(0.5f, "k", {}, type), "scale");
        auto model = test::model_of({y}, {x});
        const Outputs o = run_both(model, test::inputs_for(model));
        EXPECT_EQ(o.runtime.fused_names.at("scale"), "c,r,fq,scale");
        EXPECT_EQ(o.runtime.ops, 1u);
        // f16 stores the output rounded (8 bits of mantissa around 3: 2^-9) and REF rounds after each op.
        const double step = 6.0 / 255 * 0.5 + (type == element::f16 ? 3.0 * std::ldexp(1.0, -10) : 0.0);
        // f32: no element differs on PoCL; f16: 43 of 6,720 (its sums are rounded to f16 before REF's quantizer).
        expect_within_one_step(o.gpu[0], o.ref[0], step, type == element::f16 ? 0.05 : 0.01);
    }
}

// Ranges per output channel (NNCF's quantizer of a depthwise convolution's input) are a post op too: each
// channel's values are a plane of the epilogue's table, read by every kernel that carries the epilogue (vectors
// along channels in conv2d_k16 and the column-panel MatMul, one value per vector along pixels in the pointwise
// matmul_panel, the depthwise kernel and the swapped MatMul, scalars in matmul_dot), bit for bit as host_ref.
// After the quantizer, a per-channel dequantizing Multiply joins the epilogue as well.
TEST(GpuFusionQuantize, PerChannelRangesAreAPostOp) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    auto x = op::parameter(element::f32, Shape{1, 8, 24, 26}, "x");
    auto a = op::parameter(element::f32, Shape{2, 9, 40}, "a");
    auto at = op::parameter(element::f32, Shape{3, 40, 7}, "at");
    auto bt = op::parameter(element::f32, Shape{10, 40}, "bt");
    const Output<Node> k16 = channel_ranges_fake_quantize(
        test::unary("Relu", add_bias(conv(x, {20, 8, 3, 3}, "c0"), {1, 20, 1, 1}, "b0"), "r0"), {1, 20, 1, 1}, 24.f,
        256, "fq0");
    const Output<Node> dequantized =
        test::binary("Multiply", k16, test::random_constant({1, 20, 1, 1}, 45, "k0", 0.5, 2), "dq0");
    const Output<Node> gemm = channel_ranges_fake_quantize(add_bias(conv(x, {40, 8, 1, 1}, "c1"), {1, 40, 1, 1}, "b1"),
                                                     {40, 1, 1}, 12.f, 255, "fq1");
    const Output<Node> dw = channel_ranges_fake_quantize(conv(x, {8, 1, 1, 3, 3}, "c2"), {1, 8, 1, 1}, 10.f, 16, "fq2");
    const Output<Node> panel = channel_ranges_fake_quantize(matmul(a, {40, 24}, "m3"), {24}, 30.f, 256, "fq3");
    const Output<Node> dot = channel_ranges_fake_quantize(matmul(a, {6, 40}, "m4", true), {1, 6}, 30.f, 256, "fq4");
    const Output<Node> swapped = channel_ranges_fake_quantize(matmul(at, bt, "m5", true, true), {10}, 30.f, 256, "fq5");
    const Outputs o = run_both(test::model_of({dequantized, gemm, dw, panel, dot, swapped}, {x, a, at, bt}),
                               {integer_tensor(x->get_output_shape(0), -4, 4, 11),
                                integer_tensor(a->get_output_shape(0), -3, 3, 12),
                                integer_tensor(at->get_output_shape(0), -3, 3, 13),
                                integer_tensor(bt->get_output_shape(0), -2, 2, 14)});
    expect_bit_identical(o);
    EXPECT_EQ(o.runtime.fused_names.at("dq0"), "c0,b0,r0,fq0,dq0");
    EXPECT_EQ(o.runtime.fused_names.at("fq1"), "c1,b1,fq1");
    EXPECT_EQ(o.runtime.fused_names.at("fq2"), "c2,fq2");
    EXPECT_EQ(o.runtime.fused_names.at("fq5"), "m5,fq5");
    EXPECT_EQ(o.runtime.ops, 6u);
    const std::vector<std::pair<const char*, const char*>> kernels = {
        {"dq0", "conv2d_k16_"}, {"fq1", "conv2d_gemm_"}, {"fq2", "conv2d_dw"}, {"fq3", "matmul_panel_8x32_packed"},
        {"fq4", "matmul_dot_4x4"}, {"fq5", "matmul_panel_8x32_swapped"}};
    for (const auto& [name, kernel] : kernels) {
        const std::string& primitive = o.runtime.primitive.at(name);
        EXPECT_EQ(primitive.rfind(kernel, 0), 0u) << name << ": " << primitive;
        EXPECT_NE(primitive.find("_fused"), std::string::npos) << name << ": " << primitive;
    }
}

// Ranges from a Parameter, or varying along an axis other than the channel's, are no post op: the FakeQuantize
// keeps its own kernel, right all the same.
TEST(GpuFusionQuantize, VariableOrRowRangesAreNotFused) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    auto x = op::parameter(element::f32, Shape{1, 8, 12, 13}, "x");
    auto hi = op::parameter(element::f32, Shape{}, "hi");
    const Output<Node> rows = channel_ranges_fake_quantize(conv(x, {4, 8, 3, 3}, "c0"), {1, 1, 12, 1}, 9.f, 256, "fq0");
    const element::Type f32 = element::f32;
    const Output<Node> variable =
        fake_quantize_of(conv(x, {4, 8, 3, 3}, "c1"),
                         {scalar(-8.f, "il1", {}, f32), hi, scalar(0.f, "ol1", {}, f32), scalar(1.f, "oh1", {}, f32)},
                         256, "fq1");
    Tensor hi_value(element::f32, Shape{});
    hi_value.data<float>()[0] = 8.5f;
    const Outputs o = run_both(test::model_of({rows, variable}, {x, hi}),
                               {integer_tensor(x->get_output_shape(0), -4, 4, 11), hi_value});
    expect_bit_identical(o);
    EXPECT_EQ(o.runtime.type.at("fq0"), "FakeQuantize");
    EXPECT_EQ(o.runtime.type.at("fq1"), "FakeQuantize");
    EXPECT_EQ(o.runtime.ops, 4u);
}

// A quantized ResNet's block end: Add(residual) -> Relu -> FakeQuantize is one FusedEltwise kernel (fq_v of
// kernels_cl/eltwise.cl), with single-value ranges (literals) or per-channel ranges (read with broadcast), bit
// for bit as host_ref where its inputs are exact; a FakeQuantize alone keeps its own kernel.
TEST(GpuFusionQuantize, InsideAFusedEltwise) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    auto x = op::parameter(element::f32, Shape{1, 24, 9, 11}, "x");
    auto skip = op::parameter(element::f32, Shape{1, 24, 9, 11}, "skip");
    const Output<Node> relu = test::unary("Relu", test::binary("Add", x, skip, "add"), "relu");
    const Output<Node> scalar_ranges = fake_quantize(relu, 0.f, 5.3f, 0.f, 2.1f, 256, "fq0");
    const Output<Node> per_channel = per_channel_fake_quantize(test::binary("Multiply", x, skip, "mul"), 24, -1.f, 1.f,
                                                         255, "fq1");
    const Output<Node> alone = fake_quantize(x, -2.5f, 2.5f, 0.f, 1.f, 11, "fq2");
    const Outputs o = run_both(test::model_of({scalar_ranges, per_channel, alone}, {x, skip}),
                               {integer_tensor(x->get_output_shape(0), -4, 4, 11),
                                integer_tensor(skip->get_output_shape(0), -4, 4, 12)});
    expect_bit_identical(o);
    EXPECT_EQ(o.runtime.type.at("fq0"), "FusedEltwise");
    EXPECT_EQ(o.runtime.fused_names.at("fq0"), "add,relu,fq0");
    EXPECT_EQ(o.runtime.type.at("fq1"), "FusedEltwise");
    EXPECT_EQ(o.runtime.fused_names.at("fq1"), "mul,fq1");
    EXPECT_EQ(o.runtime.type.at("fq2"), "FakeQuantize");
    EXPECT_EQ(o.runtime.ops, 3u);
}

// The fused node's "post_ops" (with the levels) and its per-channel ranges survive export and import: the
// imported model quantizes alike.
TEST(GpuFusionQuantize, SurvivesExportAndImport) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    auto x = op::parameter(element::f32, Shape{1, 8, 12, 13}, "x");
    const Output<Node> y = channel_ranges_fake_quantize(conv(x, {16, 8, 3, 3}, "c"), {1, 16, 1, 1}, 20.f, 17, "fq");
    auto compiled = core.compile_model(test::model_of({y}, {x}), "GPU");
    std::stringstream blob;
    compiled.export_model(blob);
    auto imported = core.import_model(blob, "GPU");
    const TensorVector in{integer_tensor(x->get_output_shape(0), -4, 4, 11)};
    EXPECT_TENSOR_EQ(test::infer(imported, in)[0], test::infer(compiled, in)[0]);
    const Runtime rt = runtime_of(imported);
    EXPECT_EQ(rt.fused_names.at("fq"), "c,fq");
    EXPECT_EQ(rt.ops, 1u);
}

// REF runs the transformed model (the fused type's host reference: the base op, bias, activation, quantizer in
// the original order) and gets what the original graph gives, bit for bit.
TEST(GpuFusionQuantize, RefRunsTheFusedQuantizer) {
    auto x = op::parameter(element::f32, Shape{1, 8, 10, 11}, "x");
    const Output<Node> clamp = test::unary("Clamp", conv(x, {16, 8, 3, 3}, "c"), "clamp", {{"min", "-1"}, {"max", "1"}});
    const Output<Node> y = fake_quantize(clamp, -1.f, 1.f, -0.5f, 0.5f, 255, "fq");
    const auto model = test::model_of({y}, {x});
    auto transformed = model->clone();
    gpu::transform_model(*transformed);
    std::string post_ops;
    for (const auto& n : transformed->get_ordered_ops())
        if (n->get_type_name() == "FusedConvolution")
            post_ops = n->get_attr<std::string>("post_ops", "");
    EXPECT_EQ(post_ops, "FakeQuantize:vc:255");
    EXPECT_GE(test::transformed_matches_on_ref(model, 0.0, 0.0), 1u);
}

namespace {

// A 1x1 FusedConvolution of x [1, 2, 4, 4] with `inputs` after x and "post_ops" `post`, named `name`: building it
// fails with a ModelError naming the node and holding `why`.
void expect_refused_fused_conv(const OutputVector& inputs, const std::string& post, const std::string& name,
                               const std::string& why) {
    gpu::register_fused_ops();
    OutputVector in{op::parameter(element::f32, Shape{1, 2, 4, 4}, "x")};
    in.insert(in.end(), inputs.begin(), inputs.end());
    auto node = std::make_shared<Node>("FusedConvolution", 1, in,
                                       Attributes{{"strides", "1,1"}, {"dilations", "1,1"}, {"pads_begin", "0,0"},
                                                  {"pads_end", "0,0"}, {"auto_pad", "explicit"}, {"post_ops", post},
                                                  {"activation", ""}, {"activation_version", "0"}});
    node->set_friendly_name(name);
    try {
        node->validate_and_infer_types();
        ADD_FAILURE() << "accepted";
    } catch (const ModelError& e) {
        EXPECT_NE(std::string(e.what()).find(name), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find(why), std::string::npos) << e.what();
    }
}

}  // namespace

// A fused node whose "post_ops" text is malformed is refused with the node's name (an exported blob or a
// hand-edited runtime model could carry one).
TEST(GpuFusionQuantize, MalformedPostOpsAreRefusedByName) {
    const Output<Node> w = test::random_constant({2, 2, 1, 1}, 3, "w");
    const Output<Node> b = scalar(0.f, "b", {1}, element::f32);
    for (const char* post : {"FakeQuantize:vc", "FakeQuantize:cv:256", "FakeQuantize:vc:1", "FakeQuantize:vc:2x",
                             "Multiply:vc:3", "Multiply", ":vc"}) {
        SCOPED_TRACE(post);
        OutputVector in{w, b};
        for (int i = 0; i < 4; ++i)
            in.push_back(scalar(1.f, "r" + std::to_string(i), {}, element::f32));
        expect_refused_fused_conv(in, post, "bad_conv", "malformed post_ops");
    }
}

// A post op Constant with neither one value nor one per output channel (a hand-edited runtime model or blob) is
// refused where the node is built, naming the node and the input, rather than run with a wrong broadcast.
TEST(GpuFusionQuantize, PostOpOfAnotherChannelCountIsRefused) {
    expect_refused_fused_conv({test::random_constant({4, 2, 1, 1}, 3, "w"), scalar(0.f, "b", {1}, element::f32),
                               test::random_constant({1, 3, 1, 1}, 4, "k")},
                              "Multiply:vc", "three_scales", "input 3");
}
