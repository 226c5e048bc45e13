// Shape and type inference of the bitwise ops.
#pragma once

#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace shape_infer {
/// BitwiseAnd/Or/Xor-13: two inputs of one integer or boolean type, auto_broadcast (numpy by default).
Outputs bitwise_binary(const Node& node, const Inputs& in);
/// BitwiseNot-13: one integer or boolean input.
Outputs bitwise_not(const Node& node, const Inputs& in);
/// BitwiseLeftShift/RightShift-15: two inputs of one integer type (not boolean), auto_broadcast.
Outputs bitwise_shift(const Node& node, const Inputs& in);
}  // namespace shape_infer
}  // namespace ovcl
