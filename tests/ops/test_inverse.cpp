// Inverse-14 against OpenVINO CPU: the expected values were computed by OpenVINO 2026.4's CPU plugin on the same
// inputs; ovcl computes in double, OpenVINO in f32, so the tolerance is 1e-4 (absolute and relative; 2e-3 for
// f16): 1x1 to 3x3, batches, adjoint, a permutation, a singular matrix (its infinities), and the refusals.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "common/test_utils.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;
using test::make_tensor;

namespace {

using Vals = std::vector<double>;

Tensor inverse(const Tensor& x, bool adjoint = false) {
    return test::eval_op("Inverse", 14, {x}, {{"adjoint", adjoint ? "true" : "false"}});
}
Tensor f32(const Shape& s, const Vals& v) { return make_tensor<double>(element::f32, s, v); }

TEST(Inverse, AgainstOpenVino) {
    const Tensor a = f32({2, 2}, {4, 7, 2, 6});
    EXPECT_TENSOR_NEAR(inverse(a), f32({2, 2}, {0.6, -0.7, -0.2, 0.4}), 1e-4, 1e-4);
    EXPECT_TENSOR_NEAR(inverse(a, true), f32({2, 2}, {0.6, -0.2, -0.7, 0.4}), 1e-4, 1e-4);
    const Tensor b = f32({3, 3}, {1, 2, 3, 0, 1, 4, 5, 6, 0});
    EXPECT_TENSOR_NEAR(inverse(b), f32({3, 3}, {-24, 18, 5, 20, -15, -4, -5, 4, 1}), 1e-4, 1e-4);
    EXPECT_TENSOR_NEAR(inverse(b, true), f32({3, 3}, {-24, 20, -5, 18, -15, 4, 5, -4, 1}), 1e-4, 1e-4);
    EXPECT_TENSOR_NEAR(inverse(f32({2, 2, 2}, {2, 0, 0, 4, 1, 1, 1, 2})), f32({2, 2, 2}, {0.5, 0, 0, 0.25, 2, -1, -1, 1}),
                       1e-4, 1e-4);
    EXPECT_TENSOR_NEAR(inverse(f32({2, 2}, {0, 1, 1, 0})), f32({2, 2}, {0, 1, 1, 0}), 1e-4, 1e-4);
    EXPECT_TENSOR_NEAR(inverse(f32({1, 1}, {3})), f32({1, 1}, {0.33333334}), 1e-4, 1e-4);
    EXPECT_EQ(inverse(f32({0, 2, 2}, {})).get_shape(), (Shape{0, 2, 2}));
    const double inf = std::numeric_limits<double>::infinity();
    EXPECT_EQ(test::values(inverse(f32({2, 2}, {1, 2, 2, 4}))), (Vals{-inf, inf, inf, -inf}));  // singular
    const Tensor h = make_tensor<double>(element::f16, {2, 2}, {4, 7, 2, 6});
    EXPECT_TENSOR_NEAR(inverse(h), make_tensor<double>(element::f16, {2, 2}, {0.60009765625, -0.7001953125, -0.199951171875, 0.39990234375}),
                       2e-3, 2e-3);
}

TEST(Inverse, ShapesAndRefusals) {
    const auto make = [](element::Type t, const PartialShape& s) { return op::make("Inverse", {op::parameter(t, s)}, {}, 14); };
    EXPECT_EQ(make(element::f32, PartialShape{3, -1, 4})->get_output_partial_shape(0), (PartialShape{3, 4, 4}));
    EXPECT_TRUE(make(element::f32, PartialShape::dynamic())->get_output_partial_shape(0).rank_is_dynamic());
    EXPECT_THROW(make(element::f32, PartialShape{2, 3}), ModelError);  // not square
    EXPECT_THROW(make(element::f32, PartialShape{4}), ModelError);     // rank 1
    EXPECT_THROW(make(element::i32, PartialShape{2, 2}), ModelError);  // not real
}

}  // namespace
