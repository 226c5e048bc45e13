// GatherElements-6 and GatherND-5/8 against OpenVINO CPU: the expected values were computed by OpenVINO
// 2026.4's CPU plugin on the same inputs (iota data, so the comparison is exact), negative indices, the
// batch axes flattened (v5) or kept (v8), and the refusals.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "common/test_utils.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;
using test::eval_single;
using test::make_tensor;

namespace {

using Rows = std::vector<double>;

Tensor run(const std::string& type, int64_t version, const TensorVector& in, const Attributes& attrs = {}) {
    return test::eval_op(type, version, in, attrs);
}

Tensor data34() { return test::iota(element::f32, {3, 4}); }
Tensor i32(const Shape& s, const Rows& v) { return make_tensor<double>(element::i32, s, v); }

TEST(Gather, GatherElementsAsOpenVinoCpu) {
    const Tensor idx0 = i32({2, 4}, {2, 0, -1, 1, 0, 0, 1, -3});
    EXPECT_EQ(test::values(run("GatherElements", 6, {data34(), idx0}, {{"axis", "0"}})), (Rows{8, 1, 10, 7, 0, 1, 6, 3}));
    const Tensor idx1 = i32({3, 2}, {3, 0, 1, -1, 2, 2});
    const Tensor g = run("GatherElements", 6, {data34(), idx1}, {{"axis", "-1"}});
    EXPECT_EQ(g.get_shape(), (Shape{3, 2}));
    EXPECT_EQ(test::values(g), (Rows{3, 0, 5, 7, 10, 10}));
    EXPECT_THROW(run("GatherElements", 6, {data34(), i32({1, 1}, {4})}, {{"axis", "1"}}), ModelError);
    EXPECT_THROW(op::make("GatherElements", {op::parameter(element::f32, Shape{3, 4}), op::parameter(element::i32, Shape{2, 5})},
                          {{"axis", "0"}}, 6),
                 ModelError);
}

TEST(Gather, GatherNDAsOpenVinoCpu) {
    const Tensor d = test::iota(element::f32, {2, 3, 4});
    Tensor g = run("GatherND", 8, {d, i32({2, 2}, {1, 2, 0, -1})});
    EXPECT_EQ(g.get_shape(), (Shape{2, 4}));
    EXPECT_EQ(test::values(g), (Rows{20, 21, 22, 23, 8, 9, 10, 11}));
    g = run("GatherND", 8, {d, i32({2, 3}, {1, 2, 3, 0, 0, 1})});
    EXPECT_EQ(g.get_shape(), (Shape{2}));
    EXPECT_EQ(test::values(g), (Rows{23, 1}));
    for (int64_t v : {5, 8}) {
        g = run("GatherND", v, {d, i32({2, 1, 1}, {2, 0})}, {{"batch_dims", "1"}});
        EXPECT_EQ(g.get_shape(), (Shape{2, 1, 4})) << v;
        EXPECT_EQ(test::values(g), (Rows{8, 9, 10, 11, 12, 13, 14, 15})) << v;
    }
    const Tensor d4 = test::iota(element::f32, {2, 2, 3, 2});
    const Tensor idx = i32({2, 2, 1}, {1, 2, 0, 1});
    g = run("GatherND", 5, {d4, idx}, {{"batch_dims", "2"}});
    EXPECT_EQ(g.get_shape(), (Shape{4, 2}));
    EXPECT_EQ(test::values(g), (Rows{2, 3, 10, 11, 12, 13, 20, 21}));
    g = run("GatherND", 8, {d4, idx}, {{"batch_dims", "2"}});
    EXPECT_EQ(g.get_shape(), (Shape{2, 2, 2}));
    EXPECT_EQ(test::values(g), (Rows{2, 3, 10, 11, 12, 13, 20, 21}));
    EXPECT_THROW(run("GatherND", 8, {d, i32({1, 2}, {2, 0})}), ModelError);  // 2 is outside [-2, 2)
    EXPECT_THROW(op::make("GatherND", {op::parameter(element::f32, Shape{2, 3}), op::parameter(element::i32, Shape{1, 3})}, {}, 8),
                 ModelError);  // tuples of 3 for rank 2
}

}  // namespace
