// GPU host classes of the matmul ops.
#pragma once

#include "ops/gpu_op.hpp"
#include "ops/tunable_op.hpp"

namespace ovcl {
namespace gpu {

/// Whether `device` gets matmul_tiled (kernels_cl/matmul_tiled.cl) first: DeviceInfo::gpu_kernels (a GPU with
/// on-chip local memory, or GPU_KERNELS=GPU) and work-groups of 256. CPU devices (PoCL) keep the register-blocked
/// kernels: their local memory is ordinary memory.
bool matmul_tiles_pay(const DeviceInfo& device);
/// matmul_tiled with tile `tile` (0: 64 x 64, the heuristic's) over `batches` products C = A x B (C dense, M x N;
/// A(i, k) at i * sa_m + k * sa_k, B(k, j) at k * sb_k + j * sb_n from the offsets in the step's constant 0): the
/// launch with its options, arguments (operands `a`, `b`) and local size; epilogue options and arguments are the
/// caller's to add (FUSED=1: bias per column, 2: per row). `half` (half_compute): products summed in half.
KernelLaunch matmul_tiled_launch(element::Type type, bool half, size_t tile, const KernelArg& a, const KernelArg& b,
                                 int64_t M, int64_t N, int64_t K, int64_t sa_m, int64_t sa_k, int64_t sb_k,
                                 int64_t sb_n, size_t batches);
/// Whether matmul_tiled computes an operation on `type` in half on `device` (-DHC=1): f16 tensors (f16 models, or
/// INFERENCE_PRECISION_HINT=f16) on a device with half arithmetic (DeviceInfo::fp16); impl names end in "_half".
bool half_compute(element::Type type, const DeviceInfo& device);

/// MatMul-1 (transposes, 1-D operands, broadcast batch axes) for f32, f16 (stored as half, computed in f32, or in
/// half on matmul_tiled: half_compute), i32 and i64, and FusedMatMul with the epilogue: the register-blocked
/// matmul_panel / matmul_dot / matmul_int of kernels_cl/matmul.cl, on GPUs matmul_tiled and matmul_gemv; a variable
/// B is packed at run time where repack_pays. Refused (they run on the host): element types other than f32, f16,
/// i32 and i64, integer FusedMatMul, tensors of 2^31 elements or more. Impl names, candidates: docs/kernels.md,
/// "matmul".
OVCL_DECLARE_TUNABLE_GPU_OP(MatMulOp);

}  // namespace gpu
}  // namespace ovcl
