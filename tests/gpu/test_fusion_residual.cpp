// The residual Add (or Multiply) fused into the convolution / MatMul epilogue (src/gpu/transform/fusions.cpp,
// ops/epilogue.hpp, -DRESIDUAL): Conv / MatMul -> [bias] -> Add or Multiply(same-shape tensor) -> [activation] ->
// [post ops] becomes one kernel.
// GPU against REF on the unfused graph (host_ref; 1e-4: long conv / matmul sums, and the fused kernel rounds once
// where REF rounds after each op), over shapes that hit the kernels' edges (channels past a 16 / 32 block, rows
// not a multiple of the pixel block, strides, 1-D and 3-D, grouped); broadcast Adds, depthwise convolutions,
// OVCL_GPU_HOST_OPS=Add and DISABLE_TRANSFORMATIONS leave it unfused; a node checked by hand.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "fusion_test_utils.hpp"
#include "tools/default_models.hpp"
#include "transform/fusions.hpp"

using namespace ovcl;

using test::named;
using test::Runtime;
using test::runtime_of;

namespace {

Output<Node> conv(const Output<Node>& x, const Shape& w_shape, const std::string& name, size_t stride = 1) {
    const size_t spatial = x.get_partial_shape().size() - 2;
    auto list = [spatial](size_t v) {
        std::string s;
        for (size_t i = 0; i < spatial; ++i)
            s += (i ? "," : "") + std::to_string(v);
        return s;
    };
    const bool grouped = w_shape.size() == spatial + 3;
    const Output<Node> w = test::random_constant(w_shape, 3, name + ".w");
    return named(op::make(grouped ? "GroupConvolution" : "Convolution", {x, w},
                          {{"strides", list(stride)}, {"dilations", list(1)}, {"pads_begin", list(1)},
                           {"pads_end", list(1)}, {"auto_pad", "explicit"}}),
                 name);
}

Output<Node> add(const Output<Node>& a, const Output<Node>& b, const std::string& name) { return test::binary("Add", a, b, name); }

Output<Node> bias(const Output<Node>& y, size_t channels, size_t rank, const std::string& name, size_t axis = 1) {
    Shape s(rank, 1);
    s[axis] = channels;
    return add(y, test::random_constant(s, 5, name + ".b"), name);
}

Output<Node> relu(const Output<Node>& y, const std::string& name) { return test::unary("Relu", y, name); }

Runtime compare(const std::shared_ptr<Model>& model, const AnyMap& props = {}) {
    return test::run_and_compare(model, test::on_cpu_kernels(props), 1e-4, 1e-4);
}

}  // namespace

TEST(GpuFusionResidual, ConvBiasResidualReluIsOneStep) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    auto x = op::parameter(element::f32, Shape{1, 8, 12, 13}, "x");
    auto skip = op::parameter(element::f32, Shape{1, 20, 12, 13}, "skip");
    const Output<Node> y = relu(add(bias(conv(x, {20, 8, 3, 3}, "conv"), 20, 4, "bias"), skip, "res"), "relu");
    const Runtime r = compare(test::model_of({y}, {x, skip}));
    EXPECT_EQ(r.ops, 1u);
    EXPECT_EQ(r.fused_names.at("relu"), "conv,bias,res,relu");
    EXPECT_EQ(r.primitive.at("relu"), "conv2d_k16_7x32_fused_res");
}

// Shapes at the kernels' edges, with and without bias and activation, the residual on either side of the Add.
TEST(GpuFusionResidual, ConvShapes) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    auto x = op::parameter(element::f32, Shape{2, 8, 9, 17}, "x");
    auto x3 = op::parameter(element::f32, Shape{1, 4, 5, 6, 7}, "x3");
    auto x1 = op::parameter(element::f32, Shape{1, 6, 30}, "x1");
    auto p = [](const Shape& s, const std::string& n) { return op::parameter(element::f32, s, n); };
    auto r0 = p({2, 24, 9, 17}, "r0"), r1 = p({2, 40, 5, 9}, "r1"), r2 = p({2, 64, 9, 17}, "r2"),
         r3 = p({2, 12, 9, 17}, "r3"), r4 = p({1, 10, 30}, "r4"), r5 = p({1, 16, 5, 6, 7}, "r5");
    // 24 channels (one vector and a half), stride 2 with 40 channels (two blocks of 32, the last partial),
    // 64 channels with the residual first and no bias, grouped (2 groups of 6), 1-D, 3-D with a Clamp.
    const Output<Node> a = relu(add(bias(conv(x, {24, 8, 3, 3}, "c0"), 24, 4, "b0"), r0, "s0"), "a0");
    const Output<Node> b = add(bias(conv(x, {40, 8, 3, 3}, "c1", 2), 40, 4, "b1"), r1, "s1");
    const Output<Node> c = relu(add(r2, conv(x, {64, 8, 3, 3}, "c2"), "s2"), "a2");
    const Output<Node> d = relu(add(bias(conv(x, {2, 6, 4, 3, 3}, "c3"), 12, 4, "b3"), r3, "s3"), "a3");
    const Output<Node> e = relu(add(bias(conv(x1, {10, 6, 3}, "c4"), 10, 3, "b4"), r4, "s4"), "a4");
    const Output<Node> f = test::unary("Clamp", add(bias(conv(x3, {16, 4, 3, 3, 3}, "c5"), 16, 5, "b5"), r5, "s5"), "a5",
                                 {{"min", "-0.25"}, {"max", "0.5"}});
    const Runtime r = compare(test::model_of({a, b, c, d, e, f}, {x, x1, x3, r0, r1, r2, r3, r4, r5}));
    EXPECT_EQ(r.ops, 6u);
    EXPECT_EQ(r.fused_names.at("a0"), "c0,b0,s0,a0");
    EXPECT_EQ(r.fused_names.at("s1"), "c1,b1,s1");
    EXPECT_EQ(r.fused_names.at("a2"), "c2,s2,a2");
    EXPECT_EQ(r.fused_names.at("a3"), "c3,b3,s3,a3");
    EXPECT_EQ(r.fused_names.at("a4"), "c4,b4,s4,a4");
    EXPECT_EQ(r.fused_names.at("a5"), "c5,b5,s5,a5");
    for (const char* n : {"a0", "s1", "a2", "a3", "a4"})
        EXPECT_NE(r.primitive.at(n).find("_fused_res"), std::string::npos) << n << ": " << r.primitive.at(n);
    EXPECT_EQ(r.primitive.at("a5"), "conv3d_k16_7x16_fused_res");
}

// ResNet's identity shortcut: the block's input is both the convolution's input and the residual.
TEST(GpuFusionResidual, IdentityShortcutAndPostOps) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    auto x = op::parameter(element::f32, Shape{1, 16, 10, 11}, "x");
    const Output<Node> h = relu(bias(conv(x, {16, 16, 3, 3}, "c1"), 16, 4, "b1"), "r1");
    const Output<Node> y = relu(add(bias(conv(h, {16, 16, 3, 3}, "c2"), 16, 4, "b2"), x, "res"), "r2");
    const Output<Node> z = test::binary("Multiply", y, test::scalar_constant(0.5f, "half"), "scale");
    const Runtime r = compare(test::model_of({z}, {x}));
    EXPECT_EQ(r.ops, 2u);
    EXPECT_EQ(r.fused_names.at("scale"), "c2,b2,res,r2,scale");
}

TEST(GpuFusionResidual, MatMulResidual) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    auto a = op::parameter(element::f32, Shape{2, 5, 24}, "a");
    auto at = op::parameter(element::f32, Shape{3, 24, 7}, "at");
    auto bt = op::parameter(element::f32, Shape{10, 24}, "bt");
    auto r0 = op::parameter(element::f32, Shape{2, 5, 40}, "r0");
    auto r1 = op::parameter(element::f32, Shape{2, 5, 6}, "r1");
    auto r2 = op::parameter(element::f32, Shape{3, 7, 10}, "r2");
    auto mm = [](const Output<Node>& l, const Output<Node>& rt, bool ta, bool tb, const std::string& n) {
        return named(op::make("MatMul", {l, rt}, {{"transpose_a", ta ? "true" : "false"},
                                                  {"transpose_b", tb ? "true" : "false"}}),
                     n);
    };
    // Packed panel (N = 40), dot (B transposed, N = 6), swapped panel (both transposed, B variable).
    const Output<Node> p = add(bias(mm(a, test::random_constant({24, 40}, 7, "w0"), false, false, "m0"), 40, 1, "b0", 0),
                         r0, "s0");
    const Output<Node> q = relu(add(r1, bias(mm(a, test::random_constant({6, 24}, 8, "w1"), false, true, "m1"), 6, 1, "b1",
                                       0),
                              "s1"),
                          "a1");
    const Output<Node> s = add(mm(at, bt, true, true, "m2"), r2, "s2");
    const Runtime r = compare(test::model_of({p, q, s}, {a, at, bt, r0, r1, r2}));
    EXPECT_EQ(r.ops, 3u);
    EXPECT_EQ(r.fused_names.at("s0"), "m0,b0,s0");
    EXPECT_EQ(r.primitive.at("s0"), "matmul_panel_8x32_packed_fused_res");
    EXPECT_EQ(r.primitive.at("a1"), "matmul_dot_4x4_fused_res");
    EXPECT_EQ(r.primitive.at("s2"), "matmul_panel_8x32_swapped_fused_res");
}

// A Multiply by a same-shape tensor takes the residual's place (RESIDUAL=2): SwiGLU's up projection times the
// activated gate (two steps: the gate with its Swish, the up projection with the product), on the panel and dot
// kernels, with a bias and an activation after it, and on a convolution.
TEST(GpuFusionResidual, MultiplyByATensor) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    auto x = op::parameter(element::f32, Shape{1, 3, 32}, "x");
    auto proj = [&](const std::string& n, size_t out, uint32_t seed, bool tb) {
        const Shape w = tb ? Shape{out, 32} : Shape{32, out};
        return named(op::make("MatMul", {x, test::random_constant(w, seed, n + ".w")},
                              {{"transpose_a", "false"}, {"transpose_b", tb ? "true" : "false"}}),
                     n);
    };
    const Output<Node> gate = test::unary("Swish", proj("gate", 48, 11, true), "act");
    const Output<Node> mlp = test::binary("Multiply", gate, proj("up", 48, 12, true), "gated");
    auto r6 = op::parameter(element::f32, Shape{1, 3, 6}, "r6");
    const Output<Node> dot = relu(test::binary("Multiply", bias(proj("small", 6, 13, false), 6, 3, "b6", 2), r6, "m6"),
                                  "a6");
    auto y = op::parameter(element::f32, Shape{1, 8, 7, 9}, "y");
    auto r = op::parameter(element::f32, Shape{1, 20, 7, 9}, "r");
    const Output<Node> c = test::binary("Multiply", r, bias(conv(y, {20, 8, 3, 3}, "c"), 20, 4, "cb"), "cm");
    const Runtime rt = compare(test::model_of({mlp, dot, c}, {x, r6, y, r}));
    EXPECT_EQ(rt.ops, 4u);
    EXPECT_EQ(rt.fused_names.at("act"), "gate,act");
    EXPECT_EQ(rt.fused_names.at("gated"), "up,gated");
    EXPECT_EQ(rt.fused_names.at("a6"), "small,b6,m6,a6");
    EXPECT_EQ(rt.fused_names.at("cm"), "c,cb,cm");
    for (const char* n : {"gated", "a6", "cm"})
        EXPECT_NE(rt.primitive.at(n).find("_fused_res"), std::string::npos) << n << ": " << rt.primitive.at(n);
    // REF running the transformed model multiplies where the graph did: bit-exact.
    EXPECT_GE(test::transformed_matches_on_ref(test::model_of({mlp, dot, c}, {x, r6, y, r}), 0, 0), 4u);
}

// f16 storage (INFERENCE_PRECISION_HINT f16): the residual is read as half, the sum rounded once.
TEST(GpuFusionResidual, F16) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    auto x = op::parameter(element::f32, Shape{1, 8, 9, 10}, "x");
    auto skip = op::parameter(element::f32, Shape{1, 24, 9, 10}, "skip");
    const Output<Node> y = relu(add(bias(conv(x, {24, 8, 3, 3}, "conv"), 24, 4, "bias"), skip, "res"), "relu");
    const Runtime r = test::run_and_compare(test::model_of({y}, {x, skip}),
                                            {{hint::inference_precision.key, element::f16}}, 2e-2, 2e-2);
    EXPECT_EQ(r.fused_names.at("relu"), "conv,bias,res,relu");
    EXPECT_NE(r.primitive.at("relu").find("_f16_fused_res"), std::string::npos) << r.primitive.at("relu");
}

// A broadcast Add is no residual, nor is a depthwise convolution's (its kernel has none): the chain stops at the
// bias and the Add + Relu become one FusedEltwise; Add forced to the host and DISABLE_TRANSFORMATIONS fuse nothing.
TEST(GpuFusionResidual, WhatIsNotFused) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    auto x = op::parameter(element::f32, Shape{1, 8, 10, 10}, "x");
    auto rows = op::parameter(element::f32, Shape{1, 1, 10, 10}, "rows");  // broadcast along channels
    auto skip = op::parameter(element::f32, Shape{1, 8, 10, 10}, "skip");
    const Output<Node> a = relu(add(bias(conv(x, {16, 8, 3, 3}, "c0"), 16, 4, "b0"), rows, "s0"), "a0");
    const Output<Node> d = relu(add(bias(conv(x, {8, 1, 1, 3, 3}, "c1"), 8, 4, "b1"), skip, "s1"), "a1");
    const auto model = test::model_of({a, d}, {x, rows, skip});
    const Runtime r = compare(model);
    EXPECT_EQ(r.fused_names.at("b0"), "c0,b0");
    EXPECT_EQ(r.fused_names.at("a0"), "s0,a0");
    EXPECT_EQ(r.fused_names.at("b1"), "c1,b1");
    EXPECT_EQ(r.primitive.at("b1"), "conv2d_dw_flat_fused");
    EXPECT_EQ(r.ops, 4u);

    const Runtime host_add = compare(model, {{"OVCL_GPU_HOST_OPS", "Add"}});
    EXPECT_TRUE(host_add.fused_names.empty());
    const Runtime plain = compare(model, {{disable_transformations.key, true}});
    EXPECT_EQ(plain.ops, 8u);
    EXPECT_TRUE(plain.fused_names.empty());
}

// The embedded ResNet-like CNN: each block's conv2 + bias + shortcut Add + Relu is one kernel.
TEST(GpuFusionResidual, EmbeddedCnnStepsDrop) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    const auto model = default_models::make_resnet_like_cnn();
    const Runtime r = compare(model);
    const Runtime plain = runtime_of(core.compile_model(model, "GPU", {{disable_transformations.key, true}}));
    EXPECT_EQ(r.fused_names.at("block1.relu2"), "block1.conv2,block1.conv2.add_bias,block1.residual,block1.relu2");
    // Block 2's shortcut is a 1x1 projection: whichever of its two convolutions comes first takes the Add.
    const std::string block2 = r.fused_names.at("block2.relu2");
    EXPECT_NE(block2.find(",block2.residual,block2.relu2"), std::string::npos) << block2;
    // Without the residual fusion each block ran conv2 + bias, then Add + Relu as a FusedEltwise: 11 steps.
    EXPECT_EQ(r.ops, 9u);
    EXPECT_EQ(r.count("FusedEltwise"), 0u);
    std::printf("embedded CNN: %zu GPU steps with the residual fused (11 without), %zu untransformed\n", r.ops,
                plain.ops);
}

// Validation of hand-made fused nodes, and one computed by hand: a 1x1 convolution with weights 2 I, bias 1 and a
// residual r gives relu(2 x + 1 + r).
TEST(GpuFusionResidual, ValidateAndHandChecked) {
    OVCL_REQUIRE_GPU();
    gpu::register_fused_ops();
    const Attributes conv_attrs{{"strides", "1,1"}, {"dilations", "1,1"}, {"pads_begin", "0,0"}, {"pads_end", "0,0"},
                                {"auto_pad", "explicit"}};
    auto fused = [&](const std::string& type, const Tensor& wt, const Shape& res) {
        Attributes attrs = conv_attrs;
        attrs.insert(attrs.end(), {{"post_ops", ""}, {"residual", "true"}, {"activation", "Relu"},
                                   {"activation_version", "1"}});
        return op::make(type,
                        {op::parameter(element::f32, Shape{1, 16, 1, 4}), op::constant(wt),
                         op::constant(test::make_tensor(element::f32, {1}, std::vector<float>{1.f})),
                         op::parameter(element::f32, res)},
                        attrs);
    };
    std::vector<float> eye(16 * 16, 0.f);
    for (size_t i = 0; i < 16; ++i)
        eye[i * 17] = 2.f;
    const Tensor w = test::make_tensor(element::f32, {16, 16, 1, 1}, eye);
    const auto node = fused("FusedConvolution", w, {1, 16, 1, 4});
    const auto& device = test::gpu_env()->device;
    ASSERT_TRUE(gpu::validate_node(*node, device).supported) << gpu::validate_node(*node, device).reason;
    std::vector<float> xs(64), rs(64);
    for (size_t i = 0; i < 64; ++i) {
        xs[i] = static_cast<float>(i % 7) - 3.f;
        rs[i] = static_cast<float>(i % 5) - 2.5f;
    }
    const Tensor xt = test::make_tensor(element::f32, {1, 16, 1, 4}, xs);
    const Tensor rt = test::make_tensor(element::f32, {1, 16, 1, 4}, rs);
    const Tensor y = test::run_gpu(node, {xt, w, test::make_tensor(element::f32, {1}, std::vector<float>{1.f}), rt})
                         .at(0);
    for (size_t i = 0; i < 64; ++i)
        EXPECT_EQ(y.data<const float>()[i], std::max(0.f, 2.f * xs[i] + 1.f + rs[i])) << i;

    // A residual of another shape (broadcast) and a depthwise convolution with a residual are refused.
    const auto broadcast = fused("FusedConvolution", w, {1, 16, 1, 1});
    EXPECT_EQ(gpu::validate_node(*broadcast, device).reason,
              "the fused residual (input 3) is not of the output's type and shape (a broadcast Add is not fused)");
    const Tensor dw = test::random_tensor(element::f32, {16, 1, 1, 1, 1}, -1, 1, 3);
    const auto depthwise = fused("FusedGroupConvolution", dw, {1, 16, 1, 4});
    EXPECT_EQ(gpu::validate_node(*depthwise, device).reason,
              "the depthwise kernels (conv2d_dw*) have no fused residual Add");
}
