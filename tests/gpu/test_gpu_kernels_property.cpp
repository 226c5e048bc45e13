// GPU_KERNELS (src/gpu/plugin/config.hpp): which kernels the selector starts from. AUTO (the default) follows the
// device (PoCL's CPU device: the register-blocked kernels); GPU puts the kernels for GPUs first on any device
// (matmul_tiled for MatMul and convolutions of one group, conv2d_dw_pixel), CPU the register-blocked ones. Whole
// embedded models run on either family against REF; a bad value is refused naming the property; the value is
// part of what an exported blob was compiled with.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "fusion_test_utils.hpp"
#include "tools/default_models.hpp"

using namespace ovcl;

namespace {

constexpr const char* kKernels = "GPU_KERNELS";

// The runtime model's kernels, as "name=impl" lines.
std::string kernels_of(const test::Runtime& rt) {
    std::string s;
    for (const auto& [name, impl] : rt.primitive)
        s += name + "=" + impl + "\n";
    return s;
}

bool runs_any(const test::Runtime& rt, const std::string& prefix) {
    for (const auto& [name, impl] : rt.primitive)
        if (impl.rfind(prefix, 0) == 0)
            return true;
    return false;
}

}  // namespace

TEST(GpuKernelsProperty, ValuesAndRefusal) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    const auto model = default_models::make_resnet_like_cnn();
    EXPECT_EQ(core.compile_model(model, "GPU").get_property(kKernels).as<std::string>(), "AUTO");
    for (const char* value : {"GPU", "CPU", "AUTO"})
        EXPECT_EQ(core.compile_model(model, "GPU", {{kKernels, value}}).get_property(kKernels).as<std::string>(),
                  value);
    try {
        core.compile_model(model, "GPU", {{kKernels, "gpu"}});
        FAIL() << "GPU_KERNELS=gpu was accepted";
    } catch (const InvalidArgument& e) {
        EXPECT_NE(std::string(e.what()).find("GPU_KERNELS: 'gpu' is not AUTO, GPU or CPU"), std::string::npos)
            << e.what();
    }
}

// The embedded CNN (3x3 and 1x1 convolutions, residual blocks, a classifier) and transformer block (MatMuls of
// every layout, attention) on each family, against REF (1e-4, as run_and_compare elsewhere).
TEST(GpuKernelsProperty, WholeModelsOnEitherFamily) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    for (const auto& model : {default_models::make_resnet_like_cnn(), default_models::make_transformer_block()}) {
        const test::Runtime gpu = test::run_and_compare(model, {{kKernels, "GPU"}}, 1e-4, 1e-4);
        const test::Runtime cpu = test::run_and_compare(model, {{kKernels, "CPU"}}, 1e-4, 1e-4);
        EXPECT_TRUE(runs_any(gpu, "matmul_tiled") || runs_any(gpu, "conv2d_implicit_gemm") ||
                    runs_any(gpu, "conv2d_gemm_tiled"))
            << kernels_of(gpu);
        for (const char* cpu_kernel : {"conv2d_k16", "conv2d_gemm_8x32", "matmul_panel", "matmul_dot"})
            EXPECT_FALSE(runs_any(gpu, cpu_kernel)) << cpu_kernel << "\n" << kernels_of(gpu);
        for (const char* gpu_kernel : {"matmul_tiled", "conv2d_implicit_gemm", "conv2d_gemm_tiled", "conv2d_dw_pixel"})
            EXPECT_FALSE(runs_any(cpu, gpu_kernel)) << gpu_kernel << "\n" << kernels_of(cpu);
    }
}

// A blob keeps the family it was compiled with: importing it with another is refused, naming both.
TEST(GpuKernelsProperty, FixedByAnExportedBlob) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    auto compiled = core.compile_model(default_models::make_resnet_like_cnn(), "GPU", {{kKernels, "GPU"}});
    std::stringstream blob;
    compiled.export_model(blob);
    const std::string bytes = blob.str();
    std::stringstream same(bytes), other(bytes);
    EXPECT_EQ(core.import_model(same, "GPU").get_property(kKernels).as<std::string>(), "GPU");
    try {
        core.import_model(other, "GPU", {{kKernels, "CPU"}});
        FAIL() << "an import with another GPU_KERNELS was accepted";
    } catch (const InvalidArgument& e) {
        EXPECT_NE(std::string(e.what()).find("the blob was compiled with GPU_KERNELS=GPU, the import asks for CPU"),
                  std::string::npos)
            << e.what();
    }
}
