// Shape and type inference of the binary element-wise ops and Select. All take the
// attribute auto_broadcast: "numpy" (default) or "none" (shapes must match).
#pragma once

#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace shape_infer {
/// Add, Subtract, Multiply, Maximum, Minimum, Power, SquaredDifference, FloorMod, Mod:
/// same numeric type on both inputs (boolean rejected), broadcast shape.
Outputs binary_arithmetic(const Node& node, const Inputs& in);
/// The shape of a and b combined under the node's auto_broadcast attribute (numpy by default, or none).
PartialShape broadcast_by_attr(const Node& node, const PartialShape& a, const PartialShape& b);
/// Divide: binary_arithmetic plus the boolean attribute m_pythondiv (default true).
Outputs divide(const Node& node, const Inputs& in);
/// Equal, NotEqual, Less, LessEqual, Greater, GreaterEqual: same type on both inputs, boolean output.
Outputs binary_comparison(const Node& node, const Inputs& in);
/// LogicalAnd, LogicalOr, LogicalXor: boolean inputs and output.
Outputs binary_logical(const Node& node, const Inputs& in);
/// PRelu: output is the data shape; a 1-D slope whose size is the data's axis 1 applies per
/// channel, any other slope broadcasts onto the data with numpy rules.
Outputs prelu(const Node& node, const Inputs& in);
/// Select(cond, then, else): boolean cond, then/else of one type, three-way broadcast.
Outputs select(const Node& node, const Inputs& in);
}  // namespace shape_infer
}  // namespace ovcl
