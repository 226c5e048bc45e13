// BitwiseAnd/Or/Xor/Not-13 and BitwiseLeftShift/RightShift-15 against OpenVINO CPU (the expected values
// were computed by OpenVINO 2026.4's CPU plugin on the same inputs; integers, so exact), broadcasting, and
// the refusals of real inputs.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "common/test_utils.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;
using test::eval_single;
using test::make_tensor;

namespace {

Tensor run(const std::string& type, int64_t version, const TensorVector& in) {
    return test::eval_op(type, version, in);
}

std::vector<double> v(const Tensor& t) { return test::values(t); }

const Tensor kA = make_tensor<double>(element::i32, {6}, {5, -7, 0, 123456, -1, 1});

TEST(Bitwise, LogicalOpsWithBroadcast) {
    const Tensor three = make_tensor<double>(element::i32, {1}, {3});
    EXPECT_EQ(v(run("BitwiseAnd", 13, {kA, three})), (std::vector<double>{1, 1, 0, 0, 3, 1}));
    EXPECT_EQ(v(run("BitwiseOr", 13, {kA, three})), (std::vector<double>{7, -5, 3, 123459, -1, 3}));
    EXPECT_EQ(v(run("BitwiseXor", 13, {kA, three})), (std::vector<double>{6, -6, 3, 123459, -4, 2}));
    EXPECT_EQ(v(run("BitwiseNot", 13, {kA})), (std::vector<double>{-6, 6, -1, -123457, 0, -2}));
    const Tensor u8 = make_tensor<double>(element::u8, {4}, {5, 200, 255, 1});
    EXPECT_EQ(v(run("BitwiseNot", 13, {u8})), (std::vector<double>{250, 55, 0, 254}));
    const Tensor p = make_tensor<double>(element::boolean, {3}, {1, 1, 0}), q = make_tensor<double>(element::boolean, {3}, {1, 0, 0});
    EXPECT_EQ(v(run("BitwiseAnd", 13, {p, q})), (std::vector<double>{1, 0, 0}));
    EXPECT_EQ(v(run("BitwiseNot", 13, {make_tensor<double>(element::boolean, {2}, {1, 0})})), (std::vector<double>{0, 1}));
    // [2, 1] x [3]: a 2 x 3 table.
    const Tensor col = make_tensor<double>(element::i64, {2, 1}, {12, 5}), row = make_tensor<double>(element::i64, {3}, {4, 6, 1});
    const Tensor t = run("BitwiseAnd", 13, {col, row});
    EXPECT_EQ(t.get_shape(), (Shape{2, 3}));
    EXPECT_EQ(v(t), (std::vector<double>{4, 4, 0, 4, 4, 1}));
}

// Counts past the width wrap modulo it, as x86 shifts do (OpenVINO CPU); narrower types shift as 32-bit
// values and are truncated.
TEST(Bitwise, ShiftsAsOpenVinoCpu) {
    const Tensor counts = make_tensor<double>(element::i32, {6}, {1, 2, 3, 31, 32, -1});
    EXPECT_EQ(v(run("BitwiseLeftShift", 15, {kA, counts})), (std::vector<double>{10, -28, 0, 0, -1, -2147483648.0}));
    EXPECT_EQ(v(run("BitwiseRightShift", 15, {kA, counts})), (std::vector<double>{2, -2, 0, 0, -1, 0}));
    const Tensor u = make_tensor<double>(element::u8, {4}, {5, 200, 255, 1}), uc = make_tensor<double>(element::u8, {4}, {1, 2, 8, 9});
    EXPECT_EQ(v(run("BitwiseLeftShift", 15, {u, uc})), (std::vector<double>{10, 32, 0, 0}));
    EXPECT_EQ(v(run("BitwiseRightShift", 15, {u, uc})), (std::vector<double>{2, 50, 0, 0}));
}

TEST(Bitwise, Refusals) {
    const auto f = op::parameter(element::f32, Shape{3});
    EXPECT_THROW(op::make("BitwiseAnd", {f, f}, {}, 13), ModelError);
    EXPECT_THROW(op::make("BitwiseNot", {f}, {}, 13), ModelError);
    const auto b = op::parameter(element::boolean, Shape{3});
    EXPECT_THROW(op::make("BitwiseLeftShift", {b, b}, {}, 15), ModelError);  // shifts take no booleans
    const auto i = op::parameter(element::i32, Shape{3}), l = op::parameter(element::i64, Shape{3});
    EXPECT_THROW(op::make("BitwiseXor", {i, l}, {}, 13), ModelError);  // one type
    EXPECT_THROW(op::make("BitwiseOr", {i, op::parameter(element::i32, Shape{4})}, {}, 13), ModelError);
}

}  // namespace
