// Shape and type inference of the control-flow ops, whose bodies are models of their own: the body is
// inferred with the node's input types and shapes (a copy of it: the node's body keeps what the IR says).
#pragma once

#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace shape_infer {
/// If-8: (cond, inputs...) with a then and an else body. With cond known the taken body's outputs; else
/// each output covers both bodies' (same types; dimensions that differ become ranges).
Outputs if_op(const Node& node, const Inputs& in);
/// Loop-5: (trip_count, execution_condition, inputs...), one body with a current-iteration parameter and
/// a condition result possible. TensorIterator-1: (inputs...). Sliced inputs give the body one part per
/// iteration; back edges carry a result into a parameter (its shape is widened until it no longer
/// changes); outputs are the last iteration's value or every iteration's joined along an axis.
Outputs loop(const Node& node, const Inputs& in);
Outputs tensor_iterator(const Node& node, const Inputs& in);

/// The iteration count a sliced input gives (OpenVINO's rule: start and end are inclusive, negative ones
/// count from the end), for an axis of `extent`; nullopt when the extent is unknown. Shared with host_ref.
std::optional<int64_t> sliced_iterations(const Node& node, const BodyInput& in, const Dimension& extent);
}  // namespace shape_infer
}  // namespace ovcl
