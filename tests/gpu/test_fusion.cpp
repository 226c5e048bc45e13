// Conv / GroupConv / MatMul + bias + activation fusion of the GPU plugin (src/gpu/fusions.cpp): the runtime
// model shows one fused node carrying every fused name, the outputs match REF, DISABLE_TRANSFORMATIONS keeps
// the graph as it is, and a chain whose intermediate has another consumer is left alone.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>

#include "common/test_utils.hpp"
#include "gpu_test_utils.hpp"
#include "ovcl/core.hpp"
#include "ovcl/ops.hpp"
#include "tools/default_models.hpp"

using namespace ovcl;

namespace {

Output named(const std::shared_ptr<Node>& n, const std::string& name) {
    n->set_friendly_name(name);
    n->output_names(0) = {name};
    return Output(n, 0);
}

Output constant(const Shape& shape, uint32_t seed, const std::string& name) {
    return named(op::constant(test::random_tensor(element::f32, shape, -1, 1, seed)), name);
}

Output conv(const Output& x, const Shape& w_shape, const std::string& name) {
    const bool grouped = w_shape.size() == 5;
    const std::string ones = x.get_partial_shape().size() == 4 ? "1,1" : "1", pads = ones == "1" ? "1" : "1,1";
    return named(op::make(grouped ? "GroupConvolution" : "Convolution", {x, constant(w_shape, 3, name + ".w")},
                          {{"strides", ones}, {"dilations", ones}, {"pads_begin", pads}, {"pads_end", pads},
                           {"auto_pad", "explicit"}}),
                 name);
}

Output matmul(const Output& a, const Output& b, bool ta, bool tb, const std::string& name) {
    return named(op::make("MatMul", {a, b}, {{"transpose_a", ta ? "true" : "false"},
                                             {"transpose_b", tb ? "true" : "false"}}),
                 name);
}

Output add_bias(const Output& y, const Shape& bias_shape, const std::string& name) {
    return named(op::make("Add", {y, constant(bias_shape, 5, name + ".b")}, {{"auto_broadcast", "numpy"}}), name);
}

Output activation(const Output& y, const std::string& type, const std::string& name) {
    Attributes attrs;
    if (type == "Clamp")
        attrs = {{"min", "-0.25"}, {"max", "0.5"}};
    return named(op::make(type, {y}, attrs), name);
}

std::shared_ptr<Model> model_of(const OutputVector& outputs, const NodeVector& params) {
    NodeVector results;
    for (size_t i = 0; i < outputs.size(); ++i)
        results.push_back(op::result(outputs[i], "out" + std::to_string(i)));
    return std::make_shared<Model>(results, params, "fusion");
}

struct Runtime {
    size_t ops = 0;                                  // nodes other than Parameter/Constant/Result
    std::map<std::string, std::string> fused_names;  // layerType Fused*: friendly name -> originalLayersNames
    std::map<std::string, std::string> primitive;    // friendly name -> primitiveType
};

Runtime runtime_of(const CompiledModel& compiled) {
    Runtime r;
    for (const auto& n : compiled.get_runtime_model()->get_ordered_ops()) {
        const auto& rt = n->get_rt_info();
        const std::string type = rt.at("layerType").as<std::string>();
        if (type == "Parameter" || type == "Constant" || type == "Result")
            continue;
        ++r.ops;
        r.primitive[n->get_friendly_name()] = rt.at("primitiveType").as<std::string>();
        if (type.rfind("Fused", 0) == 0)
            r.fused_names[n->get_friendly_name()] = rt.at("originalLayersNames").as<std::string>();
    }
    return r;
}

// Compiles on GPU (with `props`) and REF, runs both on the same random inputs, compares every output (tolerance
// 1e-4: long conv/matmul sums, and the fused kernel rounds once where REF rounds after each op).
Runtime run_and_compare(const std::shared_ptr<Model>& model, const AnyMap& props = {}) {
    Core core;
    auto gpu_model = core.compile_model(model, "GPU", props);
    auto gpu = gpu_model.create_infer_request();
    auto ref = core.compile_model(model, "REF").create_infer_request();
    for (size_t i = 0; i < model->inputs().size(); ++i) {
        const Output in = model->input(i);
        auto t = test::random_tensor(in.get_element_type(), in.get_shape(), -1, 1, static_cast<uint32_t>(11 + i));
        gpu.set_tensor(in, t);
        ref.set_tensor(in, t);
    }
    gpu.infer();
    ref.infer();
    for (size_t i = 0; i < model->outputs().size(); ++i)
        EXPECT_TENSOR_NEAR(gpu.get_output_tensor(i), ref.get_output_tensor(i), 1e-4, 1e-4);
    return runtime_of(gpu_model);
}

}  // namespace

TEST(GpuFusion, ConvBiasReluIsOneStep) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    auto x = op::parameter(element::f32, Shape{1, 8, 12, 13}, "x");
    const Output y = activation(add_bias(conv(x, {20, 8, 3, 3}, "conv"), {1, 20, 1, 1}, "bias"), "Relu", "relu");
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
    const Output y = activation(add_bias(conv(x, {20, 8, 3, 3}, "conv"), {1, 20, 1, 1}, "bias"), "Relu", "relu");
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
    const Output a = activation(add_bias(conv(x, {24, 8, 3, 3}, "c0"), {1, 24, 1, 1}, "b0"), "Clamp", "a0");
    const Output b = activation(add_bias(conv(x, {2, 12, 4, 3, 3}, "c1"), {24, 1, 1}, "b1"), "Sigmoid", "a1");
    const Output c = activation(add_bias(conv(x, {8, 2, 1, 3, 3}, "c2"), {16, 1, 1}, "b2"), "HSwish", "a2");
    const Output d = activation(add_bias(conv(x, {40, 8, 3, 3}, "c3"), {1}, "b3"), "Swish", "a3");
    const Output e = add_bias(conv(x, {16, 8, 3, 3}, "c4"), {1, 16, 1, 1}, "b4");  // no activation
    auto x1 = op::parameter(element::f32, Shape{1, 6, 30}, "x1");
    const Output f = activation(add_bias(conv(x1, {10, 6, 3}, "c5"), {10, 1}, "b5"), "Tanh", "a5");
    const Runtime r = run_and_compare(model_of({a, b, c, d, e, f}, {x, x1}));
    EXPECT_EQ(r.ops, 6u);
    EXPECT_EQ(r.fused_names.size(), 6u);
    EXPECT_EQ(r.fused_names.at("a2"), "c2,b2,a2");
    EXPECT_EQ(r.fused_names.at("b4"), "c4,b4");
    EXPECT_EQ(r.primitive.at("a2"), "conv2d_dw16_fused");
}

TEST(GpuFusion, MatMulBiasActivation) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    auto a = op::parameter(element::f32, Shape{2, 5, 24}, "a");
    auto at = op::parameter(element::f32, Shape{3, 24, 7}, "at");
    auto bt = op::parameter(element::f32, Shape{10, 24}, "bt");
    // Packed panel (N = 40), dot (B transposed, N = 6), swapped panel (both transposed, B variable).
    const Output p = activation(add_bias(matmul(a, constant({24, 40}, 7, "w0"), false, false, "m0"), {40}, "b0"),
                                "Clamp", "a0");
    const Output q = activation(add_bias(matmul(a, constant({6, 24}, 8, "w1"), false, true, "m1"), {1, 6}, "b1"),
                                "Relu", "a1");
    const Output s = activation(add_bias(matmul(at, bt, true, true, "m2"), {10}, "b2"), "Tanh", "a2");
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
    // The conv output also feeds a second Add: nothing fuses into the conv.
    const Output y = conv(x, {16, 8, 3, 3}, "conv");
    const Output z = activation(add_bias(y, {1, 16, 1, 1}, "bias"), "Relu", "relu");
    const Output w = named(op::make("Add", {y, z}, {{"auto_broadcast", "numpy"}}), "sum");
    // The conv output is a model output: nothing fuses either.
    auto x2 = op::parameter(element::f32, Shape{1, 5, 24}, "x2");
    const Output m = matmul(x2, constant({24, 8}, 9, "w"), false, false, "mm");
    const Output n = activation(add_bias(m, {8}, "mb"), "Relu", "mr");
    // A bias along another axis than the channel one is no bias.
    const Output o = add_bias(conv(x, {16, 8, 3, 3}, "conv2"), {1, 1, 10, 1}, "rows");
    const Runtime r = run_and_compare(model_of({w, m, n, o}, {x, x2}));
    EXPECT_TRUE(r.fused_names.empty());
    EXPECT_EQ(r.ops, 9u);
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
