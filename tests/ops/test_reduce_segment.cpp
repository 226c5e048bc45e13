// SegmentMax-16 against OpenVINO CPU: the expected values were computed by OpenVINO 2026.4's CPU plugin on the
// same inputs, so exact (tolerance 0): fill_mode ZERO and LOWEST (f32, i32, f16 lowest values), num_segments
// absent (the output's rows come from the ids' values), smaller (ids past it dropped), larger and 0, rows of
// several elements; the shapes inferred without values; and the refusals (unsorted or negative ids).
#include <gtest/gtest.h>

#include <limits>
#include <string>
#include <vector>

#include "common/test_utils.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;
using test::make_tensor;

namespace {

using Vals = std::vector<double>;

Tensor segment_max(const Tensor& data, const Vals& ids, const std::string& fill, const Vals* segments = nullptr) {
    TensorVector in{data, make_tensor<double>(element::i64, {ids.size()}, ids)};
    if (segments)
        in.push_back(make_tensor<double>(element::i64, {}, *segments));
    return test::eval_op("SegmentMax", 16, in, {{"fill_mode", fill}});
}

TEST(SegmentMax, AgainstOpenVino) {
    const Tensor d = make_tensor<double>(element::f32, {6}, {1, 5, 3, -2, 7, 4});
    const Vals ids{0, 0, 2, 2, 2, 4};
    const double lo = std::numeric_limits<float>::lowest();
    Tensor r = segment_max(d, ids, "ZERO");
    EXPECT_EQ(r.get_shape(), (Shape{5}));
    EXPECT_EQ(test::values(r), (Vals{5, 0, 7, 0, 4}));
    EXPECT_EQ(test::values(segment_max(d, ids, "LOWEST")), (Vals{5, lo, 7, lo, 4}));
    const Vals three{3}, seven{7}, zero{0};
    EXPECT_EQ(test::values(segment_max(d, ids, "ZERO", &three)), (Vals{5, 0, 7}));
    EXPECT_EQ(test::values(segment_max(d, ids, "LOWEST", &seven)), (Vals{5, lo, 7, lo, 4, lo, lo}));
    EXPECT_EQ(segment_max(d, ids, "ZERO", &zero).get_shape(), (Shape{0}));
    const Tensor rows = make_tensor<double>(element::i32, {3, 2}, {1, 2, 5, -1, 3, 3});
    r = segment_max(rows, {1, 1, 3}, "LOWEST");
    const double imin = std::numeric_limits<int32_t>::min();
    EXPECT_EQ(r.get_shape(), (Shape{4, 2}));
    EXPECT_EQ(test::values(r), (Vals{imin, imin, 5, 2, imin, imin, 3, 3}));
    EXPECT_EQ(test::values(segment_max(make_tensor<double>(element::f32, {3, 2}, {1, 2, 5, -1, 3, 3}), {1, 1, 3}, "ZERO")),
              (Vals{0, 0, 5, 2, 0, 0, 3, 3}));
    EXPECT_EQ(test::values(segment_max(make_tensor<double>(element::f32, {2}, {-1, -5}), {0, 0}, "ZERO")), (Vals{-1}));
    EXPECT_EQ(test::values(segment_max(make_tensor<double>(element::f16, {3}, {1.5, 5, 3}), {1, 1, 1}, "LOWEST")),
              (Vals{-65504, 5}));
    EXPECT_EQ(test::values(segment_max(make_tensor<double>(element::f32, {3}, {1, 5, 3}), {0, 1, 1}, "zero")), (Vals{1, 5}));
}

TEST(SegmentMax, ShapesAndRefusals) {
    const auto data = op::parameter(element::f32, Shape{3, 2});
    const auto ids = op::parameter(element::i32, Shape{3});
    EXPECT_EQ(op::make("SegmentMax", {data, ids}, {{"fill_mode", "ZERO"}}, 16)->get_output_partial_shape(0), (PartialShape{-1, 2}));
    EXPECT_EQ(op::make("SegmentMax", {data, op::constant<int32_t>(element::i32, {3}, {0, 2, 2})}, {{"fill_mode", "ZERO"}}, 16)
                  ->get_output_partial_shape(0),
              (PartialShape{3, 2}));
    EXPECT_EQ(op::make("SegmentMax", {data, ids, op::constant<int32_t>(element::i32, {}, {5})}, {{"fill_mode", "ZERO"}}, 16)
                  ->get_output_partial_shape(0),
              (PartialShape{5, 2}));
    EXPECT_THROW(op::make("SegmentMax", {data, ids}, {{"fill_mode", "MAX"}}, 16), ModelError);
    EXPECT_THROW(op::make("SegmentMax", {data, op::parameter(element::i32, Shape{2})}, {{"fill_mode", "ZERO"}}, 16), ModelError);
    EXPECT_THROW(op::make("SegmentMax", {data, op::parameter(element::f32, Shape{3})}, {{"fill_mode", "ZERO"}}, 16), ModelError);
    EXPECT_THROW(op::make("SegmentMax", {data, ids, op::constant<int32_t>(element::i32, {}, {-1})}, {{"fill_mode", "ZERO"}}, 16),
                 ModelError);
    const Tensor d = make_tensor<double>(element::f32, {3}, {1, 5, 3});
    EXPECT_THROW(segment_max(d, {2, 0, 1}, "ZERO"), ModelError);  // unsorted
    EXPECT_THROW(segment_max(d, {-1, 0, 1}, "ZERO"), ModelError);  // negative
}

}  // namespace
