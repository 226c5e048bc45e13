// Running single nodes on the OpenCL device (PoCL in CI) against host_ref.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "common/test_utils.hpp"
#include "ops/gpu_env.hpp"
#include "ovcl/core.hpp"
#include "ovcl/op_registry.hpp"
#include "tuning/tuning.hpp"

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

/// The kernel selector's view of `node`'s op (its candidates); throws when the op has none.
inline const gpu::tuning::TunableOp& tunable(const Node& node) {
    const auto* op = dynamic_cast<const gpu::tuning::TunableOp*>(gpu::find_gpu_op(node.get_type_name()));
    if (!op)
        throw std::runtime_error(node.get_type_name() + " is not tunable");
    return *op;
}

/// The largest absolute difference between the elements of `a` and `b` (as f64).
inline double max_abs_diff(const Tensor& a, const Tensor& b) {
    const auto av = test::values(a), bv = test::values(b);
    double worst = 0;
    for (size_t i = 0; i < av.size() && i < bv.size(); ++i)
        worst = std::max(worst, std::fabs(av[i] - bv[i]));
    return worst;
}

/// Runs `compiled` (`model` on GPU) and `model` on REF with the same inputs in [-1, 1] (input i from seed + i);
/// expects every output f32 and within abs_tol + rel_tol * |ref|; returns the largest absolute difference.
inline double max_abs_error(Core& core, const std::shared_ptr<Model>& model, CompiledModel& compiled, double abs_tol,
                            double rel_tol, uint32_t seed = 7) {
    auto gpu = compiled.create_infer_request();
    auto ref = core.compile_model(model, "REF").create_infer_request();
    for (size_t i = 0; i < model->inputs().size(); ++i) {
        const Output<Node> in = model->input(i);
        auto t = test::random_tensor(in.get_element_type(), in.get_shape(), -1, 1, seed + static_cast<uint32_t>(i));
        gpu.set_tensor(in, t);
        ref.set_tensor(in, t);
    }
    gpu.infer();
    ref.infer();
    double worst = 0;
    for (size_t i = 0; i < model->outputs().size(); ++i) {
        const Tensor g = gpu.get_output_tensor(i), r = ref.get_output_tensor(i);
        EXPECT_EQ(g.get_element_type(), element::f32);
        EXPECT_TENSOR_NEAR(g, r, abs_tol, rel_tol);
        worst = std::max(worst, max_abs_diff(g, r));
    }
    return worst;
}

}  // namespace test
}  // namespace ovcl
