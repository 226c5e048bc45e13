// Shape and type inference of the transpose ops.
#pragma once

#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace shape_infer {
/// Transpose-1: (data, order); output dim i is input dim order[i]; an empty order reverses the axes.
Outputs transpose(const Node& node, const Inputs& in);
}  // namespace shape_infer
}  // namespace ovcl
