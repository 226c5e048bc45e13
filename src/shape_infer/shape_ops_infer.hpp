// Shape and type inference of the shape_ops ops: Reshape, Squeeze, Unsqueeze, ShapeOf.
#pragma once

#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace shape_infer {
/// Reshape-1: (data, target shape); attr special_zero. -1 is inferred, 0 copies the input dim when special_zero.
Outputs reshape(const Node& node, const Inputs& in);
/// Squeeze-1: (data[, axes]); without axes (or with empty axes) every dimension equal to 1 is removed.
Outputs squeeze(const Node& node, const Inputs& in);
/// Squeeze-15: Squeeze-1 plus attr allow_axis_skip: a named axis that may or may not be 1 leaves the rank unknown.
Outputs squeeze_v15(const Node& node, const Inputs& in);
/// Unsqueeze-1: (data, axes); axes index the output shape.
Outputs unsqueeze(const Node& node, const Inputs& in);
/// ShapeOf-1: a 1-D i64 tensor holding the input's shape.
Outputs shape_of_v1(const Node& node, const Inputs& in);
/// ShapeOf-3: as ShapeOf-1 with attr output_type (i32 or i64, default i64).
Outputs shape_of_v3(const Node& node, const Inputs& in);
}  // namespace shape_infer
}  // namespace ovcl
