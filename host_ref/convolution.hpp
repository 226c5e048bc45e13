// Host reference kernels of the convolution ops: Convolution, GroupConvolution, ConvolutionBackpropData,
// GroupConvolutionBackpropData.
// f32 and f16 (computed in f32, accumulated in f64).
#pragma once

#include <cstddef>
#include <cstdint>

#include "host_ref/ref_utils.hpp"

namespace ovcl {
namespace host_ref {

/// The geometry of a direct convolution with the spatial axes right-aligned into three (leading unit axes),
/// so one kernel serves 1-D, 2-D and 3-D. Channel counts are per group.
struct ConvGeometry {
    size_t batch = 1, groups = 1, in_channels = 1, out_channels = 1;
    size_t in[3] = {1, 1, 1}, out[3] = {1, 1, 1}, kernel[3] = {1, 1, 1};
    int64_t strides[3] = {1, 1, 1}, dilations[3] = {1, 1, 1}, pads_begin[3] = {0, 0, 0};
};

/// y[N, G*OC, out..] = cross-correlation of x[N, G*IC, in..] with w[G*OC, IC, kernel..] (w may be viewed as
/// [G, OC, IC, kernel..]); positions outside the input read as zero.
void convolution_f32(const float* x, const float* w, float* y, const ConvGeometry& g);
/// y[N, G*OC, out..] = transposed convolution of x[N, G*IC, in..] with w[G*IC, OC, kernel..] (w may be viewed as
/// [G, IC, OC, kernel..]): input position p and tap t contribute to output position
/// p * stride + t * dilation - pads_begin when it lies inside the output.
void convolution_backprop_f32(const float* x, const float* w, float* y, const ConvGeometry& g);

}  // namespace host_ref
}  // namespace ovcl
