// GPU host classes of the convolution ops.
#pragma once

#include "ops/gpu_op.hpp"
#include "tuning/tuning.hpp"

namespace ovcl {
namespace gpu {

/// Convolution-1 and GroupConvolution-1 over 1-D, 2-D and 3-D NC[D]HW f32 or f16 data (f16 as storage,
/// -DIO_HALF, computed in f32; f16 weights become f32 when reordered, a depthwise kernel reads them as half).
/// Every kernel works on 3-D geometry (2-D as D = 1, 1-D as D = H = 1; the depth loop runs once).
///   conv2d_k16 (kernels_cl/convolution.cl): direct convolution, a register block of XB output pixels of a
///     row x 16 or 32 output channels per work-item; weights must be a Constant, reordered once in configure().
///   depthwise (one input channel per group; kernels_cl/convolution_dw.cl), weights read as they are (they need
///     not be a Constant), 16 outputs of one channel per float16:
///     conv2d_dw_flat2  stride 1, OW == W, dilation 1 along H, W >= 16, 2-D: two output rows at a time sharing
///                      their input rows;
///     conv2d_dw_flat   stride 1, OW == W, 2-D otherwise: the channel plane flattened, columns masked at row ends;
///     conv2d_dw_s2     stride 2 along W with 3 taps there (no dilation along W), 2-D: even / odd lanes of two loads;
///     conv2d_dw16      every other depthwise shape (3-D, other strides and kernels), 16 output pixels of a row;
///     conv2d_dw_pixel  GPUs (DeviceInfo::is_gpu): any shape, one output per work-item.
///   impl names "conv2d_..." for 1-D / 2-D, "conv3d_..." for 3-D; a depthwise one names its kernel
///   ("conv2d_dw_flat2", "conv2d_dw_flat", "conv2d_dw_s2", "conv2d_dw16", "conv2d_dw_pixel"; the tuning candidate
///   names add the work sizes).
/// FusedConvolution / FusedGroupConvolution (fusions.hpp): the same kernels with the bias + activation epilogue
///   of epilogue.hpp (impl "..._fused"; "..._fused_res" with a fused residual Add, conv2d_k16 only); refused also
///   when the bias is not a Constant, and with a residual Add on a depthwise convolution.
///   pointwise (1 tap per axis, stride 1, no padding, one group, weights of the data's type): a MatMul per image,
///     weights (K x C) x image (C x pixels), by matmul_panel ("gemm_8x32") or, on devices where matmul_tiles_pay,
///     matmul_tiled ("gemm_tiled_64x64"; ops/matmul.hpp);
///   implicit GEMM (devices where matmul_tiles_pay; not depthwise, 1-D to 3-D, weights of the data's type):
///     matmul_tiled with the input read through the taps while staged, weights as stored (K x C * KD * KH * KW), one
///     GEMM per image and group ("implicit_gemm_64x64").
/// Candidates (tuning.hpp): conv2d_k16's register blocks "k16_<pixels>x<channels>" (the heuristic's first, see
///   choose_block) and the GEMM ones above (pointwise first from 512 pixels per image; on GPUs the tiled one
///   first); depthwise: the shape's kernel at three work sizes per work-item ("dw_flat2_<row pairs>x<planes>",
///   "dw_flat_<chunks>x<planes>", "dw_s2_rows<rows>x<planes>"), then "dw16_rows<r>" (conv2d_dw16); on GPUs
///   "dw_pixel" first.
/// Refused (they run on the host): element types other than f32 / f16, non-constant weights of a
/// non-depthwise convolution, tensors of 2^31 elements or more.
class ConvolutionOp : public GpuOp, public tuning::TunableOp {
public:
    Validation validate(const Node& node, const DeviceInfo& device) const override;
    OpConfig configure(const Node& node, const DeviceInfo& device) const override;
    std::vector<std::string> candidate_names(const Node& node, const DeviceInfo& device) const override;
    OpConfig configure_candidate(const Node& node, const DeviceInfo& device, size_t index) const override;
};

/// ConvolutionBackpropData-1 (transposed convolution) over 1-D, 2-D and 3-D NC[D]HW f32 or f16 data (f16 as
/// storage, computed in f32): deconv_k16 (kernels_cl/deconvolution.cl), a gather form without atomics; a
/// work-item holds XB output columns of one stride phase x 16 or 32 output channels, weights reordered once in
/// configure(). Impl names "deconv2d_k16_<XB>x<channels>" (1-D / 2-D) and "deconv3d_...".
/// Refused (they run on the host): element types other than f32 / f16, weights or an output_shape (input 2)
/// that are not Constants, tensors of 2^31 elements or more.
class ConvolutionBackpropOp : public GpuOp {
public:
    Validation validate(const Node& node, const DeviceInfo& device) const override;
    OpConfig configure(const Node& node, const DeviceInfo& device) const override;
};

}  // namespace gpu
}  // namespace ovcl
