// GPU host classes of the reduction ops: kernels_cl/reduction.cl, f32 and f16 (f16 as storage: -DIO_HALF;
// accumulated in f32), on the region plan of ops/reduction_region.hpp (any rank, any axis set of at most
// three runs of reduced axes and three of kept ones besides the innermost). Refused (they run on the host):
// other element types, axes that are not a Constant, tensors of 2^31 elements or more.
#pragma once

#include "ops/gpu_op.hpp"

namespace ovcl {
namespace gpu {

/// ReduceSum/Mean/Max/Min/Prod-1 and ReduceL1/L2-4: constant axes input, keep_dims either way.
class ReduceOp : public GpuOp {
public:
    Validation validate(const Node& node, const DeviceInfo& device) const override;
    OpConfig configure(const Node& node, const DeviceInfo& device) const override;
};

/// Softmax-1/-8 and LogSoftmax-5 along any axis.
class SoftmaxOp : public GpuOp {
public:
    Validation validate(const Node& node, const DeviceInfo& device) const override;
    OpConfig configure(const Node& node, const DeviceInfo& device) const override;
};

/// MVN-1 (opset2: across_channels or reduction_axes) and MVN-6 (constant axes; eps inside or outside
/// the square root); FusedMVN (fusions.hpp: MVN-6 then * scale + shift) when its scale and shift are Constants
/// that vary along the normalised axes only (refused otherwise: per-channel scales of instance norms).
class MvnOp : public GpuOp {
public:
    Validation validate(const Node& node, const DeviceInfo& device) const override;
    OpConfig configure(const Node& node, const DeviceInfo& device) const override;
};

/// NormalizeL2-1 with constant, non-empty axes (eps_mode add or max).
class NormalizeL2Op : public GpuOp {
public:
    Validation validate(const Node& node, const DeviceInfo& device) const override;
    OpConfig configure(const Node& node, const DeviceInfo& device) const override;
};

/// BatchNormInference-1 and -5: the per-channel inputs are read as they are (Constant or not).
class BatchNormOp : public GpuOp {
public:
    Validation validate(const Node& node, const DeviceInfo& device) const override;
    OpConfig configure(const Node& node, const DeviceInfo& device) const override;
};

}  // namespace gpu
}  // namespace ovcl
