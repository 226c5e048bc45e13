// GPU host classes of the convolution ops.
#pragma once

#include "ops/gpu_op.hpp"

namespace ovcl {
namespace gpu {

/// Convolution-1 and GroupConvolution-1 over 1-D and 2-D NCHW f32 or f16 data (f16 as storage,
/// -DIO_HALF, computed in f32; f16 weights become f32 when reordered, a depthwise kernel reads them as half).
///   conv2d_k16 (kernels_cl/convolution.cl): direct convolution, a register block of XB output pixels of a
///     row x 16 or 32 output channels per work-item; weights must be a Constant, reordered once in configure().
///   conv2d_dw16 (kernels_cl/convolution_dw.cl): depthwise (one input channel per group), 16 output pixels
///     per work-item; weights are read as they are, so they need not be a Constant.
/// FusedConvolution / FusedGroupConvolution (fusions.hpp): the same kernels with the bias + activation epilogue
///   of epilogue.hpp (impl "..._fused"); refused also when the bias is not a Constant.
/// Refused (they run on the host): 3-D convolution, element types other than f32 / f16, non-constant weights of a
/// non-depthwise convolution, tensors of 2^31 elements or more.
class ConvolutionOp : public GpuOp {
public:
    Validation validate(const Node& node, const DeviceInfo& device) const override;
    OpConfig configure(const Node& node, const DeviceInfo& device) const override;
};

}  // namespace gpu
}  // namespace ovcl
