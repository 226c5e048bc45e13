// Convolution-1 and GroupConvolution-1 on the OpenCL device against host_ref: a grid of kernels, strides,
// dilations, pads, channel counts and sizes; groups and depthwise; 1-D, 2-D and 3-D; a hand-checked case each
// for 2-D and 3-D; refusals.
//
// Tolerance 1e-4 abs + rel: the device sums up to C * KH * KW = 3136 f32 products in another order than
// host_ref (which accumulates in f64), so the last bits of a sum of ~20 in magnitude differ.
// f16 (storage only; both sides compute in f32 or wider and round the result to f16): 1e-3 abs + 2e-3 rel,
// the summation-order difference can flip one f16 rounding (2^-11 relative, an ulp is 2^-10); the fused case
// rounds once on the device where host_ref rounds after the conv and after the bias (still under 2e-3).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "gpu_test_utils.hpp"
#include "ops/gpu_op.hpp"
#include "ovcl/ops.hpp"
#include "transform/fusions.hpp"
#include "tuning/tuning.hpp"

using namespace ovcl;

namespace {

constexpr double kTol = 1e-4;
constexpr double kAbsF16 = 1e-3, kRelF16 = 2e-3;

struct Window {
    size_t kernel = 3, stride = 1, dilation = 1;
    std::string auto_pad = "explicit";
    size_t pad_begin = 0, pad_end = 0;
};

Attributes attrs_of(const Window& w, size_t spatial = 2) {
    const auto rep = [spatial](size_t v) { return op::list(std::vector<size_t>(spatial, v)); };
    return {{"strides", rep(w.stride)},
            {"dilations", rep(w.dilation)},
            {"pads_begin", rep(w.pad_begin)},
            {"pads_end", rep(w.pad_end)},
            {"auto_pad", w.auto_pad}};
}

// A node whose data is a Parameter and whose weights are a Constant (as in a compiled model), and its inputs.
struct Case {
    std::shared_ptr<Node> node;
    TensorVector inputs;
};

Case make_case(const std::string& type, const Shape& data, const Shape& filter, const Attributes& attrs,
               bool constant_weights = true, uint32_t seed = 7, element::Type et = element::f32) {
    Tensor x = test::random_tensor(et, data, -1.0, 1.0, seed);
    Tensor w = test::random_tensor(et, filter, -1.0, 1.0, seed + 1);
    auto weights = constant_weights ? op::constant(w) : op::parameter(et, filter);
    return {op::make(type, {op::parameter(et, data), weights}, attrs), {x, w}};
}

Case make_f16(const std::string& type, const Shape& data, const Shape& filter, const Attributes& attrs,
              bool constant_weights = true) {
    return make_case(type, data, filter, attrs, constant_weights, 7, element::f16);
}

std::string describe(const Shape& data, const Shape& filter, const Window& w) {
    return data.to_string() + " * " + filter.to_string() + " k" + std::to_string(w.kernel) + " s" +
           std::to_string(w.stride) + " d" + std::to_string(w.dilation) + " " + w.auto_pad + " " +
           std::to_string(w.pad_begin) + "/" + std::to_string(w.pad_end);
}

gpu::Validation validate(const std::shared_ptr<Node>& node) {
    return gpu::validate_node(*node, test::gpu_env()->device);
}

/// The kernel `node` gets from the register-blocked family (test::presented_as_cpu: the same on PoCL and on GPUs).
std::string cpu_impl(const std::string& type, const Node& node) {
    return gpu::find_gpu_op(type)->configure(node, test::presented_as_cpu(test::gpu_env()->device)).impl_name;
}

}  // namespace

// One input channel, a 3x3 image 1..9, a 2x2 filter of ones and one of [1, 0; 0, -1], pad 1 at the end only:
// every output is a sum of (at most) four neighbours, worked out by hand.
TEST(GpuConvolution, HandChecked) {
    OVCL_REQUIRE_GPU();
    const Tensor x = test::make_tensor(element::f32, {1, 1, 3, 3}, std::vector<float>{1, 2, 3, 4, 5, 6, 7, 8, 9});
    const Tensor w = test::make_tensor(element::f32, {2, 1, 2, 2}, std::vector<float>{1, 1, 1, 1, 1, 0, 0, -1});
    Window win;
    win.kernel = 2;
    win.pad_end = 1;
    auto node = op::make("Convolution", {op::parameter(element::f32, x.get_shape()), op::constant(w)}, attrs_of(win));
    const Tensor y = test::run_gpu(node, {x, w}).at(0);
    const Tensor expected = test::make_tensor(element::f32, {1, 2, 3, 3},
                                              std::vector<float>{12, 16, 9, 24, 28, 15, 15, 17, 9,  //
                                                                 -4, -4, 3, -4, -4, 6, 7, 8, 9});
    EXPECT_TENSOR_NEAR(y, expected, 0.0, 0.0);
}

// Every kernel / stride / dilation / padding combination; channels, batch and image size rotate through
// their lists so each value meets several windows while the run stays short.
TEST(GpuConvolution, WindowGrid) {
    OVCL_REQUIRE_GPU();
    const std::vector<size_t> channels{3, 17, 64}, batches{1, 2};
    const std::vector<std::pair<size_t, size_t>> sizes{{7, 7}, {13, 9}, {56, 56}};
    size_t i = 0;
    for (size_t k : {1, 3, 5, 7})
        for (size_t s : {1, 2})
            for (size_t d : {1, 2})
                for (const std::string pad : {"explicit", "same_upper", "valid"}) {
                    Window w{k, s, d, pad, k / 2, (k - 1) - k / 2 + (i % 2)};  // explicit: also asymmetric
                    const size_t c = channels[i % 3], kout = channels[(i / 3) % 3], n = batches[i % 2];
                    auto [h, wd] = sizes[(i / 2) % 3];
                    ++i;
                    if (h == 56 && c * kout * k * k > 64 * 17 * 9)
                        h = 13, wd = 9;  // keeps the host reference short (ResNetShapes has the big ones)
                    if (pad == "valid" && (k - 1) * d + 1 > std::min(h, wd))
                        continue;  // the window does not fit
                    const Shape data{n, c, h, wd}, filter{kout, c, k, k};
                    const Case t = make_case("Convolution", data, filter, attrs_of(w));
                    EXPECT_TRUE(test::gpu_matches_host(t.node, t.inputs, kTol, kTol)) << describe(data, filter, w);
                }
}

// The ResNet-50 shapes the kernel is tuned for, with borders on both sides of every row.
TEST(GpuConvolution, ResNetShapes) {
    OVCL_REQUIRE_GPU();
    struct Shapes {
        Shape data, filter;
        Window w;
    };
    const std::vector<Shapes> cases{
        {{1, 64, 56, 56}, {64, 64, 3, 3}, {3, 1, 1, "explicit", 1, 1}},
        {{1, 256, 56, 56}, {64, 256, 1, 1}, {1, 1, 1, "explicit", 0, 0}},
        {{1, 3, 64, 64}, {48, 3, 7, 7}, {7, 2, 1, "explicit", 3, 3}},  // 3 blocks of 16: one vector
        {{2, 128, 28, 28}, {32, 128, 3, 3}, {3, 2, 1, "same_upper", 0, 0}},
    };
    for (const auto& s : cases) {
        const Case t = make_case("Convolution", s.data, s.filter, attrs_of(s.w));
        EXPECT_TRUE(test::gpu_matches_host(t.node, t.inputs, kTol, kTol)) << describe(s.data, s.filter, s.w);
    }
}

// Pointwise convolutions (1 tap per axis, stride 1, no padding) of 512 pixels or more per image run as
// matmul_panel (conv2d_gemm_8x32); smaller ones keep conv2d_k16. Images of several batches, pixel counts that are
// not a multiple of 32, output channels that are not a multiple of 8, 1-D, 3-D and f16.
TEST(GpuConvolution, Pointwise) {
    OVCL_REQUIRE_GPU();
    struct Shapes {
        Shape data, filter;
        element::Type type;
        std::string impl;  // the heuristic's implementation
    };
    const std::vector<Shapes> cases{
        {{2, 24, 28, 30}, {40, 24, 1, 1}, element::f32, "conv2d_gemm_8x32"},
        {{1, 16, 20, 26}, {13, 16, 1, 1}, element::f32, "conv2d_gemm_8x32"},
        {{2, 16, 600}, {24, 16, 1}, element::f32, "conv2d_gemm_8x32"},
        {{1, 8, 4, 10, 14}, {20, 8, 1, 1, 1}, element::f32, "conv3d_gemm_8x32"},
        {{1, 32, 24, 24}, {48, 32, 1, 1}, element::f16, "conv2d_gemm_8x32_f16"},
        {{1, 64, 14, 14}, {96, 64, 1, 1}, element::f32, "conv2d_k16_7x32"},  // 196 pixels
    };
    for (const auto& s : cases) {
        const size_t spatial = s.data.size() - 2;
        const Window w{1, 1, 1, "explicit", 0, 0};
        const Case t = make_case("Convolution", s.data, s.filter, attrs_of(w, spatial), true, 7, s.type);
        const bool f16 = s.type == element::f16;
        EXPECT_TRUE(test::gpu_matches_host(t.node, t.inputs, f16 ? kAbsF16 : kTol, f16 ? kRelF16 : kTol))
            << describe(s.data, s.filter, w);
        EXPECT_EQ(cpu_impl("Convolution", *t.node), s.impl) << describe(s.data, s.filter, w);
    }
}

// Pads wider than the window (whole output rows and columns read only padding), different pads per axis,
// same_lower, and a stride larger than the kernel.
TEST(GpuConvolution, OddWindows) {
    OVCL_REQUIRE_GPU();
    const Attributes wide{{"strides", "2,1"}, {"dilations", "1,2"}, {"pads_begin", "4,5"}, {"pads_end", "3,2"},
                          {"auto_pad", "explicit"}};
    const Attributes lower{{"strides", "2,2"}, {"dilations", "1,1"}, {"pads_begin", "0,0"}, {"pads_end", "0,0"},
                           {"auto_pad", "same_lower"}};
    const Attributes sparse{{"strides", "3,4"}, {"dilations", "1,1"}, {"pads_begin", "0,1"}, {"pads_end", "1,0"},
                            {"auto_pad", "explicit"}};
    for (const Attributes& a : {wide, lower, sparse}) {
        const Case t = make_case("Convolution", {2, 5, 6, 11}, {20, 5, 2, 3}, a);
        EXPECT_TRUE(test::gpu_matches_host(t.node, t.inputs, kTol, kTol)) << t.node->describe();
    }
}

TEST(GpuConvolution, OneDimensional) {
    OVCL_REQUIRE_GPU();
    const Window w{5, 2, 1, "explicit", 2, 1};
    const Case t = make_case("Convolution", {2, 17, 40}, {20, 17, 5}, attrs_of(w, 1));
    EXPECT_TRUE(test::gpu_matches_host(t.node, t.inputs, kTol, kTol));
    // 20 outputs x 20 channels: 2 vectors, blocks of 5 pixels fit exactly.
    EXPECT_EQ(cpu_impl("Convolution", *t.node), "conv2d_k16_5x32");
}

// Groups of several channels run conv2d_k16 per group; one input channel per group runs the depthwise kernel.
TEST(GpuGroupConvolution, Groups) {
    OVCL_REQUIRE_GPU();
    struct Shapes {
        Shape data, filter;
        Window w;
    };
    const std::vector<Shapes> cases{
        {{1, 6, 13, 9}, {2, 5, 3, 3, 3}, {3, 1, 1, "explicit", 1, 1}},
        {{2, 64, 14, 14}, {4, 17, 16, 3, 3}, {3, 2, 1, "same_upper", 0, 0}},
        {{1, 8, 20, 20}, {4, 4, 2, 5, 5}, {5, 1, 2, "valid", 0, 0}},
    };
    for (const auto& s : cases) {
        const Case t = make_case("GroupConvolution", s.data, s.filter, attrs_of(s.w));
        EXPECT_TRUE(test::gpu_matches_host(t.node, t.inputs, kTol, kTol)) << describe(s.data, s.filter, s.w);
        // Grouped, not depthwise: the direct kernel.
        EXPECT_EQ(cpu_impl("GroupConvolution", *t.node).rfind("conv2d_k16_", 0), 0u);
    }
}

TEST(GpuGroupConvolution, Depthwise) {
    OVCL_REQUIRE_GPU();
    size_t i = 0;
    const std::vector<std::pair<size_t, size_t>> sizes{{7, 7}, {13, 9}, {56, 56}, {9, 37}};
    for (const auto& hw : sizes)
        for (size_t k : {1, 3, 5})
            for (size_t s : {1, 2, 3})
                for (const std::string pad : {"explicit", "same_upper"}) {
                    const size_t d = 1 + i % 2, m = 1 + (i / 2) % 2, n = 1 + (i / 4) % 2;  // multiplier m
                    ++i;
                    const Window w{k, s, d, pad, k / 2, k / 2 + 1};
                    const Shape data{n, 12, hw.first, hw.second}, filter{12, m, 1, k, k};
                    const Case t = make_case("GroupConvolution", data, filter, attrs_of(w));
                    EXPECT_TRUE(test::gpu_matches_host(t.node, t.inputs, kTol, kTol)) << describe(data, filter, w);
                }
    const Case t = make_case("GroupConvolution", {1, 12, 8, 40}, {12, 1, 1, 3, 3}, attrs_of({}));
    EXPECT_EQ(cpu_impl("GroupConvolution", *t.node), "conv2d_dw16");
    const Case narrow = make_case("GroupConvolution", {1, 12, 8, 8}, {12, 1, 1, 3, 3}, attrs_of({}));
    EXPECT_EQ(cpu_impl("GroupConvolution", *narrow.node), "conv2d_dw_narrow");  // rows of 6 outputs
}

// The depthwise kernel reads the weights as they are, so they may come from another op.
TEST(GpuGroupConvolution, DepthwiseRuntimeWeights) {
    OVCL_REQUIRE_GPU();
    const Window w{3, 1, 1, "explicit", 1, 1};
    const Case t = make_case("GroupConvolution", {1, 32, 28, 28}, {32, 1, 1, 3, 3}, attrs_of(w), false);
    ASSERT_TRUE(validate(t.node).supported) << validate(t.node).reason;
    EXPECT_TRUE(test::gpu_matches_host(t.node, t.inputs, kTol, kTol));
}

TEST(GpuConvolution, Refusals) {
    OVCL_REQUIRE_GPU();
    const Window w{3, 1, 1, "explicit", 1, 1};
    const auto runtime_weights = make_case("Convolution", {1, 8, 10, 10}, {4, 8, 3, 3}, attrs_of(w), false).node;
    EXPECT_FALSE(validate(runtime_weights).supported);
    EXPECT_NE(validate(runtime_weights).reason.find("not a Constant"), std::string::npos)
        << validate(runtime_weights).reason;
    const auto grouped = make_case("GroupConvolution", {1, 8, 10, 10}, {2, 4, 4, 3, 3}, attrs_of(w), false).node;
    EXPECT_NE(validate(grouped).reason.find("not a Constant"), std::string::npos) << validate(grouped).reason;

    const auto conv3d = make_case("Convolution", {1, 2, 4, 4, 4}, {2, 2, 3, 3, 3}, attrs_of(w, 3), false).node;
    EXPECT_NE(validate(conv3d).reason.find("not a Constant"), std::string::npos) << validate(conv3d).reason;

    const Tensor wi = test::random_tensor(element::i32, {4, 8, 3, 3});
    const auto i32 = op::make("Convolution", {op::parameter(element::i32, {1, 8, 10, 10}), op::constant(wi)},
                              attrs_of(w));
    EXPECT_FALSE(validate(i32).supported);
    EXPECT_NE(validate(i32).reason.find("f32 and f16"), std::string::npos) << validate(i32).reason;
    EXPECT_THROW(test::run_gpu(i32, {test::random_tensor(element::i32, {1, 8, 10, 10}), wi}), NotImplemented);
}

// f16 activations (half storage, f32 compute); the reordered weights are f32 on the device.
TEST(GpuConvolution, F16) {
    OVCL_REQUIRE_GPU();
    struct Shapes {
        Shape data, filter;
        Window w;
    };
    const std::vector<Shapes> cases{
        {{1, 64, 28, 28}, {64, 64, 3, 3}, {3, 1, 1, "explicit", 1, 1}},  // two vectors, borders
        {{2, 17, 13, 9}, {20, 17, 5, 5}, {5, 2, 2, "explicit", 2, 3}},   // partial K, guarded columns
        {{1, 32, 14, 14}, {24, 32, 1, 1}, {1, 1, 1, "valid", 0, 0}},
    };
    for (const auto& s : cases) {
        const Case t = make_f16("Convolution", s.data, s.filter, attrs_of(s.w));
        EXPECT_TRUE(test::gpu_matches_host(t.node, t.inputs, kAbsF16, kRelF16)) << describe(s.data, s.filter, s.w);
    }
    const Case one_d = make_f16("Convolution", {2, 17, 40}, {20, 17, 5}, attrs_of({5, 2, 1, "explicit", 2, 1}, 1));
    EXPECT_TRUE(test::gpu_matches_host(one_d.node, one_d.inputs, kAbsF16, kRelF16));
    EXPECT_EQ(cpu_impl("Convolution", *one_d.node), "conv2d_k16_5x32_f16");
}

TEST(GpuGroupConvolution, F16) {
    OVCL_REQUIRE_GPU();
    const Case groups = make_f16("GroupConvolution", {2, 64, 14, 14}, {4, 17, 16, 3, 3},
                                 attrs_of({3, 2, 1, "same_upper", 0, 0}));
    EXPECT_TRUE(test::gpu_matches_host(groups.node, groups.inputs, kAbsF16, kRelF16));
    for (size_t s : {1, 2, 3}) {  // the three load paths of conv2d_dw16
        const Window w{3, s, 1, "explicit", 1, 2};
        const Case t = make_f16("GroupConvolution", {2, 12, 21, 37}, {12, 2, 1, 3, 3}, attrs_of(w));
        EXPECT_TRUE(test::gpu_matches_host(t.node, t.inputs, kAbsF16, kRelF16)) << "stride " << s;
    }
    const Case narrow = make_f16("GroupConvolution", {1, 8, 9, 9}, {8, 1, 1, 5, 5}, attrs_of({5, 1, 1, "valid"}));
    EXPECT_TRUE(test::gpu_matches_host(narrow.node, narrow.inputs, kAbsF16, kRelF16));  // OW < 16
    const Case runtime = make_f16("GroupConvolution", {1, 32, 28, 28}, {32, 1, 1, 3, 3},
                                  attrs_of({3, 1, 1, "explicit", 1, 1}), false);
    ASSERT_TRUE(validate(runtime.node).supported) << validate(runtime.node).reason;
    EXPECT_TRUE(test::gpu_matches_host(runtime.node, runtime.inputs, kAbsF16, kRelF16));
    EXPECT_EQ(cpu_impl("GroupConvolution", *runtime.node), "conv2d_dw_flat2_f16");
}

// The fused conv + bias + activation node in f16: the bias is converted to f32 once, the result rounded once.
TEST(GpuConvolution, F16Fused) {
    OVCL_REQUIRE_GPU();
    gpu::register_fused_ops();
    const Window w{3, 1, 1, "explicit", 1, 1};
    for (const bool depthwise : {false, true}) {
        const Shape data{1, 16, 15, 15}, filter = depthwise ? Shape{16, 1, 1, 3, 3} : Shape{24, 16, 3, 3};
        const size_t k = depthwise ? 16 : 24;
        const Tensor x = test::random_tensor(element::f16, data, -1.0, 1.0, 5);
        const Tensor wt = test::random_tensor(element::f16, filter, -1.0, 1.0, 6);
        const Tensor b = test::random_tensor(element::f16, {1, k, 1, 1}, -1.0, 1.0, 7);
        Attributes attrs = attrs_of(w);
        attrs.emplace_back("activation", "Relu");
        attrs.emplace_back("activation_version", "1");
        const auto node = op::make(depthwise ? "FusedGroupConvolution" : "FusedConvolution",
                                   {op::parameter(element::f16, data), op::constant(wt), op::constant(b)}, attrs);
        ASSERT_TRUE(validate(node).supported) << validate(node).reason;
        EXPECT_TRUE(test::gpu_matches_host(node, {x, wt, b}, kAbsF16, kRelF16)) << node->describe();
    }
}

// 3-D, by hand: a 2x2x2 input 1..8 and a 2x2x2 filter of ones plus one that is 1 at its first tap and -1 at its
// last, no padding: one output, the sum of all (36) and 1 - 8. Padding 1 at the end of the depth axis only adds a
// second plane that sees the back face of the input alone: 5 + 6 + 7 + 8 = 26 and 5.
TEST(GpuConvolution, HandChecked3D) {
    OVCL_REQUIRE_GPU();
    const Tensor x = test::make_tensor(element::f32, {1, 1, 2, 2, 2}, std::vector<float>{1, 2, 3, 4, 5, 6, 7, 8});
    const Tensor w = test::make_tensor(element::f32, {2, 1, 2, 2, 2},
                                       std::vector<float>{1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, -1});
    const Attributes attrs{{"strides", "1,1,1"}, {"dilations", "1,1,1"}, {"pads_begin", "0,0,0"},
                           {"pads_end", "1,0,0"}, {"auto_pad", "explicit"}};
    auto node = op::make("Convolution", {op::parameter(element::f32, x.get_shape()), op::constant(w)}, attrs);
    const Tensor y = test::run_gpu(node, {x, w}).at(0);
    EXPECT_TENSOR_NEAR(y, test::make_tensor(element::f32, {1, 2, 2, 1, 1}, std::vector<float>{36, 26, -7, 5}), 0.0,
                       0.0);
}

// 3-D (NCDHW): depth is one more window axis of the same kernels. Kernels, strides, dilations and pads differ
// per axis; channel counts cover one and two channel vectors and a partial one.
TEST(GpuConvolution, ThreeDimensional) {
    OVCL_REQUIRE_GPU();
    struct Shapes {
        Shape data, filter;
        Attributes attrs;
    };
    const auto attrs = [](const std::string& s, const std::string& d, const std::string& pb, const std::string& pe,
                          const std::string& pad = "explicit") {
        return Attributes{{"strides", s}, {"dilations", d}, {"pads_begin", pb}, {"pads_end", pe}, {"auto_pad", pad}};
    };
    const std::vector<Shapes> cases{
        {{1, 16, 6, 10, 10}, {32, 16, 3, 3, 3}, attrs("1,1,1", "1,1,1", "1,1,1", "1,1,1")},
        {{2, 5, 7, 6, 9}, {20, 5, 2, 3, 1}, attrs("2,1,3", "1,2,1", "1,0,2", "0,1,0")},
        {{1, 3, 9, 8, 8}, {16, 3, 3, 1, 3}, attrs("1,2,2", "2,1,1", "0,0,0", "0,0,0", "same_upper")},
        {{1, 8, 5, 5, 5}, {48, 8, 1, 1, 1}, attrs("1,1,1", "1,1,1", "0,0,0", "0,0,0", "valid")},
        {{1, 4, 5, 4, 6}, {8, 4, 3, 3, 3}, attrs("2,2,2", "1,1,1", "0,0,0", "0,0,0", "same_lower")},
        {{1, 2, 3, 3, 3}, {4, 2, 2, 2, 2}, attrs("3,3,3", "1,1,1", "3,0,1", "2,4,0")},  // planes of padding only
    };
    for (const auto& s : cases) {
        const Case t = make_case("Convolution", s.data, s.filter, s.attrs);
        ASSERT_TRUE(validate(t.node).supported) << validate(t.node).reason;
        EXPECT_TRUE(test::gpu_matches_host(t.node, t.inputs, kTol, kTol)) << t.node->describe();
    }
    const Case t = make_case("Convolution", cases[0].data, cases[0].filter, cases[0].attrs);
    EXPECT_EQ(cpu_impl("Convolution", *t.node), "conv3d_k16_5x32");  // 10 columns x 32 channels
}

// Groups of several channels and depthwise (also a channel multiplier, and runtime weights) in 3-D.
TEST(GpuGroupConvolution, ThreeDimensional) {
    OVCL_REQUIRE_GPU();
    const Attributes same{{"strides", "1,2,1"}, {"dilations", "1,1,2"}, {"pads_begin", "0,0,0"},
                          {"pads_end", "0,0,0"}, {"auto_pad", "same_upper"}};
    const Attributes asym{{"strides", "2,1,2"}, {"dilations", "2,1,1"}, {"pads_begin", "2,1,0"},
                          {"pads_end", "0,1,3"}, {"auto_pad", "explicit"}};
    for (const Attributes& a : {same, asym}) {
        const Case groups = make_case("GroupConvolution", {1, 6, 5, 7, 9}, {2, 5, 3, 3, 3, 3}, a);
        EXPECT_TRUE(test::gpu_matches_host(groups.node, groups.inputs, kTol, kTol)) << groups.node->describe();
        const Case dw = make_case("GroupConvolution", {2, 8, 6, 9, 21}, {8, 2, 1, 3, 3, 3}, a);
        EXPECT_TRUE(test::gpu_matches_host(dw.node, dw.inputs, kTol, kTol)) << dw.node->describe();
        EXPECT_EQ(cpu_impl("GroupConvolution", *dw.node), "conv3d_dw16");
        // On a GPU the depthwise one runs conv2d_dw_pixel, one output per work-item, 3-D too.
        auto& env = *test::gpu_env();
        const gpu::DeviceInfo gpu = test::presented_as_gpu(env.device);
        EXPECT_EQ(gpu::find_gpu_op("GroupConvolution")->configure(*dw.node, gpu).impl_name, "conv3d_dw_pixel");
        EXPECT_TENSOR_NEAR(
            gpu::tuning::run_candidate(*dw.node, dw.inputs, 0, env.context, env.queue, *env.programs, gpu).at(0),
            test::run_host(dw.node, dw.inputs).at(0), kTol, kTol)
            << dw.node->describe();
    }
    const Case runtime = make_case("GroupConvolution", {1, 16, 4, 12, 12}, {16, 1, 1, 3, 3, 3}, asym, false);
    ASSERT_TRUE(validate(runtime.node).supported) << validate(runtime.node).reason;
    EXPECT_TRUE(test::gpu_matches_host(runtime.node, runtime.inputs, kTol, kTol));
}

// 3-D in f16 storage, and the fused bias + activation epilogue on 3-D convolutions (direct and depthwise).
TEST(GpuConvolution, ThreeDimensionalF16AndFused) {
    OVCL_REQUIRE_GPU();
    gpu::register_fused_ops();
    const Attributes attrs{{"strides", "1,1,1"}, {"dilations", "1,1,1"}, {"pads_begin", "1,1,1"},
                           {"pads_end", "1,0,1"}, {"auto_pad", "explicit"}};
    const Case f16 = make_f16("Convolution", {1, 16, 4, 9, 9}, {24, 16, 3, 3, 3}, attrs);
    EXPECT_TRUE(test::gpu_matches_host(f16.node, f16.inputs, kAbsF16, kRelF16));
    const Case dw16 = make_f16("GroupConvolution", {1, 8, 4, 9, 20}, {8, 1, 1, 3, 3, 3}, attrs);
    EXPECT_TRUE(test::gpu_matches_host(dw16.node, dw16.inputs, kAbsF16, kRelF16));
    for (const bool depthwise : {false, true}) {
        const Shape data{1, 16, 4, 9, 9}, filter = depthwise ? Shape{16, 1, 1, 3, 3, 3} : Shape{24, 16, 3, 3, 3};
        const size_t k = depthwise ? 16 : 24;
        const Tensor x = test::random_tensor(element::f32, data, -1.0, 1.0, 5);
        const Tensor wt = test::random_tensor(element::f32, filter, -1.0, 1.0, 6);
        const Tensor b = test::random_tensor(element::f32, {1, k, 1, 1, 1}, -1.0, 1.0, 7);
        Attributes fused = attrs;
        fused.emplace_back("activation", "Relu");
        fused.emplace_back("activation_version", "1");
        const auto node = op::make(depthwise ? "FusedGroupConvolution" : "FusedConvolution",
                                   {op::parameter(element::f32, data), op::constant(wt), op::constant(b)}, fused);
        ASSERT_TRUE(validate(node).supported) << validate(node).reason;
        EXPECT_TRUE(test::gpu_matches_host(node, {x, wt, b}, kTol, kTol)) << node->describe();
    }
}
