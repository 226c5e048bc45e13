// ConvolutionBackpropData-1 (transposed convolution) on the OpenCL device against host_ref: hand-checked cases,
// a grid of kernels, strides, dilations, pads (asymmetric too), auto_pad modes and output_padding, the
// output_shape input, 1-D / 2-D / 3-D, decoder shapes, f16 storage, a compiled model and refusals.
//
// Tolerance 1e-4 abs + rel: an output sums up to C * (taps reaching it) f32 products (64 * 16 = 1024 in the
// decoder cases) in another order than host_ref, which accumulates in f64; the rounding of such sums differs in
// the last few bits of f32 (2^-24 relative each, growing with the sum's length and cancellation).
// f16 (storage only; both sides compute in f32 or wider and round the result once to f16): 1e-3 abs + 1e-2 rel,
// the summation-order difference can flip one f16 rounding (an ulp is 2^-10 relative).
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "gpu_test_utils.hpp"
#include "ops/gpu_op.hpp"
#include "ovcl/core.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;

namespace {

constexpr double kTol = 1e-4;
constexpr double kAbsF16 = 1e-3, kRelF16 = 1e-2;
const std::string kType = "ConvolutionBackpropData";

// Attributes with one value per spatial axis repeated over `spatial` axes.
struct Window {
    size_t stride = 1, dilation = 1, pad_begin = 0, pad_end = 0, out_pad = 0;
    std::string auto_pad = "explicit";
};

Attributes attrs_of(const Window& w, size_t spatial = 2) {
    const auto rep = [spatial](size_t v) { return op::list(std::vector<size_t>(spatial, v)); };
    return {{"strides", rep(w.stride)},         {"dilations", rep(w.dilation)}, {"pads_begin", rep(w.pad_begin)},
            {"pads_end", rep(w.pad_end)},       {"auto_pad", w.auto_pad},       {"output_padding", rep(w.out_pad)}};
}

std::string describe(const Shape& data, const Shape& filter, const Window& w) {
    return data.to_string() + " * " + filter.to_string() + " s" + std::to_string(w.stride) + " d" +
           std::to_string(w.dilation) + " " + w.auto_pad + " " + std::to_string(w.pad_begin) + "/" +
           std::to_string(w.pad_end) + " op" + std::to_string(w.out_pad);
}

// Data a Parameter, weights a Constant (as in a compiled model), output_shape a Constant when given.
struct Case {
    std::shared_ptr<Node> node;
    TensorVector inputs;
};

Case make_case(const Shape& data, const Shape& filter, const Attributes& attrs,
               const std::optional<std::vector<int64_t>>& out_shape = std::nullopt, element::Type et = element::f32,
               uint32_t seed = 11) {
    Tensor x = test::random_tensor(et, data, -1.0, 1.0, seed);
    Tensor w = test::random_tensor(et, filter, -1.0, 1.0, seed + 1);
    OutputVector in{op::parameter(et, data), op::constant(w)};
    TensorVector values{x, w};
    if (out_shape) {
        const Tensor s = test::make_tensor(element::i64, {out_shape->size()}, *out_shape);
        in.push_back(op::constant(s));
        values.push_back(s);
    }
    return {op::make(kType, in, attrs), values};
}

gpu::Validation validate(const std::shared_ptr<Node>& node) {
    return gpu::validate_node(*node, test::gpu_env()->device);
}

std::string impl_name(const Case& c) {
    return gpu::find_gpu_op(kType)->configure(*c.node, test::gpu_env()->device).impl_name;
}

}  // namespace

// One input channel [1 2; 3 4], two output channels with filters of ones and [1 0; 0 -1].
// Stride 2: every input pixel paints its own 2x2 block with its value times the filter.
// Stride 1 with pads_begin 1: the 3x3 full result (overlapping blocks summed) without its first row and column.
TEST(GpuDeconvolution, HandChecked) {
    OVCL_REQUIRE_GPU();
    const Tensor x = test::make_tensor(element::f32, {1, 1, 2, 2}, std::vector<float>{1, 2, 3, 4});
    const Tensor w = test::make_tensor(element::f32, {1, 2, 2, 2}, std::vector<float>{1, 1, 1, 1, 1, 0, 0, -1});
    const auto node_of = [&](const Window& win) {
        return op::make(kType, {op::parameter(element::f32, x.get_shape()), op::constant(w)}, attrs_of(win));
    };
    Window s2;
    s2.stride = 2;
    const Tensor y2 = test::run_gpu(node_of(s2), {x, w}).at(0);
    const Tensor e2 = test::make_tensor(element::f32, {1, 2, 4, 4},
                                        std::vector<float>{1, 1, 2, 2, 1, 1, 2, 2, 3, 3, 4, 4, 3, 3, 4, 4,  //
                                                           1, 0, 2, 0, 0, -1, 0, -2, 3, 0, 4, 0, 0, -3, 0, -4});
    EXPECT_TENSOR_NEAR(y2, e2, 0.0, 0.0);

    Window crop;
    crop.pad_begin = 1;
    const Tensor y1 = test::run_gpu(node_of(crop), {x, w}).at(0);
    // full, ones: [1 3 2; 4 10 6; 3 7 4]; full, [1 0; 0 -1]: [1 2 0; 3 3 -2; 0 -3 -4]
    const Tensor e1 = test::make_tensor(element::f32, {1, 2, 2, 2}, std::vector<float>{10, 6, 7, 4, 3, -2, -3, -4});
    EXPECT_TENSOR_NEAR(y1, e1, 0.0, 0.0);
}

// 1-D, stride 2, output_padding 1: [1 2 3] * [1 10] interleaves to [1 10 2 20 3 30] and the padded last
// position, which no input reaches, is 0. The same with dilation 3: taps land 3 apart and overlap.
TEST(GpuDeconvolution, HandChecked1D) {
    OVCL_REQUIRE_GPU();
    const Tensor x = test::make_tensor(element::f32, {1, 1, 3}, std::vector<float>{1, 2, 3});
    const Tensor w = test::make_tensor(element::f32, {1, 1, 2}, std::vector<float>{1, 10});
    const auto node_of = [&](const Window& win) {
        return op::make(kType, {op::parameter(element::f32, x.get_shape()), op::constant(w)}, attrs_of(win, 1));
    };
    Window padded;
    padded.stride = 2;
    padded.out_pad = 1;
    EXPECT_TENSOR_NEAR(test::run_gpu(node_of(padded), {x, w}).at(0),
                       test::make_tensor(element::f32, {1, 1, 7}, std::vector<float>{1, 10, 2, 20, 3, 30, 0}), 0.0,
                       0.0);
    Window dilated;
    dilated.stride = 2;
    dilated.dilation = 3;  // y[2i] += x[i], y[2i + 3] += 10 x[i]: length 2 * 2 + 4 = 8
    EXPECT_TENSOR_NEAR(test::run_gpu(node_of(dilated), {x, w}).at(0),
                       test::make_tensor(element::f32, {1, 1, 8}, std::vector<float>{1, 0, 2, 10, 3, 20, 0, 30}),
                       0.0, 0.0);
}

// Every kernel / stride / dilation / padding mode; output_padding below the stride; channels, batch and sizes
// rotate through their lists so each value meets several windows while the run stays short.
TEST(GpuDeconvolution, WindowGrid) {
    OVCL_REQUIRE_GPU();
    const std::vector<size_t> in_channels{3, 17, 64}, out_channels{16, 5, 32, 48}, batches{1, 2};
    const std::vector<std::pair<size_t, size_t>> sizes{{7, 7}, {5, 9}, {14, 11}};
    size_t i = 0;
    for (size_t k : {1, 2, 3, 4, 5})
        for (size_t s : {1, 2, 3})
            for (size_t d : {1, 2})
                for (const std::string pad : {"explicit", "valid", "same_upper"}) {
                    const size_t c = in_channels[i % 3], kout = out_channels[i % 4], n = batches[(i / 3) % 2];
                    const auto [h, wd] = sizes[(i / 2) % 3];
                    Window w{s, d, (k - 1) / 2, (k - 1) - (k - 1) / 2 + i % 2, i % s, pad};  // asymmetric too
                    if ((k - 1) * d < w.pad_begin + w.pad_end)
                        w.pad_end = 0;  // keeps at least the input's extent * stride
                    ++i;
                    const Shape data{n, c, h, wd}, filter{c, kout, k, k};
                    const Case t = make_case(data, filter, attrs_of(w));
                    EXPECT_TRUE(test::gpu_matches_host(t.node, t.inputs, kTol, kTol)) << describe(data, filter, w);
                }
}

// Pads larger than the dilated kernel (crops deep into the result), different values per axis, strides larger
// than the kernel (some outputs reached by no tap), same_lower.
TEST(GpuDeconvolution, OddWindows) {
    OVCL_REQUIRE_GPU();
    const std::vector<Attributes> cases{
        {{"strides", "2,3"}, {"dilations", "1,2"}, {"pads_begin", "4,1"}, {"pads_end", "0,5"},
         {"output_padding", "1,2"}, {"auto_pad", "explicit"}},
        {{"strides", "4,3"}, {"dilations", "1,1"}, {"pads_begin", "0,0"}, {"pads_end", "0,0"},
         {"output_padding", "3,0"}, {"auto_pad", "explicit"}},
        {{"strides", "2,2"}, {"dilations", "2,1"}, {"pads_begin", "0,0"}, {"pads_end", "0,0"},
         {"auto_pad", "same_lower"}},
    };
    for (const Attributes& a : cases) {
        const Case t = make_case({2, 5, 6, 11}, {5, 20, 2, 3}, a);
        EXPECT_TRUE(test::gpu_matches_host(t.node, t.inputs, kTol, kTol)) << t.node->describe();
    }
}

// output_shape sets the output extents; pads follow from it (auto_pad says where an odd amount goes), also when
// the requested output is larger than the full result (the rest reads no input).
TEST(GpuDeconvolution, OutputShape) {
    OVCL_REQUIRE_GPU();
    const std::vector<std::pair<std::string, std::vector<int64_t>>> cases{
        {"explicit", {16, 16}}, {"same_upper", {15, 17}}, {"same_lower", {15, 17}},
        {"explicit", {20, 21}}, {"same_upper", {9, 13}},
    };
    for (const auto& [pad, out] : cases) {
        Window w;
        w.stride = 2;
        w.auto_pad = pad;
        w.out_pad = pad == "explicit" ? 1 : 0;
        const Case t = make_case({1, 8, 8, 8}, {8, 24, 3, 3}, attrs_of(w), out);
        ASSERT_EQ(t.node->get_output_shape(0), (Shape{1, 24, size_t(out[0]), size_t(out[1])}));
        EXPECT_TRUE(test::gpu_matches_host(t.node, t.inputs, kTol, kTol)) << pad << " " << op::list(out);
    }
    const Case one_d = make_case({2, 6, 10}, {6, 7, 4}, attrs_of({3, 1, 0, 0, 0, "same_lower"}, 1),
                                 std::vector<int64_t>{29});
    EXPECT_TRUE(test::gpu_matches_host(one_d.node, one_d.inputs, kTol, kTol));
}

// Decoder layers: upsampling by 2 with a 4x4 kernel (pad 1) or a 2x2 one, to 32 channels or to 3 (RGB).
TEST(GpuDeconvolution, DecoderShapes) {
    OVCL_REQUIRE_GPU();
    struct Shapes {
        Shape data, filter;
        size_t pad, out_pad;  // stride 2, explicit pads
        const char* impl;
    };
    const std::vector<Shapes> cases{
        {{1, 64, 28, 28}, {64, 32, 4, 4}, 1, 0, "deconv2d_k16_7x32"},
        {{1, 64, 28, 28}, {64, 32, 2, 2}, 0, 0, "deconv2d_k16_7x32"},
        {{2, 32, 14, 14}, {32, 48, 3, 3}, 1, 1, "deconv2d_k16_14x16"},
        {{1, 32, 28, 28}, {32, 3, 4, 4}, 1, 0, "deconv2d_k16_14x16"},
    };
    for (const auto& s : cases) {
        const Window w{2, 1, s.pad, s.pad, s.out_pad, "explicit"};
        const Case t = make_case(s.data, s.filter, attrs_of(w));
        EXPECT_TRUE(test::gpu_matches_host(t.node, t.inputs, kTol, kTol)) << describe(s.data, s.filter, w);
        EXPECT_EQ(impl_name(t), s.impl) << describe(s.data, s.filter, w);
    }
}

TEST(GpuDeconvolution, OneDimensional) {
    OVCL_REQUIRE_GPU();
    for (size_t s : {1, 2, 4}) {
        const Window w{s, 1 + s % 2, 1, 2, s - 1, "explicit"};
        const Case t = make_case({2, 17, 23}, {17, 20, 5}, attrs_of(w, 1));
        EXPECT_TRUE(test::gpu_matches_host(t.node, t.inputs, kTol, kTol)) << describe({2, 17, 23}, {17, 20, 5}, w);
    }
}

// 3-D: depth is one more gathered axis (strides, dilations, pads and output_padding on every axis).
TEST(GpuDeconvolution, ThreeDimensional) {
    OVCL_REQUIRE_GPU();
    const Case even = make_case({1, 16, 4, 6, 6}, {16, 32, 2, 2, 2}, attrs_of({2, 1, 0, 0, 0, "explicit"}, 3));
    EXPECT_TRUE(test::gpu_matches_host(even.node, even.inputs, kTol, kTol));
    EXPECT_EQ(impl_name(even), "deconv3d_k16_6x32");
    const Attributes odd{{"strides", "2,1,3"}, {"dilations", "2,1,1"}, {"pads_begin", "1,0,2"},
                         {"pads_end", "0,1,1"}, {"output_padding", "1,0,2"}, {"auto_pad", "explicit"}};
    const Case t = make_case({2, 5, 3, 5, 4}, {5, 7, 3, 2, 3}, odd);
    EXPECT_TRUE(test::gpu_matches_host(t.node, t.inputs, kTol, kTol));
    const Case shaped = make_case({1, 4, 3, 3, 3}, {4, 6, 3, 3, 3}, attrs_of({2, 1, 0, 0, 0, "same_upper"}, 3),
                                  std::vector<int64_t>{6, 5, 7});
    EXPECT_TRUE(test::gpu_matches_host(shaped.node, shaped.inputs, kTol, kTol));
}

// f16 data and weights (storage; the weights become f32 when reordered, compute is f32).
TEST(GpuDeconvolution, F16) {
    OVCL_REQUIRE_GPU();
    const Case decoder = make_case({1, 64, 14, 14}, {64, 32, 4, 4}, attrs_of({2, 1, 1, 1, 0, "explicit"}), {},
                                   element::f16);
    EXPECT_TRUE(test::gpu_matches_host(decoder.node, decoder.inputs, kAbsF16, kRelF16));
    EXPECT_EQ(impl_name(decoder), "deconv2d_k16_7x32_f16");
    const Case odd = make_case({2, 5, 6, 11}, {5, 20, 3, 2}, attrs_of({3, 2, 2, 1, 2, "explicit"}), {}, element::f16);
    EXPECT_TRUE(test::gpu_matches_host(odd.node, odd.inputs, kAbsF16, kRelF16));
    const Case three_d = make_case({1, 6, 3, 4, 5}, {6, 9, 3, 3, 3}, attrs_of({2, 1, 1, 1, 1, "explicit"}, 3),
                                   std::nullopt, element::f16);
    EXPECT_TRUE(test::gpu_matches_host(three_d.node, three_d.inputs, kAbsF16, kRelF16));
}

TEST(GpuDeconvolution, Refusals) {
    OVCL_REQUIRE_GPU();
    const Shape data{1, 8, 6, 6}, filter{8, 4, 3, 3};
    const Attributes attrs = attrs_of({2, 1, 1, 1, 0, "explicit"});
    const auto runtime_weights =
        op::make(kType, {op::parameter(element::f32, data), op::parameter(element::f32, filter)}, attrs);
    EXPECT_FALSE(validate(runtime_weights).supported);
    EXPECT_NE(validate(runtime_weights).reason.find("weights (input 1) are not a Constant"), std::string::npos)
        << validate(runtime_weights).reason;

    // An output_shape from another op: the output shape is unknown before run time, so the shared checks refuse
    // the node first; the op's own validate() names the input.
    const Tensor w = test::random_tensor(element::f32, filter);
    const auto runtime_shape = op::make(
        kType, {op::parameter(element::f32, data), op::constant(w), op::parameter(element::i64, {2})}, attrs);
    EXPECT_FALSE(validate(runtime_shape).supported);
    const gpu::Validation own = gpu::find_gpu_op(kType)->validate(*runtime_shape, test::gpu_env()->device);
    EXPECT_FALSE(own.supported);
    EXPECT_NE(own.reason.find("output_shape (input 2) is not a Constant"), std::string::npos) << own.reason;

    const Tensor wi = test::random_tensor(element::i32, filter);
    const auto i32 = op::make(kType, {op::parameter(element::i32, data), op::constant(wi)}, attrs);
    EXPECT_FALSE(validate(i32).supported);
    EXPECT_NE(validate(i32).reason.find("f32 and f16"), std::string::npos) << validate(i32).reason;
    EXPECT_THROW(test::run_gpu(i32, {test::random_tensor(element::i32, data), wi}), NotImplemented);
}

// In a compiled model the node runs as one kernel (the output_shape Constant is an input buffer it never reads)
// and matches REF.
TEST(GpuDeconvolution, CompiledModel) {
    OVCL_REQUIRE_GPU();
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    const auto x = op::parameter(element::f32, {1, 16, 10, 10}, "x");
    const auto w = op::constant(test::random_tensor(element::f32, {16, 24, 3, 3}, -1.0, 1.0, 3));
    const auto out_shape = op::constant<int64_t>(element::i64, {2}, {19, 20});
    const auto deconv = op::make(kType, {x, w, out_shape}, attrs_of({2, 1, 0, 0, 0, "same_upper"}));
    deconv->set_friendly_name("deconv");
    const auto model = std::make_shared<Model>(NodeVector{op::result(Output<Node>(deconv, 0), "y")}, NodeVector{x}, "m");
    auto gpu = core.compile_model(model, "GPU");
    auto ref = core.compile_model(model, "REF");
    const Tensor in = test::random_tensor(element::f32, {1, 16, 10, 10}, -1.0, 1.0, 4);
    const auto infer = [&in](CompiledModel& compiled) {
        auto request = compiled.create_infer_request();
        request.set_tensor(compiled.input(0), in);
        request.infer();
        return request.get_output_tensor(0);
    };
    EXPECT_TENSOR_NEAR(infer(gpu), infer(ref), kTol, kTol);
    std::string primitive;
    for (const auto& n : gpu.get_runtime_model()->get_ordered_ops())
        if (n->get_friendly_name() == "deconv")
            primitive = n->get_rt_info().at("primitiveType").as<std::string>();
    EXPECT_EQ(primitive, "deconv2d_k16_5x32");  // 10 columns per phase; 24 channels: two vectors
}
