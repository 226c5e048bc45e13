// BitwiseAnd/Or/Xor/Not-13 on the OpenCL device (element-wise expressions of kernels_cl/eltwise.cl, see
// src/gpu/ops/eltwise_exprs.cpp) against host_ref: exact, since both compute the same integer operation.
// Shapes cover the flat kernel (same shapes, one operand of one value), numpy broadcasting (the bcast kernels,
// rows shorter and longer than a vector) and every element type the kernels take.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "gpu_test_utils.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;
using test::make_tensor;
using test::random_tensor;

namespace {

std::shared_ptr<Node> node_of(const std::string& type, const TensorVector& inputs) {
    OutputVector params;
    for (const auto& t : inputs)
        params.push_back(op::parameter(t.get_element_type(), t.get_shape()));
    return op::make(type, params, {}, 13);
}

/// Random values of t: booleans 0/1; signed integers around zero (negative values set the high bits).
Tensor values_of(element::Type t, const Shape& s, uint32_t seed) {
    if (t == element::boolean)
        return random_tensor(t, s, 0, 1, seed);
    if (t.is_signed())
        return random_tensor(t, s, -120, 120, seed);
    return random_tensor(t, s, 0, 250, seed);
}

const std::vector<element::Type>& kernel_types() {
    static const std::vector<element::Type> t{element::boolean, element::i8,  element::u8,  element::i16, element::u16,
                                              element::i32,     element::u32, element::i64, element::u64};
    return t;
}

TEST(GpuBitwise, BinaryOpsMatchHostOverTypesAndBroadcasts) {
    OVCL_REQUIRE_GPU();
    const std::vector<std::pair<Shape, Shape>> shapes{
        {{37}, {37}},              // flat, a partial last vector
        {{2, 3, 40}, {1}},         // one value for every element
        {{4, 1, 5}, {3, 1}},       // rows shorter than a vector
        {{2, 33}, {2, 1, 33}},     // the output has the rank of the longer input
        {{1, 3, 20, 17}, {20, 1}},
    };
    for (const std::string type : {"BitwiseAnd", "BitwiseOr", "BitwiseXor"}) {
        for (element::Type t : kernel_types()) {
            for (size_t i = 0; i < shapes.size(); ++i) {
                const Tensor a = values_of(t, shapes[i].first, 1 + i), b = values_of(t, shapes[i].second, 11 + i);
                const auto node = node_of(type, {a, b});
                EXPECT_TRUE(test::gpu_matches_host(node, {a, b}, 0, 0)) << type << " " << t << " case " << i;
            }
        }
    }
}

TEST(GpuBitwise, NotMatchesHostForEveryType) {
    OVCL_REQUIRE_GPU();
    for (element::Type t : kernel_types()) {
        for (const Shape& s : {Shape{5}, Shape{3, 70}}) {
            const Tensor a = values_of(t, s, 3);
            EXPECT_TRUE(test::gpu_matches_host(node_of("BitwiseNot", {a}), {a}, 0, 0)) << t << " " << s;
        }
    }
}

// Hand values: the sign and high bits of the extremes, booleans as logic.
TEST(GpuBitwise, HandValues) {
    OVCL_REQUIRE_GPU();
    const Tensor a = make_tensor<int64_t>(element::i64, {4}, {-1, INT64_MIN, 0x0F0F, 6});
    const Tensor b = make_tensor<int64_t>(element::i64, {4}, {INT64_MAX, -1, 0x00FF, 3});
    EXPECT_TENSOR_EQ(test::run_gpu(node_of("BitwiseAnd", {a, b}), {a, b}).at(0),
                     make_tensor<int64_t>(element::i64, {4}, {INT64_MAX, INT64_MIN, 0x000F, 2}));
    EXPECT_TENSOR_EQ(test::run_gpu(node_of("BitwiseXor", {a, b}), {a, b}).at(0),
                     make_tensor<int64_t>(element::i64, {4}, {INT64_MIN, INT64_MAX, 0x0FF0, 5}));
    EXPECT_TENSOR_EQ(test::run_gpu(node_of("BitwiseNot", {a}), {a}).at(0),
                     make_tensor<int64_t>(element::i64, {4}, {0, INT64_MAX, ~int64_t(0x0F0F), -7}));
    const Tensor p = make_tensor<int>(element::boolean, {4}, {0, 0, 1, 1});
    const Tensor q = make_tensor<int>(element::boolean, {4}, {0, 1, 0, 1});
    EXPECT_TENSOR_EQ(test::run_gpu(node_of("BitwiseOr", {p, q}), {p, q}).at(0),
                     make_tensor<int>(element::boolean, {4}, {0, 1, 1, 1}));
    EXPECT_TENSOR_EQ(test::run_gpu(node_of("BitwiseNot", {q}), {q}).at(0),
                     make_tensor<int>(element::boolean, {4}, {1, 0, 1, 0}));
}

// Every integer type of ovcl has a kernel: what stays refused is real data (shape inference) and what no
// element-wise kernel takes (dynamic shapes), each with its reason.
TEST(GpuBitwise, RefusalsNameTheReason) {
    OVCL_REQUIRE_GPU();
    const auto x = op::parameter(element::f32, Shape{8});
    EXPECT_THROW(op::make("BitwiseAnd", {x, x}, {}, 13), ModelError);
    const auto d = op::parameter(element::i32, PartialShape{2, Dimension::dynamic()});
    const auto v = gpu::validate_node(*op::make("BitwiseXor", {d, d}, {}, 13), test::gpu_env()->device);
    EXPECT_FALSE(v.supported);
    EXPECT_NE(v.reason.find("dynamic"), std::string::npos) << v.reason;
}

}  // namespace
