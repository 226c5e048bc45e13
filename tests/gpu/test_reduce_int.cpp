// Integer Reduce* (i32, i64: kernels_cl/reduce.cl's reduce_int) on the OpenCL device against host_ref: exact.
// Both wrap sums, products and L1 modulo 2^bits, the mean divides the 64-bit sum truncating toward zero, and max
// and min compare as the element type. Rows and columns (full and partial blocks of 8), several runs of axes,
// extremes that overflow, and the refusals (ReduceL2 of integers, other integer types).
#include <cstdint>
#include <string>
#include <vector>

#include "gpu_test_utils.hpp"
#include "ops/gpu_op.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;
using test::make_tensor;

namespace {

struct Reduced {
    std::shared_ptr<Node> node;
    TensorVector inputs;
};

Reduced reduce(const std::string& type, const Tensor& x, const std::vector<int64_t>& axes, bool keep) {
    const Tensor a = make_tensor<int64_t>(element::i64, {axes.size()}, axes);
    return {op::make(type, {op::parameter(x.get_element_type(), x.get_shape()), op::constant(a)},
                     {{"keep_dims", keep ? "true" : "false"}}),
            {x, a}};
}

const std::vector<std::string> kOps{"ReduceSum", "ReduceMean", "ReduceMax", "ReduceMin", "ReduceProd", "ReduceL1"};

TEST(GpuReduceInt, GridMatchesHost) {
    OVCL_REQUIRE_GPU();
    const std::vector<std::pair<Shape, std::vector<std::vector<int64_t>>>> cases{
        {{2, 3, 5, 7}, {{0}, {-1}, {1, 2}, {0, 2}, {1, 3}, {0, 1, 2, 3}}},
        {{3, 37}, {{0}, {1}}},
        {{2, 40, 13}, {{1}, {0, 2}}},
        {{4}, {{0}}},
    };
    for (const element::Type t : {element::i32, element::i64})
        for (const auto& [shape, all_axes] : cases)
            for (const auto& axes : all_axes)
                for (const std::string& type : kOps) {
                    const bool prod = type == "ReduceProd";
                    const Tensor x = test::random_tensor(t, shape, prod ? -3 : -1000, prod ? 3 : 1000, 5);
                    const Reduced r = reduce(type, x, axes, axes.size() % 2 == 0);
                    SCOPED_TRACE(type + " " + t.to_string() + " " + shape.to_string());
                    ASSERT_TRUE(gpu::validate_node(*r.node, test::gpu_env()->device).supported);
                    EXPECT_TRUE(test::gpu_matches_host(r.node, r.inputs, 0, 0));
                }
}

// The extremes: sums and products wrap, the i32 mean comes from the 64-bit sum, max and min keep the sign.
TEST(GpuReduceInt, OverflowWrapsAsHost) {
    OVCL_REQUIRE_GPU();
    const Tensor x = make_tensor<int64_t>(element::i32, {2, 3}, {INT32_MAX, INT32_MAX, INT32_MAX, INT32_MIN, -1, 7});
    const auto gpu = [&](const std::string& type) {
        const Reduced r = reduce(type, x, {1}, false);
        return test::run_gpu(r.node, r.inputs).at(0);
    };
    EXPECT_TENSOR_EQ(gpu("ReduceSum"), make_tensor<int64_t>(element::i32, {2}, {2147483645, 2147483654 - 4294967296}));
    EXPECT_TENSOR_EQ(gpu("ReduceMean"), make_tensor<int64_t>(element::i32, {2}, {INT32_MAX, -715827880}));
    EXPECT_TENSOR_EQ(gpu("ReduceProd"), make_tensor<int64_t>(element::i32, {2}, {INT32_MAX, INT32_MIN}));
    EXPECT_TENSOR_EQ(gpu("ReduceMin"), make_tensor<int64_t>(element::i32, {2}, {INT32_MAX, INT32_MIN}));
    EXPECT_TENSOR_EQ(gpu("ReduceMax"), make_tensor<int64_t>(element::i32, {2}, {INT32_MAX, 7}));
    const Tensor big = make_tensor<int64_t>(element::i64, {3}, {INT64_MIN, 5, -3});
    const Reduced r = reduce("ReduceMin", big, {0}, true);
    EXPECT_TENSOR_EQ(test::run_gpu(r.node, r.inputs).at(0), make_tensor<int64_t>(element::i64, {1}, {INT64_MIN}));
}

TEST(GpuReduceInt, RefusesWithReasons) {
    OVCL_REQUIRE_GPU();
    const auto& dev = test::gpu_env()->device;
    const Tensor x = test::random_tensor(element::i32, {2, 3}, -5, 5, 1);
    auto v = gpu::validate_node(*reduce("ReduceL2", x, {1}, false).node, dev);
    EXPECT_FALSE(v.supported);
    EXPECT_NE(v.reason.find("ReduceL2 on i32"), std::string::npos) << v.reason;
    v = gpu::validate_node(*reduce("ReduceProd", test::random_tensor(element::u8, {2, 3}, 0, 5, 1), {1}, false).node,
                           dev);
    EXPECT_FALSE(v.supported);
    EXPECT_NE(v.reason.find("u8"), std::string::npos) << v.reason;
}

}  // namespace
