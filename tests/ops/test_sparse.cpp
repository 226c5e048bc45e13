// SparseFillEmptyRows-16 against OpenVINO CPU: the expected values were computed by OpenVINO 2026.4's CPU plugin
// on the same inputs, so exact (tolerance 0): empty rows filled, unsorted and repeated entries (sorted by row
// and column, stably), no entries at all, i32 and i64 indices, entries past the last row (dropped, as OpenVINO
// CPU does); the output lengths inferred with and without values; and the refusals.
#include <gtest/gtest.h>

#include <vector>

#include "common/test_utils.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;
using test::make_tensor;

namespace {

using Vals = std::vector<double>;

TensorVector fill(const Vals& values, const Vals& dense, const Vals& indices, double fallback, element::Type vt = element::f32,
                  element::Type it = element::i64) {
    const TensorVector in{make_tensor<double>(vt, {values.size()}, values), make_tensor<double>(it, {2}, dense),
                          make_tensor<double>(it, {indices.size() / 2, 2}, indices), make_tensor<double>(vt, {}, {fallback})};
    OutputVector params;
    for (const Tensor& t : in)
        params.push_back(op::parameter(t.get_element_type(), t.get_shape()));
    return test::run(op::make("SparseFillEmptyRows", params, {}, 16), in);
}

void expect(const TensorVector& r, const Vals& indices, const Vals& values, const Vals& empty) {
    ASSERT_EQ(r.size(), 3u);
    EXPECT_EQ(r[0].get_shape(), (Shape{values.size(), 2}));
    EXPECT_EQ(test::values(r[0]), indices);
    EXPECT_EQ(test::values(r[1]), values);
    EXPECT_EQ(r[2].get_element_type(), element::boolean);
    EXPECT_EQ(test::values(r[2]), empty);
}

TEST(SparseFillEmptyRows, AgainstOpenVino) {
    expect(fill({1, 2, 3}, {5, 4}, {0, 1, 2, 0, 2, 3}, -1), {0, 1, 1, 0, 2, 0, 2, 3, 3, 0, 4, 0}, {1, -1, 2, 3, -1, -1},
           {0, 1, 0, 1, 1});
    expect(fill({1, 2, 3}, {5, 4}, {2, 3, 0, 1, 2, 0}, -1), {0, 1, 1, 0, 2, 0, 2, 3, 3, 0, 4, 0}, {2, -1, 3, 1, -1, -1},
           {0, 1, 0, 1, 1});
    expect(fill({}, {3, 4}, {}, 7), {0, 0, 1, 0, 2, 0}, {7, 7, 7}, {1, 1, 1});
    const TensorVector i32 = fill({1, 2}, {2, 4}, {0, 0, 1, 3}, 9, element::i32, element::i32);
    EXPECT_EQ(i32[0].get_element_type(), element::i32);
    expect(i32, {0, 0, 1, 3}, {1, 2}, {0, 0});
    expect(fill({1, 2}, {2, 4}, {0, 0, 2, 3}, 9), {0, 0, 1, 0}, {1, 9}, {0, 1});  // row 2 of 2 dropped
    expect(fill({1, 2, 3}, {3, 4}, {1, 1, 1, 1, 1, 0}, 0), {0, 0, 1, 0, 1, 1, 1, 1, 2, 0}, {0, 3, 1, 2, 0}, {1, 0, 1});
}

TEST(SparseFillEmptyRows, ShapesAndRefusals) {
    const auto values = op::parameter(element::f32, Shape{3});
    const auto idx = op::parameter(element::i64, Shape{3, 2});
    const auto fallback = op::parameter(element::f32, Shape{});
    const auto dense = op::constant<int64_t>(element::i64, {2}, {5, 4});
    auto n = op::make("SparseFillEmptyRows", {values, dense, idx, fallback}, {}, 16);
    EXPECT_EQ(n->get_output_partial_shape(0), (PartialShape{Dimension(5, 8), 2}));
    EXPECT_EQ(n->get_output_partial_shape(1), (PartialShape{Dimension(5, 8)}));
    EXPECT_EQ(n->get_output_partial_shape(2), (PartialShape{5}));
    n = op::make("SparseFillEmptyRows", {values, op::parameter(element::i64, Shape{2}), idx, fallback}, {}, 16);
    EXPECT_TRUE(n->get_output_partial_shape(1).is_dynamic());
    n = op::make("SparseFillEmptyRows", {values, dense, op::constant<int64_t>(element::i64, {3, 2}, {0, 1, 2, 0, 2, 3}), fallback}, {}, 16);
    EXPECT_EQ(n->get_output_partial_shape(1), (PartialShape{6}));
    EXPECT_THROW(op::make("SparseFillEmptyRows", {values, dense, op::parameter(element::i64, Shape{2, 2}), fallback}, {}, 16),
                 ModelError);  // 2 entries for 3 values
    EXPECT_THROW(op::make("SparseFillEmptyRows", {values, dense, op::parameter(element::i32, Shape{3, 2}), fallback}, {}, 16),
                 ModelError);  // index types differ
    EXPECT_THROW(op::make("SparseFillEmptyRows", {values, dense, idx, op::parameter(element::i64, Shape{})}, {}, 16),
                 ModelError);  // default of another type
    EXPECT_THROW(op::make("SparseFillEmptyRows", {values, op::constant<int64_t>(element::i64, {2}, {-1, 4}), idx, fallback}, {}, 16),
                 ModelError);
    EXPECT_THROW(fill({1, 2}, {2, 4}, {0, 0, -1, 3}, 9), ModelError);  // a negative row
    // A dense_shape of 2^40 rows with known indices: the count is found without a byte per row (the IR-reader
    // fuzzer ran out of memory here).
    const auto huge = op::constant<int64_t>(element::i64, {2}, {int64_t{1} << 40, 4});
    n = op::make("SparseFillEmptyRows", {values, huge, op::constant<int64_t>(element::i64, {3, 2}, {0, 1, 2, 0, 2, 3}), fallback},
                 {}, 16);
    EXPECT_EQ(n->get_output_partial_shape(1), (PartialShape{(int64_t{1} << 40) - 2 + 3}));
}

}  // namespace
