// GroupConvolutionBackpropData-1 against OpenVINO CPU: the expected values were computed by OpenVINO 2026.4's
// CPU plugin (INFERENCE_PRECISION_HINT f32) on the same inputs (x = 0.5 * (i % 7 - 3), w = 0.25 * (i % 5 - 2)),
// which are exact in f16 and f32, so the tolerance is 1e-5 absolute. Covers explicit pads with output_padding,
// dilation, 1-D/2-D/3-D, f16, output_shape with auto_pad, and the refusals.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "common/test_utils.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;

namespace {

using Vals = std::vector<double>;

Tensor pattern(element::Type type, const Shape& s, int mod, int offset, double scale) {
    std::vector<double> v(shape_size(s));
    for (size_t i = 0; i < v.size(); ++i)
        v[i] = scale * (static_cast<int>(i % mod) - offset);
    return test::make_tensor(type, s, v);
}
Tensor data(const Shape& s, element::Type t = element::f32) { return pattern(t, s, 7, 3, 0.5); }
Tensor filter(const Shape& s, element::Type t = element::f32) { return pattern(t, s, 5, 2, 0.25); }
Tensor out_shape(const std::vector<int64_t>& v) { return test::make_tensor(element::i64, {v.size()}, v); }

Tensor run(const TensorVector& in, const Attributes& attrs) {
    return test::eval_op("GroupConvolutionBackpropData", 1, in, attrs);
}

void expect(const Tensor& r, const Shape& shape, const Vals& v) {
    ASSERT_EQ(r.get_shape(), shape);
    EXPECT_TENSOR_NEAR(r, test::make_tensor(r.get_element_type(), shape, v), 1e-5, 0);
}

TEST(GroupConvolutionBackprop, ExplicitPadsAndOutputPadding) {
    const Tensor r = run({data({1, 4, 2, 2}), filter({2, 2, 3, 2, 2})}, {{"strides", "2,2"},
                                                                         {"pads_begin", "1,0"},
                                                                         {"pads_end", "0,1"},
                                                                         {"dilations", "1,1"},
                                                                         {"output_padding", "1,1"}});
    expect(r, {1, 6, 4, 4},
           {0.25,  -0.625, 0.5,    -0.75, 0.25,   0.5,    0,     -0.375, 0.75,   -0.875, -0.75,  0.75,   0, 0, 0, 0,
            0.5,   0.25,   0.5,    0.5,   -0.625, 0.25,   0.375, 0,      0.5,    0.75,   -0.375, -0.75,  0, 0, 0, 0,
            0.75,  0.5,    0.5,    0.5,   -0.875, -0.625, 0.75,  0.375,  0.25,   0.5,    0,      -0.375, 0, 0, 0, 0,
            0.5,   0.5,    0.5,    0.75,  0.375,  0,      0.5,   -0.25,  -0.375, -0.75,  -0.375, -0.5,   0, 0, 0, 0,
            0.5,   0.5,    0.25,   0.5,   0.75,   0.375,  0.625, 0.5,    0,      -0.375, -0.25,  -0.375, 0, 0, 0, 0,
            -0.75, 0.5,    -0.625, 0.25,  -0.75,  0.75,   -0.5,  0.625,  0.375,  0,      0.5,    -0.25,  0, 0, 0, 0});
}

TEST(GroupConvolutionBackprop, Dilated1DInF32AndF16) {
    const Vals expected{0.5,    0.625,  0.25,   0.125, 0,      0,      -0.25,  -0.875, -0.5,   0.5,    0.5,   0.25,
                        -0.25,  -0.375, 0.375,  0.125, 0.25,   0.375,  0.5,    0.5,    -1.25,  -0.875, 0.5,   -0.375,
                        0.25,   0.25,   -0.125, 0,     -0.125, 0,      -0.125, -0.5,   -0.125, 0.5,    0.5,   0,
                        -0.375, 0.375,  0.25,   0.25,  0.375,  -0.375, 0.75,   -1.25,  -1.25,  0.5,    0.125, 0.375};
    const Attributes attrs{{"strides", "1"}, {"pads_begin", "1"}, {"pads_end", "1"}, {"dilations", "2"}};
    for (const element::Type t : {element::f32, element::f16}) {
        const Tensor r = run({data({2, 2, 4}, t), filter({2, 1, 2, 3}, t)}, attrs);
        EXPECT_EQ(r.get_element_type(), t);
        expect(r, {2, 4, 6}, expected);
    }
}

TEST(GroupConvolutionBackprop, OutputShapeAndAutoPad) {
    const TensorVector in{data({1, 4, 2, 2}), filter({2, 2, 1, 3, 3}), out_shape({4, 5})};
    // same_upper puts the odd pad at the beginning, anything else (explicit pads are ignored) at the end.
    expect(run(in, {{"strides", "2,2"}, {"auto_pad", "same_upper"}}), {1, 2, 4, 5},
           {-0.375, -0.625, 0.75,   -0.25, 1,     1.125, -0.75, -1.75,  0.5,    0.125,  -0.125, 0.125, 1,     -0.375,
            -0.75,  -0.625, -0.375, 0.625, 0.375, 0,     -0.25, -0.25,  -0.875, -0.375, -0.125, -0.25, 0.625, -0.75,
            1,      -1.375, 0.75,   0.375, 0.375, 0.25,  0.125, -0.375, -0.75,  0.75,   -0.75,  0.375});
    const Vals lower{1,     0.125, 0.875, -0.25, -0.25,  -0.375, -0.625, 0.75,   -0.25,  1,
                     1.125, -0.75, -1.75, 0.5,   0.125,  -0.125, 0.125,  1,      -0.375, -0.75,
                     -0.25, -0.25, 0.875, 0.125, 1,      -0.25,  -0.25,  -0.875, -0.375, -0.125,
                     -0.25, 0.625, -0.75, 1,     -1.375, 0.75,   0.375,  0.375,  0.25,   0.125};
    expect(run(in, {{"strides", "2,2"}, {"auto_pad", "same_lower"}}), {1, 2, 4, 5}, lower);
    expect(run(in, {{"strides", "2,2"}, {"pads_begin", "3,3"}, {"pads_end", "3,3"}}), {1, 2, 4, 5}, lower);
    // Cropping 3 of the full 5x5 to 2x2: explicit pads still start the window at 0, as valid does (OpenVINO
    // CPU; its ConvolutionBackpropData starts it at pads_begin instead).
    const TensorVector small{data({1, 4, 2, 2}), filter({2, 2, 1, 3, 3}), out_shape({2, 2})};
    const Vals full = test::values(run({data({1, 4, 2, 2}), filter({2, 2, 1, 3, 3})}, {{"strides", "2,2"}}));
    Vals corner;
    for (size_t c = 0; c < 2; ++c)
        for (size_t y = 0; y < 2; ++y)
            for (size_t x = 0; x < 2; ++x)
                corner.push_back(full[(c * 5 + y) * 5 + x]);
    expect(run(small, {{"strides", "2,2"}, {"pads_begin", "1,1"}, {"pads_end", "0,0"}}), {1, 2, 2, 2}, corner);
    expect(run(small, {{"strides", "2,2"}, {"auto_pad", "valid"}}), {1, 2, 2, 2}, corner);
}

TEST(GroupConvolutionBackprop, AutoPadWithoutOutputShapeAnd3D) {
    // Without output_shape, same_upper pads nothing (like valid): the full 5x5 result.
    const Tensor r = run({data({1, 4, 2, 2}), filter({2, 2, 1, 3, 3})},
                         {{"strides", "2,2"}, {"auto_pad", "same_upper"}, {"pads_begin", "1,1"}, {"pads_end", "1,1"}});
    expect(r, {1, 2, 5, 5},
           {1,      0.125, 0.875,  -0.25, -0.25, -0.375, -0.625, 0.75,   -0.25,  1,     1.125, -0.75, -1.75,
            0.5,    0.125, -0.125, 0.125, 1,     -0.375, -0.75,  -0.625, -0.375, 0.625, 0.375, 0,     -0.25,
            -0.25,  0.875, 0.125,  1,     -0.25, -0.25,  -0.875, -0.375, -0.125, -0.25, 0.625, -0.75, 1,
            -1.375, 0.75,  0.375,  0.375, 0.25,  0.125,  -0.375, -0.75,  0.75,   -0.75, 0.375});
    const Tensor d3 = run({data({1, 3, 2, 2, 2}), filter({3, 1, 1, 2, 2, 2})}, {{"strides", "1,1,1"}});
    expect(d3, {1, 3, 3, 3, 3},
           {0.75,   0.875, 0.25,  0.25,   -0.25, -0.25, 0,     -0.125, 0,     -1,    -0.375, 0.25,   -0.625, 1,
            0.625,  0.125, 0.375, -0.375, 0.25,  0.25,  -0.5,  0.625,  -1.75, 0.75,  -0.375, 0.375,  0,      -0.25,
            -0.625, -0.25, 0.5,   0.625,  0.375, 0,     -0.25, -0.125, 0.25,  0.625, 0.625,  -1.375, -1.75,  -0.5,
            0.75,   1.125, 0,     0,      0.25,  0.375, 0.5,   -0.125, -1,    -0.75, 0.25,   0.5,    0.125,  0,
            0,      -0.25, -0.5,  0,      0.125, 0.5,   0.5,   -0.125, 0.5,   0,     0.375,  -0.25,  -1,     -0.25,
            -0.5,   0,     -0.75, 0.375,  0.375, 0.5,   0.875, -0.25,  0,     -0.25, -0.125});
}

TEST(GroupConvolutionBackprop, ShapeInferenceAndRefusals) {
    const auto p = [](const PartialShape& s) { return op::parameter(element::f32, s); };
    const auto make = [&](const PartialShape& d, const PartialShape& f) {
        return op::make("GroupConvolutionBackpropData", {p(d), p(f)}, {{"strides", "2,2"}}, 1);
    };
    EXPECT_EQ(make({Dimension(), 6, 3, Dimension()}, {3, 2, 4, 2, 2})->get_output_partial_shape(0),
              (PartialShape{Dimension(), 12, 6, Dimension()}));
    EXPECT_EQ(make({1, 6, 3, 3}, {Dimension(), 2, 4, 2, 2})->get_output_partial_shape(0),
              (PartialShape{1, Dimension(), 6, 6}));
    EXPECT_THROW(make({1, 5, 3, 3}, {3, 2, 4, 2, 2}), ModelError);  // 5 channels, 3 groups of 2
    EXPECT_THROW(make({1, 6, 3, 3}, {3, 2, 4, 2}), ModelError);     // filter rank
    EXPECT_THROW(make({1, 0, 3, 3}, {0, 2, 4, 2, 2}), ModelError);  // no groups
    EXPECT_THROW(run({data({1, 4, 2, 2}), filter({2, 2, 1, 3, 3}), out_shape({4})}, {{"strides", "2,2"}}), ModelError);
    EXPECT_THROW(run({data({1, 4, 2, 2}), filter({2, 2, 1, 3, 3})}, {{"strides", "2"}}), ModelError);
}

}  // namespace
