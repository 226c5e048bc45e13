// GPU host class of TopK: kernels_cl/topk.cl (docs/kernels.md, "topk"), the indices host_ref gives bit for bit (ties
// to the lower index, NaN after every number, sort=none as sort=value). f32, f16 (halves compared as f32, copied as
// stored), i32 and i64 data; i32 or i64 indices; any axis. Refused (they run on the host): other element types, k that
// is not a Constant (the output shape then depends on its value: docs/architecture.md, "Data-dependent shapes"),
// tensors of 2^31 elements or more.
#pragma once

#include "ops/gpu_op.hpp"

namespace ovcl {
namespace gpu {

/// TopK-1, -3 and -11 (modes max and min, sort value / index / none, stable either way: host_ref always is).
OVCL_DECLARE_GPU_OP(TopKOp);

}  // namespace gpu
}  // namespace ovcl
