// Interpolate-4/11: shape inference, invalid models and hand-derived values for every mode,
// coordinate transformation and nearest rounding mode.
#include <gtest/gtest.h>

#include <optional>

#include "common/test_utils.hpp"
#include "ovcl/op_registry.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;
using test::make_tensor;

namespace {

Attributes attrs(const std::string& mode, const std::string& calc, Attributes extra = {}) {
    Attributes a{{"mode", mode}, {"shape_calculation_mode", calc}};
    a.insert(a.end(), extra.begin(), extra.end());
    return a;
}

// Interpolate-11 over a parameter of `shape`, with constant sizes (integers) or scales (floats) and axes.
template <typename V>
std::shared_ptr<Node> interp11(const PartialShape& shape, const std::vector<V>& values,
                               const std::optional<std::vector<int64_t>>& axes, const Attributes& a,
                               element::Type type = element::f32) {
    const auto vt = std::is_integral_v<V> ? element::i64 : element::f32;
    OutputVector in{op::parameter(type, shape), op::constant<V>(vt, {values.size()}, values)};
    if (axes)
        in.push_back(op::constant<int64_t>(element::i64, {axes->size()}, *axes));
    return op::make("Interpolate", in, a, 11);
}

// Runs a node whose inputs after the first are constants.
Tensor run(const std::shared_ptr<Node>& node, const Tensor& data) {
    TensorVector in{data};
    for (size_t i = 1; i < node->get_input_size(); ++i)
        in.push_back(node->input_value(i).node->get_constant_value());
    EvalContext ctx;
    return evaluate_node(*node, in, ctx).at(0);
}

Tensor f32(const Shape& s, const std::vector<float>& v) { return make_tensor<float>(element::f32, s, v); }

// 1D nearest: input [10, 20, 30] (or longer), the given output length.
std::vector<float> nearest_1d(const std::vector<float>& in, size_t out_len, const std::string& coord,
                              const std::string& nearest) {
    auto node = interp11<int64_t>({static_cast<int64_t>(in.size())}, {static_cast<int64_t>(out_len)}, std::nullopt,
                                  attrs("nearest", "sizes",
                                        {{"coordinate_transformation_mode", coord}, {"nearest_mode", nearest}}));
    const auto v = test::values(run(node, f32({in.size()}, in)));
    return std::vector<float>(v.begin(), v.end());
}

}  // namespace

TEST(Interpolate, ShapeFromSizesScalesAndPads) {
    auto n = interp11<int64_t>({1, 3, 5, 7}, {10, 4}, std::vector<int64_t>{2, 3}, attrs("nearest", "sizes"));
    EXPECT_EQ(n->get_output_partial_shape(0), PartialShape({1, 3, 10, 4}));
    EXPECT_EQ(n->get_output_element_type(0), element::f32);
    // Axes in any order map to the values in order.
    n = interp11<int64_t>({1, 3, 5, 7}, {10, 4}, std::vector<int64_t>{3, 1}, attrs("nearest", "sizes"));
    EXPECT_EQ(n->get_output_partial_shape(0), PartialShape({1, 4, 5, 10}));
    // scales: floor(scale * padded length), with OpenVINO's 1e-6 nudge (3 * (1/3) gives 1).
    n = interp11<float>({1, 3, 5, 7}, {0.5f, 1.0f / 3.0f}, std::vector<int64_t>{2, 3}, attrs("linear", "scales"));
    EXPECT_EQ(n->get_output_partial_shape(0), PartialShape({1, 3, 2, 2}));
    n = interp11<float>({2, 3}, {1.0f / 3.0f}, std::vector<int64_t>{1}, attrs("linear", "scales"));
    EXPECT_EQ(n->get_output_partial_shape(0), PartialShape({2, 1}));
    // Pads widen every axis; scales apply to the padded length.
    n = interp11<float>({1, 2, 4}, {2.0f}, std::vector<int64_t>{2},
                        attrs("nearest", "scales", {{"pads_begin", "0,1,1"}, {"pads_end", "1,0,1"}}));
    EXPECT_EQ(n->get_output_partial_shape(0), PartialShape({2, 3, 12}));
    // Without the axes input every axis is interpolated; short pads are zero-filled.
    n = interp11<int64_t>({2, 3}, {4, 5}, std::nullopt, attrs("nearest", "sizes", {{"pads_begin", "1"}}));
    EXPECT_EQ(n->get_output_partial_shape(0), PartialShape({4, 5}));
}

TEST(Interpolate, ShapeWithDynamicInputs) {
    auto n = interp11<float>(PartialShape("[?,3,2..10,?]"), {2.0f, 0.5f}, std::vector<int64_t>{2, 3},
                             attrs("linear", "scales"));
    EXPECT_EQ(n->get_output_partial_shape(0), PartialShape("[?,3,4..20,?]"));
    n = interp11<int64_t>(PartialShape::dynamic(), {4}, std::vector<int64_t>{0}, attrs("nearest", "sizes"));
    EXPECT_TRUE(n->get_output_partial_shape(0).rank_is_dynamic());
    // Unknown sizes: the interpolated axes become dynamic, the others keep their extents.
    auto sizes = op::parameter(element::i32, {2});
    n = op::make("Interpolate",
                 {op::parameter(element::f32, {1, 3, 5, 7}), sizes, op::constant<int64_t>(element::i64, {2}, {1, 3})},
                 attrs("nearest", "sizes"), 11);
    EXPECT_EQ(n->get_output_partial_shape(0), PartialShape("[1,?,5,?]"));
    // Unknown axes: only the rank is known.
    n = op::make("Interpolate",
                 {op::parameter(element::f32, {1, 3, 5, 7}), op::constant<int64_t>(element::i64, {1}, {9}),
                  op::parameter(element::i64, {1})},
                 attrs("nearest", "sizes"), 11);
    EXPECT_EQ(n->get_output_partial_shape(0), PartialShape::dynamic(4));
    // At run time the sizes value fixes the shape: 2 -> 3 with half_pixel reads 0, 0 (at .5), 1.
    auto dyn = op::make("Interpolate", {op::parameter(element::f32, {2}), op::parameter(element::i32, {1})},
                        attrs("nearest", "sizes"), 11);
    EXPECT_EQ(dyn->get_output_partial_shape(0), PartialShape::dynamic(1));
    EvalContext ctx;
    const auto out = evaluate_node(*dyn, {f32({2}, {1, 2}), make_tensor<int32_t>(element::i32, {1}, {3})}, ctx);
    EXPECT_TENSOR_EQ(out.at(0), f32({3}, {1, 1, 2}));
}

TEST(Interpolate, Version4UsesTheInputOfItsShapeMode) {
    auto data = op::parameter(element::f32, {1, 1, 2, 2});
    auto sizes = op::constant<int64_t>(element::i64, {2}, {4, 4});
    auto scales = op::constant<float>(element::f32, {2}, {3.0f, 1.5f});
    auto axes = op::constant<int64_t>(element::i64, {2}, {2, 3});
    auto by_sizes = op::make("Interpolate", {data, sizes, scales, axes},
                             attrs("linear_onnx", "sizes", {{"coordinate_transformation_mode", "align_corners"}}), 4);
    auto by_scales = op::make("Interpolate", {data, sizes, scales, axes},
                              attrs("nearest", "scales", {{"coordinate_transformation_mode", "asymmetric"}}), 4);
    EXPECT_EQ(by_sizes->get_output_partial_shape(0), PartialShape({1, 1, 4, 4}));
    EXPECT_EQ(by_scales->get_output_partial_shape(0), PartialShape({1, 1, 6, 3}));
    const auto x = f32({1, 1, 2, 2}, {1, 2, 3, 4});
    // align_corners 2 -> 4: source coordinates 0, 1/3, 2/3, 1.
    std::vector<float> expect;
    for (float r : {0.f, 1.f / 3, 2.f / 3, 1.f})
        for (float c : {0.f, 1.f / 3, 2.f / 3, 1.f})
            expect.push_back(1 + c + 2 * r);
    EXPECT_TENSOR_NEAR(run(by_sizes, x), f32({1, 1, 4, 4}, expect), 1e-6, 1e-6);
    // asymmetric with the given scales 3 and 1.5: rows x/3 -> 0,0,1,1,1,1 rounded half down; cols x/1.5 -> 0,1,1.
    EXPECT_TENSOR_EQ(run(by_scales, x), f32({1, 1, 6, 3}, {1, 2, 2, 1, 2, 2, 3, 4, 4, 3, 4, 4, 3, 4, 4, 3, 4, 4}));
    // Without axes (three inputs) all four axes are interpolated.
    auto all = op::make("Interpolate",
                        {data, op::constant<int64_t>(element::i64, {4}, {1, 1, 1, 3}),
                         op::constant<float>(element::f32, {4}, {1, 1, 1, 1})},
                        attrs("nearest", "sizes"), 4);
    EXPECT_EQ(all->get_output_partial_shape(0), PartialShape({1, 1, 1, 3}));
}

TEST(Interpolate, InvalidModelsThrow) {
    const std::vector<int64_t> ax{1};
    EXPECT_THROW(interp11<int64_t>({2, 3}, {4}, ax, attrs("bilinear", "sizes")), ModelError);
    EXPECT_THROW(interp11<int64_t>({2, 3}, {4}, ax, attrs("nearest", "size")), ModelError);
    EXPECT_THROW(interp11<int64_t>({2, 3}, {4}, ax, attrs("nearest", "sizes", {{"nearest_mode", "round"}})),
                 ModelError);
    EXPECT_THROW(
        interp11<int64_t>({2, 3}, {4}, ax, attrs("nearest", "sizes", {{"coordinate_transformation_mode", "tf"}})),
        ModelError);
    EXPECT_THROW(interp11<int64_t>({2, 3}, {4}, ax, attrs("nearest", "sizes", {{"antialias", "maybe"}})), ModelError);
    EXPECT_THROW(interp11<int64_t>({2, 3}, {4}, ax, attrs("nearest", "sizes", {{"pads_begin", "0,-1"}})), ModelError);
    EXPECT_THROW(interp11<int64_t>({2, 3}, {4}, std::vector<int64_t>{2}, attrs("nearest", "sizes")), ModelError);
    EXPECT_THROW(interp11<int64_t>({2, 3}, {4}, std::vector<int64_t>{-1}, attrs("nearest", "sizes")), ModelError);
    EXPECT_THROW(interp11<int64_t>({2, 3}, {4, 4}, std::vector<int64_t>{1, 1}, attrs("nearest", "sizes")),
                 ModelError);
    EXPECT_THROW(interp11<int64_t>({2, 3}, {4}, std::vector<int64_t>{0, 1}, attrs("nearest", "sizes")), ModelError);
    EXPECT_THROW(interp11<int64_t>({2, 3}, {-4}, ax, attrs("nearest", "sizes")), ModelError);
    EXPECT_THROW(interp11<float>({2, 3}, {-2.0f}, ax, attrs("nearest", "scales")), ModelError);
    // sizes must be integers and scales real in Interpolate-11.
    EXPECT_THROW(interp11<float>({2, 3}, {4.0f}, ax, attrs("nearest", "sizes")), ModelError);
    EXPECT_THROW(interp11<int64_t>({2, 3}, {4}, ax, attrs("nearest", "scales")), ModelError);
    EXPECT_THROW(interp11<int64_t>({2, 3}, {4}, ax, attrs("nearest", "sizes"), element::boolean), ModelError);
    // Pillow modes are Interpolate-11 only and take exactly two axes.
    EXPECT_THROW(interp11<int64_t>({2, 3}, {4}, ax, attrs("bilinear_pillow", "sizes")), ModelError);
    EXPECT_THROW(op::make("Interpolate",
                          {op::parameter(element::f32, {2, 3}), op::constant<int64_t>(element::i64, {2}, {4, 4}),
                           op::constant<float>(element::f32, {2}, {1, 1})},
                          attrs("bicubic_pillow", "sizes"), 4),
                 ModelError);
    // The sizes input must be 1D; the input count is checked.
    EXPECT_THROW(op::make("Interpolate",
                          {op::parameter(element::f32, {2, 3}), op::constant<int64_t>(element::i64, {1, 2}, {4, 4})},
                          attrs("nearest", "sizes"), 11),
                 ModelError);
    EXPECT_THROW(op::make("Interpolate", {op::parameter(element::f32, {2, 3})}, attrs("nearest", "sizes"), 11),
                 ModelError);
    // A missing required attribute.
    EXPECT_THROW(interp11<int64_t>({2, 3}, {4}, ax, {{"mode", "nearest"}}), ModelError);
    // Run-time sizes that do not cover the axes.
    auto n = op::make("Interpolate", {op::parameter(element::f32, {2, 3}), op::parameter(element::i64, {-1})},
                      attrs("nearest", "sizes"), 11);
    EvalContext ctx;
    EXPECT_THROW(evaluate_node(*n, {f32({2, 3}, {1, 2, 3, 4, 5, 6}), make_tensor<int64_t>(element::i64, {1}, {4})},
                               ctx),
                 ModelError);
}

TEST(Interpolate, NearestRoundingModesAtHalfwayPoints) {
    const std::vector<float> x3{10, 20, 30};
    // asymmetric, 3 -> 6: source coordinates 0, .5, 1, 1.5, 2, 2.5.
    using V = std::vector<float>;
    EXPECT_EQ(nearest_1d(x3, 6, "asymmetric", "round_prefer_floor"), (V{10, 10, 20, 20, 30, 30}));
    EXPECT_EQ(nearest_1d(x3, 6, "asymmetric", "round_prefer_ceil"), (V{10, 20, 20, 30, 30, 30}));
    EXPECT_EQ(nearest_1d(x3, 6, "asymmetric", "floor"), (V{10, 10, 20, 20, 30, 30}));
    EXPECT_EQ(nearest_1d(x3, 6, "asymmetric", "ceil"), (V{10, 20, 20, 30, 30, 30}));
    // half_pixel, 3 -> 6: -.25, .25, .75, 1.25, 1.75, 2.25; simple truncates when upsampling.
    EXPECT_EQ(nearest_1d(x3, 6, "half_pixel", "round_prefer_floor"), (V{10, 10, 20, 20, 30, 30}));
    EXPECT_EQ(nearest_1d(x3, 6, "half_pixel", "simple"), (V{10, 10, 10, 20, 20, 30}));
    EXPECT_EQ(nearest_1d(x3, 6, "half_pixel", "ceil"), (V{10, 20, 20, 30, 30, 30}));
    // tf_half_pixel_for_nn: .25, .75, 1.25, ...
    EXPECT_EQ(nearest_1d(x3, 6, "tf_half_pixel_for_nn", "round_prefer_floor"), (V{10, 20, 20, 30, 30, 30}));
    // align_corners 3 -> 6: x * 2 / 5.
    EXPECT_EQ(nearest_1d(x3, 6, "align_corners", "round_prefer_floor"), (V{10, 10, 20, 20, 30, 30}));
    // 3 -> 1: half_pixel reads the middle, pytorch_half_pixel and align_corners the first element.
    EXPECT_EQ(nearest_1d(x3, 1, "half_pixel", "round_prefer_floor"), (V{20}));
    EXPECT_EQ(nearest_1d(x3, 1, "pytorch_half_pixel", "round_prefer_floor"), (V{10}));
    EXPECT_EQ(nearest_1d(x3, 1, "align_corners", "round_prefer_floor"), (V{10}));
    // Downsampling 8 -> 4 with half_pixel: .5, 2.5, 4.5, 6.5; simple takes the ceiling when downsampling.
    const std::vector<float> x8{10, 20, 30, 40, 50, 60, 70, 80};
    EXPECT_EQ(nearest_1d(x8, 4, "half_pixel", "round_prefer_floor"), (V{10, 30, 50, 70}));
    EXPECT_EQ(nearest_1d(x8, 4, "half_pixel", "round_prefer_ceil"), (V{20, 40, 60, 80}));
    EXPECT_EQ(nearest_1d(x8, 4, "half_pixel", "floor"), (V{10, 30, 50, 70}));
    EXPECT_EQ(nearest_1d(x8, 4, "half_pixel", "simple"), (V{20, 40, 60, 80}));
    EXPECT_EQ(nearest_1d(x8, 4, "asymmetric", "simple"), (V{10, 30, 50, 70}));
}

TEST(Interpolate, NearestCopiesEveryElementTypeExactly) {
    // 2x2 -> 3x4 (axes 0 and 1 in reverse order) with asymmetric/floor: rows x*2/3, cols x/2.
    const std::vector<int64_t> big{(int64_t{1} << 53) + 1, -7, 3, (int64_t{1} << 60) + 5};
    for (auto type : {element::i64, element::i32, element::u8, element::f16, element::f32}) {
        std::vector<int64_t> in = type == element::i64 ? big : std::vector<int64_t>{1, 7, 3, 5};
        if (type == element::u8)
            in = {1, 255, 3, 5};
        auto n = interp11<int64_t>({2, 2}, {4, 3}, std::vector<int64_t>{1, 0},
                                   attrs("nearest", "sizes",
                                         {{"coordinate_transformation_mode", "asymmetric"}, {"nearest_mode", "floor"}}),
                                   type);
        const auto out = run(n, make_tensor<int64_t>(type, {2, 2}, in));
        const std::vector<int64_t> rows{0, 0, 1}, cols{0, 0, 1, 1};
        std::vector<int64_t> expect;
        for (auto r : rows)
            for (auto c : cols)
                expect.push_back(in[static_cast<size_t>(r * 2 + c)]);
        EXPECT_TENSOR_EQ(out, make_tensor<int64_t>(type, {3, 4}, expect)) << type;
    }
}

TEST(Interpolate, LinearOnnxCoordinateModes) {
    const auto x = f32({1, 1, 2, 2}, {1, 2, 3, 4});
    auto run2 = [&](const std::string& coord, const std::string& mode = "linear_onnx") {
        return run(interp11<int64_t>({1, 1, 2, 2}, {4, 4}, std::vector<int64_t>{2, 3},
                                     attrs(mode, "sizes", {{"coordinate_transformation_mode", coord}})),
                   x);
    };
    // half_pixel: -.25 .25 .75 1.25, clamped to [0, 1]: 0 .25 .75 1 along both axes.
    auto grid = [](std::vector<float> r, std::vector<float> c) {
        std::vector<float> v;
        for (float a : r)
            for (float b : c)
                v.push_back(1 + b + 2 * a);
        return v;
    };
    const std::vector<float> hp{0, .25f, .75f, 1};
    EXPECT_TENSOR_NEAR(run2("half_pixel"), f32({1, 1, 4, 4}, grid(hp, hp)), 1e-6, 0);
    EXPECT_TENSOR_NEAR(run2("pytorch_half_pixel"), f32({1, 1, 4, 4}, grid(hp, hp)), 1e-6, 0);
    const std::vector<float> as{0, .5f, 1, 1};
    EXPECT_TENSOR_NEAR(run2("asymmetric"), f32({1, 1, 4, 4}, grid(as, as)), 1e-6, 0);
    const std::vector<float> tf{.25f, .75f, 1, 1};
    EXPECT_TENSOR_NEAR(run2("tf_half_pixel_for_nn"), f32({1, 1, 4, 4}, grid(tf, tf)), 1e-6, 0);
    // The triangle of linear mode gives the same values when upsampling (no antialias).
    EXPECT_TENSOR_NEAR(run2("half_pixel", "linear"), f32({1, 1, 4, 4}, grid(hp, hp)), 1e-6, 0);
}

TEST(Interpolate, LinearDownsamplingWithAndWithoutAntialias) {
    const auto x = f32({1, 8}, {0, 1, 2, 3, 4, 5, 6, 7});
    auto make = [](bool aa) {
        return interp11<float>({1, 8}, {0.5f}, std::vector<int64_t>{1},
                               attrs("linear", "scales", {{"antialias", aa ? "true" : "false"}}));
    };
    // half_pixel, scale .5: centres .5, 2.5, 4.5, 6.5.
    EXPECT_TENSOR_NEAR(run(make(false), x), f32({1, 4}, {.5f, 2.5f, 4.5f, 6.5f}), 1e-6, 0);
    // Antialias widens the triangle to radius 2: at .5 the weights are .75, .75, .25 (index 0..2), sum 1.75.
    EXPECT_TENSOR_NEAR(run(make(true), x), f32({1, 4}, {1.25f / 1.75f, 2.5f, 4.5f, 11.f / 1.75f}), 1e-6, 1e-6);
}

TEST(Interpolate, CubicHandValues) {
    // Keys' weights at s = .5 with a = -.75: -.09375, .59375, .59375, -.09375.
    auto n = interp11<float>({4}, {2.0f}, std::vector<int64_t>{0},
                             attrs("cubic", "scales", {{"coordinate_transformation_mode", "asymmetric"}}));
    const auto out = test::values(run(n, f32({4}, {1, 5, 2, 7})));
    ASSERT_EQ(out.size(), 8u);
    EXPECT_NEAR(out[0], 1.0, 1e-6);
    EXPECT_NEAR(out[1], -0.09375 * 1 + 0.59375 * 1 + 0.59375 * 5 - 0.09375 * 2, 1e-6);  // index -1 clamps to 0
    EXPECT_NEAR(out[2], 5.0, 1e-6);
    EXPECT_NEAR(out[3], -0.09375 * 1 + 0.59375 * 5 + 0.59375 * 2 - 0.09375 * 7, 1e-6);
    EXPECT_NEAR(out[7], -0.09375 * 2 + 0.59375 * 7 + 0.59375 * 7 - 0.09375 * 7, 1e-6);
    // cube_coeff -.5 changes the outer weights to -.0625, inner .5625.
    n = interp11<float>({4}, {2.0f}, std::vector<int64_t>{0},
                        attrs("cubic", "scales",
                              {{"coordinate_transformation_mode", "asymmetric"}, {"cube_coeff", "-0.5"}}));
    EXPECT_NEAR(test::values(run(n, f32({4}, {1, 5, 2, 7})))[3], -0.0625 * 8 + 0.5625 * 7, 1e-6);
}

TEST(Interpolate, PadsAreZerosBeforeInterpolation) {
    // [1, 2] padded to [0, 1, 2, 0]; sizes 4 leaves it as is, scale 2 doubles it (nearest, asymmetric).
    auto n = interp11<int64_t>({1, 2}, {4}, std::vector<int64_t>{1},
                               attrs("nearest", "sizes", {{"pads_begin", "0,1"}, {"pads_end", "0,1"}}));
    EXPECT_TENSOR_EQ(run(n, f32({1, 2}, {1, 2})), f32({1, 4}, {0, 1, 2, 0}));
    n = interp11<float>({1, 2}, {2.0f}, std::vector<int64_t>{1},
                        attrs("nearest", "scales",
                              {{"pads_begin", "1,1"},
                               {"pads_end", "0,1"},
                               {"coordinate_transformation_mode", "asymmetric"}}));
    EXPECT_TENSOR_EQ(run(n, f32({1, 2}, {1, 2})), f32({2, 8}, {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 2, 2, 0, 0}));
    // Linear over the padded input blends in the zeros.
    // Source coordinates 0, 1.5, 3 over [0, 4, 8, 0].
    n = interp11<int64_t>({2}, {3}, std::vector<int64_t>{0},
                          attrs("linear_onnx", "sizes", {{"pads_begin", "1"}, {"pads_end", "1"},
                                                         {"coordinate_transformation_mode", "align_corners"}}));
    EXPECT_TENSOR_NEAR(run(n, f32({2}, {4, 8})), f32({3}, {0, 6, 0}), 1e-6, 0);
}

TEST(Interpolate, PillowModes) {
    // bilinear_pillow 4 -> 2: the triangle stretched by 2 around centres 1 and 3.
    auto n = interp11<int64_t>({1, 4, 1}, {1, 2}, std::vector<int64_t>{2, 1}, attrs("bilinear_pillow", "sizes"));
    EXPECT_TENSOR_NEAR(run(n, f32({1, 4, 1}, {0, 1, 2, 3})), f32({1, 2, 1}, {1.25f / 1.75f, 4.f / 1.75f}), 1e-6,
                       1e-6);
    // bicubic_pillow 2 -> 4 with a = -.5: output 0 is centred at .25 and reads indices 0 and 1.
    n = interp11<int64_t>({2, 1}, {4, 1}, std::vector<int64_t>{0, 1},
                          attrs("bicubic_pillow", "sizes", {{"cube_coeff", "-0.5"}}));
    const auto out = test::values(run(n, f32({2, 1}, {1, 3})));
    ASSERT_EQ(out.size(), 4u);
    EXPECT_NEAR(out[0], (0.8671875 * 1 - 0.0703125 * 3) / (0.8671875 - 0.0703125), 1e-6);
    EXPECT_NEAR(out[3], (0.8671875 * 3 - 0.0703125 * 1) / (0.8671875 - 0.0703125), 1e-6);
}

TEST(Interpolate, IntegerAndHalfDataInLinearModes) {
    // Integers round to nearest and saturate; f16 computes in f32 and rounds once.
    auto n = interp11<int64_t>({4}, {3}, std::vector<int64_t>{0},
                               attrs("linear_onnx", "sizes", {{"coordinate_transformation_mode", "align_corners"}}),
                               element::u8);
    // Source coordinates 0, 1.5, 3 over [0, 255, 250, 1]: 0, 252.5 -> 253, 1.
    EXPECT_TENSOR_EQ(run(n, make_tensor<int>(element::u8, {4}, {0, 255, 250, 1})),
                     make_tensor<int>(element::u8, {3}, {0, 253, 1}));
    n = interp11<int64_t>({4}, {8}, std::vector<int64_t>{0},
                          attrs("cubic", "sizes", {{"coordinate_transformation_mode", "asymmetric"}}), element::u8);
    // A step [0, 0, 255, 255]: at 1.5 the value is 127.5 -> 128; the overshoots saturate.
    const auto sat = test::values(run(n, make_tensor<int>(element::u8, {4}, {0, 0, 255, 255})));
    EXPECT_EQ(sat[1], 0);    // -0.09375 * 255 below 0
    EXPECT_EQ(sat[3], 128);
    EXPECT_EQ(sat[5], 255);  // 1.09375 * 255 above 255
    auto h = interp11<int64_t>({2}, {4}, std::vector<int64_t>{0}, attrs("linear_onnx", "sizes"), element::f16);
    EXPECT_TENSOR_EQ(run(h, make_tensor<float>(element::f16, {2}, {1, 2})),
                     make_tensor<float>(element::f16, {4}, {1, 1.25f, 1.75f, 2}));
}
