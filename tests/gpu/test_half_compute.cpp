// Half compute (matmul_tiled.cl with -DHC=1): on a device with half arithmetic, f16 MatMuls and convolutions on
// matmul_tiled multiply and sum each step of TK products in half, the steps in f32. PoCL has no cl_khr_fp16, so
// here the device's programs are built by the clang of PoCL's LLVM into SPIR with cl_khr_fp16 declared
// (OVCL_GPU_SPIR_CLANG, spir_build.hpp): PoCL then runs the half arithmetic, each operation rounded to half. On a
// device with cl_khr_fp16 the tests run on it as it is.
// Checked: the "_half" implementations are picked, their results differ from the f32-compute ones (half arithmetic
// took effect) and stay within stated bounds of host_ref; whole models under INFERENCE_PRECISION_HINT=f16 against
// REF in f32, with the error of f16 storage alone beside it (the accuracy impact, printed).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <regex>
#include <unistd.h>

#include "fusion_test_utils.hpp"
#include "ocl/spir_build.hpp"
#include "ops/matmul.hpp"
#include "tools/default_models.hpp"
#include "transform/fusions.hpp"
#include "tuning/tuning.hpp"

using namespace ovcl;

namespace {

// The clang whose bitcode PoCL's LLVM reads: clang-<major of the LLVM in PoCL's platform version>; "" if none.
std::string matching_clang(const gpu::DeviceInfo& device) {
    std::smatch m;
    const std::string version = device.platform.getInfo<CL_PLATFORM_VERSION>();
    if (!std::regex_search(version, m, std::regex("LLVM ([0-9]+)")))
        return "";
    for (const std::string& path : {"/usr/bin/clang-" + m[1].str(), "/usr/lib/llvm-" + m[1].str() + "/bin/clang"})
        if (::access(path.c_str(), X_OK) == 0)
            return path;
    return "";
}

bool takes_spir(const gpu::DeviceInfo& device) {
    return device.device.getInfo<CL_DEVICE_EXTENSIONS>().find("cl_khr_spir") != std::string::npos;
}

// The clang for OVCL_GPU_SPIR_CLANG on this machine's device, "" where the device has cl_khr_fp16 itself; sets
// `skip` where neither is there.
std::string spir_clang_or_skip(const gpu::DeviceInfo& device, std::string& skip) {
    if (device.fp16)
        return "";
    const std::string clang = matching_clang(device);
    if (clang.empty() || !takes_spir(device))
        skip = "the device has no cl_khr_fp16, and no SPIR path to half arithmetic (cl_khr_spir and the clang of "
               "PoCL's LLVM)";
    return clang;
}

std::shared_ptr<Node> matmul_f16(const Shape& a, const Shape& b, bool tb) {
    return op::make("MatMul",
                    {op::parameter(element::f16, a), op::constant(test::random_tensor(element::f16, b, -1, 1, 8))},
                    {{"transpose_a", "false"}, {"transpose_b", tb ? "true" : "false"}});
}

// A Convolution of f16 data and weights, pads `pad` on every side.
std::shared_ptr<Node> conv_f16(const Shape& data, const Shape& filter, const std::string& stride,
                               const std::string& pad = "1") {
    const auto weights = op::constant(test::random_tensor(element::f16, filter, -1, 1, 9));
    return op::make("Convolution", {op::parameter(element::f16, data), weights},
                    {{"strides", stride + "," + stride}, {"dilations", "1,1"}, {"pads_begin", pad + "," + pad},
                     {"pads_end", pad + "," + pad}, {"auto_pad", "explicit"}});
}

// The test device presented as a GPU (matmul_tiled first), twice: `half` with half arithmetic (its programs through
// SPIR where it has no cl_khr_fp16 itself), `f32` the same device computing f16 in f32.
class GpuHalfCompute : public ::testing::Test {
protected:
    void SetUp() override {
        OVCL_REQUIRE_GPU();
        gpu::register_fused_ops();
        auto& env = *test::gpu_env();
        if (env.device.max_work_group_size < 256)
            GTEST_SKIP() << "work-groups of 256 needed, the device allows " << env.device.max_work_group_size;
        std::string skip;
        const std::string clang = spir_clang_or_skip(env.device, skip);
        if (!skip.empty())
            GTEST_SKIP() << skip;
        half = test::presented_as_gpu(env.device);
        f32 = half;
        f32.fp16 = false;
        if (!env.device.fp16) {  // else half arithmetic of its own, or through OVCL_GPU_SPIR_CLANG already
            half.fp16 = true;
            half.spir_clang = clang;
        }
        half_programs = std::make_shared<gpu::ProgramCache>(env.context, half);
    }

    // `node` on its first candidate, `name`: in half ("_half") within abs + rel of host_ref and not equal to the
    // f32-compute run; prints both runs' largest absolute difference from host_ref.
    void run(const std::shared_ptr<Node>& node, const std::string& name, double abs,
                                  double rel) {
        auto& env = *test::gpu_env();
        const auto& op = test::tunable(*node);
        EXPECT_EQ(op.candidate_names(*node, half).at(0), name) << node->describe();
        const std::string impl = op.configure_candidate(*node, half, 0).impl_name;
        EXPECT_NE(impl.find(name), std::string::npos) << impl;
        EXPECT_EQ(impl.substr(impl.size() - 5), "_half") << impl;
        EXPECT_EQ(op.configure_candidate(*node, f32, 0).impl_name.find("_half"), std::string::npos);
        const TensorVector inputs = test::node_inputs(*node, 11);
        const Tensor want = test::run_host(node, inputs).at(0);
        const Tensor got_half =
            gpu::tuning::run_candidate(*node, inputs, 0, env.context, env.queue, *half_programs, half).at(0);
        const Tensor got_f32 =
            gpu::tuning::run_candidate(*node, inputs, 0, env.context, env.queue, *env.programs, f32).at(0);
        EXPECT_TENSOR_NEAR(got_half, want, abs, rel) << node->describe();
        const double err_half = test::max_abs_diff(got_half, want), err_f32 = test::max_abs_diff(got_f32, want);
        EXPECT_GT(test::max_abs_diff(got_half, got_f32), 0.0) << node->describe() << ": half arithmetic took effect";
        std::printf("%s: max abs error vs host_ref, half compute %.3g, f32 compute %.3g\n", node->describe().c_str(),
                    err_half, err_f32);
    }

    gpu::DeviceInfo half, f32;
    std::shared_ptr<gpu::ProgramCache> half_programs;
};

}  // namespace

// Inputs and weights in [-1, 1]. host_ref computes in f32 and rounds the result to half, so the f32-compute kernel
// is off by the result's rounding (half an ulp) at most; half compute adds the rounding of each product and of each
// step's running sum (16 terms, |sum| up to ~4: ulp 2^-8). Measured on PoCL through SPIR: K = 150 1.6e-2 (f32
// compute 2.0e-3), K = 64 7.8e-3 (0): within 3e-2 abs + 1e-2 rel. K = 4096: the 256 steps' roundings add up as a
// random walk in the f32 sum, about 16 x 2^-9, measured 6.3e-2 (f32 compute 3.1e-2, the rounding of outputs up to
// ~50): within 1e-1 abs + 1e-2 rel. Sums kept in half all along would round at the result's magnitude on every
// one of the 4096 additions instead.
TEST_F(GpuHalfCompute, MatMulsOnTilesComputeInHalf) {
    run(matmul_f16({70, 150}, {150, 90}, false), "tiled_64x64", 3e-2, 1e-2);  // partial tiles along M, N and K
    run(matmul_f16({2, 33, 64}, {17, 64}, true), "tiled_64x64", 3e-2, 1e-2);  // a transposed Constant B, batches
    run(matmul_f16({64, 4096}, {4096, 64}, false), "tiled_64x64", 1e-1, 1e-2);
    // The other tiles (8 and 2 columns per work-item: 4 and 1 half2 each) alike.
    auto& env = *test::gpu_env();
    const auto node = matmul_f16({70, 150}, {150, 90}, false);
    const TensorVector inputs = test::node_inputs(*node, 12);
    const Tensor want = test::run_host(node, inputs).at(0);
    const auto names = test::tunable(*node).candidate_names(*node, half);
    size_t tiles = 0;
    for (size_t c = 0; c < names.size(); ++c) {
        if (names[c].rfind("tiled_", 0) != 0)
            continue;
        ++tiles;
        EXPECT_EQ(test::tunable(*node).configure_candidate(*node, half, c).impl_name, "matmul_" + names[c] + "_half");
        const Tensor got =
            gpu::tuning::run_candidate(*node, inputs, c, env.context, env.queue, *half_programs, half).at(0);
        EXPECT_TENSOR_NEAR(got, want, 3e-2, 1e-2) << names[c];
    }
    EXPECT_EQ(tiles, 3u);
}

// 3x3 convolutions (pads, stride 2) on the tiles as implicit GEMMs, and a pointwise one as a GEMM: K = 9 C taps.
TEST_F(GpuHalfCompute, ConvolutionsOnTilesComputeInHalf) {
    run(conv_f16({1, 16, 15, 17}, {24, 16, 3, 3}, "1"), "implicit_gemm_64x64", 3e-2, 1e-2);
    run(conv_f16({2, 32, 14, 14}, {40, 32, 3, 3}, "2"), "implicit_gemm_64x64", 3e-2, 1e-2);
    const auto pointwise = conv_f16({1, 64, 12, 12}, {48, 64, 1, 1}, "1", "0");
    run(pointwise, "gemm_tiled_64x64", 3e-2, 1e-2);
}

// f32 operations never compute in half, and the CPU-shaped kernels (a device without on-chip local memory) keep
// f32 compute for f16 too: only matmul_tiled has the half path.
TEST_F(GpuHalfCompute, OnlyF16OnTilesComputesInHalf) {
    const auto f32_node = op::make("MatMul", {op::parameter(element::f32, Shape{70, 150}),
                                              op::constant(test::random_tensor(element::f32, {150, 90}, -1, 1, 8))},
                                   {{"transpose_a", "false"}, {"transpose_b", "false"}});
    EXPECT_EQ(test::tunable(*f32_node).configure_candidate(*f32_node, half, 0).impl_name, "matmul_tiled_64x64");
    const auto f16_node = matmul_f16({70, 150}, {150, 90}, false);
    const std::string cpu_impl =
        test::tunable(*f16_node).configure_candidate(*f16_node, test::presented_as_cpu(half), 0).impl_name;
    EXPECT_EQ(cpu_impl.find("_half"), std::string::npos) << cpu_impl;
}

namespace {

// `model` on GPU (GPU_KERNELS=GPU, INFERENCE_PRECISION_HINT=f16) against REF within abs + rel: the largest absolute
// difference, and how many ops ran "_half".
std::pair<double, size_t> f16_model_error(const std::shared_ptr<Model>& model, double abs, double rel) {
    Core core;
    auto compiled = core.compile_model(model, "GPU", {{"INFERENCE_PRECISION_HINT", "f16"}, {"GPU_KERNELS", "GPU"}});
    size_t half_ops = 0;
    for (const auto& n : compiled.get_runtime_model()->get_ordered_ops()) {
        const auto it = n->get_rt_info().find("primitiveType");
        if (it != n->get_rt_info().end() && it->second.as<std::string>().find("_half") != std::string::npos)
            ++half_ops;
    }
    return {test::max_abs_error(core, model, compiled, abs, rel), half_ops};
}

// Sets OVCL_GPU_SPIR_CLANG for the Cores created in its scope (each Core's GPU plugin enumerates devices anew).
class ScopedSpirClang {
public:
    explicit ScopedSpirClang(const std::string& clang) : m_set(!clang.empty()) {
        if (m_set)
            ::setenv("OVCL_GPU_SPIR_CLANG", clang.c_str(), 1);
    }
    ~ScopedSpirClang() {
        if (m_set)
            ::unsetenv("OVCL_GPU_SPIR_CLANG");
    }
    ScopedSpirClang(const ScopedSpirClang&) = delete;
    ScopedSpirClang& operator=(const ScopedSpirClang&) = delete;

private:
    bool m_set;
};

// The accuracy impact of half compute on a whole model: its error against REF (f32) beside f16 storage's alone.
void compare_with_storage(const std::shared_ptr<Model>& model, double abs, double rel) {
    OVCL_REQUIRE_GPU();
    std::string skip;
    const std::string clang = spir_clang_or_skip(test::gpu_env()->device, skip);
    if (!skip.empty())
        GTEST_SKIP() << skip;
    if (test::gpu_env()->device.max_work_group_size < 256)
        GTEST_SKIP() << "work-groups of 256 needed for matmul_tiled";
    std::pair<double, size_t> half, storage{0, 0};
    {
        ScopedSpirClang spir(clang);
        half = f16_model_error(model, abs, rel);
    }
    EXPECT_GT(half.second, 0u) << model->get_friendly_name() << ": some op computes in half";
    if (!clang.empty()) {  // the same device without the SPIR path: f16 storage, f32 compute
        storage = f16_model_error(model, abs, rel);
        EXPECT_EQ(storage.second, 0u);
    }
    std::printf("%s, INFERENCE_PRECISION_HINT=f16: max abs error vs REF f32: half compute %.3g (%zu ops in half), "
                "f16 storage alone %.3g\n",
                model->get_friendly_name().c_str(), half.first, half.second, storage.first);
}

}  // namespace

// Softmax probabilities of the ResNet-like CNN (convolutions on the tiles): within 1e-2 of REF as f16 storage is.
TEST(GpuHalfComputeModels, ResnetLikeCnn) { compare_with_storage(default_models::make_resnet_like_cnn(), 1e-2, 1e-2); }

// The transformer block (its MatMuls on the tiles), hidden states of magnitude ~1-4: 3e-2 abs + 1e-2 rel.
TEST(GpuHalfComputeModels, TransformerBlock) {
    compare_with_storage(default_models::make_transformer_block(), 3e-2, 1e-2);
}

// The SPIR path's failures name what failed: a clang that cannot run, and a kernel clang refuses (its diagnostics).
TEST(GpuSpirBuild, FailuresNameTheClangAndTheKernel) {
    OVCL_REQUIRE_GPU();
    const auto message = [](const std::string& clang, const std::string& source) {
        try {
            gpu::spir_from_source(clang, source, "-DX=1", "kernels_cl/probe.cl");
        } catch (const Exception& e) {
            return std::string(e.what());
        }
        return std::string("no exception");
    };
    const std::string missing = message("/nonexistent/clang", "__kernel void k() {}");
    EXPECT_NE(missing.find("OVCL_GPU_SPIR_CLANG: cannot run '/nonexistent/clang' for kernels_cl/probe.cl"),
              std::string::npos)
        << missing;
    const std::string clang = matching_clang(test::gpu_env()->device);
    if (clang.empty())
        GTEST_SKIP() << "no clang of PoCL's LLVM here";
    const std::string refused = message(clang, "__kernel void k(__global float* y) { y[0] = undeclared; }");
    EXPECT_NE(refused.find("failed on kernels_cl/probe.cl with options '-DX=1'"), std::string::npos) << refused;
    EXPECT_NE(refused.find("undeclared"), std::string::npos) << "clang's diagnostic: " << refused;
    const auto bitcode = gpu::spir_from_source(clang,
                                               "#pragma OPENCL EXTENSION cl_khr_fp16 : enable\n"
                                               "__kernel void k(__global half* y) { y[0] = y[0] * (half)2; }",
                                               "", "kernels_cl/probe.cl");
    ASSERT_GE(bitcode.size(), 4u);
    EXPECT_EQ(std::string(bitcode.begin(), bitcode.begin() + 4), "BC\xC0\xDE") << "LLVM bitcode: half arithmetic taken";
}
