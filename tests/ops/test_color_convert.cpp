// NV12toRGB-8, NV12toBGR-8, I420toRGB-8 and I420toBGR-8 against OpenVINO CPU: the expected values were computed
// by OpenVINO 2026.4's CPU plugin on the same inputs. u8 must match exactly (the image holds pixels whose
// value is exactly k + 0.5, where OpenVINO rounds half to even); f32 within 1e-4 (values up to 255), f16 exactly
// after OpenVINO's rounding of the f32 result. Every op in its multi-plane and single-plane form, two images.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "common/test_utils.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;

namespace {

using Vals = std::vector<double>;

const Vals kY{0, 30, 0,  90,  255, 16, 128, 200, 4,   60,  0,  100, 235, 16, 77, 1,
              1, 77, 16, 235, 100, 0,  60,  4,   200, 128, 16, 255, 90,  0,  30, 0};  // [2, 4, 4, 1]
const Vals kU{0, 6, 154, 246, 10, 128, 255, 90};                                      // [2, 2, 2, 1]
const Vals kV{197, 34, 0, 0, 240, 128, 0, 60};
const Vals kRgb{92,  0,   0,   126, 10,  0,   0,   106, 0,   0,   210, 0,   255, 255, 20,  110, 0,   0,   0,   254,
                0,   64,  255, 0,   0,   80,  38,  0,   145, 104, 0,   39,  220, 0,   156, 255, 51,  255, 255, 0,
                94,  52,  0,   129, 255, 0,   40,  221, 161, 0,   0,   250, 26,  0,   0,   0,   0,   255, 255, 255,
                255, 53,  0,   160, 0,   0,   51,  51,  51,  0,   0,   0,   10,  255, 255, 0,   185, 255, 0,   70,
                0,   170, 255, 202, 0,   141, 255, 0,   36,  238, 0,   86,  0,   0,   52,  0};  // [2, 4, 4, 3]

Tensor u8(const Shape& s, const Vals& v) { return test::make_tensor(element::u8, s, v); }

Vals reversed_channels(const Vals& rgb) {
    Vals bgr(rgb.size());
    for (size_t i = 0; i < rgb.size(); i += 3)
        for (size_t c = 0; c < 3; ++c)
            bgr[i + c] = rgb[i + 2 - c];
    return bgr;
}

// The planes of one image after another, as the single-plane form stores them.
Tensor single_plane(bool i420) {
    Vals v;
    for (size_t n = 0; n < 2; ++n) {
        v.insert(v.end(), kY.begin() + n * 16, kY.begin() + (n + 1) * 16);
        for (size_t k = 0; k < 4; ++k) {
            if (i420)
                continue;
            v.push_back(kU[n * 4 + k]);
            v.push_back(kV[n * 4 + k]);
        }
        if (i420) {
            v.insert(v.end(), kU.begin() + n * 4, kU.begin() + (n + 1) * 4);
            v.insert(v.end(), kV.begin() + n * 4, kV.begin() + (n + 1) * 4);
        }
    }
    return u8({2, 6, 4, 1}, v);
}

TEST(ColorConvert, U8AllFormsRoundHalfToEven) {
    Vals uv;
    for (size_t k = 0; k < kU.size(); ++k)
        uv.insert(uv.end(), {kU[k], kV[k]});
    const Tensor y = u8({2, 4, 4, 1}, kY), u = u8({2, 2, 2, 1}, kU), v = u8({2, 2, 2, 1}, kV);
    const std::vector<std::pair<std::string, TensorVector>> forms{{"NV12", {y, u8({2, 2, 2, 2}, uv)}},
                                                                  {"NV12", {single_plane(false)}},
                                                                  {"I420", {y, u, v}},
                                                                  {"I420", {single_plane(true)}}};
    for (const auto& [format, inputs] : forms)
        for (const bool bgr : {false, true}) {
            const std::string type = format + (bgr ? "toBGR" : "toRGB");
            SCOPED_TRACE(type + " with " + std::to_string(inputs.size()) + " input(s)");
            EXPECT_TENSOR_EQ(test::eval_op(type, 8, inputs), u8({2, 4, 4, 3}, bgr ? reversed_channels(kRgb) : kRgb));
        }
}

TEST(ColorConvert, RealTypesClampWithoutRounding) {
    const Vals y{-3.25, 16, 100.5, 300}, uv{128.75, 7.5};
    const Tensor f32 = test::eval_op(
        "NV12toRGB", 8,
        {test::make_tensor(element::f32, {1, 2, 2, 1}, y), test::make_tensor(element::f32, {1, 1, 1, 2}, uv)});
    const Vals expected{0, 75.2662506, 0, 0, 97.6732483, 1.51349998, 0, 196.03125, 99.8714981, 138.258026, 255, 255};
    EXPECT_TENSOR_NEAR(f32, test::make_tensor(element::f32, {1, 2, 2, 3}, expected), 1e-4, 0);
    const Tensor f16 = test::eval_op(
        "NV12toRGB", 8,
        {test::make_tensor(element::f16, {1, 2, 2, 1}, y), test::make_tensor(element::f16, {1, 1, 1, 2}, uv)});
    EXPECT_TENSOR_EQ(f16,
                     test::make_tensor(element::f16, {1, 2, 2, 3},
                                       Vals{0, 75.25, 0, 0, 97.6875, 1.51367188, 0, 196, 99.875, 138.25, 255, 255}));
}

TEST(ColorConvert, ShapeInferenceAndRefusals) {
    const auto p = [](const PartialShape& s, element::Type t = element::u8) { return op::parameter(t, s); };
    const auto shape = [](const std::shared_ptr<Node>& n) { return n->get_output_partial_shape(0); };
    EXPECT_EQ(shape(op::make("NV12toBGR", {p({Dimension(), 9, 8, 1})}, {}, 8)), (PartialShape{Dimension(), 6, 8, 3}));
    EXPECT_EQ(shape(op::make(
                  "I420toRGB",
                  {p({1, Dimension(), Dimension(), 1}), p({1, 3, Dimension(), 1}), p({Dimension(), Dimension(), 5, 1})},
                  {}, 8)),
              (PartialShape{1, 6, 10, 3}));
    EXPECT_THROW(op::make("NV12toRGB", {p({1, 8, 8, 1})}, {}, 8), ModelError);                   // 8 rows: H not whole
    EXPECT_THROW(op::make("NV12toRGB", {p({1, 9, 7, 1})}, {}, 8), ModelError);                   // odd width
    EXPECT_THROW(op::make("NV12toRGB", {p({1, 4, 4, 1}), p({1, 2, 2, 1})}, {}, 8), ModelError);  // UV channels
    EXPECT_THROW(op::make("NV12toRGB", {p({1, 4, 4, 1}), p({1, 3, 2, 2})}, {}, 8), ModelError);  // UV height
    EXPECT_THROW(op::make("I420toRGB", {p({1, 4, 4, 1}), p({1, 2, 2, 1})}, {}, 8), ModelError);  // two inputs
    EXPECT_THROW(op::make("NV12toRGB", {p({1, 6, 4, 1}, element::i32)}, {}, 8), ModelError);     // type
    EXPECT_THROW(op::make("NV12toRGB", {p({1, 4, 4, 1}), p({1, 2, 2, 2}, element::f32)}, {}, 8), ModelError);
}

}  // namespace
