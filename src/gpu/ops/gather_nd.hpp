// GPU host classes of GatherND-5/8 and GatherElements-6 (kernels_cl/gather_nd.cl): word copies, so every element type
// moves; runtime i32/i64 indices, checked on the device (an index outside the data fails the inference naming the
// node, as host_ref throws). docs/kernels.md, "gather_nd".
#pragma once

#include "ops/gpu_op.hpp"

namespace ovcl {
namespace gpu {

/// GatherND-5/8: each index tuple's slice, CHUNK elements a work-item (gather_nd.cpp).
OVCL_DECLARE_GPU_OP(GatherNDOp);

/// GatherElements-6: one work-item per output element (gather_nd.cpp).
OVCL_DECLARE_GPU_OP(GatherElementsOp);

}  // namespace gpu
}  // namespace ovcl
