// Host reference of Parameter, Constant and Result (the evaluator feeds parameters itself).
#include "host_ref/ref_utils.hpp"

namespace ovcl {
namespace host_ref {

void parameter(const Node& node, const TensorVector&, TensorVector&, EvalContext&) {
    raise<Exception>(node.describe(), ": a Parameter has no value of its own; the caller supplies it");
}

void constant(const Node& node, const TensorVector&, TensorVector& out, EvalContext&) {
    node.get_constant_value().copy_to(out.at(0));
}

void result(const Node&, const TensorVector& in, TensorVector& out, EvalContext&) { in.at(0).copy_to(out.at(0)); }

}  // namespace host_ref
}  // namespace ovcl
