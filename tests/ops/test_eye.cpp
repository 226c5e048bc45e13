// Eye-9 against OpenVINO CPU (the expected values were computed by OpenVINO 2026.4's CPU plugin), with a
// batch shape and a negative diagonal, and the refusals.
#include <gtest/gtest.h>

#include <vector>

#include "common/test_utils.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;

namespace {

std::shared_ptr<Node> scalar(int64_t v) { return op::constant<int64_t>(element::i64, {}, {v}); }

TEST(Eye, AsOpenVinoCpu) {
    auto e = op::make("Eye", {scalar(3), scalar(4), scalar(1)}, {{"output_type", "f32"}}, 9);
    Tensor r = test::eval_single(e, {scalar(3)->get_constant_value(), scalar(4)->get_constant_value(),
                                     scalar(1)->get_constant_value()});
    EXPECT_EQ(r.get_shape(), (Shape{3, 4}));
    EXPECT_EQ(test::values(r), (std::vector<double>{0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}));
    auto batch = op::constant<int64_t>(element::i64, {1}, {2});
    auto e2 = op::make("Eye", {scalar(2), scalar(3), scalar(-1), batch}, {{"output_type", "i32"}}, 9);
    r = test::eval_single(e2, {scalar(2)->get_constant_value(), scalar(3)->get_constant_value(),
                               scalar(-1)->get_constant_value(), batch->get_constant_value()});
    EXPECT_EQ(r.get_element_type(), element::i32);
    EXPECT_EQ(r.get_shape(), (Shape{2, 2, 3}));
    EXPECT_EQ(test::values(r), (std::vector<double>{0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0}));
}

TEST(Eye, Refusals) {
    EXPECT_THROW(op::make("Eye", {scalar(-2), scalar(3), scalar(0)}, {{"output_type", "f32"}}, 9), ModelError);
    EXPECT_THROW(op::make("Eye", {scalar(2), op::constant<int64_t>(element::i64, {2}, {3, 3}), scalar(0)},
                          {{"output_type", "f32"}}, 9),
                 ModelError);
    EXPECT_THROW(op::make("Eye", {scalar(2), scalar(3), op::constant<float>(element::f32, {}, {0})},
                          {{"output_type", "f32"}}, 9),
                 ModelError);
}

}  // namespace
