// GPU host classes of the scatter ops (kernels_cl/scatter.cl), with host_ref's results bit for bit: the data copied,
// then the updates in update order. Runtime i32/i64 indices, checked on the device (an index outside the data fails
// the inference naming the node, as host_ref throws). Reduction none moves words (every element type); the
// reductions take f32, f16 (in double, on devices with cl_khr_fp64), i32 and i64. docs/kernels.md, "scatter".
#pragma once

#include "ops/gpu_op.hpp"

namespace ovcl {
namespace gpu {

/// ScatterUpdate-3 with a constant axis (scatter.cpp).
OVCL_DECLARE_GPU_OP(ScatterUpdateOp);

/// ScatterNDUpdate-4/15, every reduction of 15 (scatter.cpp).
OVCL_DECLARE_GPU_OP(ScatterNDUpdateOp);

/// ScatterElementsUpdate-3/12 with a constant axis, every reduction and use_init_val of 12 (scatter.cpp).
OVCL_DECLARE_GPU_OP(ScatterElementsUpdateOp);

}  // namespace gpu
}  // namespace ovcl
