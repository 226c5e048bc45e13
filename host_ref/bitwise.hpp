// Host reference kernels of the bitwise ops (integer and boolean tensors, numpy broadcast). Shifts follow
// OpenVINO CPU: types of 32 bits or fewer shift as 32-bit values (signed ones arithmetically to the right),
// 64-bit ones as 64-bit values, the count taken modulo that width; the result is truncated to the type.
#pragma once

#include "host_ref/ref_utils.hpp"

namespace ovcl {
namespace host_ref {

void bitwise_and(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void bitwise_or(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void bitwise_xor(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
/// ~x; a boolean's negation.
void bitwise_not(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void bitwise_left_shift(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void bitwise_right_shift(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);

}  // namespace host_ref
}  // namespace ovcl
