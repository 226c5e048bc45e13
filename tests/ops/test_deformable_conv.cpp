// DeformableConvolution-1 and -8 against OpenVINO CPU: the expected values were computed by OpenVINO 2026.4's CPU
// plugin (INFERENCE_PRECISION_HINT f32) on the same inputs, which come from formulas (pattern() below; offsets
// reach up to 2.4 pixels past the edges). Tolerance 1e-5 absolute for f32, 4e-3 for f16. Covers groups,
// deformable groups, the mask, bilinear_interpolation_pad, strides, pads, dilation, auto_pad, and the refusals.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "common/test_utils.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;

namespace {

using Vals = std::vector<double>;

const Vals kV1{0.12499994, 0.43749979,    -2.4225001, 0,           -0.075000167, 0.15000004, -0.47499985, -1.595,
               0.18750006, 0.049999893,   2.02,       -0.86500001, -0.1250003,   0.8375001,  2.3274996,   0.375,
               -0.8374995, 1.4901161e-07, 0.42499965, 2.5799999,   -0.17500007,  0.15000004, -0.2050004,  0.68499982};
const Vals kV8Mask{-1.7812501, -0.1312499,  -0.17125005,  1.5150001,   -0.15812486, 0.66124994,
                   -1.925,     -0.80750012, 0.99125004,   -0.86499977, -1.3425,     -0.50000006,
                   0.21625005, -0.17249998, 0.0024999678, -0.92562509};
const Vals kV8MaskPad{-1.7812501, 0.29250008,  -0.11812505,   1.4306252,   -0.18312487, 1.0112498,
                      -1.5631254, -0.92375022, 0.97250009,    -0.80874997, -1.1174999,  -0.5875001,
                      0.20187506, 0.096249983, -0.0012500044, 0.75249988};
const Vals kV8SameUpper{
    -0.29250014, -0.65749991, -0.32624999,  0.13749999,  0.63500005,   -0.89874983,  -0.52500015,  -0.27999988,
    0.46750003,  1.2075002,   0.15499994,   -0.20624989, 0.27999997,   0.20249999,   1.2400002,    0.46750021,
    0.46249998,  -0.30749989, 0.41000003,   0.62749982,  0.35750002,   -0.79499984,  -0.37750009,  -0.20624998,
    -2.0724995,  0.11374989,  -0.65249991,  -0.69000024, -0.71999991,  -1.1849999,   0.48249996,   -0.56250006,
    0.50499994,  0.30000001,  -0.2725001,   0.042499721, 1.0875001,    1.0074998,    0.18499994,   0.25750029,
    0.042499959, -1.3049997,  -1.0225,      -0.31250006, -0.29499987,  -0.22500023,  -1.14375,     -0.375,
    0.83500004,  -0.11999965, 1.625,        -0.52499998, 0.17499995,   0.88,         0.61749995,   0.49999994,
    0.58249992,  0.38250005,  -0.092499979, 0.84249985,  0.017499864,  -0.41250014,  0.40249979,   0.31250006,
    0.079999879, 0.32000026,  -0.13625026,  0.41000026,  -0.025000006, -0.1225001,   1.1574996,    0.28750002,
    -0.30999991, 0.20500004,  -0.505,       0.21750009,  0.30749995,   -0.022499949, -0.017500006, -0.43749982};
const Vals kV8F16{-1.78125,   -0.13110352, -0.17114258, 1.5146484, -0.15759277, 0.66113281,  -1.9248047,  -0.80712891,
                  0.99121094, -0.86376953, -1.3427734,  -0.5,      0.21643066,  -0.17248535, 0.002456665, -0.92529297};

// Element i is f32(((i * mul) % mod - off) * scale), stored as `type`.
Tensor pattern(element::Type type, const Shape& s, int mul, int mod, int off, double scale) {
    std::vector<float> v(shape_size(s));
    for (size_t i = 0; i < v.size(); ++i)
        v[i] = static_cast<float>((static_cast<int>(i * mul % mod) - off) * scale);
    return test::make_tensor(type, s, v);
}

// data, offsets, filter (and mask) of the given shapes, as the generator of the expected values made them.
TensorVector inputs(element::Type t, const Shape& data, const Shape& filter, size_t dg, size_t oh, size_t ow,
                    bool mask) {
    const size_t taps = filter[2] * filter[3];
    TensorVector in{pattern(t, data, 7, 11, 5, 0.25), pattern(t, {data[0], dg * 2 * taps, oh, ow}, 13, 17, 8, 0.3),
                    pattern(t, filter, 5, 7, 3, 0.5)};
    if (mask)
        in.push_back(pattern(t, {data[0], dg * taps, oh, ow}, 3, 5, 0, 0.25));
    return in;
}

void expect(const Tensor& r, const Shape& shape, const Vals& v, double tol = 1e-5) {
    ASSERT_EQ(r.get_shape(), shape);
    EXPECT_TENSOR_NEAR(r, test::make_tensor(r.get_element_type(), shape, v), tol, 0);
}

const Attributes kStride2{{"strides", "2,2"},   {"pads_begin", "1,1"}, {"pads_end", "1,1"},
                          {"dilations", "1,1"}, {"group", "2"},        {"deformable_group", "2"}};

TEST(DeformableConvolution, V1) {
    const Attributes a{{"strides", "1,1"}, {"pads_begin", "0,0"}, {"pads_end", "0,0"}, {"dilations", "1,1"}};
    expect(
        test::eval_op("DeformableConvolution", 1, inputs(element::f32, {1, 2, 4, 5}, {2, 2, 2, 2}, 1, 3, 4, false), a),
        {1, 2, 3, 4}, kV1);
}

TEST(DeformableConvolution, V8GroupsAndMaskWithAndWithoutPad) {
    const TensorVector in = inputs(element::f32, {2, 4, 4, 4}, {2, 2, 3, 3}, 2, 2, 2, true);
    expect(test::eval_op("DeformableConvolution", 8, in, kStride2), {2, 2, 2, 2}, kV8Mask);
    Attributes pad = kStride2;
    pad.emplace_back("bilinear_interpolation_pad", "true");
    expect(test::eval_op("DeformableConvolution", 8, in, pad), {2, 2, 2, 2}, kV8MaskPad);
}

TEST(DeformableConvolution, V8SameUpperDilated) {
    const Attributes a{{"strides", "1,1"},
                       {"pads_begin", "0,0"},
                       {"pads_end", "0,0"},
                       {"dilations", "2,1"},
                       {"auto_pad", "same_upper"},
                       {"group", "2"},
                       {"bilinear_interpolation_pad", "true"}};
    expect(
        test::eval_op("DeformableConvolution", 8, inputs(element::f32, {1, 2, 5, 4}, {4, 1, 2, 3}, 1, 5, 4, false), a),
        {1, 4, 5, 4}, kV8SameUpper);
}

TEST(DeformableConvolution, V8F16) {
    const Tensor r = test::eval_op("DeformableConvolution", 8,
                                   inputs(element::f16, {2, 4, 4, 4}, {2, 2, 3, 3}, 2, 2, 2, true), kStride2);
    EXPECT_EQ(r.get_element_type(), element::f16);
    expect(r, {2, 2, 2, 2}, kV8F16, 4e-3);
}

TEST(DeformableConvolution, ShapeInferenceAndRefusals) {
    const auto p = [](const PartialShape& s) { return op::parameter(element::f32, s); };
    const auto make = [&](const PartialShape& d, const PartialShape& o, const PartialShape& f, const Attributes& a,
                          int64_t version = 8) {
        return op::make("DeformableConvolution", {p(d), p(o), p(f)}, a, version);
    };
    EXPECT_EQ(
        make({Dimension(), 4, 4, 4}, PartialShape::dynamic(), {6, 2, 3, 3}, kStride2)->get_output_partial_shape(0),
        (PartialShape{Dimension(), 6, 2, 2}));
    EXPECT_EQ(make({1, 4, 8, Dimension()}, {1, 36, 8, Dimension()}, {6, 2, 3, 3},
                   {{"auto_pad", "same_lower"}, {"group", "2"}, {"deformable_group", "2"}})
                  ->get_output_partial_shape(0),
              (PartialShape{1, 6, 8, Dimension()}));
    EXPECT_THROW(make({1, 4, 4, 4}, {1, 36, 3, 3}, {6, 2, 3, 3}, kStride2), ModelError);  // offsets' extents
    EXPECT_THROW(make({1, 4, 4, 4}, {1, 18, 2, 2}, {6, 2, 3, 3}, kStride2), ModelError);  // offsets' channels
    EXPECT_THROW(make({1, 4, 4, 4}, {1, 36, 2, 2}, {5, 2, 3, 3}, kStride2), ModelError);  // 5 outputs, 2 groups
    EXPECT_THROW(make({1, 4, 4, 4}, {1, 36, 2, 2}, {6, 3, 3, 3}, kStride2), ModelError);  // 4 channels != 2 x 3
    EXPECT_THROW(make({1, 4, 4, 4, 4}, PartialShape::dynamic(), {6, 2, 3, 3, 3}, kStride2), ModelError);  // 3-D
    EXPECT_THROW(make({1, 4, 4, 4}, {1, 36, 2, 2}, {6, 2, 3, 3}, {{"group", "0"}}), ModelError);
    EXPECT_THROW(op::make("DeformableConvolution",
                          {p({1, 4, 4, 4}), p({1, 36, 2, 2}), p({6, 2, 3, 3}), p({1, 9, 2, 2})}, kStride2, 8),
                 ModelError);  // the mask has one channel per tap and deformable group: 18
    EXPECT_THROW(op::make("DeformableConvolution",
                          {p({1, 4, 4, 4}), p({1, 36, 2, 2}), p({6, 2, 3, 3}), p({1, 18, 2, 2})}, kStride2, 1),
                 ModelError);  // v1 has no mask
}

}  // namespace
