// Reverse-1 against OpenVINO CPU: the expected values were computed by OpenVINO 2026.4's CPU plugin on the same
// inputs (data element i is i), so exact (tolerance 0): index mode (negative, repeated, empty axes; i32/i64/u8
// axes), mask mode, element types; and the refusals.
#include <gtest/gtest.h>

#include <vector>

#include "common/test_utils.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;

namespace {

using Vals = std::vector<double>;

Tensor reverse(const Shape& shape, const Tensor& axes, const std::string& mode, element::Type type = element::f32) {
    return test::eval_op("Reverse", 1, {test::iota(type, shape), axes}, {{"mode", mode}});
}
Tensor axes(const std::vector<int64_t>& v, element::Type t = element::i64) {
    return test::make_tensor<int64_t>(t, {v.size()}, v);
}

TEST(Reverse, AgainstOpenVino) {
    EXPECT_EQ(test::values(reverse({2, 3}, axes({1}), "index")), (Vals{2, 1, 0, 5, 4, 3}));
    EXPECT_EQ(test::values(reverse({2, 3}, axes({0, 1}), "index")), (Vals{5, 4, 3, 2, 1, 0}));
    EXPECT_EQ(test::values(reverse({2, 3}, axes({-1}), "index")), (Vals{2, 1, 0, 5, 4, 3}));
    EXPECT_EQ(test::values(reverse({2, 3}, axes({}), "index")), (Vals{0, 1, 2, 3, 4, 5}));
    EXPECT_EQ(test::values(reverse({2, 3}, axes({1, 1}), "index")), (Vals{2, 1, 0, 5, 4, 3}));
    EXPECT_EQ(test::values(reverse({2, 3}, axes({1}, element::i32), "index")), (Vals{2, 1, 0, 5, 4, 3}));
    EXPECT_EQ(test::values(reverse({2, 3}, axes({1}, element::u8), "index")), (Vals{2, 1, 0, 5, 4, 3}));
    EXPECT_EQ(test::values(reverse({2, 3, 2}, axes({0, 2}), "index")), (Vals{7, 6, 9, 8, 11, 10, 1, 0, 3, 2, 5, 4}));
    EXPECT_EQ(test::values(reverse({2, 3}, axes({1, 0}, element::boolean), "mask")), (Vals{3, 4, 5, 0, 1, 2}));
    EXPECT_EQ(test::values(reverse({2, 3}, axes({1, 1}, element::boolean), "mask")), (Vals{5, 4, 3, 2, 1, 0}));
    for (element::Type t : {element::boolean, element::u8, element::i64, element::f16}) {
        const Vals d = test::values(test::iota(t, {2, 3}));
        EXPECT_EQ(test::values(reverse({2, 3}, axes({0}), "index", t)), (Vals{d[3], d[4], d[5], d[0], d[1], d[2]})) << t;
    }
    EXPECT_EQ(reverse({0, 3}, axes({0}), "index").get_shape(), (Shape{0, 3}));
}

TEST(Reverse, Refusals) {
    const auto make = [](const std::string& mode, element::Type at, const Shape& as) {
        return op::make("Reverse", {op::parameter(element::f32, Shape{2, 3}), op::parameter(at, as)}, {{"mode", mode}}, 1);
    };
    EXPECT_THROW(make("mask", element::boolean, {1}), ModelError);   // one entry for two axes
    EXPECT_THROW(make("mask", element::i64, {2}), ModelError);       // the mask must be boolean
    EXPECT_THROW(make("index", element::boolean, {1}), ModelError);  // indices must be integers
    EXPECT_THROW(make("index", element::i64, {1, 1}), ModelError);   // not 1-D
    EXPECT_THROW(make("other", element::i64, {1}), ModelError);
    EXPECT_THROW(op::make("Reverse", {op::parameter(element::f32, Shape{2, 3}), op::constant(axes({2}))}, {{"mode", "index"}}, 1),
                 ModelError);
    EXPECT_THROW(reverse({2, 3}, axes({-3}), "index"), ModelError);  // out of range at run time
}

}  // namespace
