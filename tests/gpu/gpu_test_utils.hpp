// Running single nodes on the OpenCL device (PoCL in CI) against host_ref.
#pragma once

#include <gtest/gtest.h>

#include "common/test_utils.hpp"
#include "gpu_env.hpp"
#include "ovcl/core.hpp"
#include "ovcl/op_registry.hpp"

namespace ovcl {
namespace test {

/// The first OpenCL device, shared by the tests of a binary; null when there is none.
inline gpu::GpuEnv* gpu_env() {
    static std::shared_ptr<gpu::GpuEnv> env = [] {
        try {
            return gpu::GpuEnv::create(0);
        } catch (const Exception&) {
            return std::shared_ptr<gpu::GpuEnv>();
        }
    }();
    return env.get();
}

#define OVCL_REQUIRE_GPU()                                                         \
    if (!::ovcl::test::gpu_env())                                                  \
    GTEST_SKIP() << "no OpenCL device (install pocl-opencl-icd for a CPU device)"

/// Whether Core lists GPU.0 (the plugin found an OpenCL device).
inline bool gpu_available(Core& core) {
    const auto devices = core.get_available_devices();
    return std::find(devices.begin(), devices.end(), "GPU.0") != devices.end();
}

#define OVCL_REQUIRE_GPU_DEVICE(core)        \
    if (!::ovcl::test::gpu_available(core)) \
    GTEST_SKIP() << "no OpenCL device (install pocl-opencl-icd for a CPU device)"

inline TensorVector run_gpu(const std::shared_ptr<Node>& node, const TensorVector& inputs) {
    return gpu::run_node_on_device(*node, inputs, *gpu_env());
}

inline TensorVector run_host(const std::shared_ptr<Node>& node, const TensorVector& inputs) {
    return run(node, inputs);  // host_ref, the oracle
}

/// `device` as the kernel selector sees a GPU with on-chip local memory: its GPU kernels are picked (they run
/// correctly on PoCL's CPU device, whose local memory is ordinary memory).
inline gpu::DeviceInfo presented_as_gpu(gpu::DeviceInfo device) {
    device.is_gpu = true;
    device.local_mem_is_global = false;
    device.gpu_kernels = true;
    return device;
}

/// `device` as the kernel selector sees it under GPU_KERNELS=CPU: the register-blocked kernels are picked. Tests of
/// which of those a shape gets use it, so that they hold on a GPU as on PoCL (where it changes nothing).
inline gpu::DeviceInfo presented_as_cpu(gpu::DeviceInfo device) {
    device.gpu_kernels = false;
    return device;
}

/// Inputs for `node`: its Constant inputs' values, random values in [-1, 1] for the others (seed + input index).
inline TensorVector node_inputs(const Node& node, uint32_t seed) {
    TensorVector inputs;
    for (size_t i = 0; i < node.get_input_size(); ++i) {
        const auto& src = node.input_value(i).node;
        inputs.push_back(src->is_constant() ? src->get_constant_value()
                                            : random_tensor(node.get_input_element_type(i), node.get_input_shape(i),
                                                            -1, 1, static_cast<uint32_t>(seed + i)));
    }
    return inputs;
}

/// Runs the node on both and compares every output (abs + rel tolerance).
inline ::testing::AssertionResult gpu_matches_host(const std::shared_ptr<Node>& node, const TensorVector& inputs,
                                                   double abs_tol = 1e-5, double rel_tol = 1e-5) {
    const auto gpu = run_gpu(node, inputs);
    const auto host = run_host(node, inputs);
    if (gpu.size() != host.size())
        return ::testing::AssertionFailure() << "output count " << gpu.size() << " vs " << host.size();
    for (size_t i = 0; i < gpu.size(); ++i) {
        auto r = tensors_near(gpu[i], host[i], abs_tol, rel_tol);
        if (!r)
            return ::testing::AssertionFailure() << node->describe() << " output " << i << ": " << r.message();
    }
    return ::testing::AssertionSuccess();
}

}  // namespace test
}  // namespace ovcl
