// Host reference kernels of the variables ops (ReadValue, Assign): the state lives in the
// evaluation context's VariableStore, keyed by variable_id, and persists between evaluations.
#pragma once

#include "host_ref/ref_utils.hpp"

namespace ovcl {
namespace host_ref {

/// The stored value of the variable when the store has one (its type must be the output's and
/// its shape must fit the declared variable_shape, or equal the init value's when none is
/// declared), else the init input, else zeros of the static variable_shape. The output tensor
/// takes the shape of the value it receives, which may differ from the one it was allocated
/// with when the declared shape is dynamic (a growing state).
void read_value(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
/// Stores a copy of its input as the variable's value (needs ctx.variables) and outputs the input.
void assign(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);

}  // namespace host_ref
}  // namespace ovcl
