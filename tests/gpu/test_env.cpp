// The OpenCL device layer: discovery, program building and its cache, errors.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>

#include "gpu_test_utils.hpp"

using namespace ovcl;

TEST(GpuEnv, FindsADeviceAndDescribesIt) {
    OVCL_REQUIRE_GPU();
    const auto& d = test::gpu_env()->device;
    EXPECT_FALSE(d.name.empty());
    EXPECT_FALSE(d.driver_version.empty());
    EXPECT_GE(d.compute_units, 1u);
    EXPECT_THROW(gpu::GpuEnv::create(1000), NotFound);
}

TEST(GpuEnv, ErrorsNameTheCallAndTheCode) {
    try {
        gpu::check(CL_OUT_OF_RESOURCES, "clEnqueueNDRangeKernel", "conv1");
        FAIL() << "no exception";
    } catch (const gpu::OclError& e) {
        EXPECT_EQ(e.code(), CL_OUT_OF_RESOURCES);
        EXPECT_STREQ(e.what(), "clEnqueueNDRangeKernel failed with CL_OUT_OF_RESOURCES (-5): conv1");
    }
}

TEST(GpuOpTable, EveryTypeIsARegisteredOp) {
    const auto types = gpu::gpu_op_types();
    EXPECT_FALSE(types.empty());
    for (const auto& t : types)
        EXPECT_NE(OpRegistry::get().latest(t), nullptr) << t << " is in the GPU op table but not in the op registry";
}
