// RegionYolo-1 and ReorgYolo-2 against OpenVINO CPU: the expected values were computed by OpenVINO 2026.4's
// CPU plugin (f32 inference precision) on the same inputs, to within 1e-5 (f16: 2e-3). RegionYolo covers
// do_softmax with and without a mask, the flattening axes, and OpenVINO's batch stride of the regions'
// channels (not the data's) when the data has channels to spare; ReorgYolo is a permutation, so exact.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "common/test_utils.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;
using test::make_tensor;

namespace {

using Vals = std::vector<double>;

Attributes region(bool softmax, const std::string& mask, int64_t axis = 1, int64_t end_axis = 3) {
    return {{"coords", "2"}, {"classes", "2"}, {"num", "2"}, {"do_softmax", softmax ? "true" : "false"}, {"mask", mask},
            {"axis", std::to_string(axis)}, {"end_axis", std::to_string(end_axis)}, {"anchors", "1,2,3,4"}};
}

// ((37 i) mod 23) / 4 - 2.5 at flat index i: irregular, exact in f16.
Tensor pattern(element::Type type, const Shape& s) {
    Vals v(shape_size(s));
    for (size_t i = 0; i < v.size(); ++i)
        v[i] = static_cast<double>((i * 37) % 23) * 0.25 - 2.5;
    return make_tensor(type, s, v);
}

// The regions of kSoftmax (two regions of x, y, objectness and two classes over 1 x 2 cells, two batches).
const Vals kSoftmax{0.075858183, 0.7310586,  0.22270013, 0.90465057, 0.5,        0.095349453, 0.22270015, 0.22270015,
                    0.77729988,  0.77729988, 0.11920292, 0.8175745,  0.32082129, 0.93991333,  0.62245935, 0.14804719,
                    0.22270015,  0.22270015, 0.77729988, 0.77729988, 0.18242553, 0.88079709,  0.4378235,  0.075858183,
                    0.7310586,   0.22270013, 0.98901308, 0.22270015, 0.010986943, 0.77729988, 0.26894143, 0.92414182,
                    0.56217647,  0.11920292, 0.8175745,  0.32082129, 0.98901308, 0.22270015, 0.010986943, 0.77729988};

TEST(RegionYolo, Softmax) {
    const Tensor r = test::eval_op("RegionYolo", 1, {pattern(element::f32, {2, 10, 1, 2})}, region(true, ""));
    EXPECT_EQ(r.get_shape(), (Shape{2, 20}));
    EXPECT_TENSOR_NEAR(r, make_tensor(element::f32, {2, 20}, kSoftmax), 1e-5, 1e-5);
    const Tensor h = test::eval_op("RegionYolo", 1, {pattern(element::f16, {2, 10, 1, 2})}, region(true, ""));
    EXPECT_TENSOR_NEAR(h, make_tensor(element::f16, {2, 20}, kSoftmax), 2e-3, 2e-3);
    // Spare channels pass through; batch 1's regions start after batch 0's regions, as in OpenVINO CPU.
    Vals spare = kSoftmax;
    spare.insert(spare.end(), {-0.5, 3, 0.75, -1.5, 2, -0.25, -2.5, 1});
    EXPECT_TENSOR_NEAR(test::eval_op("RegionYolo", 1, {pattern(element::f32, {2, 12, 1, 2})}, region(true, "")),
                       make_tensor(element::f32, {2, 24}, spare), 1e-5, 1e-5);
}

TEST(RegionYolo, MaskWithoutSoftmax) {
    const Tensor r = test::eval_op("RegionYolo", 1, {pattern(element::f32, {2, 10, 1, 2})}, region(false, "1"));
    EXPECT_EQ(r.get_shape(), (Shape{2, 5, 1, 2}));
    EXPECT_TENSOR_NEAR(r,
                       make_tensor(element::f32, {2, 5, 1, 2},
                                   Vals{0.075858183, 0.7310586, 0.22270013, 0.90465057, 0.5, 0.095349453, 0.77729988,
                                        0.26894143, 0.92414182, 0.56217647, 0.11920292, 0.8175745, 0.32082129, 0.93991333,
                                        0.62245935, 0.14804719, 0.85195279, 0.37754065, 0.95257413, 0.67917871}),
                       1e-5, 1e-5);
}

TEST(RegionYolo, FlattenedAxes) {
    const auto shape = [](int64_t axis, int64_t end) {
        return op::make("RegionYolo", {op::parameter(element::f32, PartialShape{2, 10, 3, 4})}, region(true, "", axis, end), 1)
            ->get_output_partial_shape(0);
    };
    EXPECT_EQ(shape(0, 3), (PartialShape{240}));
    EXPECT_EQ(shape(2, 3), (PartialShape{2, 10, 12}));
    EXPECT_EQ(shape(1, -2), (PartialShape{2, 30, 4}));
    EXPECT_THROW(shape(3, 1), ModelError);
    EXPECT_THROW(shape(1, 4), ModelError);
}

TEST(ReorgYolo, Permutes) {
    const Tensor r = test::eval_op("ReorgYolo", 2, {test::iota(element::i32, {2, 4, 2, 4})}, {{"stride", "2"}});
    EXPECT_EQ(r.get_shape(), (Shape{2, 16, 1, 2}));
    EXPECT_EQ(test::values(r), (Vals{0,  2,  4,  6,  16, 18, 20, 22, 1,  3,  5,  7,  17, 19, 21, 23, 8,  10, 12, 14, 24, 26,
                                     28, 30, 9,  11, 13, 15, 25, 27, 29, 31, 32, 34, 36, 38, 48, 50, 52, 54, 33, 35, 37, 39,
                                     49, 51, 53, 55, 40, 42, 44, 46, 56, 58, 60, 62, 41, 43, 45, 47, 57, 59, 61, 63}));
    const Tensor s3 = test::eval_op("ReorgYolo", 2, {test::iota(element::f32, {1, 9, 3, 3})}, {{"stride", "3"}});
    EXPECT_EQ(s3.get_shape(), (Shape{1, 81, 1, 1}));
    const Vals all = test::values(s3), head(all.begin(), all.begin() + 12);
    EXPECT_EQ(head, (Vals{0, 3, 6, 27, 30, 33, 54, 57, 60, 1, 4, 7}));
}

TEST(RegionYolo, Refusals) {
    const auto make = [](const std::string& type, const Shape& s, const Attributes& a, element::Type t = element::f32) {
        return op::make(type, {op::parameter(t, PartialShape(s))}, a, type == "ReorgYolo" ? 2 : 1);
    };
    EXPECT_THROW(make("RegionYolo", {2, 9, 1, 2}, region(true, "")), ModelError);  // 2 regions need 10 channels
    EXPECT_THROW(make("RegionYolo", {2, 10, 2}, region(true, "")), ModelError);
    EXPECT_THROW(make("RegionYolo", {2, 10, 1, 2}, region(true, ""), element::i32), ModelError);
    EXPECT_THROW(make("ReorgYolo", {1, 8, 5, 6}, {{"stride", "2"}}), ModelError);  // H not a multiple
    EXPECT_THROW(make("ReorgYolo", {1, 3, 4, 6}, {{"stride", "2"}}), ModelError);  // C < stride^2
    EXPECT_THROW(make("ReorgYolo", {1, 6, 4, 6}, {{"stride", "2"}}), ModelError);  // C not a multiple of stride^2
    EXPECT_THROW(make("ReorgYolo", {1, 8, 4, 6}, {{"stride", "0"}}), ModelError);
}

}  // namespace
