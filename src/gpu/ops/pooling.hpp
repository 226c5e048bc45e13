// GPU host classes of the pooling ops.
#pragma once

#include "ops/gpu_op.hpp"

namespace ovcl {
namespace gpu {

/// MaxPool 1/8/14 (f32, f16, i32; v8/v14 also the indices, i32 or i64) and AvgPool 1/14 (f32, f16) over 1-D, 2-D
/// and 3-D windows of NC[D]HW data: kernels_cl/pooling.cl. The window geometry (effective pads,
/// rounding types including ceil_torch) is shape_infer::pooling_window's, as in the host reference.
OVCL_DECLARE_GPU_OP(PoolingOp);

}  // namespace gpu
}  // namespace ovcl
