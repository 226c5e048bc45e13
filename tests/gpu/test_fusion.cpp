// Conv / GroupConv / MatMul + bias + activation fusion of the GPU plugin (src/gpu/transform/fusions.cpp): the runtime
// model shows one fused node carrying every fused name, the outputs match REF (1e-4: see run_and_compare),
// DISABLE_TRANSFORMATIONS keeps the graph as it is, a chain whose intermediate has another consumer is left
// alone, an activation forced to the host stays out, and REF runs a transformed model (the registry entries).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <tuple>

#include "fusion_test_utils.hpp"
#include "tools/default_models.hpp"

using namespace ovcl;

using test::named;
using test::Runtime;
using test::runtime_of;

namespace {

Output<Node> constant(const Shape& shape, uint32_t seed, const std::string& name) {
    return test::random_constant(shape, seed, name);
}

Output<Node> conv(const Output<Node>& x, const Shape& w_shape, const std::string& name) {
    const bool grouped = w_shape.size() == 5;
    const std::string ones = x.get_partial_shape().size() == 4 ? "1,1" : "1", pads = ones == "1" ? "1" : "1,1";
    return named(op::make(grouped ? "GroupConvolution" : "Convolution", {x, constant(w_shape, 3, name + ".w")},
                          {{"strides", ones}, {"dilations", ones}, {"pads_begin", pads}, {"pads_end", pads},
                           {"auto_pad", "explicit"}}),
                 name);
}

Output<Node> matmul(const Output<Node>& a, const Output<Node>& b, bool ta, bool tb, const std::string& name) {
    return named(op::make("MatMul", {a, b}, {{"transpose_a", ta ? "true" : "false"},
                                             {"transpose_b", tb ? "true" : "false"}}),
                 name);
}

Output<Node> add_bias(const Output<Node>& y, const Shape& bias_shape, const std::string& name) {
    return named(op::make("Add", {y, constant(bias_shape, 5, name + ".b")}, {{"auto_broadcast", "numpy"}}), name);
}

Output<Node> activation(const Output<Node>& y, const std::string& type, const std::string& name, const Attributes& extra = {},
                  int64_t version = -1) {
    Attributes attrs = extra;
    if (type == "Clamp")
        attrs = {{"min", "-0.25"}, {"max", "0.5"}};
    return named(op::make(type, {y}, attrs, version), name);
}

std::shared_ptr<Model> model_of(const OutputVector& outputs, const NodeVector& params) {
    return test::model_of(outputs, params);
}

// GPU (with `props`) against REF on the same random inputs, every output (tolerance 1e-4: long conv/matmul sums,
// and the fused kernel rounds once where REF rounds after each op).
Runtime run_and_compare(const std::shared_ptr<Model>& model, const AnyMap& props = {}) {
    return test::run_and_compare(model, test::on_cpu_kernels(props), 1e-4, 1e-4);
}

}  // namespace

TEST(GpuFusion, ConvBiasReluIsOneStep) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    auto x = op::parameter(element::f32, Shape{1, 8, 12, 13}, "x");
    const Output<Node> y = activation(add_bias(conv(x, {20, 8, 3, 3}, "conv"), {1, 20, 1, 1}, "bias"), "Relu", "relu");
    const Runtime r = run_and_compare(model_of({y}, {x}));
    EXPECT_EQ(r.ops, 1u);
    ASSERT_EQ(r.fused_names.count("relu"), 1u);
    EXPECT_EQ(r.fused_names.at("relu"), "conv,bias,relu");
    EXPECT_NE(r.primitive.at("relu").find("_fused"), std::string::npos) << r.primitive.at("relu");
}

TEST(GpuFusion, DisableTransformationsKeepsThreeSteps) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    auto x = op::parameter(element::f32, Shape{1, 8, 12, 13}, "x");
    const Output<Node> y = activation(add_bias(conv(x, {20, 8, 3, 3}, "conv"), {1, 20, 1, 1}, "bias"), "Relu", "relu");
    const Runtime r = run_and_compare(model_of({y}, {x}), {{disable_transformations.key, true}});
    EXPECT_EQ(r.ops, 3u);
    EXPECT_TRUE(r.fused_names.empty());
}

TEST(GpuFusion, ActivationsOfConvAndGroupConv) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    auto x = op::parameter(element::f32, Shape{2, 8, 9, 17}, "x");
    // Direct, grouped (2 groups of 4 -> 12 channels), depthwise (8 groups of 1 -> 2) and a 1-D convolution;
    // biases [1,K,1,1], [K,1,1] and a single value; every activation of the epilogue.
    const Output<Node> a = activation(add_bias(conv(x, {24, 8, 3, 3}, "c0"), {1, 24, 1, 1}, "b0"), "Clamp", "a0");
    const Output<Node> b = activation(add_bias(conv(x, {2, 12, 4, 3, 3}, "c1"), {24, 1, 1}, "b1"), "Sigmoid", "a1");
    const Output<Node> c = activation(add_bias(conv(x, {8, 2, 1, 3, 3}, "c2"), {16, 1, 1}, "b2"), "HSwish", "a2");
    const Output<Node> d = activation(add_bias(conv(x, {40, 8, 3, 3}, "c3"), {1}, "b3"), "Swish", "a3");
    const Output<Node> e = add_bias(conv(x, {16, 8, 3, 3}, "c4"), {1, 16, 1, 1}, "b4");  // no activation
    auto x1 = op::parameter(element::f32, Shape{1, 6, 30}, "x1");
    const Output<Node> f = activation(add_bias(conv(x1, {10, 6, 3}, "c5"), {10, 1}, "b5"), "Tanh", "a5");
    const Runtime r = run_and_compare(model_of({a, b, c, d, e, f}, {x, x1}));
    EXPECT_EQ(r.ops, 6u);
    EXPECT_EQ(r.fused_names.size(), 6u);
    EXPECT_EQ(r.fused_names.at("a2"), "c2,b2,a2");
    EXPECT_EQ(r.fused_names.at("b4"), "c4,b4");
    EXPECT_EQ(r.primitive.at("a2"), "conv2d_dw_flat2_fused");
}

TEST(GpuFusion, MatMulBiasActivation) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    auto a = op::parameter(element::f32, Shape{2, 5, 24}, "a");
    auto at = op::parameter(element::f32, Shape{3, 24, 7}, "at");
    auto bt = op::parameter(element::f32, Shape{10, 24}, "bt");
    // Packed panel (N = 40), dot (B transposed, N = 6), swapped panel (both transposed, B variable).
    const Output<Node> p = activation(add_bias(matmul(a, constant({24, 40}, 7, "w0"), false, false, "m0"), {40}, "b0"),
                                "Clamp", "a0");
    const Output<Node> q = activation(add_bias(matmul(a, constant({6, 24}, 8, "w1"), false, true, "m1"), {1, 6}, "b1"),
                                "Relu", "a1");
    const Output<Node> s = activation(add_bias(matmul(at, bt, true, true, "m2"), {10}, "b2"), "Tanh", "a2");
    const Runtime r = run_and_compare(model_of({p, q, s}, {a, at, bt}));
    EXPECT_EQ(r.ops, 3u);
    EXPECT_EQ(r.fused_names.at("a0"), "m0,b0,a0");
    EXPECT_EQ(r.primitive.at("a0"), "matmul_panel_8x32_packed_fused");
    EXPECT_EQ(r.primitive.at("a1"), "matmul_dot_4x4_fused");
    EXPECT_EQ(r.primitive.at("a2"), "matmul_panel_8x32_swapped_fused");
}

TEST(GpuFusion, IntermediateWithTwoConsumersIsNotFused) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    auto x = op::parameter(element::f32, Shape{1, 8, 10, 10}, "x");
    // The conv output also feeds a second Add: nothing fuses into the conv (bias, relu and sum, element-wise
    // ops all three, become one FusedEltwise).
    const Output<Node> y = conv(x, {16, 8, 3, 3}, "conv");
    const Output<Node> z = activation(add_bias(y, {1, 16, 1, 1}, "bias"), "Relu", "relu");
    const Output<Node> w = named(op::make("Add", {y, z}, {{"auto_broadcast", "numpy"}}), "sum");
    // The matmul output is a model output: nothing fuses either (mb and mr become one FusedEltwise).
    auto x2 = op::parameter(element::f32, Shape{1, 5, 24}, "x2");
    const Output<Node> m = matmul(x2, constant({24, 8}, 9, "w"), false, false, "mm");
    const Output<Node> n = activation(add_bias(m, {8}, "mb"), "Relu", "mr");
    // A bias along another axis than the channel one is no bias.
    const Output<Node> o = add_bias(conv(x, {16, 8, 3, 3}, "conv2"), {1, 1, 10, 1}, "rows");
    const Runtime r = run_and_compare(model_of({w, m, n, o}, {x, x2}));
    EXPECT_EQ(r.count("FusedConvolution") + r.count("FusedMatMul"), 0u);
    EXPECT_EQ(r.type.at("conv"), "Convolution");
    EXPECT_EQ(r.type.at("mm"), "MatMul");
    EXPECT_EQ(r.type.at("rows"), "Add");
    EXPECT_EQ(r.fused_names.at("sum"), "bias,relu,sum");
    EXPECT_EQ(r.fused_names.at("mr"), "mb,mr");
    EXPECT_EQ(r.ops, 6u);
}

TEST(GpuFusion, EmbeddedCnnFusesItsConvBiasRelu) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    const auto model = default_models::make_resnet_like_cnn();
    size_t adds = 0;
    for (const auto& n : model->get_ordered_ops())
        adds += n->get_type_name() == "Add";
    const Runtime fused = runtime_of(core.compile_model(model, "GPU"));
    const Runtime plain = runtime_of(core.compile_model(model, "GPU", {{disable_transformations.key, true}}));
    EXPECT_GT(fused.fused_names.size(), 0u);
    EXPECT_LT(fused.ops, plain.ops);
    std::printf("embedded CNN: %zu GPU steps fused, %zu plain (%zu fused chains, %zu Adds)\n", fused.ops, plain.ops,
                fused.fused_names.size(), adds);
}

TEST(GpuFusion, GeluAndOtherActivationsInTheEpilogue) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    auto a = op::parameter(element::f32, Shape{2, 5, 24}, "a");
    auto x = op::parameter(element::f32, Shape{1, 8, 9, 11}, "x");
    const Output<Node> w = constant({24, 40}, 7, "w");
    // Gelu-2 (erf), Gelu-7 tanh and erf (the mode's case as IR may write it), Elu, HSigmoid, Mish, SoftPlus.
    const std::vector<std::tuple<std::string, Attributes, int64_t>> acts = {
        {"Gelu", {}, 2},
        {"Gelu", {{"approximation_mode", "tanh"}}, 7},
        {"Gelu", {{"approximation_mode", "ERF"}}, 7},
        {"Elu", {{"alpha", "0.7"}}, -1},
        {"HSigmoid", {}, -1},
        {"Mish", {}, -1},
        {"SoftPlus", {}, -1},
    };
    OutputVector outs;
    for (size_t i = 0; i < acts.size(); ++i) {
        const std::string n = std::to_string(i);
        const auto& [type, attrs, version] = acts[i];
        outs.push_back(activation(add_bias(matmul(a, w, false, false, "m" + n), {40}, "b" + n), type, "a" + n, attrs,
                                  version));
    }
    // The convolution kernels: direct with Gelu tanh, depthwise with Mish.
    outs.push_back(activation(add_bias(conv(x, {16, 8, 3, 3}, "c0"), {1, 16, 1, 1}, "cb0"), "Gelu", "ca0",
                              {{"approximation_mode", "tanh"}}, 7));
    outs.push_back(activation(add_bias(conv(x, {8, 1, 1, 3, 3}, "c1"), {8, 1, 1}, "cb1"), "Mish", "ca1"));
    const Runtime r = run_and_compare(model_of(outs, {a, x}));
    EXPECT_EQ(r.ops, acts.size() + 2);
    for (size_t i = 0; i < acts.size(); ++i) {
        const std::string n = std::to_string(i);
        EXPECT_EQ(r.fused_names.at("a" + n), "m" + n + ",b" + n + ",a" + n);
        EXPECT_EQ(r.primitive.at("a" + n), "matmul_panel_8x32_packed_fused");
    }
    EXPECT_EQ(r.fused_names.at("ca0"), "c0,cb0,ca0");
    EXPECT_EQ(r.fused_names.at("ca1"), "c1,cb1,ca1");
    EXPECT_NE(r.primitive.at("ca1").find("_fused"), std::string::npos) << r.primitive.at("ca1");
}

TEST(GpuFusion, ActivationForcedToTheHostIsNotFused) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    auto a = op::parameter(element::f32, Shape{3, 24}, "a");
    const Output<Node> y = activation(add_bias(matmul(a, constant({24, 16}, 7, "w"), false, false, "m"), {16}, "b"), "Gelu",
                                "g");
    const Runtime r = run_and_compare(model_of({y}, {a}), {{"OVCL_GPU_HOST_OPS", "Gelu"}});
    EXPECT_EQ(r.ops, 2u);
    EXPECT_EQ(r.fused_names.at("b"), "m,b");
    EXPECT_EQ(r.primitive.at("g"), "ref");
}

TEST(GpuFusion, RefRunsTheTransformedModel) {
    // The fused types' registry entries evaluate the original ops' host references in order: bit-exact.
    auto a = op::parameter(element::f32, Shape{2, 3, 24}, "a");
    auto x = op::parameter(element::f32, Shape{1, 8, 7, 9}, "x");
    const Output<Node> p = activation(add_bias(matmul(a, constant({24, 10}, 7, "w"), false, false, "m"), {10}, "b"), "Gelu",
                                "g", {{"approximation_mode", "tanh"}}, 7);
    const Output<Node> q = activation(add_bias(conv(x, {6, 8, 3, 3}, "c"), {1, 6, 1, 1}, "cb"), "Elu", "e",
                                {{"alpha", "0.5"}});
    const Output<Node> s = add_bias(conv(x, {2, 3, 4, 3, 3}, "gc"), {6, 1, 1}, "gb");
    // Post ops: k - (a @ w2) * k2, without a bias.
    const Output<Node> m2 = matmul(a, constant({24, 5}, 8, "w2"), false, false, "m2");
    const Output<Node> t = test::binary("Subtract", constant({}, 9, "k"), test::binary("Multiply", m2, constant({1}, 10, "k2"),
                                                                                "scale"),
                                  "sub");
    EXPECT_EQ(test::transformed_matches_on_ref(model_of({p, q, s, t}, {a, x}), 0, 0), 4u);
}

TEST(GpuFusion, EmbeddedTransformerFusesMatMulBiasGeluAndLayerNorms) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    const auto model = default_models::make_transformer_block();
    // 1e-4: as run_and_compare; the block's values stay within a few units.
    const Runtime fused = test::run_and_compare(model, {}, 1e-4, 1e-4);
    const Runtime plain = runtime_of(core.compile_model(model, "GPU", {{disable_transformations.key, true}}));
    EXPECT_EQ(fused.fused_names.at("mlp.gelu"), "mlp.up,mlp.up.add_bias,mlp.gelu");
    EXPECT_EQ(fused.type.at("ln1.shift"), "FusedMVN");
    EXPECT_EQ(fused.fused_names.at("ln2.shift"), "ln2.mvn,ln2.scale,ln2.shift");
    EXPECT_EQ(fused.fused_names.at("attn.scale"), "attn.scores,attn.scale");  // a post op, with a zero bias
    EXPECT_EQ(fused.count("Gelu") + fused.count("MVN") + fused.count("Multiply") + plain.count("FusedMatMul"), 0u);
    EXPECT_LT(fused.ops, plain.ops);
    std::printf("embedded transformer: %zu GPU steps fused, %zu plain\n", fused.ops, plain.ops);
}

TEST(GpuFusion, PostOpsInTheEpilogue) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    auto a = op::parameter(element::f32, Shape{2, 6, 24}, "a");
    auto x = op::parameter(element::f32, Shape{1, 8, 9, 11}, "x");
    auto scalar = [](float v, const std::string& name, const Shape& shape = {}) {
        return test::scalar_constant(v, name, shape);
    };
    auto bin = [](const std::string& type, const Output<Node>& l, const Output<Node>& r, const std::string& name) {
        return test::binary(type, l, r, name);
    };
    // No bias: MatMul then a scale (attention scores), Conv then Relu (a zero bias).
    const Output<Node> p = bin("Multiply", matmul(a, constant({24, 16}, 7, "w"), false, false, "m0"),
                         scalar(0.25f, "k0", {1}), "scale0");
    const Output<Node> q = activation(conv(x, {16, 8, 3, 3}, "c1"), "Relu", "relu1");
    // Bias, activation, then a chain with the constant on either side.
    const Output<Node> r = bin("Subtract", scalar(1.f, "k2"),
                         bin("Multiply", activation(add_bias(conv(x, {12, 8, 3, 3}, "c2"), {1, 12, 1, 1}, "b2"), "Relu",
                                                    "a2"),
                             scalar(0.5f, "k3"), "mul2"),
                         "sub2");
    const Output<Node> s = bin("Add", bin("Divide", add_bias(matmul(a, constant({24, 8}, 8, "w3"), false, false, "m3"), {8},
                                                       "b3"),
                                    scalar(4.f, "k4"), "div3"),
                         scalar(0.25f, "k5"), "add3");
    // A per-column Multiply is a post op too (its values a plane of the epilogue's table); a per-row one is not:
    // the epilogue's values vary along the channel axis only (the last one of a MatMul).
    const Output<Node> t = bin("Multiply", matmul(a, constant({24, 8}, 9, "w4"), false, false, "m4"),
                         constant({8}, 11, "cols"), "mul4");
    const Output<Node> u = bin("Multiply", matmul(a, constant({24, 8}, 10, "w5"), false, false, "m5"),
                         constant({6, 1}, 12, "rows"), "mul5");
    const Runtime rt = run_and_compare(model_of({p, q, r, s, t, u}, {a, x}));
    EXPECT_EQ(rt.fused_names.at("scale0"), "m0,scale0");
    EXPECT_EQ(rt.fused_names.at("relu1"), "c1,relu1");
    EXPECT_EQ(rt.fused_names.at("sub2"), "c2,b2,a2,mul2,sub2");
    EXPECT_EQ(rt.fused_names.at("add3"), "m3,b3,div3,add3");
    EXPECT_EQ(rt.fused_names.at("mul4"), "m4,mul4");
    for (const char* name : {"scale0", "relu1", "sub2", "add3", "mul4"})
        EXPECT_NE(rt.primitive.at(name).find("_fused"), std::string::npos) << rt.primitive.at(name);
    EXPECT_EQ(rt.type.at("m5"), "MatMul");
    EXPECT_EQ(rt.type.at("mul5"), "Multiply");
    EXPECT_EQ(rt.ops, 7u);
}
