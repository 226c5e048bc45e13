// Host reference kernel of CumSum: reals sum in double, integers in their own type (wrapping as
// unsigned arithmetic does), each result stored in the input's type.
#pragma once

#include "host_ref/ref_utils.hpp"

namespace ovcl {
namespace host_ref {
void cumsum(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
}  // namespace host_ref
}  // namespace ovcl
