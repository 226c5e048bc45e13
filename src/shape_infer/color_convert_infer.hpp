// Shape and type inference of the YUV 4:2:0 to RGB / BGR conversions (NV12toRGB-8, NV12toBGR-8, I420toRGB-8,
// I420toBGR-8). One input: [N, H * 3 / 2, W, 1] holding every plane; else the planes apart: Y [N, H, W, 1] and
// UV [N, H / 2, W / 2, 2] (NV12), or Y, U and V [N, H / 2, W / 2, 1] (I420). H and W even; output [N, H, W, 3]
// of the input's type (u8 or real).
#pragma once

#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace shape_infer {
Outputs nv12_to_rgb(const Node& node, const Inputs& in);
Outputs i420_to_rgb(const Node& node, const Inputs& in);
}  // namespace shape_infer
}  // namespace ovcl
