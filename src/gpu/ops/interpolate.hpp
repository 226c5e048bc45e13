// GPU host class of Interpolate-4 and Interpolate-11 (kernels_cl/interpolate.cl): every mode, coordinate
// transformation, pad and axis of host_ref, through per-axis tables of source offsets and weights that configure()
// builds from host_ref's own per-axis maps, so the device computes sum(w0 w1 ... x) over the taps in one pass.
// Refused (they run on the host): integer data outside nearest, non-Constant axes (or scales), more than four
// tabled axes or 32 taps per output along one, an empty input, tensors of 2^31 elements or more; the full list:
// docs/kernels.md, "interpolate".
#pragma once

#include "ops/gpu_op.hpp"

namespace ovcl {
namespace gpu {

OVCL_DECLARE_GPU_OP(InterpolateOp);

}  // namespace gpu
}  // namespace ovcl
