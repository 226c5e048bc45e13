// Host reference of Parameter, Constant and Result (the evaluator feeds parameters itself).
#pragma once

#include "host_ref/ref_utils.hpp"

namespace ovcl {
namespace host_ref {
void parameter(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void constant(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void result(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
}  // namespace host_ref
}  // namespace ovcl
