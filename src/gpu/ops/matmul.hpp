// GPU host classes of the matmul ops.
#pragma once

#include "ops/gpu_op.hpp"
#include "tuning/tuning.hpp"

namespace ovcl {
namespace gpu {

/// MatMul-1 (transpose_a / transpose_b, 1-D operands, numpy-broadcast batch axes) for f32, f16 (stored as half,
/// computed in f32, or on matmul_tiled in half where the device has half arithmetic: half_compute), i32 and i64. Kernels of kernels_cl/matmul.cl, each work-item a register block of C:
///   matmul_panel: 8 rows x 32 columns (two float16), A read as broadcast scalars, B as rows of the block;
///     B must be contiguous along N: a Constant B is repacked once into zero-padded 32-column panels
///     (impl "..._packed"); a variable B is read in place, or, when the product is large enough for it to pay
///     (repack_pays in matmul.cpp, measured), packed into the same panels at run time by a first launch
///     (matmul_pack_b / matmul_pack_bt) into a scratch buffer of the step (OpConfig::scratch; impl
///     "..._repacked"); with both operands transposed and B read in place, C^T = B^T A^T is computed instead
///     (impl "..._swapped").
///   matmul_dot: 4 x 4 dot products along K (A not transposed, B transposed or a vector), float16 partial sums.
///   matmul_int: i32 and i64 with the host reference's wrapping arithmetic (bit-identical), 8 rows x one 64-byte
///     vector of columns (16 i32, 8 i64) per work-item, any operand strides; a Constant B is packed as above
///     (impl "..._packed"), a variable B is read in place (element loads when transposed).
/// FusedMatMul (fusions.hpp): the f32 / f16 kernels with the bias + activation epilogue of epilogue.hpp (impl
/// "..._fused"; "..._fused_res" with a fused residual Add read at C's index).
///   matmul_tiled (devices where matmul_tiles_pay): TM x TN tiles of C per work-group staged through local memory,
///     any operand strides, a Constant B read as stored (impl "matmul_tiled_<TM>x<TN>", "..._half" where it
///     computes in half: half_compute).
/// Candidates (tuning.hpp) for f32 / f16: "panel_<RB>x<16 NV>" (8x32, 4x48, 6x48, 4x32) and "dot_4x4" where the
/// operands allow them, and "panel_8x32_repack" for a variable B, the heuristic's pick first; on devices where
/// matmul_tiles_pay, "tiled_64x64", "tiled_128x128", "tiled_32x32" before them; i32 / i64 have one.
/// Refused (they run on the host): element types other than f32, f16, i32 and i64 (host_ref has no others), integer
/// FusedMatMul (its epilogue computes in f32), and tensors of 2^31 elements or more.
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

class MatMulOp : public GpuOp, public tuning::TunableOp {
public:
    Validation validate(const Node& node, const DeviceInfo& device) const override;
    OpConfig configure(const Node& node, const DeviceInfo& device) const override;
    std::vector<std::string> candidate_names(const Node& node, const DeviceInfo& device) const override;
    OpConfig configure_candidate(const Node& node, const DeviceInfo& device, size_t index) const override;
};

}  // namespace gpu
}  // namespace ovcl
