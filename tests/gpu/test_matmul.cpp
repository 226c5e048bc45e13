// MatMul on the OpenCL device against host_ref: a hand-checked product, a grid of sizes (1, odd, block
// multiples) x transposes x B variable / Constant, 1-D operands, broadcast batches, f16 storage, i32 / i64
// (bit for bit, wrapping), the kernel each case picks, and what validate() refuses.
#include <gtest/gtest.h>

#include <climits>

#include "gpu_test_utils.hpp"
#include "ops/matmul.hpp"
#include "ovcl/ops.hpp"
#include "transform/fusions.hpp"

using namespace ovcl;

namespace {

// f32: the GPU sums K products in f32 (fma, in another order than host_ref, which sums in f64); with values in
// [-1, 1] and K up to 1024 the rounding error grows like sqrt(K) * 2^-24 * |partial sums| (about 1e-5), so
// 1e-4 abs + rel holds with room and still catches any wrong or missing product term (>= 1e-2 here).
constexpr double kTolF32 = 1e-4;
// f16 storage: both round the f32 / f64 result to f16 once; summation-order differences can flip that rounding:
// one f16 ulp is 2^-10 relative.
constexpr double kAbsF16 = 1e-3, kRelF16 = 2e-3;

Attributes transposes(bool ta, bool tb) {
    return {{"transpose_a", ta ? "true" : "false"}, {"transpose_b", tb ? "true" : "false"}};
}

struct Case {
    std::shared_ptr<Node> node;
    TensorVector inputs;
};

// A MatMul of random operands; B is a Constant holding its input when b_constant.
Case make_case(element::Type type, const Shape& a, const Shape& b, bool ta, bool tb, bool b_constant,
               uint32_t seed = 1) {
    Case c;
    c.inputs = {test::random_tensor(type, a, -1, 1, seed), test::random_tensor(type, b, -1, 1, seed + 1)};
    auto pa = op::parameter(type, a);
    auto pb = b_constant ? op::constant(c.inputs[1]) : op::parameter(type, b);
    c.node = op::make("MatMul", {pa, pb}, transposes(ta, tb));
    return c;
}

// Integer operands over (nearly) the whole range of the type, so that products and sums wrap.
Case make_int_case(element::Type type, const Shape& a, const Shape& b, bool ta, bool tb, bool b_constant,
                   uint32_t seed = 1) {
    const double lim = type == element::i64 ? 4e18 : 2147483647.0;
    Case c;
    c.inputs = {test::random_tensor(type, a, -lim, lim, seed), test::random_tensor(type, b, -lim, lim, seed + 1)};
    auto pb = b_constant ? op::constant(c.inputs[1]) : op::parameter(type, b);
    c.node = op::make("MatMul", {op::parameter(type, a), pb}, transposes(ta, tb));
    return c;
}

// Integer results compared bitwise (tensors_near compares doubles, which cannot hold every i64).
::testing::AssertionResult exact(const Case& c) {
    return test::tensors_equal(test::run_gpu(c.node, c.inputs).at(0), test::run_host(c.node, c.inputs).at(0));
}

std::string impl_of(const Case& c) {
    return gpu::MatMulOp().configure(*c.node, test::presented_as_cpu(test::gpu_env()->device)).impl_name;
}

::testing::AssertionResult matches(const Case& c, double abs_tol = kTolF32, double rel_tol = kTolF32) {
    return test::gpu_matches_host(c.node, c.inputs, abs_tol, rel_tol);
}

// A 2-D operand of `rows` x `cols` as stored when transposed, after batch axes `batch`.
Shape stored(size_t rows, size_t cols, bool transposed, Shape batch = {}) {
    batch.push_back(transposed ? cols : rows);
    batch.push_back(transposed ? rows : cols);
    return batch;
}

TEST(GpuMatMul, HandChecked) {
    OVCL_REQUIRE_GPU();
    auto a = test::make_tensor<float>(element::f32, {2, 3}, {1, 2, 3, 4, 5, 6});
    auto b = test::make_tensor<float>(element::f32, {3, 2}, {7, 8, 9, 10, 11, 12});
    auto node = op::make("MatMul", {op::parameter(element::f32, {2, 3}), op::parameter(element::f32, {3, 2})});
    const auto out = test::run_gpu(node, {a, b});
    ASSERT_EQ(out.size(), 1u);
    EXPECT_TENSOR_EQ(out[0], test::make_tensor<float>(element::f32, {2, 2}, {58, 64, 139, 154}));
    // the same product as A^T (stored [3, 2]) x B^T (stored [2, 3]), through the C^T = B^T A^T kernel
    auto at = test::make_tensor<float>(element::f32, {3, 2}, {1, 4, 2, 5, 3, 6});
    auto bt = test::make_tensor<float>(element::f32, {2, 3}, {7, 9, 11, 8, 10, 12});
    auto node_t = op::make("MatMul", {op::parameter(element::f32, {3, 2}), op::parameter(element::f32, {2, 3})},
                           transposes(true, true));
    EXPECT_TENSOR_EQ(test::run_gpu(node_t, {at, bt})[0], out[0]);
}

// Every kernel path is taken by the grid below: the impl each layout picks.
TEST(GpuMatMul, KernelChoice) {
    OVCL_REQUIRE_GPU();
    const auto f32 = element::f32;
    EXPECT_EQ(impl_of(make_case(f32, {64, 64}, {64, 64}, false, false, false)), "matmul_panel_8x32");
    EXPECT_EQ(impl_of(make_case(f32, {64, 64}, {64, 64}, true, false, false)), "matmul_panel_8x32");
    EXPECT_EQ(impl_of(make_case(f32, {64, 64}, {64, 64}, false, true, true)), "matmul_panel_8x32_packed");
    EXPECT_EQ(impl_of(make_case(f32, {64, 64}, {64, 64}, true, false, true)), "matmul_panel_8x32_packed");
    EXPECT_EQ(impl_of(make_case(f32, {64, 64}, {64, 64}, false, true, false)), "matmul_dot_4x4");
    EXPECT_EQ(impl_of(make_case(f32, {64, 64}, {64, 64}, true, true, false)), "matmul_panel_8x32_swapped");
    EXPECT_EQ(impl_of(make_case(f32, {64, 64}, {64}, false, false, true)), "matmul_dot_4x4");  // N = 1
    // Up to 4 rows of A (a classifier, a decoder's step): the 4-row panel, which wastes none of its rows.
    EXPECT_EQ(impl_of(make_case(f32, {1, 64}, {64, 64}, false, false, true)), "matmul_panel_4x48_packed");
    EXPECT_EQ(impl_of(make_case(f32, {4, 64}, {64, 64}, false, false, false)), "matmul_panel_4x48");
    EXPECT_EQ(impl_of(make_case(f32, {5, 64}, {64, 64}, false, false, false)), "matmul_panel_8x32");
    EXPECT_EQ(impl_of(make_int_case(element::i32, {64, 64}, {64, 64}, true, true, false)), "matmul_int_8x16");
    EXPECT_EQ(impl_of(make_int_case(element::i32, {64, 64}, {64, 64}, false, true, true)),
              "matmul_int_8x16_packed");
    EXPECT_EQ(impl_of(make_int_case(element::i64, {64, 64}, {64, 64}, false, false, false)), "matmul_int_8x8");
    EXPECT_EQ(impl_of(make_int_case(element::i64, {64, 64}, {64, 64}, true, false, true)), "matmul_int_8x8_packed");
}

// M, N, K over 1, odd sizes and block multiples, all four transpose pairs, B variable and Constant.
TEST(GpuMatMul, SizeGridF32) {
    OVCL_REQUIRE_GPU();
    const std::vector<size_t> sizes{1, 7, 33, 64, 129, 256};
    uint32_t seed = 1;
    for (bool b_constant : {false, true})
        for (bool ta : {false, true})
            for (bool tb : {false, true})
                for (size_t M : sizes)
                    for (size_t N : sizes)
                        for (size_t K : sizes) {
                            const auto c = make_case(element::f32, stored(M, K, ta), stored(K, N, tb), ta, tb,
                                                     b_constant, seed += 2);
                            ASSERT_TRUE(matches(c)) << "M " << M << " N " << N << " K " << K << " ta " << ta
                                                    << " tb " << tb << " B constant " << b_constant << " "
                                                    << impl_of(c);
                        }
}

TEST(GpuMatMul, LargerSizesF32) {
    OVCL_REQUIRE_GPU();
    struct Dims {
        size_t M, N, K;
    };
    for (const Dims d : {Dims{256, 256, 256}, Dims{256, 129, 64}, Dims{33, 256, 1024}, Dims{64, 64, 1024}})
        for (bool b_constant : {false, true})
            for (bool ta : {false, true})
                for (bool tb : {false, true}) {
                    const auto c = make_case(element::f32, stored(d.M, d.K, ta), stored(d.K, d.N, tb), ta, tb,
                                             b_constant);
                    EXPECT_TRUE(matches(c)) << d.M << "x" << d.N << "x" << d.K << " ta " << ta << " tb " << tb
                                            << " B constant " << b_constant << " " << impl_of(c);
                }
}

// 1-D operands: transposes do not apply to them; the output drops their axis.
TEST(GpuMatMul, VectorOperands) {
    OVCL_REQUIRE_GPU();
    const auto f32 = element::f32;
    for (bool b_constant : {false, true})
        for (bool ta : {false, true})
            for (bool tb : {false, true}) {
                const Case cases[] = {
                    make_case(f32, {65}, stored(65, 40, tb), ta, tb, b_constant),       // vector x matrix
                    make_case(f32, stored(40, 65, ta), {65}, ta, tb, b_constant),       // matrix x vector
                    make_case(f32, {129}, {129}, ta, tb, b_constant),                   // dot product
                    make_case(f32, {33}, Shape{3, 33, 20}, ta, false, b_constant),      // vector x batch
                    make_case(f32, Shape{2, 5, 20, 33}, {33}, false, tb, b_constant)};  // batch x vector
                for (const auto& c : cases)
                    EXPECT_TRUE(matches(c)) << c.node->describe() << " " << impl_of(c);
            }
}

// Batch axes broadcast (numpy): a missing or size-1 axis on either side.
TEST(GpuMatMul, BroadcastBatches) {
    OVCL_REQUIRE_GPU();
    const auto f32 = element::f32;
    for (bool b_constant : {false, true})
        for (bool ta : {false, true})
            for (bool tb : {false, true}) {
                const size_t M = 19, K = 37, N = 45;
                const Case cases[] = {
                    make_case(f32, stored(M, K, ta, {2, 1}), stored(K, N, tb, {3}), ta, tb,
                              b_constant),
                    make_case(f32, stored(M, K, ta, {4}), stored(K, N, tb), ta, tb, b_constant),
                    make_case(f32, stored(M, K, ta), stored(K, N, tb, {2, 3}), ta, tb, b_constant),
                    make_case(f32, stored(M, K, ta, {2, 1}), stored(K, N, tb, {1, 3}), ta,
                              tb, b_constant)};
                for (const auto& c : cases)
                    EXPECT_TRUE(matches(c)) << c.node->describe() << " " << impl_of(c);
            }
}

TEST(GpuMatMul, F16Storage) {
    OVCL_REQUIRE_GPU();
    const auto f16 = element::f16;
    for (bool b_constant : {false, true})
        for (bool ta : {false, true})
            for (bool tb : {false, true})
                for (const size_t n : {7, 64, 129}) {
                    const auto c = make_case(f16, stored(n, 96, ta, {2}), stored(96, n + 3, tb), ta, tb,
                                             b_constant);
                    EXPECT_TRUE(matches(c, kAbsF16, kRelF16)) << c.node->describe() << " " << impl_of(c);
                }
    EXPECT_TRUE(matches(make_case(f16, {96}, {96, 5}, false, false, false), kAbsF16, kRelF16));
}

TEST(GpuMatMul, IntHandChecked) {
    OVCL_REQUIRE_GPU();
    const auto i32 = element::i32, i64 = element::i64;
    auto node = op::make("MatMul", {op::parameter(i32, {2, 3}), op::parameter(i32, {3, 2})});
    EXPECT_TENSOR_EQ(test::run_gpu(node, {test::make_tensor<int>(i32, {2, 3}, {1, 2, 3, 4, 5, 6}),
                                          test::make_tensor<int>(i32, {3, 2}, {7, 8, 9, -10, 11, 12})})[0],
                     test::make_tensor<int>(i32, {2, 2}, {58, 24, 139, 54}));
    // i32 wraps: 65536 * 65536 = 2^32 -> 0, plus 46341^2 = 2147488281 -> 2147488281 - 2^32 = -2147479015.
    auto wrap = op::make("MatMul", {op::parameter(i32, {1, 2}), op::parameter(i32, {2, 1})});
    const auto w = test::make_tensor<int>(i32, {2, 1}, {65536, 46341});
    EXPECT_TENSOR_EQ(test::run_gpu(wrap, {test::make_tensor<int>(i32, {1, 2}, {65536, 46341}), w})[0],
                     test::make_tensor<int>(i32, {1, 1}, {-2147479015}));
    // i64 wraps, through a transposed Constant B (packed): 2^62 * 4 = 2^64 -> 0, plus 3 * 5 = 15.
    const auto b64 = test::make_tensor<int64_t>(i64, {1, 2}, {4, 5});
    auto wrap64 = op::make("MatMul", {op::parameter(i64, {1, 2}), op::constant(b64)}, transposes(false, true));
    EXPECT_TENSOR_EQ(test::run_gpu(wrap64, {test::make_tensor<int64_t>(i64, {1, 2}, {int64_t(1) << 62, 3}), b64})[0],
                     test::make_tensor<int64_t>(i64, {1, 1}, {15}));
}

// M, N, K over 1, odd sizes and block multiples, all four transpose pairs, B variable and Constant, bit for bit.
TEST(GpuMatMul, IntSizeGrid) {
    OVCL_REQUIRE_GPU();
    const std::vector<size_t> sizes{1, 7, 17, 64, 67};
    uint32_t seed = 1;
    for (const auto type : {element::i32, element::i64})
        for (bool b_constant : {false, true})
            for (bool ta : {false, true})
                for (bool tb : {false, true})
                    for (size_t M : sizes)
                        for (size_t N : sizes)
                            for (size_t K : {size_t(1), size_t(9), size_t(64), size_t(130)}) {
                                const auto c = make_int_case(type, stored(M, K, ta), stored(K, N, tb), ta, tb,
                                                             b_constant, seed += 2);
                                ASSERT_TRUE(exact(c)) << type << " M " << M << " N " << N << " K " << K << " ta "
                                                      << ta << " tb " << tb << " B constant " << b_constant << " "
                                                      << impl_of(c);
                            }
}

// Integer batches broadcast (numpy) and 1-D operands.
TEST(GpuMatMul, IntBroadcastAndVectors) {
    OVCL_REQUIRE_GPU();
    for (const auto type : {element::i32, element::i64})
        for (bool b_constant : {false, true})
            for (bool ta : {false, true})
                for (bool tb : {false, true}) {
                    const size_t M = 19, K = 37, N = 45;
                    const Case cases[] = {
                        make_int_case(type, stored(M, K, ta, {2, 1}), stored(K, N, tb, {3}), ta, tb, b_constant),
                        make_int_case(type, stored(M, K, ta, {4}), stored(K, N, tb), ta, tb, b_constant),
                        make_int_case(type, stored(M, K, ta), stored(K, N, tb, {2, 3}), ta, tb, b_constant),
                        make_int_case(type, stored(M, K, ta, {2, 1}), stored(K, N, tb, {1, 3}), ta, tb, b_constant),
                        make_int_case(type, {K}, stored(K, N, tb, {3}), ta, tb, b_constant),
                        make_int_case(type, stored(M, K, ta, {2}), {K}, ta, tb, b_constant),
                        make_int_case(type, {K}, {K}, ta, tb, b_constant)};
                    for (const auto& c : cases)
                        EXPECT_TRUE(exact(c)) << c.node->describe() << " " << impl_of(c);
                }
}

// On a GPU the launches use 8 x 8 work-groups over a rounded-up global size: the same kernels on PoCL, told that
// the device is a GPU, must still stop at the edges.
TEST(GpuMatMul, GpuWorkGroups) {
    OVCL_REQUIRE_GPU();
    gpu::GpuEnv as_gpu = *test::gpu_env();
    as_gpu.device.is_gpu = true;
    as_gpu.device.gpu_kernels = false;  // the register-blocked kernels (a real GPU would get matmul_tiled)
    for (bool b_constant : {false, true})
        for (bool ta : {false, true})
            for (bool tb : {false, true}) {
                const auto c = make_case(element::f32, stored(77, 50, ta, {2}), stored(50, 45, tb), ta, tb, b_constant);
                const auto config = gpu::MatMulOp().configure(*c.node, as_gpu.device);
                EXPECT_EQ(config.launches.at(0).local, (std::vector<size_t>{8, 8, 1}));
                const auto gpu_out = gpu::run_node_on_device(*c.node, c.inputs, as_gpu);
                EXPECT_TRUE(test::tensors_near(gpu_out.at(0), test::run_host(c.node, c.inputs)[0], kTolF32, kTolF32))
                    << c.node->describe() << " " << config.impl_name;
                const auto ci = make_int_case(element::i32, stored(77, 50, ta, {2}), stored(50, 45, tb), ta, tb,
                                              b_constant);
                EXPECT_TRUE(test::tensors_equal(gpu::run_node_on_device(*ci.node, ci.inputs, as_gpu).at(0),
                                                test::run_host(ci.node, ci.inputs)[0]))
                    << ci.node->describe() << " " << impl_of(ci);
            }
}

TEST(GpuMatMul, RefusesWithReasons) {
    OVCL_REQUIRE_GPU();
    const auto& device = test::gpu_env()->device;
    auto u8 = op::make("MatMul", {op::parameter(element::u8, {4, 4}), op::parameter(element::u8, {4, 4})});
    const auto v = gpu::validate_node(*u8, device);
    EXPECT_FALSE(v.supported);
    EXPECT_NE(v.reason.find("i32 and i64, not u8"), std::string::npos) << v.reason;

    // FusedMatMul exists for f32 / f16 only (fusions.cpp); built by hand for i32, it is refused.
    gpu::register_fused_ops();
    auto fused = op::make("FusedMatMul",
                          {op::parameter(element::i32, {4, 4}), op::parameter(element::i32, {4, 4}),
                           op::constant(test::make_tensor<int>(element::i32, {4}, {1, 2, 3, 4}))},
                          {{"transpose_a", "false"}, {"transpose_b", "false"}, {"activation", ""},
                           {"activation_version", "0"}});
    const auto f = gpu::validate_node(*fused, device);
    EXPECT_FALSE(f.supported);
    EXPECT_NE(f.reason.find("no integer FusedMatMul"), std::string::npos) << f.reason;

    auto huge = op::make("MatMul", {op::parameter(element::f32, {65536, 32768}), op::parameter(element::f32, {32768})});
    const auto h = gpu::validate_node(*huge, device);
    EXPECT_FALSE(h.supported);
    EXPECT_NE(h.reason.find("2^31"), std::string::npos) << h.reason;

    auto dynamic = op::make("MatMul", {op::parameter(element::f32, PartialShape{Dimension::dynamic(), Dimension(4)}),
                                       op::parameter(element::f32, {4, 4})});
    EXPECT_FALSE(gpu::validate_node(*dynamic, device).supported);
    EXPECT_TRUE(gpu::validate_node(*make_case(element::f32, {4, 4}, {4, 4}, false, false, false).node, device)
                    .supported);
    EXPECT_TRUE(gpu::validate_node(*make_int_case(element::i64, {4, 4}, {4, 4}, false, false, false).node, device)
                    .supported);
}

}  // namespace
