// FakeConvert-13 against OpenVINO CPU: the expected values were computed by OpenVINO 2026.4's CPU plugin on the
// same inputs; every result is an f8 value moved by a dyadic scale and shift, so exact (tolerance 0): f8e4m3
// and f8e5m2, ties to even, subnormals, saturation (infinities too), NaN (minus the largest value, as
// OpenVINO CPU gives), per-row scale and shift, f16 data; and the refusals.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "common/test_utils.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;
using test::make_tensor;

namespace {

using Vals = std::vector<double>;

const Vals kData{0, 0.1, -0.3, 1.0, 1.0625, 1.1875, 3.3, 17.7, 250, 300, 460, 470, 1000, 61440, 70000, 1e-3, 1e-5, -1e-7};
const double kInf = std::numeric_limits<double>::infinity();

Vals fake_convert(const std::string& dst, const Tensor& x, const Tensor& scale, const Tensor* shift = nullptr) {
    TensorVector in{x, scale};
    if (shift)
        in.push_back(*shift);
    return test::values(test::eval_op("FakeConvert", 13, in, {{"destination_type", dst}}));
}

TEST(FakeConvert, AgainstOpenVino) {
    const Tensor x = make_tensor<double>(element::f32, {18}, kData), one = make_tensor<double>(element::f32, {1}, {1});
    const Tensor rows = make_tensor<double>(element::f32, {2, 9}, kData);
    const Tensor scale = make_tensor<double>(element::f32, {2, 1}, {2, 0.5}), shift = make_tensor<double>(element::f32, {2, 1}, {0.5, -0.25});
    const Tensor specials = make_tensor<double>(element::f32, {4}, {kInf, -kInf, std::nan(""), -0.0});
    EXPECT_EQ(fake_convert("f8e4m3", x, one), (Vals{0.0, 0.1015625, -0.3125, 1.0, 1.0, 1.25, 3.25, 18.0, 256.0, 288.0, 448.0, 448.0,
                                                   448.0, 448.0, 448.0, 0.001953125, 0.0, -0.0}));
    EXPECT_EQ(fake_convert("f8e4m3", rows, scale, &shift), (Vals{0.0, 0.09375, -0.3125, 1.0, 1.0625, 1.1875, 3.25, 18.25, 224.25, 287.5,
                                                                 447.5, 479.5, 895.5, 895.5, 895.5, 0.0, 0.0, 0.0}));
    EXPECT_EQ(fake_convert("f8e4m3", specials, one), (Vals{448, -448, -448, 0}));
    EXPECT_EQ(fake_convert("f8e5m2", x, one), (Vals{0.0, 0.09375, -0.3125, 1.0, 1.0, 1.25, 3.5, 16.0, 256.0, 320.0, 448.0, 448.0,
                                                   1024.0, 57344.0, 57344.0, 0.0009765625, 1.52587890625e-05, -0.0}));
    EXPECT_EQ(fake_convert("f8e5m2", rows, scale, &shift), (Vals{0.0, 0.09375, -0.25, 1.0, 1.0, 1.25, 3.25, 16.25, 256.25, 319.5,
                                                                 447.5, 447.5, 1023.5, 65535.5, 65535.5, 0.0, 0.0, 0.0}));
    EXPECT_EQ(fake_convert("f8e5m2", specials, one), (Vals{57344, -57344, -57344, 0}));
    const Vals first(kData.begin(), kData.begin() + 13);
    const Vals f16 = fake_convert("f8e4m3", make_tensor<double>(element::f16, {13}, first), make_tensor<double>(element::f16, {1}, {1}));
    EXPECT_EQ(f16, (Vals{0.0, 0.1015625, -0.3125, 1.0, 1.0, 1.25, 3.25, 18.0, 256.0, 288.0, 448.0, 448.0, 448.0}));
}

TEST(FakeConvert, Refusals) {
    const auto make = [](const std::string& dst, element::Type t, const Shape& scale) {
        return op::make("FakeConvert", {op::parameter(element::f32, Shape{2, 3}), op::parameter(t, scale)}, {{"destination_type", dst}}, 13);
    };
    EXPECT_EQ(make("f8e4m3", element::f32, {2, 1})->get_output_partial_shape(0), (PartialShape{2, 3}));
    EXPECT_THROW(make("f8e4m3fn", element::f32, {1}), ModelError);
    EXPECT_THROW(make("f8e4m3", element::f16, {1}), ModelError);     // scale of another type
    EXPECT_THROW(make("f8e4m3", element::f32, {3, 1}), ModelError);  // does not broadcast onto [2, 3]
    EXPECT_THROW(make("f8e4m3", element::f32, {1, 2, 3}), ModelError);  // would grow the data
    EXPECT_THROW(op::make("FakeConvert", {op::parameter(element::i32, Shape{2}), op::parameter(element::i32, Shape{1})},
                          {{"destination_type", "f8e5m2"}}, 13),
                 ModelError);
}

}  // namespace
