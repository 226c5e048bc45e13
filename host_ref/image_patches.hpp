// Host reference of the image-patch ops. ExtractImagePatches-3 moves elements: output channel
// (i * sizes[1] + j) * C + c holds tap (i, j) of input channel c, zeros in the padding. Col2Im-15 is its
// adjoint with sums: column (c * kh + i) * kw + j of block b adds into output channel c at the tap's position
// (reals sum in double, integers in int64 and wrap as the element type).
#pragma once

#include "host_ref/ref_utils.hpp"

namespace ovcl {
namespace host_ref {
void extract_image_patches(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void col2im(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
}  // namespace host_ref
}  // namespace ovcl
