// Host reference kernel of Eye: ones on the diagonal shifted by diagonal_index (positive: above the main
// diagonal), zeros elsewhere, repeated over the batch shape.
#pragma once

#include "host_ref/ref_utils.hpp"

namespace ovcl {
namespace host_ref {
void eye(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
}  // namespace host_ref
}  // namespace ovcl
