// GPU host class of the rearrangements that are a transpose of a reshaped view of their input: DepthToSpace-1,
// SpaceToDepth-1 and ShuffleChannels-1 (OpenVINO's specifications define them so). They launch Transpose's
// kernels (kernels_cl/movement.cl) on that view: bit copies, so every element type moves.
#pragma once

#include "ops/gpu_op.hpp"

namespace ovcl {
namespace gpu {

OVCL_DECLARE_GPU_OP(RearrangeOp);

}  // namespace gpu
}  // namespace ovcl
