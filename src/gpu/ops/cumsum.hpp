// GPU host class of CumSum: kernels_cl/cumsum.cl (docs/kernels.md, "cumsum"), one line per unit of work scanned in
// OpenVINO CPU's order and type: f32 sums in f32 (bit for bit as OpenVINO CPU, within rounding of host_ref's double
// sums), f16 as storage summed in f32, i32 and i64 wrapping. Refused (they run on the host): other element types, an
// axis that is not a Constant, tensors of 2^31 elements or more.
#pragma once

#include "ops/gpu_op.hpp"

namespace ovcl {
namespace gpu {

/// CumSum-3: exclusive, reverse, the axis from a constant input (axis 0 without one).
OVCL_DECLARE_GPU_OP(CumSumOp);

}  // namespace gpu
}  // namespace ovcl
