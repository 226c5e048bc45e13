// Host reference kernels of the unary ops. Reals compute in their own type (f16 in f32);
// integer inputs of the transcendental ops compute in double and round to nearest, as the
// OpenVINO specification asks for Sqrt and Tanh.
#pragma once

#include "host_ref/ref_utils.hpp"

namespace ovcl {
namespace host_ref {

void abs(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void negative(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void exp(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void log(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void sqrt(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void erf(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void floor(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void ceiling(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void sin(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void cos(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void tanh(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void relu(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void sigmoid(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
/// Attributes min and max; integer inputs clamp to ceil(min) and floor(max).
void clamp(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
/// Attribute alpha.
void elu(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
/// Gelu-2 is the erf form; Gelu-7 picks erf or tanh by approximation_mode.
void gelu(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
/// The optional second input is the scalar beta (1 when absent).
void swish(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void hswish(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void hsigmoid(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void mish(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void softplus(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
/// Attribute destination_type; the rules are those of convert_elements.
void convert(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void logical_not(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);

// unary_math.cpp
void tan(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void asin(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void acos(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void atan(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void sinh(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void cosh(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void asinh(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void acosh(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void atanh(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
/// -1, 0 or 1 in the input's type (NaN gives 0).
void sign(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
/// x / (1 + |x|).
void softsign(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
/// Attribute mode: half_to_even or half_away_from_zero; integers are unchanged.
void round(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
/// max(0, min(1, alpha * x + beta)); inputs 1 and 2 are alpha and beta, one value each.
void hard_sigmoid(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
/// lambda * (x > 0 ? x : alpha * (e^x - 1)); inputs 1 and 2 are alpha and lambda, one value each.
void selu(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
/// Booleans of real data: finite; infinite of the signs detect_negative / detect_positive ask for (both by
/// default); NaN.
void is_finite(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void is_inf(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void is_nan(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
/// Input 0 converted to input 1's element type by convert_elements's rules (as Convert).
void convert_like(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
/// Both inputs converted to the common type shape inference chose (ConvertPromoteTypes-14), as Convert.
void convert_promote_types(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
/// A copy of the input.
void identity(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);

/// Converts n elements of src (element type `from`) into dst (element type `to`) as OpenVINO CPU does:
/// reals to integers truncate toward zero into i32 (NaN and values outside [-2^31, 2^31) give INT32_MIN; an
/// f16 infinity is +-65504 for targets wider than 8 bits), then convert as integers; integers to integers wrap
/// modulo 2^bits; anything to boolean is x != 0 (NaN: false); boolean reads as 0/1.
void convert_elements(const void* src, element::Type from, void* dst, element::Type to, size_t n);

}  // namespace host_ref
}  // namespace ovcl
