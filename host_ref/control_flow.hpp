// Host reference of the control-flow ops: each body runs on the host evaluator (src/graph's
// ModelEvaluator), so a body may hold any op the REF device runs, including other control flow.
// Sliced inputs are copied out part by part, concatenated outputs joined after the last iteration
// (in reverse order for a negative stride, as OpenVINO does). A Loop without a trip count runs until its
// body's condition is false; the evaluation's cancel flag is checked before each iteration.
#pragma once

#include "host_ref/ref_utils.hpp"

namespace ovcl {
namespace host_ref {
void if_op(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void loop(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void tensor_iterator(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
}  // namespace host_ref
}  // namespace ovcl
