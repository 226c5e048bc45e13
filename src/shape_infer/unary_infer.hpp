// Shape and type inference of the unary (element-wise, one data input) ops.
#pragma once

#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace shape_infer {
/// Abs, Negative, Log, Sqrt, Erf, Floor, Ceiling, Sin, Cos, Tanh, Relu: any numeric type (not boolean).
Outputs unary_numeric(const Node& node, const Inputs& in);
/// Exp, Sigmoid, HSwish, HSigmoid, Mish, SoftPlus: real types only.
Outputs unary_real(const Node& node, const Inputs& in);
Outputs clamp(const Node& node, const Inputs& in);        ///< attrs min, max (min <= max); numeric
Outputs elu(const Node& node, const Inputs& in);          ///< attr alpha; real
Outputs gelu(const Node& node, const Inputs& in);         ///< v2: erf form; v7: approximation_mode erf/tanh
Outputs swish(const Node& node, const Inputs& in);
/// Round-5: any numeric type; attr mode half_to_even or half_away_from_zero.
Outputs round(const Node& node, const Inputs& in);
/// HardSigmoid-1 (data, alpha, beta), Selu-1 (data, alpha, lambda): real data, two parameters of its type
/// holding one value each (scalars, or 1-D of one element as frontends write them).
Outputs real_with_two_scalars(const Node& node, const Inputs& in);
/// IsFinite-10, IsInf-10 (attrs detect_negative, detect_positive), IsNaN-10: real data, a boolean of its shape.
Outputs real_to_boolean(const Node& node, const Inputs& in);
/// ConvertLike-1: (data, like): data's values as like's element type, data's shape.
Outputs convert_like(const Node& node, const Inputs& in);
/// ConvertPromoteTypes-14: (a, b) -> (a, b) both as their common type (attrs promote_unsafe,
/// pytorch_scalar_promotion, u64_integer_promotion_target; src/shape_infer/unary_promote_infer.cpp).
Outputs convert_promote_types(const Node& node, const Inputs& in);
/// Identity-16: any type, its input unchanged.
Outputs identity(const Node& node, const Inputs& in);        ///< data, optional scalar beta of the same type
Outputs convert(const Node& node, const Inputs& in);      ///< attr destination_type
Outputs logical_not(const Node& node, const Inputs& in);  ///< boolean
}  // namespace shape_infer
}  // namespace ovcl
