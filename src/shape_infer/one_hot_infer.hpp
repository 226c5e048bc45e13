// Shape and type inference of OneHot.
#pragma once

#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace shape_infer {
/// OneHot-1: (integer indices, depth scalar, on_value scalar, off_value scalar of on_value's type), attr
/// axis: the indices' shape with depth inserted at axis, on_value's type. OneHot-16 adds attr
/// negative_indices_mode: ignore_negative (as OneHot-1) or normalize (-depth..-1 count from the end).
Outputs one_hot(const Node& node, const Inputs& in);
}  // namespace shape_infer
}  // namespace ovcl
