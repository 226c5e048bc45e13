// SliceScatter-15 against OpenVINO CPU: the expected values were computed by OpenVINO 2026.4's CPU plugin on the
// same inputs (data element i is i, updates element i is 100 + i), so exact (tolerance 0): forward and
// negative steps, default and unordered axes, clamped and empty slices, element types; and the refusals.
#include <gtest/gtest.h>

#include <vector>

#include "common/test_utils.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;

namespace {

using Ints = std::vector<int64_t>;
using Vals = std::vector<double>;

Tensor ints(const Ints& v) { return test::make_tensor<int64_t>(element::i64, {v.size()}, v); }

Tensor scatter(const Shape& data, const Shape& updates, const Ints& start, const Ints& stop, const Ints& step,
               const Ints& axes = {}, element::Type type = element::f32) {
    TensorVector in{test::iota(type, data), test::iota(type, updates, 100, 100), ints(start), ints(stop), ints(step)};
    if (!axes.empty())
        in.push_back(ints(axes));
    return test::eval_op("SliceScatter", 15, in);
}

TEST(SliceScatter, AgainstOpenVino) {
    EXPECT_EQ(test::values(scatter({2, 4}, {2, 2}, {1}, {4}, {2}, {1})), (Vals{0, 100, 2, 101, 4, 102, 6, 103}));
    EXPECT_EQ(test::values(scatter({2, 4}, {2, 2}, {3, -1}, {0, -10}, {-2, -1}, {1, 0})),
              (Vals{0, 103, 2, 102, 4, 101, 6, 100}));
    EXPECT_EQ(test::values(scatter({3, 4}, {2, 2}, {0, 0}, {3, 4}, {2, 2})),
              (Vals{100, 1, 101, 3, 4, 5, 6, 7, 102, 9, 103, 11}));
    const Tensor empty = scatter({2, 4}, {2, 0}, {5}, {9}, {1}, {1});  // clamped to nothing: data unchanged
    EXPECT_EQ(empty.get_shape(), (Shape{2, 4}));
    EXPECT_EQ(test::values(empty), (Vals{0, 1, 2, 3, 4, 5, 6, 7}));
    for (element::Type t : {element::i32, element::f16, element::u8}) {
        const Tensor r = scatter({2, 4}, {2, 2}, {1}, {4}, {2}, {1}, t);
        EXPECT_EQ(r.get_element_type(), t);
        EXPECT_EQ(test::values(r), (Vals{0, 100, 2, 101, 4, 102, 6, 103})) << t;
    }
}

TEST(SliceScatter, ShapesAndRefusals) {
    const auto make = [](const PartialShape& data, const PartialShape& updates, const Ints& step,
                         element::Type ut = element::f32) {
        return op::make("SliceScatter",
                        {op::parameter(element::f32, data), op::parameter(ut, updates), op::constant(ints({1})),
                         op::constant(ints({4})), op::constant(ints(step)), op::constant(ints({1}))},
                        {}, 15);
    };
    EXPECT_EQ(make({-1, 4}, {3, 2}, {2})->get_output_partial_shape(0), (PartialShape{-1, 4}));
    EXPECT_THROW(make({2, 4}, {1, 2}, {2}), ModelError);                  // the slice is [2, 2]
    EXPECT_THROW(make({2, 4}, {2, 2}, {0}), ModelError);                  // step 0
    EXPECT_THROW(make({2, 4}, {2, 2}, {2}, element::i32), ModelError);    // types differ
    EXPECT_THROW(make({2}, {2, 2}, {2}), ModelError);                     // axis 1 of a 1-D input
    // Runtime start values that make the slice differ from the updates.
    const auto n = op::make("SliceScatter", {op::parameter(element::f32, Shape{2, 4}), op::parameter(element::f32, Shape{2, 2}),
                                             op::parameter(element::i64, Shape{1}), op::parameter(element::i64, Shape{1}),
                                             op::parameter(element::i64, Shape{1}), op::parameter(element::i64, Shape{1})},
                            {}, 15);
    const TensorVector in{test::iota(element::f32, {2, 4}), test::iota(element::f32, {2, 2}), ints({0}), ints({4}),
                          ints({1}), ints({1})};
    EXPECT_THROW(test::run(n, in), ModelError);
}

}  // namespace
