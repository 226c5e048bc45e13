// EmbeddingBagOffsetsSum-3, EmbeddingBagPackedSum-3, EmbeddingSegmentsSum-3 and EmbeddingBagOffsets-15 /
// EmbeddingBagPacked-15 (reduction sum or mean) against OpenVINO CPU (the expected values were computed
// by OpenVINO 2026.4's CPU plugin on the same inputs; small integers and halves, so exact): weights, empty
// bags with and without default_index, and the refusals.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "common/test_utils.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;
using test::make_tensor;

namespace {

using Vals = std::vector<double>;

Tensor run(const std::string& type, const TensorVector& in) { return test::eval_op(type, 3, in); }

Tensor i32(const Shape& s, const Vals& v) { return make_tensor<double>(element::i32, s, v); }
Tensor f32(const Shape& s, const Vals& v) { return make_tensor<double>(element::f32, s, v); }
const Tensor kTable = test::iota(element::f32, {5, 2});

TEST(Embedding, BagOffsetsSum) {
    const Tensor idx = i32({6}, {0, 2, 3, 4, 1, 1}), offsets = i32({3}, {0, 2, 2});
    EXPECT_EQ(test::values(run("EmbeddingBagOffsetsSum", {kTable, idx, offsets})), (Vals{4, 6, 0, 0, 18, 22}));
    const Tensor w = f32({6}, {1, 0.5, 2, 1, 1, -1});
    const Tensor r = run("EmbeddingBagOffsetsSum", {kTable, idx, offsets, i32({}, {0}), w});
    EXPECT_EQ(r.get_shape(), (Shape{3, 2}));
    EXPECT_EQ(test::values(r), (Vals{2, 3.5, 0, 1, 20, 23}));
}

TEST(Embedding, BagPackedSumAndSegmentsSum) {
    EXPECT_EQ(test::values(run("EmbeddingBagPackedSum", {kTable, i32({3, 2}, {0, 2, 3, 3, 4, 1}),
                                                           f32({3, 2}, {1, 2, 0.5, 0.5, 1, -1})})),
              (Vals{8, 11, 6, 7, 6, 6}));
    const Tensor seg = run("EmbeddingSegmentsSum", {kTable, i32({4}, {0, 2, 3, 4}), i32({4}, {0, 0, 2, 2}), i32({}, {4}),
                                                    i32({}, {1})});
    EXPECT_EQ(seg.get_shape(), (Shape{4, 2}));
    EXPECT_EQ(test::values(seg), (Vals{4, 6, 2, 3, 14, 16, 2, 3}));
}

TEST(Embedding, Version15MeansAndSums) {
    const Tensor idx = i32({6}, {0, 2, 3, 4, 1, 1}), offsets = i32({3}, {0, 2, 2}), one = i32({}, {1});
    const auto v15 = [](const std::string& type, const TensorVector& in, const std::string& reduction) {
        return test::values(test::eval_op(type, 15, in, {{"reduction", reduction}}));
    };
    EXPECT_EQ(v15("EmbeddingBagOffsets", {kTable, idx, offsets}, "sum"), (Vals{4, 6, 0, 0, 18, 22}));
    EXPECT_EQ(v15("EmbeddingBagOffsets", {kTable, idx, offsets}, "mean"), (Vals{2, 3, 0, 0, 4.5, 5.5}));
    EXPECT_EQ(v15("EmbeddingBagOffsets", {kTable, idx, offsets, one}, "mean"), (Vals{2, 3, 2, 3, 4.5, 5.5}));
    const Tensor packed = i32({3, 2}, {0, 2, 3, 3, 4, 1});
    EXPECT_EQ(v15("EmbeddingBagPacked", {kTable, packed}, "sum"), (Vals{4, 6, 12, 14, 10, 12}));
    EXPECT_EQ(v15("EmbeddingBagPacked", {kTable, packed}, "mean"), (Vals{2, 3, 6, 7, 5, 6}));
    const Tensor w = f32({6}, {1, 0.5, 2, 1, 1, -1});
    EXPECT_EQ(v15("EmbeddingBagOffsets", {kTable, idx, offsets, one, w}, "sum"), (Vals{2, 3.5, 2, 3, 20, 23}));
    EXPECT_THROW(v15("EmbeddingBagOffsets", {kTable, idx, offsets, one, w}, "mean"), ModelError);  // as OpenVINO
    EXPECT_THROW(v15("EmbeddingBagPacked", {kTable, packed}, "max"), ModelError);
}

TEST(Embedding, Refusals) {
    EXPECT_THROW(run("EmbeddingBagOffsetsSum", {kTable, i32({2}, {0, 5}), i32({1}, {0})}), ModelError);  // row 5 of 5
    EXPECT_THROW(run("EmbeddingBagOffsetsSum", {kTable, i32({2}, {0, 1}), i32({2}, {1, 0})}), ModelError);  // falling
    EXPECT_THROW(run("EmbeddingSegmentsSum", {kTable, i32({2}, {0, 1}), i32({2}, {0, 3}), i32({}, {2})}), ModelError);
    EXPECT_THROW(op::make("EmbeddingBagPackedSum", {op::parameter(element::f32, Shape{5, 2}), op::parameter(element::i32, Shape{4})},
                          {}, 3),
                 ModelError);  // indices not [B, L]
}

}  // namespace
