// Shape and type inference of the pad ops: Pad-1 (non-negative pads) and Pad-12 (negative pads crop).
#pragma once

#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace shape_infer {

enum class PadMode { constant, edge, reflect, symmetric };
/// The node's pad_mode attribute (required); throws ModelError on an unknown value.
PadMode pad_mode(const Node& node);

}  // namespace shape_infer
}  // namespace ovcl
