// Shape and type inference of the rearrange ops: elements moved, none computed.
#pragma once

#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace shape_infer {
/// Reverse-1's axes input resolved for data of `rank`: which axes flip. Throws ModelError.
std::vector<bool> reverse_axes(const Node& node, int64_t rank, const std::vector<int64_t>& axes);
}  // namespace shape_infer
}  // namespace ovcl
