// Bucketize-3 and SearchSorted-15 against OpenVINO CPU (the expected indices were computed by OpenVINO
// 2026.4's CPU plugin on the same inputs; exact), and the refusals.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "common/test_utils.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;
using test::make_tensor;

namespace {

using Vals = std::vector<double>;

Tensor run(const std::string& type, int64_t version, const TensorVector& in, const Attributes& attrs = {}) {
    return test::eval_op(type, version, in, attrs);
}

const Tensor kX = make_tensor<double>(element::f32, {7}, {-1, 0, 1, 2.5, 3, 10, 2});
const Tensor kB = make_tensor<double>(element::f32, {4}, {0, 1, 2.5, 3});

TEST(Search, Bucketize) {
    const Tensor right = run("Bucketize", 3, {kX, kB}, {{"output_type", "i64"}, {"with_right_bound", "true"}});
    EXPECT_EQ(right.get_element_type(), element::i64);
    EXPECT_EQ(test::values(right), (Vals{0, 0, 1, 2, 3, 4, 2}));
    const Tensor left = run("Bucketize", 3, {kX, kB}, {{"output_type", "i32"}, {"with_right_bound", "false"}});
    EXPECT_EQ(left.get_element_type(), element::i32);
    EXPECT_EQ(test::values(left), (Vals{0, 1, 2, 3, 4, 4, 2}));
}

TEST(Search, SearchSorted) {
    EXPECT_EQ(test::values(run("SearchSorted", 15, {kB, kX})), (Vals{0, 0, 1, 2, 3, 4, 2}));
    EXPECT_EQ(test::values(run("SearchSorted", 15, {kB, kX}, {{"right_mode", "true"}})), (Vals{0, 1, 2, 3, 4, 4, 2}));
    const Tensor seq = make_tensor<double>(element::f32, {2, 4}, {0, 1, 2, 3, 5, 6, 7, 8});
    const Tensor values = make_tensor<double>(element::f32, {2, 3}, {1.5, -1, 9, 6, 6.5, 100});
    const Tensor r = run("SearchSorted", 15, {seq, values});
    EXPECT_EQ(r.get_shape(), (Shape{2, 3}));
    EXPECT_EQ(test::values(r), (Vals{2, 0, 4, 1, 2, 4}));
}

TEST(Search, Refusals) {
    EXPECT_THROW(op::make("Bucketize", {op::parameter(element::f32, Shape{3}), op::parameter(element::f32, Shape{2, 2})},
                          {{"output_type", "i64"}}, 3),
                 ModelError);  // buckets not 1-D
    EXPECT_THROW(op::make("Bucketize", {op::parameter(element::f32, Shape{3}), op::parameter(element::f32, Shape{2})},
                          {{"output_type", "f32"}}, 3),
                 ModelError);
    EXPECT_THROW(op::make("SearchSorted", {op::parameter(element::f32, Shape{2, 4}), op::parameter(element::f32, Shape{3, 3})},
                          {}, 15),
                 ModelError);  // leading axes differ
    EXPECT_THROW(op::make("SearchSorted", {op::parameter(element::f32, Shape{4}), op::parameter(element::i32, Shape{3})}, {}, 15),
                 ModelError);  // two types
}

}  // namespace
