// FusedRoPE (transform/fusions_rope.cpp makes it): rotary position embedding with the halves of the last axis
// rotated, y = x * cos + concat(-x[..., D/2:], x[..., :D/2]) * sin, cos and sin broadcast onto x. Its registry
// entry (shape inference, the host reference through the ops it stands for) and its GPU host class
// (kernels_cl/rope.cl, docs/kernels.md "rope").
#pragma once

#include "ops/gpu_op.hpp"
#include "ovcl/op_registry.hpp"

namespace ovcl {
namespace gpu {

/// FusedRoPE on f32 or f16 data (f16 as storage) whose cos and sin share one shape and broadcast onto the data
/// along at most three groups of leading axes; refused otherwise (it runs on the host).
OVCL_DECLARE_GPU_OP(RopeOp);

}  // namespace gpu
}  // namespace ovcl
