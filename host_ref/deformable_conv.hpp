// Host reference kernels of DeformableConvolution-1 and -8. Output (n, o, y, x) sums, over the input channels
// of o's group and the taps (i, j), filter[o, c, i, j] * mask * data[n, c] sampled at
// (y * stride - pad + i * dilation + dy, x * stride - pad + j * dilation + dx), where (dy, dx) are the offsets
// of the channel's deformable group for that tap (channels 2 * tap and 2 * tap + 1) and the mask is 1 without
// the mask input. Sampling is bilinear. With bilinear_interpolation_pad a point inside (-1, H) x (-1, W)
// interpolates with zeros beyond the edge; without it (and in v1) a point outside [0, H) x [0, W) reads zero and
// one inside takes its far neighbours clamped to the edge (so the last row and column repeat) - what OpenVINO
// CPU does; the specification only says the values outside are zeros. Computed in double; f16/f32/f64.
#pragma once

#include "host_ref/ref_utils.hpp"

namespace ovcl {
namespace host_ref {
void deformable_convolution(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void deformable_convolution_v8(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
}  // namespace host_ref
}  // namespace ovcl
