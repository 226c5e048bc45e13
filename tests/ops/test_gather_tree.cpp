// GatherTree-1 against OpenVINO CPU: the expected values were computed by OpenVINO 2026.4's CPU plugin on the
// same inputs (step ids 1..24, the parents below), so exact (tolerance 0): end tokens that cut paths, short
// sequences, f32/i32; and the refusals. A max_seq_len beyond T is clamped as OpenVINO does.
#include <gtest/gtest.h>

#include <vector>

#include "common/test_utils.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;
using test::make_tensor;

namespace {

using Vals = std::vector<double>;

const Vals kParents{0, 0, 0, 0, 1, 1, 1, 2, 0, 2, 1, 0, 2, 1, 1, 0, 0, 2, 0, 2, 1, 1, 1, 0};

Tensor gather_tree(const Vals& lengths, double end, element::Type t = element::f32, const Vals& parents = kParents) {
    return test::eval_op("GatherTree", 1,
                         {test::iota(t, {4, 2, 3}, 1), make_tensor<double>(t, {4, 2, 3}, parents), make_tensor<double>(t, {2}, lengths),
                          make_tensor<double>(t, {}, {end})});
}

TEST(GatherTree, AgainstOpenVino) {
    EXPECT_EQ(test::values(gather_tree({4, 3}, 0)),
              (Vals{1, 3, 3, 6, 6, 4, 9, 8, 8, 10, 10, 12, 13, 15, 14, 16, 17, 18, 19, 20, 21, 0, 0, 0}));
    const Vals cut{1, 3, 3, 6, 6, 4, 9, 8, 8, 10, 10, 12, 13, 15, 14, 10, 10, 18, 19, 20, 21, 10, 10, 10};
    EXPECT_EQ(test::values(gather_tree({4, 3}, 10)), cut);
    EXPECT_EQ(test::values(gather_tree({4, 3}, 10, element::i32)), cut);
    EXPECT_EQ(test::values(gather_tree({4, 3}, 9)),
              (Vals{1, 3, 3, 6, 6, 4, 9, 8, 8, 10, 10, 12, 9, 15, 14, 16, 17, 18, 9, 20, 21, 9, 9, 9}));
    const Vals clamped = test::values(gather_tree({5, 3}, 0));  // 5 steps of 4
    EXPECT_EQ(clamped, test::values(gather_tree({4, 3}, 0)));
}

TEST(GatherTree, Refusals) {
    Vals bad = kParents;
    bad[13] = 3;  // beam 3 of 3
    EXPECT_THROW(gather_tree({4, 4}, 0, element::f32, bad), ModelError);
    bad[13] = -1;
    EXPECT_THROW(gather_tree({4, 4}, 0, element::f32, bad), ModelError);
    const auto make = [](const Shape& a, const Shape& b, const Shape& c, element::Type t = element::f32) {
        return op::make("GatherTree", {op::parameter(element::f32, a), op::parameter(element::f32, b), op::parameter(element::f32, c),
                                       op::parameter(t, Shape{})},
                        {}, 1);
    };
    EXPECT_EQ(make({4, 2, 3}, {4, 2, 3}, {2})->get_output_partial_shape(0), (PartialShape{4, 2, 3}));
    EXPECT_THROW(make({4, 2, 3}, {4, 2, 2}, {2}), ModelError);
    EXPECT_THROW(make({4, 2, 3}, {4, 2, 3}, {3}), ModelError);
    EXPECT_THROW(make({4, 2}, {4, 2}, {2}), ModelError);
    EXPECT_THROW(make({4, 2, 3}, {4, 2, 3}, {2}, element::i32), ModelError);
}

}  // namespace
