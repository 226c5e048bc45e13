// GPU host classes of the convolution ops.
#pragma once

#include "ops/gpu_op.hpp"
#include "ops/tunable_op.hpp"

namespace ovcl {
namespace gpu {

/// Convolution-1 and GroupConvolution-1 over 1-D to 3-D NC[D]HW f32 or f16 data (f16 stored as half, computed in
/// f32), and FusedConvolution / FusedGroupConvolution with the epilogue: conv2d_k16 register blocks, the depthwise
/// kernels (conv2d_dw_*), and matmul_panel / matmul_tiled for pointwise (GEMM) and other (implicit GEMM) shapes.
/// Refused (they run on the host): element types other than f32 / f16, non-constant weights of a non-depthwise
/// convolution, tensors of 2^31 elements or more; fused, also a non-Constant bias and a residual Add on a depthwise
/// convolution. Kernels, impl names, tuning candidates: docs/kernels.md, "convolution".
OVCL_DECLARE_TUNABLE_GPU_OP(ConvolutionOp);

/// ConvolutionBackpropData-1 (transposed convolution) over 1-D, 2-D and 3-D NC[D]HW f32 or f16 data (f16 as
/// storage, computed in f32): deconv_k16 (kernels_cl/deconvolution.cl), a gather form without atomics; a
/// work-item holds XB output columns of one stride phase x 16 or 32 output channels, weights reordered once in
/// configure(). Impl names "deconv2d_k16_<XB>x<channels>" (1-D / 2-D) and "deconv3d_...".
/// Refused (they run on the host): element types other than f32 / f16, weights or an output_shape (input 2)
/// that are not Constants, tensors of 2^31 elements or more.
OVCL_DECLARE_GPU_OP(ConvolutionBackpropOp);

}  // namespace gpu
}  // namespace ovcl
