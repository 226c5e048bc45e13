// Shape and type inference of the control-flow ops, whose bodies are models of their own: the body is
// inferred with the node's input types and shapes (a copy of it: the node's body keeps what the IR says).
#pragma once

#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace shape_infer {

/// The iteration count a sliced input gives (OpenVINO's rule: start and end are inclusive, negative ones
/// count from the end), for an axis of `extent`; nullopt when the extent is unknown. Shared with host_ref.
std::optional<int64_t> sliced_iterations(const Node& node, const BodyInput& in, const Dimension& extent);
}  // namespace shape_infer
}  // namespace ovcl
