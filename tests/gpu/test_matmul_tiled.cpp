// matmul_tiled (kernels_cl/matmul_tiled.cl): the local-memory tiled MatMul the selector offers devices with on-chip
// local memory (GPUs) before the CPU-shaped kernels. PoCL's CPU device runs it correctly (its local memory is
// ordinary memory), so its candidates are checked here against host_ref by presenting the device to the selector
// as a GPU: every tile on shapes that leave partial tiles along M, N and K, transposed operands (both staging
// orders), a Constant B read in place, batches with a broadcast B, f16 storage, and the fused epilogue (bias,
// residual, activation, a per-channel post op); matmul_gemv for one row; convolutions (1-D to 3-D) as GEMMs.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "fusion_test_utils.hpp"
#include "transform/fusions.hpp"
#include "tuning/tuning.hpp"

using namespace ovcl;

namespace {

std::shared_ptr<Node> matmul(const Shape& a, const Shape& b, bool ta, bool tb, bool b_const,
                             element::Type t = element::f32) {
    const Output<Node> bo = b_const ? Output<Node>(op::constant(test::random_tensor(t, b, -1, 1, 8)), 0)
                              : Output<Node>(op::parameter(t, b), 0);
    return op::make("MatMul", {op::parameter(t, a), bo},
                    {{"transpose_a", ta ? "true" : "false"}, {"transpose_b", tb ? "true" : "false"}});
}

// FusedMatMul: A [2, 37, 70] x Constant B [70, 45] + bias per column + residual, Relu, then Multiply by a Constant
// per column (a plane of the epilogue's table).
std::shared_ptr<Node> fused_matmul() {
    return op::make("FusedMatMul",
                    {op::parameter(element::f32, Shape{2, 37, 70}),
                     op::constant(test::random_tensor(element::f32, {70, 45}, -1, 1, 4)),
                     op::constant(test::random_tensor(element::f32, {45}, -1, 1, 5)),
                     op::constant(test::random_tensor(element::f32, {1, 45}, 0.5, 2, 6)),
                     op::parameter(element::f32, Shape{2, 37, 45})},
                    {{"transpose_a", "false"}, {"transpose_b", "false"}, {"post_ops", "Multiply:vc"},
                     {"residual", "true"}, {"activation", "Relu"}, {"activation_version", "1"}});
}

// The test device presented to the selector as a GPU (`gpu`); skipped where work-groups of 256 are not allowed.
class GpuMatMulTiled : public ::testing::Test {
protected:
    void SetUp() override {
        OVCL_REQUIRE_GPU();
        gpu::register_fused_ops();
        const gpu::DeviceInfo& device = test::gpu_env()->device;
        if (device.max_work_group_size < 256)
            GTEST_SKIP() << "work-groups of 256 needed, the device allows " << device.max_work_group_size;
        gpu = test::presented_as_gpu(device);
        gpu.fp16 = false;  // f16 storage, f32 compute, on any device (half compute: test_half_compute.cpp)
    }

    // `node`'s first candidate on the GPU is `name` and matches host_ref within `abs` + `rel` (inputs from `seed`).
    void expect_first_candidate(const std::shared_ptr<Node>& node, const std::string& name, double abs, double rel,
                                uint32_t seed) {
        auto& env = *test::gpu_env();
        const auto names = test::tunable(*node).candidate_names(*node, gpu);
        ASSERT_FALSE(names.empty());
        EXPECT_EQ(names[0], name) << node->describe();
        const TensorVector inputs = test::node_inputs(*node, seed);
        const Tensor got =
            gpu::tuning::run_candidate(*node, inputs, 0, env.context, env.queue, *env.programs, gpu).at(0);
        EXPECT_TENSOR_NEAR(got, test::run_host(node, inputs).at(0), abs, rel) << node->describe();
    }

    gpu::DeviceInfo gpu;
};

}  // namespace

TEST_F(GpuMatMulTiled, EveryTileMatchesHostRef) {
    auto& env = *test::gpu_env();
    const std::vector<std::shared_ptr<Node>> nodes = {
        matmul({70, 150}, {150, 90}, false, false, false),       // partial tiles along M, N and K
        matmul({3, 150, 33}, {90, 150}, true, true, false),      // both transposed: the other staging orders
        matmul({2, 2, 40, 20}, {20, 130}, false, false, true),  // Constant B in place, broadcast over batches
        matmul({1, 300}, {300, 1000}, false, false, true),       // one row: matmul_gemv first, the tiles after
        matmul({33, 64}, {17, 64}, false, true, true, element::f16),
        fused_matmul(),
    };
    for (const auto& node : nodes) {
        const auto names = test::tunable(*node).candidate_names(*node, gpu);
        ASSERT_GE(names.size(), 4u) << node->describe();
        const Shape& a = node->get_input_shape(0);
        const bool one_row = a[a.size() - 2] == 1;  // M (no A here is transposed with one row)
        EXPECT_EQ(names[one_row ? 1 : 0], "tiled_64x64") << node->describe() << ": the heuristic's pick on a GPU";
        EXPECT_EQ(test::tunable(*node).candidate_names(*node, test::presented_as_cpu(env.device)).at(0).rfind("tiled", 0),
                  std::string::npos)
            << node->describe() << ": no tiles first on a CPU device";
        const TensorVector inputs = test::node_inputs(*node, 30);
        const Tensor want = test::run_host(node, inputs).at(0);
        const bool f16 = node->get_output_element_type(0) == element::f16;
        for (size_t c = 0; c < names.size(); ++c) {
            if (names[c].rfind("tiled_", 0) != 0)
                continue;
            const Tensor got =
                gpu::tuning::run_candidate(*node, inputs, c, env.context, env.queue, *env.programs, gpu).at(0);
            // Sums of up to 300 products in another order than host_ref's; f16 rounds the stored result.
            EXPECT_TENSOR_NEAR(got, want, f16 ? 2e-2 : 1e-4, f16 ? 2e-2 : 1e-4)
                << node->describe() << " candidate " << names[c];
        }
    }
}

// Pointwise convolutions run as matmul_tiled on such a device (weights x image per image, bias per output channel:
// FUSED=2), first among their candidates.
// One row of A (a classifier, a decoder's step), or up to 4, gets matmul_gemv on a GPU: B transposed (work-items
// along k) or not (along the outputs), Constant or variable, outputs not a multiple of the group's, K shorter than a
// group's split, batches with a broadcast A, f16 storage, and the fused epilogue (bias, residual, activation,
// per-channel post op).
TEST_F(GpuMatMulTiled, FewRowsOnGemv) {
    const auto fused_rows = [](size_t rows) {
        return op::make("FusedMatMul",
                        {op::parameter(element::f32, Shape{rows, 70}),
                         op::constant(test::random_tensor(element::f32, {45, 70}, -1, 1, 4)),
                         op::constant(test::random_tensor(element::f32, {45}, -1, 1, 5)),
                         op::constant(test::random_tensor(element::f32, {1, 45}, 0.5, 2, 6)),
                         op::parameter(element::f32, Shape{rows, 45})},
                        {{"transpose_a", "false"}, {"transpose_b", "true"}, {"post_ops", "Multiply:vc"},
                         {"residual", "true"}, {"activation", "Relu"}, {"activation_version", "1"}});
    };
    const std::pair<std::shared_ptr<Node>, std::string> cases[] = {
        {matmul({1, 1280}, {1000, 1280}, false, true, true), "gemv_32x8"},  // MobileNet-V2's classifier
        {matmul({1, 300}, {300, 1000}, false, false, true), "gemv_16x16"},
        {matmul({1, 77}, {77, 13}, false, false, false), "gemv_16x16"},
        {matmul({1, 5}, {9, 5}, false, true, false), "gemv_32x8"},       // K under one split of 32
        {matmul({3, 1, 64}, {3, 64, 40}, false, false, false), "gemv_16x16"},  // a batch of rows
        {matmul({1, 64}, {2, 64, 40}, false, false, true), "gemv_16x16"},    // A broadcast over B's batches
        {matmul({1, 96}, {50, 96}, false, true, true, element::f16), "gemv_32x8"},
        {fused_rows(1), "gemv_32x8"},
        {fused_rows(3), "gemv_32x8"},  // each row's residual
    };
    uint32_t seed = 40;
    for (const auto& [node, name] : cases) {
        const bool f16 = node->get_output_element_type(0) == element::f16;
        // Sums of up to 1280 products in another order than host_ref's; f16 rounds the stored result.
        expect_first_candidate(node, name, f16 ? 2e-2 : 1e-4, f16 ? 2e-2 : 1e-4, seed++);
        const auto cpu_names = test::tunable(*node).candidate_names(*node, test::presented_as_cpu(gpu));
        EXPECT_EQ(std::count_if(cpu_names.begin(), cpu_names.end(),
                                [](const std::string& n) { return n.rfind("gemv_", 0) == 0; }),
                  0)
            << node->describe() << ": no gemv on CPU devices";
    }
    // Up to 4 rows: each of B's elements read once for all of them. More: the tiles.
    uint32_t rows_seed = 70;
    const std::pair<std::shared_ptr<Node>, std::string> rows[] = {
        {matmul({2, 64}, {64, 40}, false, false, false), "gemv_16x16"},
        {matmul({3, 200}, {50, 200}, false, true, true), "gemv_32x8"},
        {matmul({2, 4, 96}, {96, 33}, false, false, true), "gemv_16x16"},  // 4 rows in each of 2 batches
    };
    for (const auto& [node, name] : rows)
        expect_first_candidate(node, name, 1e-4, 1e-4, rows_seed++);
    const auto five_rows = matmul({5, 64}, {64, 40}, false, false, false);
    EXPECT_EQ(test::tunable(*five_rows).candidate_names(*five_rows, gpu).at(0), "tiled_64x64");
}

TEST_F(GpuMatMulTiled, PointwiseConvolutionsOnTiles) {
    const Attributes pointwise = {{"strides", "1,1"}, {"dilations", "1,1"}, {"pads_begin", "0,0"},
                                  {"pads_end", "0,0"}, {"auto_pad", "explicit"}};
    const auto conv = [&](const Shape& data, const Shape& filter, element::Type t) {
        return op::make("Convolution", {op::parameter(t, data), op::constant(test::random_tensor(t, filter, -1, 1, 9))},
                        pointwise);
    };
    Attributes fused_attrs = pointwise;
    for (const auto& kv : Attributes{{"post_ops", "Multiply:vc"}, {"residual", "true"}, {"activation", "Relu"},
                                     {"activation_version", "1"}})
        fused_attrs.push_back(kv);
    // Two images of 11 x 13 pixels (partial tiles), K = 70 output channels: bias, per-channel scale, residual.
    const auto fused = op::make("FusedConvolution",
                                {op::parameter(element::f32, Shape{2, 24, 11, 13}),
                                 op::constant(test::random_tensor(element::f32, {70, 24, 1, 1}, -1, 1, 4)),
                                 op::constant(test::random_tensor(element::f32, {1, 70, 1, 1}, -1, 1, 5)),
                                 op::constant(test::random_tensor(element::f32, {70, 1, 1}, 0.5, 2, 6)),
                                 op::parameter(element::f32, Shape{2, 70, 11, 13})},
                                fused_attrs);
    const std::vector<std::shared_ptr<Node>> nodes = {
        conv({1, 40, 30, 30}, {96, 40, 1, 1}, element::f32),
        conv({2, 16, 7, 9}, {20, 16, 1, 1}, element::f16),
        fused,
    };
    for (const auto& node : nodes) {
        const double tol = node->get_output_element_type(0) == element::f16 ? 2e-2 : 1e-4;
        expect_first_candidate(node, "gemm_tiled_64x64", tol, tol, 40);
    }
}

// Other convolutions of one group run on the tiles as an implicit GEMM (the input read through the taps while B
// is staged): 3x3 with pads, ResNet's 7x7 stride-2 stem, stride 2, dilation 2 with asymmetric pads, 1-D, two
// images, f16, the fused bias + residual + Relu + per-channel FakeQuantize, and grouped convolutions (a GEMM per
// image and group; fused: each group's bias and per-channel scale).
TEST_F(GpuMatMulTiled, ConvolutionsAsImplicitGemm) {
    const auto conv = [](const Shape& data, const Shape& filter, const std::string& strides,
                         const std::string& dilations, const std::string& pads_begin, const std::string& pads_end,
                         element::Type t = element::f32) {
        return op::make(filter.size() == 5 ? "GroupConvolution" : "Convolution",
                        {op::parameter(t, data), op::constant(test::random_tensor(t, filter, -1, 1, 9))},
                        {{"strides", strides}, {"dilations", dilations}, {"pads_begin", pads_begin},
                         {"pads_end", pads_end}, {"auto_pad", "explicit"}});
    };
    const Shape ranges{1, 24, 1, 1};
    const auto fused = op::make(
        "FusedConvolution",
        {op::parameter(element::f32, Shape{2, 8, 13, 11}),
         op::constant(test::random_tensor(element::f32, {24, 8, 3, 3}, -1, 1, 4)),
         op::constant(test::random_tensor(element::f32, {1, 24, 1, 1}, -1, 1, 5)),
         op::constant(test::random_tensor(element::f32, ranges, -6, -4, 6)),
         op::constant(test::random_tensor(element::f32, ranges, 4, 6, 7)),
         op::constant(test::random_tensor(element::f32, ranges, -1, 0, 8)),
         op::constant(test::random_tensor(element::f32, ranges, 1, 2, 9)),
         op::parameter(element::f32, Shape{2, 24, 13, 11})},
        {{"strides", "1,1"}, {"dilations", "1,1"}, {"pads_begin", "1,1"}, {"pads_end", "1,1"},
         {"auto_pad", "explicit"}, {"post_ops", "FakeQuantize:vc:256"}, {"residual", "true"},
         {"activation", "Relu"}, {"activation_version", "1"}});
    // Three groups of 4 -> 6 channels, bias and a Multiply per output channel (each group reads its own).
    const auto grouped_fused = op::make(
        "FusedGroupConvolution",
        {op::parameter(element::f32, Shape{1, 12, 9, 10}),
         op::constant(test::random_tensor(element::f32, {3, 6, 4, 3, 3}, -1, 1, 4)),
         op::constant(test::random_tensor(element::f32, {1, 18, 1, 1}, -1, 1, 5)),
         op::constant(test::random_tensor(element::f32, {1, 18, 1, 1}, 0.5, 2, 6))},
        {{"strides", "1,1"}, {"dilations", "1,1"}, {"pads_begin", "1,1"}, {"pads_end", "1,1"},
         {"auto_pad", "explicit"}, {"post_ops", "Multiply:vc"}, {"activation", "Relu"}, {"activation_version", "1"}});
    const std::vector<std::shared_ptr<Node>> nodes = {
        conv({1, 16, 20, 22}, {40, 16, 3, 3}, "1,1", "1,1", "1,1", "1,1"),
        conv({1, 3, 45, 47}, {64, 3, 7, 7}, "2,2", "1,1", "3,3", "3,3"),
        conv({2, 12, 15, 15}, {20, 12, 3, 3}, "2,2", "1,1", "1,1", "0,0"),
        conv({1, 6, 17, 19}, {10, 6, 3, 3}, "1,1", "2,2", "2,1", "0,3"),
        conv({2, 5, 40}, {7, 5, 5}, "1", "1", "2", "2"),
        conv({1, 8, 9, 10}, {16, 8, 3, 3}, "1,1", "1,1", "1,1", "1,1", element::f16),
        fused,
        conv({2, 8, 9, 11}, {2, 5, 4, 3, 3}, "1,1", "1,1", "1,1", "1,1"),
        conv({1, 12, 10, 10}, {3, 4, 4, 1, 1}, "2,2", "1,1", "0,0", "0,0"),
        grouped_fused,
    };
    for (const auto& node : nodes) {
        const double tol = node->get_output_element_type(0) == element::f16 ? 2e-2 : 1e-4;
        if (node->get_input_size() > 2 && node->get_attr<std::string>("post_ops", "").rfind("Fake", 0) == 0)  // the quantizer (steps up to 3 / 255): sums in another order may cross a level
            expect_first_candidate(node, "implicit_gemm_64x64", 3.0 / 255 + 1e-5, 0, 50);
        else
            expect_first_candidate(node, "implicit_gemm_64x64", tol, tol, 50);
    }
    // Depthwise convolutions keep their kernels (conv2d_dw_pixel on a GPU).
    const auto depthwise = conv({1, 8, 9, 9}, {8, 1, 1, 3, 3}, "1,1", "1,1", "1,1", "1,1");
    EXPECT_EQ(test::tunable(*depthwise).candidate_names(*depthwise, gpu).at(0), "dw_pixel");
}

// 3-D convolutions (NCDHW) on the implicit GEMM too, the depth one more axis of the taps: 3x3x3 with pads, strides,
// dilations and pads that differ per axis, two images, groups, f16, and the fused bias + residual + Relu.
TEST_F(GpuMatMulTiled, ThreeDimensionalConvolutionsAsImplicitGemm) {
    const auto conv3d = [](const std::string& type, const Shape& data, const Shape& filter, const std::string& strides,
                           const std::string& dilations, const std::string& pads_begin, const std::string& pads_end,
                           element::Type t = element::f32) {
        return op::make(type, {op::parameter(t, data), op::constant(test::random_tensor(t, filter, -1, 1, 9))},
                        {{"strides", strides}, {"dilations", dilations}, {"pads_begin", pads_begin},
                         {"pads_end", pads_end}, {"auto_pad", "explicit"}});
    };
    const auto fused = op::make(
        "FusedConvolution",
        {op::parameter(element::f32, Shape{1, 5, 6, 7, 5}),
         op::constant(test::random_tensor(element::f32, {12, 5, 3, 3, 3}, -1, 1, 4)),
         op::constant(test::random_tensor(element::f32, {1, 12, 1, 1, 1}, -1, 1, 5)),
         op::parameter(element::f32, Shape{1, 12, 6, 7, 5})},
        {{"strides", "1,1,1"}, {"dilations", "1,1,1"}, {"pads_begin", "1,1,1"}, {"pads_end", "1,1,1"},
         {"auto_pad", "explicit"}, {"post_ops", ""}, {"residual", "true"}, {"activation", "Relu"},
         {"activation_version", "1"}});
    const std::vector<std::shared_ptr<Node>> nodes = {
        conv3d("Convolution", {1, 4, 6, 7, 8}, {10, 4, 3, 3, 3}, "1,1,1", "1,1,1", "1,1,1", "1,1,1"),
        conv3d("Convolution", {2, 3, 7, 9, 8}, {6, 3, 3, 2, 3}, "2,1,2", "1,2,1", "1,0,2", "0,1,1"),
        conv3d("GroupConvolution", {1, 6, 5, 6, 7}, {2, 4, 3, 3, 3, 3}, "1,1,1", "1,1,1", "1,1,1", "1,1,1"),
        conv3d("Convolution", {1, 4, 5, 6, 7}, {8, 4, 3, 3, 3}, "1,1,1", "1,1,1", "1,1,1", "1,1,1", element::f16),
        fused,
    };
    for (const auto& node : nodes) {
        const double tol = node->get_output_element_type(0) == element::f16 ? 2e-2 : 1e-4;
        expect_first_candidate(node, "implicit_gemm_64x64", tol, tol, 60);
    }
}
