// Per-channel scale and shift folded into the convolution's weights (src/gpu/transform/fusions_scale.cpp): Conv ->
// Multiply(per-channel Constant) and Conv -> BatchNormInference (-1 and -5 input orders) become the convolution
// with scaled weights (+ a bias Add), so that with the bias and activation after them the whole chain is one
// kernel. GPU against REF on the unfused graph (1e-4 relative: the scaled weights round once more than REF's
// product after the sum); a scale that is not per channel, not a Constant or not finite, and a convolution output
// read twice are left alone.
#include <gtest/gtest.h>

#include <limits>
#include <string>
#include <vector>

#include "fusion_test_utils.hpp"
#include "transform/fusions.hpp"

using namespace ovcl;

using test::named;
using test::Runtime;

namespace {

Output<Node> constant(const Shape& shape, uint32_t seed, const std::string& name, element::Type type, double lo = -1,
                double hi = 1) {
    return named(op::constant(test::make_tensor(type, shape, test::values(test::random_tensor(element::f32, shape,
                                                                                              lo, hi, seed)))),
                 name);
}

// A 3x3 convolution (pads 1); GroupConvolution for 5-D weights.
Output<Node> conv(const Output<Node>& x, const Shape& w_shape, const std::string& name) {
    return named(op::make(w_shape.size() == 5 ? "GroupConvolution" : "Convolution",
                          {x, constant(w_shape, 3, name + ".w", x.get_element_type())},
                          {{"strides", "1,1"}, {"dilations", "1,1"}, {"pads_begin", "1,1"}, {"pads_end", "1,1"},
                           {"auto_pad", "explicit"}}),
                 name);
}

// BatchNormInference-`version` of y ([1, C, ...]) with random gamma, beta, mean and a positive variance.
Output<Node> batch_norm(const Output<Node>& y, int64_t version, const std::string& name) {
    const auto c = static_cast<size_t>(y.get_partial_shape()[1].get_length());
    const element::Type t = y.get_element_type();
    const Output<Node> gamma = constant({c}, 21, name + ".gamma", t, 0.5, 2), beta = constant({c}, 22, name + ".beta", t);
    const Output<Node> mean = constant({c}, 23, name + ".mean", t), var = constant({c}, 24, name + ".var", t, 0.2, 3);
    const OutputVector in =
        version == 1 ? OutputVector{gamma, beta, y, mean, var} : OutputVector{y, gamma, beta, mean, var};
    return named(op::make("BatchNormInference", in, {{"epsilon", "0.001"}}, version), name);
}

}  // namespace

TEST(GpuFusionScale, ConvMultiplyAddReluIsOneKernel) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    auto x = op::parameter(element::f32, Shape{1, 8, 12, 13}, "x");
    const Output<Node> scaled = test::binary("Multiply", conv(x, {20, 8, 3, 3}, "conv"),
                                       constant({1, 20, 1, 1}, 5, "scale", element::f32, -2, 2), "mul");
    const Output<Node> y = test::unary("Relu", test::binary("Add", scaled, constant({1, 20, 1, 1}, 6, "b", element::f32),
                                                      "bias"),
                                 "relu");
    const Runtime r = test::run_and_compare(test::model_of({y}, {x}), {}, 1e-4, 1e-4);
    EXPECT_EQ(r.ops, 1u);
    EXPECT_EQ(r.fused_names.at("relu"), "conv,mul,bias,relu");
    EXPECT_NE(r.primitive.at("relu").find("_fused"), std::string::npos) << r.primitive.at("relu");
}

// A CNN exported with its batch norms unfolded: Conv -> BatchNormInference -> Relu, and MobileNet's depthwise
// GroupConvolution -> BatchNormInference -> Clamp(0, 6), with either input order.
TEST(GpuFusionScale, BatchNormAfterConvIsOneKernel) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    for (const int64_t version : {1, 5}) {
        SCOPED_TRACE(version);
        auto x = op::parameter(element::f32, Shape{1, 16, 14, 15}, "x");
        const Output<Node> a = test::unary("Relu", batch_norm(conv(x, {24, 16, 3, 3}, "c0"), version, "bn0"), "relu0");
        const Output<Node> b = test::unary("Clamp", batch_norm(conv(x, {16, 1, 1, 3, 3}, "c1"), version, "bn1"), "relu6",
                                     {{"min", "0"}, {"max", "6"}});
        const Runtime r = test::run_and_compare(test::model_of({a, b}, {x}), {}, 1e-4, 1e-4);
        EXPECT_EQ(r.ops, 2u);
        EXPECT_EQ(r.fused_names.at("relu0"), "c0,bn0,relu0");
        EXPECT_EQ(r.fused_names.at("relu6"), "c1,bn1,relu6");
        EXPECT_EQ(r.primitive.at("relu6").rfind("conv2d_dw", 0), 0u) << r.primitive.at("relu6");
    }
}

TEST(GpuFusionScale, F16WeightsAreScaledInF16) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    auto x = op::parameter(element::f16, Shape{1, 8, 10, 11}, "x");
    const Output<Node> y = test::unary("Relu", batch_norm(conv(x, {16, 8, 3, 3}, "c"), 5, "bn"), "relu");
    // f16 storage: REF rounds the conv output and the batch norm's to f16, the scaled weights round once.
    const Runtime r = test::run_and_compare(test::model_of({y}, {x}), {}, 2e-2, 1e-2);
    EXPECT_EQ(r.ops, 1u);
    EXPECT_EQ(r.fused_names.at("relu"), "c,bn,relu");
}

// Left alone, and right all the same: a scale along another axis, a scale from a Parameter, a convolution output
// that is also a model output.
TEST(GpuFusionScale, WhatIsNoChannelScaleIsNotFolded) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    auto x = op::parameter(element::f32, Shape{1, 8, 12, 13}, "x");
    auto s = op::parameter(element::f32, Shape{1, 4, 1, 1}, "s");
    const Output<Node> rows = test::binary("Multiply", conv(x, {4, 8, 3, 3}, "c0"),
                                     constant({1, 1, 12, 1}, 7, "rows", element::f32), "m0");
    const Output<Node> variable = test::binary("Multiply", conv(x, {4, 8, 3, 3}, "c1"), s, "m1");
    const Output<Node> shared = conv(x, {4, 8, 3, 3}, "c2");
    const Output<Node> also = test::binary("Multiply", shared, constant({1, 4, 1, 1}, 8, "k", element::f32), "m2");
    const Runtime r = test::run_and_compare(test::model_of({rows, variable, shared, also}, {x, s}), {}, 1e-4, 1e-4);
    for (const char* name : {"c0", "c1", "c2"})
        EXPECT_EQ(r.type.at(name), "Convolution") << name;
    for (const char* name : {"m0", "m1", "m2"})
        EXPECT_EQ(r.type.at(name), "Multiply") << name;
}

// An infinite scale is not folded: inf times a zero sum is NaN, while inf times a zero weight would poison every
// sum that weight takes part in. The Multiply stays after the sums: a post op of the fused convolution.
TEST(GpuFusionScale, InfiniteScaleIsNotFolded) {
    auto x = op::parameter(element::f32, Shape{1, 2, 5, 5}, "x");
    std::vector<float> scale{1.f, std::numeric_limits<float>::infinity()};
    const Output<Node> y = test::binary("Multiply", conv(x, {2, 2, 3, 3}, "c"),
                                  named(op::constant<float>(element::f32, Shape{1, 2, 1, 1}, scale), "inf"), "m");
    auto model = test::model_of({y}, {x});
    gpu::transform_model(*model);
    std::string post_ops;
    for (const auto& n : model->get_ordered_ops())
        if (n->get_type_name() == "FusedConvolution")
            post_ops = n->get_attr<std::string>("post_ops", "");
    EXPECT_EQ(post_ops, "Multiply:vc");
}

// A convolution of no output channels has nothing to scale: the pass leaves it (and does not divide by zero).
TEST(GpuFusionScale, ZeroOutputChannelsAreLeftAlone) {
    auto x = op::parameter(element::f32, Shape{1, 2, 5, 5}, "x");
    const Output<Node> y = test::binary("Multiply", conv(x, {0, 2, 3, 3}, "c"),
                                  constant({1, 0, 1, 1}, 9, "empty", element::f32), "m");
    auto model = test::model_of({y}, {x});
    EXPECT_EQ(gpu::fold_channel_scale(*model), 0u);
}

// REF runs the transformed model (the folded weights and the bias Add are ordinary nodes) and matches the
// original graph.
TEST(GpuFusionScale, RefRunsTheFoldedModel) {
    auto x = op::parameter(element::f32, Shape{1, 8, 9, 10}, "x");
    const Output<Node> y = test::unary("Relu", batch_norm(conv(x, {12, 8, 3, 3}, "c"), 5, "bn"), "relu");
    const auto model = test::model_of({y}, {x});
    auto folded = model->clone();
    EXPECT_EQ(gpu::fold_channel_scale(*folded), 1u);
    EXPECT_GE(test::transformed_matches_on_ref(model, 1e-5, 1e-5), 2u);
}
