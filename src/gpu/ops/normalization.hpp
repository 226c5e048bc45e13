// GPU host classes of the normalization ops: kernels_cl/normalization.cl, f32 and f16 (f16 as storage,
// computed in f32); MVN and NormalizeL2 on the region plan of ops/reduce_region.hpp. Refused (they run on
// the host): other element types, axes that are not a Constant, tensors of 2^31 elements or more.
#pragma once

#include "ops/gpu_op.hpp"

namespace ovcl {
namespace gpu {

/// MVN-1 (opset2: across_channels or reduction_axes) and MVN-6 (constant axes; eps inside or outside
/// the square root); FusedMVN (fusions.hpp: MVN-6 then * scale + shift) when its scale and shift are Constants
/// that vary along the normalised axes only (refused otherwise: per-channel scales of instance norms).
OVCL_DECLARE_GPU_OP(MvnOp);

/// NormalizeL2-1 with constant, non-empty axes (eps_mode add or max).
OVCL_DECLARE_GPU_OP(NormalizeL2Op);

/// BatchNormInference-1 and -5: the per-channel inputs are read as they are (Constant or not).
OVCL_DECLARE_GPU_OP(BatchNormOp);

}  // namespace gpu
}  // namespace ovcl
