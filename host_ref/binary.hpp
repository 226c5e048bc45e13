// Host reference kernels of the binary element-wise ops and Select. Inputs broadcast with
// numpy rules (auto_broadcast "none" has been checked by shape inference). Integer arithmetic
// wraps modulo 2^bits; integer Divide, FloorMod and Mod throw InvalidArgument on a zero divisor.
#pragma once

#include "host_ref/ref_utils.hpp"

namespace ovcl {
namespace host_ref {

void add(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void subtract(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void multiply(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
/// Integer division floors when m_pythondiv is true (the default) and truncates otherwise.
void divide(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void maximum(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void minimum(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
/// Integer powers are exact (wrapping); a negative integer exponent truncates the real result.
void power(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void squared_difference(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
/// The remainder takes the divisor's sign (Python's %).
void floor_mod(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
/// The remainder takes the dividend's sign (C's % and fmod).
void mod(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void prelu(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);

void equal(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void not_equal(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void less(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void less_equal(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void greater(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void greater_equal(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void logical_and(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void logical_or(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void logical_xor(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void select(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);

}  // namespace host_ref
}  // namespace ovcl
