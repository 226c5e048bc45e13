// Host reference of Inverse-14, as OpenVINO CPU computes it: an LU factorisation with partial pivoting (the
// first largest pivot), then a forward and a back substitution per column, in double; a singular matrix
// gives the infinities and NaNs those divisions by zero give. adjoint: the inverse of the transpose.
#pragma once

#include "host_ref/ref_utils.hpp"

namespace ovcl {
namespace host_ref {
void inverse(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
}  // namespace host_ref
}  // namespace ovcl
