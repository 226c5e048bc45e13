// GPU host class of the softmax ops: kernels_cl/softmax.cl on the region plan of ops/reduce_region.hpp
// (the softmax axis is the reduced run), f32 and f16 (f16 as storage, computed in f32). Refused (they run
// on the host): other element types, tensors of 2^31 elements or more.
#pragma once

#include "ops/gpu_op.hpp"

namespace ovcl {
namespace gpu {

/// Softmax-1/-8 and LogSoftmax-5 along any axis.
OVCL_DECLARE_GPU_OP(SoftmaxOp);

}  // namespace gpu
}  // namespace ovcl
