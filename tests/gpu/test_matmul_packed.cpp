// MatMul with a variable B packed at run time (matmul_pack_b / matmul_pack_bt into a scratch buffer, then the packed
// panel kernel, impl "matmul_panel_8x32_repacked") against host_ref: a hand-checked product, a grid of ragged sizes
// (N, K not multiples of the 32-column panel, the 16 x 16 transposed tile or the 256 rows a work-item packs) x
// transposes, batches and broadcast batches, f16 storage, 8 x 8 work-groups, when the selector picks it, and the
// tuner timing it against reading B in place.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "fusion_test_utils.hpp"
#include "gpu_test_utils.hpp"
#include "ops/matmul.hpp"
#include "ovcl/ops.hpp"
#include "tuning/tuning.hpp"

using namespace ovcl;

namespace {

// As test_matmul.cpp: f32 sums of up to 600 products in another order than host_ref's f64 sums, values in [-1, 1]:
// rounding stays near 1e-5; 1e-4 abs + rel still catches any wrong or missing product (>= 1e-2 here).
constexpr double kTolF32 = 1e-4;
// f16 storage: both round the result to f16 once; the summation order can flip that rounding (2^-10 relative).
constexpr double kAbsF16 = 1e-3, kRelF16 = 2e-3;

struct Case {
    std::shared_ptr<Node> node;
    TensorVector inputs;
};

Shape stored(size_t rows, size_t cols, bool transposed, Shape batch = {}) {
    batch.push_back(transposed ? cols : rows);
    batch.push_back(transposed ? rows : cols);
    return batch;
}

Case make_case(element::Type type, const Shape& a, const Shape& b, bool ta, bool tb, uint32_t seed = 1) {
    Case c;
    c.inputs = {test::random_tensor(type, a, -1, 1, seed), test::random_tensor(type, b, -1, 1, seed + 1)};
    c.node = op::make("MatMul", {op::parameter(type, a), op::parameter(type, b)},
                      {{"transpose_a", ta ? "true" : "false"}, {"transpose_b", tb ? "true" : "false"}});
    return c;
}

const gpu::MatMulOp& matmul() {
    static const gpu::MatMulOp op;
    return op;
}

// The index of the run-time packing candidate; -1 when the selector does not offer it.
int repack_index(const Node& node) {
    const auto names = matmul().candidate_names(node, test::gpu_env()->device);  // as configure_candidate counts
    for (size_t i = 0; i < names.size(); ++i)
        if (names[i] == "panel_8x32_repack")
            return static_cast<int>(i);
    return -1;
}

// Runs the packing candidate whatever the heuristic picks, against host_ref.
::testing::AssertionResult repacked_matches(const Case& c, double abs_tol = kTolF32, double rel_tol = kTolF32) {
    const int index = repack_index(*c.node);
    if (index < 0)
        return ::testing::AssertionFailure() << c.node->describe() << ": no run-time packing candidate";
    auto& env = *test::gpu_env();
    const auto config = matmul().configure_candidate(*c.node, env.device, static_cast<size_t>(index));
    if (config.impl_name != "matmul_panel_8x32_repacked" || config.scratch.size() != 1 || config.launches.size() != 2)
        return ::testing::AssertionFailure() << "candidate " << index << " is " << config.impl_name;
    const auto got = gpu::tuning::run_candidate(*c.node, c.inputs, static_cast<size_t>(index), env.context, env.queue,
                                                *env.programs, env.device);
    return test::tensors_near(got.at(0), test::run_host(c.node, c.inputs).at(0), abs_tol, rel_tol);
}

/// The register-blocked kernel `c` gets (test::presented_as_cpu: the same on PoCL and on GPUs).
std::string impl_of(const Case& c) {
    return matmul().configure(*c.node, test::presented_as_cpu(test::gpu_env()->device)).impl_name;
}

TEST(GpuMatMulPacked, HandChecked) {
    OVCL_REQUIRE_GPU();
    // [[1 2 3] [4 5 6]] x [[7 8] [9 10] [11 12]] = [[58 64] [139 154]], B as stored and B transposed.
    const auto a = test::make_tensor<float>(element::f32, {2, 3}, {1, 2, 3, 4, 5, 6});
    const auto want = test::make_tensor<float>(element::f32, {2, 2}, {58, 64, 139, 154});
    auto& env = *test::gpu_env();
    for (bool tb : {false, true}) {
        const auto b = tb ? test::make_tensor<float>(element::f32, {2, 3}, {7, 9, 11, 8, 10, 12})
                          : test::make_tensor<float>(element::f32, {3, 2}, {7, 8, 9, 10, 11, 12});
        const Case c = make_case(element::f32, {2, 3}, b.get_shape(), false, tb);
        const int index = repack_index(*c.node);
        ASSERT_GE(index, 0);
        const auto out = gpu::tuning::run_candidate(*c.node, {a, b}, static_cast<size_t>(index), env.context,
                                                    env.queue, *env.programs, env.device);
        EXPECT_TENSOR_EQ(out.at(0), want) << "transpose_b " << tb;
    }
}

// The selector packs a variable B once M and K x N are large enough (repack_pays in matmul.cpp); a Constant B is
// packed at compile time instead, and a small product reads B in place.
TEST(GpuMatMulPacked, KernelChoice) {
    OVCL_REQUIRE_GPU();
    const auto f32 = element::f32;
    for (bool ta : {false, true})
        for (bool tb : {false, true}) {
            const Case big = make_case(f32, stored(256, 2048, ta), stored(2048, 2048, tb), ta, tb);
            EXPECT_EQ(impl_of(big), "matmul_panel_8x32_repacked") << "ta " << ta << " tb " << tb;
            const auto config = matmul().configure(*big.node, test::presented_as_cpu(test::gpu_env()->device));
            ASSERT_EQ(config.scratch.size(), 1u);
            EXPECT_EQ(config.scratch[0], 2048u * 2048u * sizeof(float));  // 2048 columns: 64 whole panels
            EXPECT_EQ(config.launches.at(0).entry, tb ? "matmul_pack_bt" : "matmul_pack_b");
            EXPECT_EQ(config.launches.at(0).options, config.launches.at(1).options);  // one program
        }
    // B as stored: packing pays from M = 128 with K x N >= 2^22; B transposed: from M = 256 with K x N >= 2^16.
    EXPECT_EQ(impl_of(make_case(f32, {1024, 1024}, {1024, 1024}, false, false)), "matmul_panel_8x32");
    EXPECT_EQ(impl_of(make_case(f32, {64, 2048}, {2048, 2048}, false, false)), "matmul_panel_8x32");
    EXPECT_EQ(impl_of(make_case(f32, {256, 256}, {256, 256}, false, true)), "matmul_panel_8x32_repacked");
    EXPECT_EQ(impl_of(make_case(f32, {128, 1024}, {1024, 1024}, false, true)), "matmul_dot_4x4");
    EXPECT_EQ(impl_of(make_case(f32, {512, 4096}, {16, 4096}, false, true)), "matmul_dot_4x4");  // N = 16
    EXPECT_EQ(impl_of(make_case(f32, {64, 64}, {64, 64}, false, false)), "matmul_panel_8x32");
    auto cb = op::make("MatMul", {op::parameter(f32, {256, 1024}),
                                  op::constant(test::random_tensor(f32, {1024, 1024}, -1, 1, 3))});
    EXPECT_EQ(matmul().configure(*cb, test::presented_as_cpu(test::gpu_env()->device)).impl_name,
              "matmul_panel_8x32_packed");
    EXPECT_EQ(repack_index(*cb), -1);  // nothing to pack at run time
    EXPECT_TRUE(matmul().configure(*cb, test::presented_as_cpu(test::gpu_env()->device)).scratch.empty());
}

// Ragged sizes: N around the 32-column panel, K around the 16 x 16 transposed tile and the 256 rows per work-item.
TEST(GpuMatMulPacked, SizeGridF32) {
    OVCL_REQUIRE_GPU();
    uint32_t seed = 1;
    for (bool ta : {false, true})
        for (bool tb : {false, true})
            for (size_t M : {1, 9, 64})
                for (size_t N : {1, 31, 33, 70})
                    for (size_t K : {1, 15, 17, 300}) {
                        const auto c = make_case(element::f32, stored(M, K, ta), stored(K, N, tb), ta, tb, seed += 2);
                        ASSERT_TRUE(repacked_matches(c))
                            << "M " << M << " N " << N << " K " << K << " ta " << ta << " tb " << tb;
                    }
}

// Batch axes: B's own matrices are packed (one per batch of B), broadcast against A's.
TEST(GpuMatMulPacked, Batches) {
    OVCL_REQUIRE_GPU();
    const auto f32 = element::f32;
    for (bool ta : {false, true})
        for (bool tb : {false, true}) {
            const size_t M = 19, K = 37, N = 45;
            const Case cases[] = {make_case(f32, stored(M, K, ta, {3}), stored(K, N, tb, {3}), ta, tb),
                                  make_case(f32, stored(M, K, ta, {2, 1}), stored(K, N, tb, {3}), ta, tb),
                                  make_case(f32, stored(M, K, ta, {4}), stored(K, N, tb), ta, tb),
                                  make_case(f32, stored(M, K, ta), stored(K, N, tb, {2, 3}), ta, tb),
                                  make_case(f32, stored(M, K, ta, {2, 1}), stored(K, N, tb, {1, 3}), ta, tb),
                                  make_case(f32, {K}, stored(K, N, tb, {3}), ta, tb)};
            for (const auto& c : cases)
                EXPECT_TRUE(repacked_matches(c)) << c.node->describe();
        }
}

TEST(GpuMatMulPacked, F16Storage) {
    OVCL_REQUIRE_GPU();
    for (bool ta : {false, true})
        for (bool tb : {false, true})
            for (const size_t n : {7, 64, 129}) {
                const auto c = make_case(element::f16, stored(n, 96, ta, {2}), stored(96, n + 3, tb), ta, tb);
                EXPECT_TRUE(repacked_matches(c, kAbsF16, kRelF16)) << c.node->describe();
            }
}

// Through configure() (the selector's own pick for a transposed B) and run_node_on_device, which allocates the
// scratch buffer; on 8 x 8 work-groups too (a GPU: the global sizes are rounded up, the kernels stop at the edges).
TEST(GpuMatMulPacked, SelectedAndOnGpuWorkGroups) {
    OVCL_REQUIRE_GPU();
    gpu::GpuEnv as_gpu = *test::gpu_env();
    as_gpu.device.is_gpu = true;
    as_gpu.device.gpu_kernels = false;  // the register-blocked kernels (a real GPU would get matmul_tiled)
    for (bool ta : {false, true}) {
        const auto c = make_case(element::f32, stored(264, 300, ta), {1000, 300}, ta, true);
        ASSERT_EQ(impl_of(c), "matmul_panel_8x32_repacked");
        const Tensor want = test::run_host(c.node, c.inputs).at(0);
        EXPECT_TRUE(test::tensors_near(test::run_gpu(c.node, c.inputs).at(0), want, kTolF32, kTolF32)) << "ta " << ta;
        const auto config = matmul().configure(*c.node, as_gpu.device);
        EXPECT_EQ(config.launches.at(0).local, (std::vector<size_t>{8, 8, 1}));
        EXPECT_TRUE(test::tensors_near(gpu::run_node_on_device(*c.node, c.inputs, as_gpu).at(0), want, kTolF32,
                                       kTolF32))
            << "8 x 8 work-groups, ta " << ta;
    }
}

// GPU_TUNING_MODE=CREATE times run-time packing against reading B in place (the tuner's runs allocate the scratch
// buffer too), and the compiled model runs its pick.
TEST(GpuMatMulPacked, TuningComparesPackedAndDirect) {
    OVCL_REQUIRE_GPU();
    auto a = op::parameter(element::f32, Shape{136, 300}, "a");
    auto b = op::parameter(element::f32, Shape{300, 200}, "b");
    auto mm = op::make("MatMul", {a, b});
    const auto model = test::model_of({test::named(mm, "mm")}, {a, b});
    EXPECT_EQ(matmul().candidate_names(*mm, test::presented_as_cpu(test::gpu_env()->device)).at(0), "panel_8x32");
    EXPECT_GE(repack_index(*mm), 1);  // offered, not the heuristic's pick at this size

    const auto log = std::filesystem::temp_directory_path() / ("ovcl_pack_tuning_" + std::to_string(::getpid()));
    std::filesystem::remove(log);
    ::setenv("OVCL_GPU_TUNING_LOG", log.c_str(), 1);
    const test::Runtime r = test::run_and_compare(model, {{gpu::tuning::kProperty, "CREATE"}}, 1e-4, 1e-4);
    ::unsetenv("OVCL_GPU_TUNING_LOG");
    std::ifstream in(log);
    const std::string events((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::filesystem::remove(log);
    EXPECT_NE(events.find("\"candidate\":\"panel_8x32_repack\""), std::string::npos) << events;
    EXPECT_NE(events.find("\"candidate\":\"panel_8x32\""), std::string::npos) << events;
    EXPECT_EQ(r.primitive.at("mm").rfind("matmul_", 0), 0u) << r.primitive.at("mm");
}

}  // namespace
