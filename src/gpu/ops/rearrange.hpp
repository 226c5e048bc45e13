// GPU host classes of the rearrangements. DepthToSpace-1, SpaceToDepth-1 and ShuffleChannels-1 are a transpose of a
// reshaped view of their input (OpenVINO's specifications define them so): they launch Transpose's kernels
// (kernels_cl/movement.cl) on that view, bit copies, so every element type moves. Roll-7 has its own kernel.
#pragma once

#include "ops/gpu_op.hpp"

namespace ovcl {
namespace gpu {

OVCL_DECLARE_GPU_OP(RearrangeOp);

/// Roll-7 (src/gpu/ops/rearrange_roll.cpp): kernels_cl/rearrange.cl's `roll`, each output element read from its
/// coordinates shifted back modulo the extents; axes without a shift merged. Bit copies of 1-, 2-, 4- and 8-byte
/// elements. Refused: shifts or axes that are not Constants (the launch's geometry is fixed when planned).
OVCL_DECLARE_GPU_OP(RollOp);

}  // namespace gpu
}  // namespace ovcl
