// DepthToSpace-1, SpaceToDepth-1, ShuffleChannels-1, Roll-7, ReverseSequence-1, SpaceToBatch-2, BatchToSpace-2 and CumSum-3 against OpenVINO CPU: the
// expected values were computed by OpenVINO 2026.4's CPU plugin on the same inputs (iota data, so every
// value names its source element and the comparison is exact), and the refusals.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "common/test_utils.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;
using test::eval_single;
using test::make_tensor;

namespace {

using Vals = std::vector<double>;

Tensor run(const std::string& type, int64_t version, const TensorVector& in, const Attributes& attrs = {}) {
    return test::eval_op(type, version, in, attrs);
}

Tensor iota(const Shape& s) { return test::iota(element::f32, s); }
Tensor i64(const Shape& s, const Vals& v) { return make_tensor<double>(element::i64, s, v); }

TEST(Rearrange, DepthToSpace) {
    const Tensor bf = run("DepthToSpace", 1, {iota({1, 8, 1, 2})}, {{"mode", "blocks_first"}, {"block_size", "2"}});
    EXPECT_EQ(bf.get_shape(), (Shape{1, 2, 2, 4}));
    EXPECT_EQ(test::values(bf), (Vals{0, 4, 1, 5, 8, 12, 9, 13, 2, 6, 3, 7, 10, 14, 11, 15}));
    EXPECT_EQ(test::values(run("DepthToSpace", 1, {iota({1, 8, 1, 2})}, {{"mode", "depth_first"}, {"block_size", "2"}})),
              (Vals{0, 2, 1, 3, 4, 6, 5, 7, 8, 10, 9, 11, 12, 14, 13, 15}));
}

TEST(Rearrange, SpaceToDepth) {
    const Tensor bf = run("SpaceToDepth", 1, {iota({1, 1, 4, 4})}, {{"mode", "blocks_first"}, {"block_size", "2"}});
    EXPECT_EQ(bf.get_shape(), (Shape{1, 4, 2, 2}));
    EXPECT_EQ(test::values(bf), (Vals{0, 2, 8, 10, 1, 3, 9, 11, 4, 6, 12, 14, 5, 7, 13, 15}));
    EXPECT_EQ(test::values(run("SpaceToDepth", 1, {iota({1, 2, 4, 4})}, {{"mode", "depth_first"}, {"block_size", "2"}})),
              (Vals{0, 2, 8, 10, 1, 3, 9, 11, 4, 6, 12, 14, 5, 7, 13, 15,
                    16, 18, 24, 26, 17, 19, 25, 27, 20, 22, 28, 30, 21, 23, 29, 31}));
    EXPECT_EQ(test::values(run("SpaceToDepth", 1, {iota({1, 2, 4, 4})}, {{"mode", "blocks_first"}, {"block_size", "2"}})),
              (Vals{0, 2, 8, 10, 16, 18, 24, 26, 1, 3, 9, 11, 17, 19, 25, 27,
                    4, 6, 12, 14, 20, 22, 28, 30, 5, 7, 13, 15, 21, 23, 29, 31}));
    // And back: DepthToSpace undoes SpaceToDepth in the same mode.
    for (const char* mode : {"blocks_first", "depth_first"}) {
        const Tensor x = iota({2, 3, 4, 6});
        const Tensor s2d = run("SpaceToDepth", 1, {x}, {{"mode", mode}, {"block_size", "2"}});
        EXPECT_EQ(test::values(run("DepthToSpace", 1, {s2d}, {{"mode", mode}, {"block_size", "2"}})), test::values(x)) << mode;
    }
}

TEST(Rearrange, ShuffleChannelsAndRoll) {
    EXPECT_EQ(test::values(run("ShuffleChannels", 1, {iota({1, 6, 2})}, {{"axis", "1"}, {"group", "3"}})),
              (Vals{0, 1, 4, 5, 8, 9, 2, 3, 6, 7, 10, 11}));
    EXPECT_EQ(test::values(run("ShuffleChannels", 1, {iota({2, 4})}, {{"axis", "-1"}, {"group", "2"}})),
              (Vals{0, 2, 1, 3, 4, 6, 5, 7}));
    EXPECT_EQ(test::values(run("Roll", 7, {iota({3, 4}), i64({2}, {1, -1}), i64({2}, {0, 1})})),
              (Vals{9, 10, 11, 8, 1, 2, 3, 0, 5, 6, 7, 4}));
    EXPECT_EQ(test::values(run("Roll", 7, {iota({3, 4}), i64({2}, {5, 2}), i64({2}, {-1, 1})})),  // one axis twice: 7
              (Vals{1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8}));
    // A scalar shift applies to every axis (the specification; OpenVINO CPU refuses to compile it).
    EXPECT_EQ(test::values(run("Roll", 7, {iota({3, 4}), i64({}, {1}), i64({2}, {0, 1})})),
              (Vals{11, 8, 9, 10, 3, 0, 1, 2, 7, 4, 5, 6}));
}

// ReverseSequence-1: batch axis 1, sequence axis 0; a length of 0 leaves its batch as it is (OpenVINO CPU).
TEST(Rearrange, ReverseSequence) {
    const Tensor x = iota({3, 4, 2});
    const Tensor lengths = i64({4}, {1, 2, 3, 0});
    EXPECT_EQ(test::values(run("ReverseSequence", 1, {x, lengths}, {{"batch_axis", "1"}, {"seq_axis", "0"}})),
              (Vals{0, 1, 10, 11, 20, 21, 6, 7, 8, 9, 2, 3, 12, 13, 14, 15, 16, 17, 18, 19, 4, 5, 22, 23}));
    EXPECT_THROW(run("ReverseSequence", 1, {x, i64({4}, {1, 2, 4, 0})}, {{"batch_axis", "1"}, {"seq_axis", "0"}}),
                 ModelError);  // 4 elements of an axis of 3
    EXPECT_THROW(op::make("ReverseSequence", {op::parameter(element::f32, Shape{3, 4}), op::parameter(element::i64, Shape{3})},
                          {{"batch_axis", "1"}, {"seq_axis", "0"}}, 1),
                 ModelError);  // 3 lengths for a batch of 4
}

TEST(Rearrange, SpaceToBatchAndBatchToSpace) {
    const Tensor block = i64({4}, {1, 1, 2, 2}), zeros = i64({4}, {0, 0, 0, 0}), one = i64({4}, {0, 0, 0, 1});
    const Tensor s2b = run("SpaceToBatch", 2, {iota({1, 1, 4, 3}), block, zeros, one});
    EXPECT_EQ(s2b.get_shape(), (Shape{4, 1, 2, 2}));
    EXPECT_EQ(test::values(s2b), (Vals{0, 2, 6, 8, 1, 0, 7, 0, 3, 5, 9, 11, 4, 0, 10, 0}));
    const Tensor b2s = run("BatchToSpace", 2, {iota({4, 1, 2, 2}), block, zeros, one});
    EXPECT_EQ(b2s.get_shape(), (Shape{1, 1, 4, 3}));
    EXPECT_EQ(test::values(b2s), (Vals{0, 4, 1, 8, 12, 9, 2, 6, 3, 10, 14, 11}));
    // BatchToSpace undoes SpaceToBatch when the crops are the pads.
    const Tensor x = iota({2, 3, 4, 6});
    const Tensor blk = i64({4}, {1, 1, 2, 3}), pb = i64({4}, {0, 0, 1, 2}), pe = i64({4}, {0, 0, 1, 1});
    const Tensor there = run("SpaceToBatch", 2, {x, blk, pb, pe});
    EXPECT_EQ(test::values(run("BatchToSpace", 2, {there, blk, pb, pe})), test::values(x));
    EXPECT_THROW(op::make("SpaceToBatch", {op::parameter(element::f32, Shape{1, 1, 4, 3}), op::constant(block),
                                           op::constant(zeros), op::constant(zeros)},
                          {}, 2),
                 ModelError);  // 3 is not a multiple of 2
}

TEST(Rearrange, CumSum) {
    const Tensor c = make_tensor<double>(element::f32, {2, 3}, {1, 2, 3, 4, 5, 6});
    const Tensor axis1 = i64({}, {1});
    const std::vector<std::pair<Attributes, Vals>> cases{
        {{}, {1, 3, 6, 4, 9, 15}},
        {{{"reverse", "true"}}, {6, 5, 3, 15, 11, 6}},
        {{{"exclusive", "true"}}, {0, 1, 3, 0, 4, 9}},
        {{{"exclusive", "true"}, {"reverse", "true"}}, {5, 3, 0, 11, 6, 0}}};
    for (const auto& [attrs, want] : cases)
        EXPECT_EQ(test::values(run("CumSum", 3, {c, axis1}, attrs)), want);
    EXPECT_EQ(test::values(run("CumSum", 3, {c, i64({}, {-2})})), (Vals{1, 2, 3, 5, 7, 9}));
    EXPECT_EQ(test::values(run("CumSum", 3, {c})), (Vals{1, 2, 3, 5, 7, 9}));  // axis 0 by default
    const Tensor ci = make_tensor<double>(element::i32, {2, 3}, {1, 2, 3, 4, 5, 6});
    EXPECT_EQ(test::values(run("CumSum", 3, {ci, axis1})), (Vals{1, 3, 6, 4, 9, 15}));
}

TEST(Rearrange, Refusals) {
    const auto x = op::parameter(element::f32, Shape{1, 6, 4, 4});
    EXPECT_THROW(op::make("DepthToSpace", {x}, {{"mode", "blocks_first"}, {"block_size", "2"}}, 1), ModelError);  // 6 % 4
    EXPECT_THROW(op::make("SpaceToDepth", {x}, {{"mode", "blocks_first"}, {"block_size", "3"}}, 1), ModelError);  // 4 % 3
    EXPECT_THROW(op::make("DepthToSpace", {x}, {{"mode", "sideways"}, {"block_size", "1"}}, 1), ModelError);
    EXPECT_THROW(op::make("ShuffleChannels", {x}, {{"axis", "1"}, {"group", "4"}}, 1), ModelError);
    EXPECT_THROW(op::make("Roll", {x, op::parameter(element::i64, Shape{2}), op::parameter(element::i64, Shape{3})}, {}, 7),
                 ModelError);
    EXPECT_THROW(op::make("CumSum", {op::parameter(element::boolean, Shape{3})}, {}, 3), ModelError);
}

}  // namespace
