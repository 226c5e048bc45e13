// GPU host class of the reduce ops: kernels_cl/reduce.cl, f32 and f16 (f16 as storage: -DIO_HALF;
// accumulated in f32), i32 and i64 (reduce_int, wrapping as host_ref), on the region plan of ops/reduce_region.hpp
// (any rank, any axis set of at most three runs of reduced axes and three of kept ones besides the innermost).
// Refused (they run on the host): other element types, ReduceL2 of integers, axes that are not a Constant,
// tensors of 2^31 elements or more.
#pragma once

#include "ops/gpu_op.hpp"

namespace ovcl {
namespace gpu {

/// ReduceSum/Mean/Max/Min/Prod-1 and ReduceL1/L2-4: constant axes input, keep_dims either way.
OVCL_DECLARE_GPU_OP(ReduceOp);

}  // namespace gpu
}  // namespace ovcl
