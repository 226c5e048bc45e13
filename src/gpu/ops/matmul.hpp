// GPU host classes of the matmul ops.
#pragma once

#include "ops/gpu_op.hpp"

namespace ovcl {
namespace gpu {

/// MatMul-1 (transpose_a / transpose_b, 1-D operands, numpy-broadcast batch axes) for f32, and f16 storage
/// with f32 compute. Kernels of kernels_cl/matmul.cl, each work-item a register block of C:
///   matmul_panel: 8 rows x 32 columns (two float16), A read as broadcast scalars, B as rows of the block;
///     B must be contiguous along N: a Constant B is repacked once into zero-padded 32-column panels
///     (impl "..._packed"), a plain B is read in place; with both operands transposed and B not a Constant,
///     C^T = B^T A^T is computed instead (impl "..._swapped").
///   matmul_dot: 4 x 4 dot products along K (A not transposed, B transposed or a vector), float16 partial sums.
/// FusedMatMul (fusions.hpp): the same kernels with the bias + activation epilogue of epilogue.hpp (impl "..._fused").
/// Refused (they run on the host): element types other than f32 and f16, and tensors of 2^31 elements or more.
class MatMulOp : public GpuOp {
public:
    Validation validate(const Node& node, const DeviceInfo& device) const override;
    OpConfig configure(const Node& node, const DeviceInfo& device) const override;
};

}  // namespace gpu
}  // namespace ovcl
