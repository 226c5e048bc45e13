// Shape and type inference of the binary element-wise ops and Select. All take the
// attribute auto_broadcast: "numpy" (default) or "none" (shapes must match).
#pragma once

#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace shape_infer {
/// The shape of a and b combined under the node's auto_broadcast attribute (numpy by default, or none).
PartialShape broadcast_by_attr(const Node& node, const PartialShape& a, const PartialShape& b);
}  // namespace shape_infer
}  // namespace ovcl
