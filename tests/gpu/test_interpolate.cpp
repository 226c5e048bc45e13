// Interpolate-4/11 on the OpenCL device against host_ref: grids of shapes, modes, coordinate transformation
// modes, nearest modes, sizes / scales, axes and pads; f16 and the integer types of nearest; antialias and
// the pillow modes; hand-checked values; the refusals and their reasons.
// Tolerances: nearest is a copy, exact (0). The weighted modes sum w0 * w1 * x over both axes' taps in one
// pass where host_ref sums one axis after the other: f32 1e-5 abs + 1e-5 rel. Cubic's 16 taps have weights of
// both signs (up to ~1.2 in magnitude), so the terms are larger than the result: 1e-5 still holds for data in
// [-1, 1] as the rounding error stays below 16 * 2^-24 * sum|w x| (about 1.5e-6). f16 (storage only, f32
// compute): 1e-2 abs + 1e-2 rel, the f32 sums may round to the other side of one f16 rounding.
#include <optional>
#include <string>
#include <vector>

#include "gpu_test_utils.hpp"
#include "ops/gpu_op.hpp"
#include "ovcl/core.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;

namespace {

const std::vector<std::string> kCoords{"half_pixel", "pytorch_half_pixel", "asymmetric", "tf_half_pixel_for_nn",
                                       "align_corners"};
const std::vector<std::string> kNearest{"round_prefer_floor", "round_prefer_ceil", "floor", "ceil", "simple"};

struct Interp {
    std::string mode = "nearest", calc = "sizes";
    std::vector<int64_t> sizes;  ///< sizes mode
    std::vector<float> scales;   ///< scales mode
    std::optional<std::vector<int64_t>> axes;
    Attributes extra;
    int64_t version = 11;
};

// Interpolate over a parameter of `shape` with constant sizes / scales / axes (v4 gets both sizes and scales:
// the unused one is derived from the other as a model would carry it).
std::shared_ptr<Node> make(const Interp& p, const Shape& shape, element::Type type = element::f32) {
    Attributes a{{"mode", p.mode}, {"shape_calculation_mode", p.calc}};
    a.insert(a.end(), p.extra.begin(), p.extra.end());
    OutputVector in{op::parameter(type, shape)};
    const bool scales = p.calc == "scales";
    auto sizes_in = op::constant<int64_t>(element::i64, {p.sizes.size()}, p.sizes);
    auto scales_in = op::constant<float>(element::f32, {p.scales.size()}, p.scales);
    if (p.version == 11) {
        in.push_back(scales ? scales_in : sizes_in);
    } else {
        in.push_back(sizes_in);
        in.push_back(scales_in);
    }
    if (p.axes)
        in.push_back(op::constant<int64_t>(element::i64, {p.axes->size()}, *p.axes));
    return op::make("Interpolate", in, a, p.version);
}

// The data and the constant inputs (the device reads the constants when the model compiles).
TensorVector inputs(const std::shared_ptr<Node>& node, const Tensor& data) {
    TensorVector in{data};
    for (size_t i = 1; i < node->get_input_size(); ++i)
        in.push_back(node->input_value(i).node->get_constant_value());
    return in;
}

::testing::AssertionResult matches(const Interp& p, const Shape& shape, element::Type type = element::f32,
                                   double tol = 1e-5) {
    auto node = make(p, shape, type);
    const auto data = test::random_tensor(type, shape, type.is_real() ? -1 : -100, type.is_real() ? 1 : 100, 11);
    return test::gpu_matches_host(node, inputs(node, data), tol, tol);
}

std::string validate_reason(const std::shared_ptr<Node>& node) {
    const auto v = gpu::validate_node(*node, test::gpu_env()->device);
    return v.supported ? "" : v.reason;
}

// W = 7 reads its taps with gathers, W = 19 mostly through windows of 8 or 16 elements.
const std::vector<Shape> kGridShapes{{2, 3, 5, 7}, {1, 2, 4, 19}};
// Output sizes of H and W (axes 2, 3): up, down, mixed, odd ratios, unchanged.
const std::vector<std::vector<int64_t>> kSizes{{10, 14}, {2, 3}, {8, 4}, {5, 20}, {1, 1}, {13, 7}};
const std::vector<std::vector<float>> kScales{{2.0f, 2.0f}, {0.5f, 0.4f}, {1.5f, 0.75f}, {3.0f, 1.0f}};

}  // namespace

TEST(GpuInterpolate, NearestEveryCoordAndNearestMode) {
    OVCL_REQUIRE_GPU();
    for (const Shape& s : kGridShapes)
        for (const auto& coord : kCoords)
            for (const auto& nearest : kNearest) {
                Interp p;
                p.axes = std::vector<int64_t>{2, 3};
                p.extra = {{"coordinate_transformation_mode", coord}, {"nearest_mode", nearest}};
                for (const auto& sz : kSizes) {
                    p.calc = "sizes";
                    p.sizes = sz;
                    EXPECT_TRUE(matches(p, s, element::f32, 0)) << coord << " " << nearest << " sizes " << sz[0];
                }
                for (const auto& sc : kScales) {
                    p.calc = "scales";
                    p.scales = sc;
                    EXPECT_TRUE(matches(p, s, element::f32, 0)) << coord << " " << nearest << " scales " << sc[0];
                }
            }
}

TEST(GpuInterpolate, WeightedModesEveryCoordMode) {
    OVCL_REQUIRE_GPU();
    for (const Shape& s : kGridShapes)
        for (const std::string mode : {"linear", "linear_onnx", "cubic"})
            for (const auto& coord : kCoords) {
                Interp p;
                p.mode = mode;
                p.axes = std::vector<int64_t>{2, 3};
                p.extra = {{"coordinate_transformation_mode", coord}};
                for (const auto& sz : kSizes) {
                    p.calc = "sizes";
                    p.sizes = sz;
                    EXPECT_TRUE(matches(p, s)) << mode << " " << coord << " sizes " << sz[0] << "x" << sz[1];
                }
                for (const auto& sc : kScales) {
                    p.calc = "scales";
                    p.scales = sc;
                    EXPECT_TRUE(matches(p, s)) << mode << " " << coord << " scales " << sc[0] << "x" << sc[1];
                }
            }
}

TEST(GpuInterpolate, CubicCoeffAndWideRows) {
    OVCL_REQUIRE_GPU();
    Interp p;
    p.mode = "cubic";
    p.axes = std::vector<int64_t>{2, 3};
    p.sizes = {9, 37};  // W: four full blocks of 8 and a tail of 5
    for (const char* a : {"-0.5", "-0.75"}) {
        p.extra = {{"cube_coeff", a}};
        EXPECT_TRUE(matches(p, {1, 2, 6, 19})) << a;
    }
    p.mode = "linear";
    p.sizes = {17, 64};
    EXPECT_TRUE(matches(p, {1, 2, 8, 32}));
}

// Which kernel path a node takes: interp_rows with a window of 8 or 16 elements or with gathers, or interp_inner.
TEST(GpuInterpolate, KernelPathsMatchHost) {
    OVCL_REQUIRE_GPU();
    struct Case {
        std::string mode;
        Shape shape;
        std::vector<int64_t> axes, sizes;
        std::string path;
        Attributes extra;
    };
    const std::vector<Case> cases{
        {"nearest", {1, 2, 6, 56}, {2, 3}, {12, 112}, "interp_rows_nearest_f32_x8_win8", {}},
        {"linear", {1, 2, 6, 56}, {2, 3}, {12, 112}, "interp_rows_linear_f32_x8_win8", {}},
        {"cubic", {1, 2, 6, 150}, {2, 3}, {12, 300}, "interp_rows_cubic_f32_x8_win8", {}},  // 5 work-items a row
        {"linear", {1, 2, 6, 40}, {2, 3}, {5, 24}, "interp_rows_linear_f32_x8_win16", {}},
        {"cubic", {1, 2, 6, 40}, {3}, {30}, "interp_rows_cubic_f32_x8_win16", {}},
        {"linear_onnx", {1, 2, 6, 64}, {3}, {16}, "interp_rows_linear_onnx_f32_x8", {}},  // 4:1, gathers
        {"nearest", {1, 2, 6, 20}, {3}, {40}, "interp_rows_nearest_f32_x8", {{"pads_begin", "0,0,0,2"}}},
        {"linear", {1, 9, 9, 13}, {1}, {4}, "interp_inner_linear_f32_x8", {}},  // inner 117: two work-items
        {"nearest", {1, 9, 9, 13}, {1}, {20}, "interp_inner_nearest_f32_x8", {}},
    };
    const gpu::GpuOp* op = gpu::find_gpu_op("Interpolate");
    ASSERT_NE(op, nullptr);
    for (const auto& c : cases) {
        Interp p;
        p.mode = c.mode;
        p.axes = c.axes;
        p.sizes = c.sizes;
        p.extra = c.extra;
        EXPECT_EQ(op->configure(*make(p, c.shape), test::gpu_env()->device).impl_name, c.path);
        EXPECT_TRUE(matches(p, c.shape, element::f32, c.mode == "nearest" ? 0 : 1e-5)) << c.path;
    }
}

TEST(GpuInterpolate, AxesInnerAndInBetween) {
    OVCL_REQUIRE_GPU();
    struct Case {
        Shape shape;
        std::vector<int64_t> axes, sizes;
    };
    const std::vector<Case> cases{
        {{2, 4, 6, 10}, {1}, {7}},                 // channels: inner run of 60, vector loads
        {{2, 4, 6, 10}, {2}, {11}},                // H only: inner run of W = 10 (a tail of 2)
        {{2, 4, 6, 10}, {3}, {3}},                 // W only
        {{2, 4, 6, 10}, {1, 3}, {2, 17}},          // H untouched between two tabled axes
        {{2, 4, 6, 10}, {3, 2}, {5, 12}},          // axes in any order
        {{3, 4, 6, 10}, {0, 2}, {5, 3}},           // leading axis
        {{1, 6, 9, 16}, {1, 2}, {12, 4}},          // NHWC-like: inner C = 16
        {{1, 2, 3, 5, 6}, {2, 3, 4}, {6, 4, 13}},  // 3-D
        {{7}, {0}, {19}},                          // rank 1
    };
    for (const auto& c : cases)
        for (const std::string mode : {"nearest", "linear", "cubic"}) {
            Interp p;
            p.mode = mode;
            p.axes = c.axes;
            p.sizes = c.sizes;
            EXPECT_TRUE(matches(p, c.shape, element::f32, mode == "nearest" ? 0 : 1e-5))
                << mode << " " << c.shape << " axes " << c.axes[0];
        }
    // Without the axes input every axis is interpolated (here N and C keep their length).
    Interp p;
    p.mode = "linear_onnx";
    p.sizes = {1, 3, 9, 4};
    EXPECT_TRUE(matches(p, {1, 3, 5, 7}));
    p.calc = "scales";
    p.scales = {1.0f, 1.0f, 2.0f, 2.0f};
    EXPECT_TRUE(matches(p, {1, 3, 5, 7}));
}

TEST(GpuInterpolate, PadsWithEveryMode) {
    OVCL_REQUIRE_GPU();
    struct Case {
        std::string begin, end;
        std::optional<std::vector<int64_t>> axes;
        std::vector<int64_t> sizes;
    };
    const std::vector<Case> cases{
        {"0,0,1,2", "0,0,2,1", std::vector<int64_t>{2, 3}, {12, 9}},
        {"0,1,0,0", "0,1,1,0", std::vector<int64_t>{3}, {14}},  // pads on untouched axes
        {"1,0,0,3", "0,2,0,0", std::vector<int64_t>{2}, {3}},   // pads on axes 0, 1 and 3: four tabled axes
        {"0,0,1", "0,0,1", std::nullopt, {1, 3, 7, 5}},         // short pads, every axis interpolated
    };
    for (const auto& c : cases)
        for (const std::string mode : {"nearest", "linear", "linear_onnx", "cubic"}) {
            Interp p;
            p.mode = mode;
            p.axes = c.axes;
            p.sizes = c.sizes;
            p.extra = {{"pads_begin", c.begin}, {"pads_end", c.end}};
            EXPECT_TRUE(matches(p, {1, 3, 5, 7}, element::f32, mode == "nearest" ? 0 : 1e-5))
                << mode << " pads " << c.begin << " / " << c.end;
        }
}

TEST(GpuInterpolate, Version4SizesAndScalesInputs) {
    OVCL_REQUIRE_GPU();
    Interp p;
    p.version = 4;
    p.axes = std::vector<int64_t>{2, 3};
    p.sizes = {9, 16};
    p.scales = {1.8f, 16.0f / 7.0f};
    for (const std::string mode : {"nearest", "linear", "cubic"})
        for (const std::string calc : {"sizes", "scales"}) {
            p.mode = mode;
            p.calc = calc;
            p.extra = {{"coordinate_transformation_mode", "asymmetric"}, {"nearest_mode", "floor"}};
            EXPECT_TRUE(matches(p, {1, 3, 5, 7}, element::f32, mode == "nearest" ? 0 : 1e-5)) << mode << " " << calc;
        }
}

TEST(GpuInterpolate, ElementTypes) {
    OVCL_REQUIRE_GPU();
    const gpu::GpuOp* op = gpu::find_gpu_op("Interpolate");
    ASSERT_NE(op, nullptr);
    const Shape gathered{2, 3, 5, 7}, windowed{1, 2, 4, 20};
    Interp g, w;  // W = 7: gathers; W = 20 -> 30: windows of 8
    g.axes = w.axes = std::vector<int64_t>{2, 3};
    g.sizes = {11, 4};
    w.sizes = {9, 30};
    // Nearest copies words of the element's size: exact for every type, with and without padding.
    for (const auto t : {element::u8, element::i8, element::i32, element::i64, element::f16}) {
        g.mode = w.mode = "nearest";
        g.extra = {};
        EXPECT_TRUE(matches(g, gathered, t, 0)) << t;
        EXPECT_EQ(op->configure(*make(w, windowed, t), test::gpu_env()->device).impl_name,
                  "interp_rows_nearest_" + t.to_string() + "_x8_win8");
        EXPECT_TRUE(matches(w, windowed, t, 0)) << t << " window";
        g.extra = {{"pads_begin", "0,0,1,1"}, {"pads_end", "0,0,0,2"}};
        EXPECT_TRUE(matches(g, gathered, t, 0)) << t << " padded";
    }
    // f16 storage, f32 compute.
    for (const std::string mode : {"linear", "linear_onnx", "cubic"}) {
        g.mode = w.mode = mode;
        g.extra = {};
        EXPECT_TRUE(matches(g, gathered, element::f16, 1e-2)) << mode;
        EXPECT_TRUE(matches(w, windowed, element::f16, 1e-2)) << mode << " window";
        Interp inner = g;
        inner.axes = std::vector<int64_t>{1};
        inner.sizes = {5};
        EXPECT_TRUE(matches(inner, gathered, element::f16, 1e-2)) << mode << " inner";
    }
}

TEST(GpuInterpolate, AntialiasAndPillowModes) {
    OVCL_REQUIRE_GPU();
    Interp p;
    p.axes = std::vector<int64_t>{2, 3};
    p.mode = "linear";
    p.extra = {{"antialias", "true"}};
    for (const auto& sz : std::vector<std::vector<int64_t>>{{5, 7}, {3, 30}, {24, 16}}) {
        p.sizes = sz;
        EXPECT_TRUE(matches(p, {1, 2, 12, 16})) << "antialias " << sz[0] << "x" << sz[1];
    }
    for (const std::string mode : {"bilinear_pillow", "bicubic_pillow"})
        for (const auto& sz : std::vector<std::vector<int64_t>>{{5, 7}, {25, 9}, {30, 40}}) {
            p.mode = mode;
            p.extra = {{"cube_coeff", "-0.5"}};
            p.sizes = sz;
            EXPECT_TRUE(matches(p, {1, 2, 12, 16})) << mode << " " << sz[0] << "x" << sz[1];
        }
}

TEST(GpuInterpolate, Upsample2xOfAFeatureMap) {
    OVCL_REQUIRE_GPU();
    // The segmentation-head case: N1 C64 56x56 -> 112x112 (rows kernel, full blocks of 8).
    Interp p;
    p.axes = std::vector<int64_t>{2, 3};
    p.calc = "scales";
    p.scales = {2.0f, 2.0f};
    for (const std::string mode : {"nearest", "linear", "linear_onnx"}) {
        p.mode = mode;
        p.extra = {{"coordinate_transformation_mode", mode == "nearest" ? "asymmetric" : "half_pixel"},
                   {"nearest_mode", "floor"}};
        EXPECT_TRUE(matches(p, {1, 64, 56, 56}, element::f32, mode == "nearest" ? 0 : 1e-5)) << mode;
    }
}

TEST(GpuInterpolate, HandChecked) {
    OVCL_REQUIRE_GPU();
    const auto x = test::make_tensor<float>(element::f32, {1, 1, 2, 2}, {1, 2, 3, 4});
    // Linear, align_corners, 2x2 -> 3x3: the corners stay, the midpoints average their neighbours.
    Interp p;
    p.mode = "linear";
    p.axes = std::vector<int64_t>{2, 3};
    p.sizes = {3, 3};
    p.extra = {{"coordinate_transformation_mode", "align_corners"}};
    auto node = make(p, {1, 1, 2, 2});
    EXPECT_TENSOR_NEAR(test::run_gpu(node, inputs(node, x)).at(0),
                       test::make_tensor<float>(element::f32, {1, 1, 3, 3}, {1, 1.5, 2, 2, 2.5, 3, 3, 3.5, 4}), 1e-6,
                       0);
    // Nearest, asymmetric + floor, 2x2 -> 3x4 with a zero column of padding in front of W (pads 0,0,0,1):
    // W is padded to 3 = [0, a, b] and resized to 4 (source floor(o * 3 / 4) = 0, 0, 1, 2); H: floor(o * 2 / 3).
    p.mode = "nearest";
    p.sizes = {3, 4};
    p.extra = {{"coordinate_transformation_mode", "asymmetric"}, {"nearest_mode", "floor"}, {"pads_begin", "0,0,0,1"}};
    node = make(p, {1, 1, 2, 2});
    EXPECT_TENSOR_EQ(test::run_gpu(node, inputs(node, x)).at(0),
                     test::make_tensor<float>(element::f32, {1, 1, 3, 4}, {0, 0, 1, 2, 0, 0, 1, 2, 0, 0, 3, 4}));
}

TEST(GpuInterpolate, Refusals) {
    OVCL_REQUIRE_GPU();
    Interp p;
    p.mode = "linear";
    p.axes = std::vector<int64_t>{2, 3};
    p.sizes = {10, 14};
    EXPECT_NE(validate_reason(make(p, {1, 3, 5, 7}, element::u8)).find("f32 and f16 only"), std::string::npos);
    EXPECT_NE(validate_reason(make(p, {1, 3, 5, 7}, element::i32)).find("f32 and f16 only"), std::string::npos);
    EXPECT_EQ(validate_reason(make(p, {1, 3, 5, 7}, element::f32)), "");
    // Five tabled axes (every axis of a rank-5 tensor changes length).
    p.axes = std::nullopt;
    p.sizes = {2, 3, 4, 5, 6};
    EXPECT_NE(validate_reason(make(p, {1, 2, 3, 4, 5})).find("four at most"), std::string::npos);
    // A tenfold pillow downscale: about 40 bicubic taps per output along W.
    p.mode = "bicubic_pillow";
    p.axes = std::vector<int64_t>{2, 3};
    p.sizes = {4, 10};
    EXPECT_NE(validate_reason(make(p, {1, 1, 4, 100})).find("32 at most"), std::string::npos);
    // An empty input padded into a non-empty output.
    p.mode = "nearest";
    p.sizes = {2, 4};
    p.extra = {{"pads_begin", "0,0,1,0"}, {"pads_end", "0,0,1,0"}};
    EXPECT_NE(validate_reason(make(p, {1, 1, 0, 4})).find("empty input"), std::string::npos);

    // Axes and scales computed in the model: the op's own validate() says why (validate_node already refuses
    // the dynamic output shape that follows).
    const gpu::GpuOp* op = gpu::find_gpu_op("Interpolate");
    ASSERT_NE(op, nullptr);
    const auto& device = test::gpu_env()->device;
    auto data = op::parameter(element::f32, Shape{1, 3, 5, 7});
    auto axes = op::parameter(element::i64, Shape{2});
    auto sizes = op::constant<int64_t>(element::i64, {2}, {10, 14});
    auto node =
        op::make("Interpolate", {data, sizes, axes}, {{"mode", "nearest"}, {"shape_calculation_mode", "sizes"}}, 11);
    EXPECT_NE(op->validate(*node, device).reason.find("axes input is not a Constant"), std::string::npos);
    auto scales = op::parameter(element::f32, Shape{4});
    node = op::make("Interpolate", {data, scales}, {{"mode", "linear"}, {"shape_calculation_mode", "scales"}}, 11);
    EXPECT_NE(op->validate(*node, device).reason.find("scales input is not a Constant"), std::string::npos);
}

// In a compiled model: both Interpolates run on GPU.0 (their sizes / scales / axes are Constants), the result
// matches REF.
TEST(GpuInterpolate, UpsamplingHeadInACompiledModel) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    auto x = op::parameter(element::f32, PartialShape(Shape{1, 8, 10, 12}), "x");
    auto axes = op::constant<int64_t>(element::i64, {2}, {2, 3});
    auto twice = op::constant<float>(element::f32, {2}, {2.0f, 2.0f});
    auto first = op::make("Interpolate", {Output<Node>(x, 0), Output<Node>(twice, 0), Output<Node>(axes, 0)},
                          {{"mode", "linear"}, {"shape_calculation_mode", "scales"}}, 11);
    first->set_friendly_name("up_linear");
    auto relu = op::make_output("Relu", {Output<Node>(first, 0)});
    auto sizes = op::constant<int64_t>(element::i64, {2}, {30, 36});
    auto scales = op::constant<float>(element::f32, {2}, {1.5f, 1.5f});
    auto second = op::make("Interpolate", {relu, Output<Node>(sizes, 0), Output<Node>(scales, 0), Output<Node>(axes, 0)},
                           {{"mode", "nearest"}, {"shape_calculation_mode", "sizes"}}, 4);
    second->set_friendly_name("up_nearest");
    auto model = std::make_shared<Model>(NodeVector{op::result(Output<Node>(second, 0), "y")}, NodeVector{x}, "head");
    const auto report = core.query_model_report(model, "GPU");
    for (const char* name : {"up_linear", "up_nearest"})
        EXPECT_EQ(report.at(name).device, "GPU.0") << name << ": " << report.at(name).reason;
    auto gpu = core.compile_model(model, "GPU").create_infer_request();
    auto ref = core.compile_model(model, "REF").create_infer_request();
    const auto t = test::random_tensor(element::f32, {1, 8, 10, 12}, -1, 1, 21);
    gpu.set_tensor(model->input(0), t);
    ref.set_tensor(model->input(0), t);
    gpu.infer();
    ref.infer();
    EXPECT_TENSOR_NEAR(gpu.get_output_tensor(0), ref.get_output_tensor(0), 1e-5, 1e-5);
}
