// Host reference of Einsum-7: every output element sums, over the labels the output leaves out, the product
// of the inputs' elements at those labels (a repeated label reads a diagonal; an extent 1 broadcasts).
// Reals compute in double, integers in int64 (wrapping as the element type does).
#pragma once

#include "host_ref/ref_utils.hpp"

namespace ovcl {
namespace host_ref {
void einsum(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
}  // namespace host_ref
}  // namespace ovcl
