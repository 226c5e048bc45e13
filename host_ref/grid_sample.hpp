// Host reference kernel of GridSample-9: every output pixel samples data at the grid's normalised (x, y)
// position ([-1, 1] spans the image: the centres of the corner pixels with align_corners, their outer edges
// without). Bilinear and nearest apply the padding mode to the position (border: clamp; reflection: mirror
// at the edges), then read outside pixels as zero; bicubic (A = -0.75) applies it to each of its 4x4 taps.
// Nearest rounds halves to even. Computed in double; grids are real, data any numeric type: integer outputs
// are stored as OpenVINO CPU does (i8/u8 round to nearest, wider integers truncate; both saturate).
#pragma once

#include "host_ref/ref_utils.hpp"

namespace ovcl {
namespace host_ref {
void grid_sample(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
}  // namespace host_ref
}  // namespace ovcl
