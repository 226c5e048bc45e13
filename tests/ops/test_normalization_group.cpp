// GroupNormalization-12, LRN-1 and GRN-1 (host_ref/normalization_group.cpp) and AdaptiveAvgPool-8 /
// AdaptiveMaxPool-8 (host_ref/pooling_adaptive.cpp) against OpenVINO CPU: the expected values were computed
// by OpenVINO 2026.4's CPU plugin (f32) on the same inputs. Tolerance 2e-6 absolute + 2e-6 relative (both
// sides compute a few f32 roundings apart); the pooling cases are exact.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "common/test_utils.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;
using test::make_tensor;

namespace {

using Vals = std::vector<double>;

Tensor ramp(const Shape& s, double shift, double div) {
    Vals v(shape_size(s));
    for (size_t i = 0; i < v.size(); ++i)
        v[i] = (static_cast<double>(i) - shift) / div;
    return make_tensor<double>(element::f32, s, v);
}

void expect_close(const Tensor& got, const Vals& want, const std::string& what) {
    const auto v = test::values(got);
    ASSERT_EQ(v.size(), want.size()) << what;
    for (size_t i = 0; i < v.size(); ++i)
        EXPECT_NEAR(v[i], want[i], 2e-6 + 2e-6 * std::fabs(want[i])) << what << " [" << i << "]";
}

Tensor eval(const std::shared_ptr<Node>& n, const TensorVector& in) { return test::eval_single(n, in); }

TEST(NormalizationGroup, GroupNormalization) {
    const Tensor x = ramp({2, 4, 3}, 10, 7);
    const Tensor scale = make_tensor<double>(element::f32, {4}, {1, 2, 0.5, -1});
    const Tensor bias = make_tensor<double>(element::f32, {4}, {0, 0.1, 0.2, 0.3});
    auto n = op::make("GroupNormalization", {op::parameter(element::f32, Shape{2, 4, 3}), op::parameter(element::f32, Shape{4}),
                                             op::parameter(element::f32, Shape{4})},
                      {{"num_groups", "2"}, {"epsilon", "1e-5"}}, 12);
    expect_close(eval(n, {x, scale, bias}),
                 {-1.4637269, -0.8782358, -0.2927453, 0.6854916, 1.8564732, 3.0274546, -0.5318636, -0.2391181,
                  0.0536273, 0.0072545, -0.5782363, -1.163727, -1.4637272, -0.8782365, -0.2927455, 0.6854906,
                  1.8564723, 3.0274537, -0.5318636, -0.2391182, 0.0536273, 0.0072547, -0.5782364, -1.163727},
                 "GroupNormalization");
}

TEST(NormalizationGroup, LrnAndGrn) {
    const Tensor x = ramp({1, 5, 2, 2}, 7, 5);
    const auto lrn = [](const std::vector<int64_t>& axes, const std::string& alpha, const std::string& bias) {
        return op::make("LRN", {op::parameter(element::f32, Shape{1, 5, 2, 2}), op::constant<int64_t>(element::i64, {axes.size()}, axes)},
                        {{"alpha", alpha}, {"beta", "0.75"}, {"bias", bias}, {"size", "3"}}, 1);
    };
    const Tensor across = make_tensor<double>(element::i64, {1}, {1}), hw = make_tensor<double>(element::i64, {2}, {2, 3});
    expect_close(eval(lrn({1}, "0.01", "2"), {x, across}),
                 {-0.830039, -0.7121006, -0.5938318, -0.4753027, -0.3557133, -0.2373195, -0.118713, 0.0, 0.118713,
                  0.2373195, 0.3557133, 0.473789, 0.5914422, 0.7085701, 0.8250715, 0.9408478, 1.0646487, 1.1811842,
                  1.2971179, 1.4123851},
                 "LRN across channels");
    expect_close(eval(lrn({2, 3}, "0.5", "1"), {x, hw}),
                 {-1.1633773, -0.9971805, -0.8309838, -0.664787, -0.5863705, -0.3909137, -0.1954568, 0.0, 0.1905498,
                  0.3810996, 0.5716494, 0.7621991, 0.782566, 0.9390792, 1.0955923, 1.2521056, 1.0738679, 1.1931866,
                  1.3125054, 1.431824},
                 "LRN over H, W");
    // An even size: OpenVINO's window is (size - 1) / 2 each way (3 channels for size 4). OpenVINO CPU, on
    // channels [-1.4, -0.6, 0.2, 1.0, 1.8] at one position, alpha 0.5, beta 0.75, bias 1, size 4:
    auto lrn4 = op::make("LRN", {op::parameter(element::f32, Shape{1, 5, 1, 1}), op::constant<int64_t>(element::i64, {1}, {1})},
                         {{"alpha", "0.5"}, {"beta", "0.75"}, {"bias", "1"}, {"size", "4"}}, 1);
    const Tensor col = make_tensor<double>(element::f32, {1, 5, 1, 1}, {-1.4, -0.6, 0.2, 1.0, 1.8});
    const auto got = test::values(eval(lrn4, {col, across}));
    for (size_t c = 0; c < 5; ++c) {  // the formula with the 3-wide window, in double
        double sum = 0;
        for (size_t j = c == 0 ? 0 : c - 1; j <= std::min<size_t>(4, c + 1); ++j)
            sum += test::values(col)[j] * test::values(col)[j];
        EXPECT_NEAR(got[c], test::values(col)[c] / std::pow(1 + 0.5 / 4 * sum, 0.75), 1e-6) << c;
    }
    auto grn = op::make("GRN", {op::parameter(element::f32, Shape{1, 5, 2, 2})}, {{"bias", "1e-6"}}, 1);
    expect_close(eval(grn, {x}),
                 {-0.5449492, -0.4472136, -0.3492151, -0.2581989, -0.2335497, -0.1490712, -0.069843, 0.0, 0.0778499,
                  0.1490712, 0.2095291, 0.2581989, 0.3892494, 0.4472136, 0.4889011, 0.5163977, 0.700649, 0.7453559,
                  0.7682733, 0.7745966},
                 "GRN");
}

TEST(PoolingAdaptive, AvgAndMaxAsOpenVinoCpu) {
    Vals v(70);
    for (size_t i = 0; i < 35; ++i) {
        v[i] = static_cast<double>(i);
        v[35 + i] = static_cast<double>(69 - i);  // channel 1: the same values reversed
    }
    const Tensor x = make_tensor<double>(element::f32, {1, 2, 5, 7}, v);
    const Tensor shape = make_tensor<double>(element::i64, {2}, {3, 4});
    const auto params = OutputVector{op::parameter(element::f32, Shape{1, 2, 5, 7}), op::constant<int64_t>(element::i64, {2}, {3, 4})};
    const Tensor avg = eval(op::make("AdaptiveAvgPool", params, {}, 8), {x, shape});
    EXPECT_EQ(avg.get_shape(), (Shape{1, 2, 3, 4}));
    EXPECT_EQ(test::values(avg), (Vals{4, 5.5, 7.5, 9, 14.5, 16, 18, 19.5, 25, 26.5, 28.5, 30,
                                        65, 63.5, 61.5, 60, 54.5, 53, 51, 49.5, 44, 42.5, 40.5, 39}));
    auto mp = op::make("AdaptiveMaxPool", params, {{"index_element_type", "i32"}}, 8);
    const auto outs = test::run(mp, {x, shape});
    EXPECT_EQ(test::values(outs.at(0)), (Vals{8, 10, 12, 13, 22, 24, 26, 27, 29, 31, 33, 34,
                                              69, 68, 66, 64, 62, 61, 59, 57, 48, 47, 45, 43}));
    EXPECT_EQ(outs.at(1).get_element_type(), element::i32);
    EXPECT_EQ(test::values(outs.at(1)), (Vals{8, 10, 12, 13, 22, 24, 26, 27, 29, 31, 33, 34,
                                              0, 1, 3, 5, 7, 8, 10, 12, 21, 22, 24, 26}));
}

TEST(NormalizationGroup, Refusals) {
    const auto x = op::parameter(element::f32, Shape{2, 6, 3});
    const auto c6 = op::parameter(element::f32, Shape{6});
    EXPECT_THROW(op::make("GroupNormalization", {x, c6, c6}, {{"num_groups", "4"}, {"epsilon", "1e-5"}}, 12), ModelError);
    EXPECT_THROW(op::make("GroupNormalization", {x, op::parameter(element::f32, Shape{5}), c6}, {{"num_groups", "2"}, {"epsilon", "1e-5"}}, 12),
                 ModelError);
    EXPECT_THROW(op::make("LRN", {x, op::constant<int64_t>(element::i64, {1}, {3})},
                          {{"alpha", "1"}, {"beta", "0.75"}, {"bias", "1"}, {"size", "3"}}, 1),
                 ModelError);  // axis 3 of a rank-3 tensor
    EXPECT_THROW(op::make("GRN", {op::parameter(element::f32, Shape{6})}, {{"bias", "1"}}, 1), ModelError);
    EXPECT_THROW(op::make("AdaptiveAvgPool", {x, op::constant<int64_t>(element::i64, {2}, {1, 1})}, {}, 8), ModelError);
}

}  // namespace
