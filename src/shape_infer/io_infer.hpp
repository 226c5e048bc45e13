// Shape and type inference of Parameter, Constant and Result.
#pragma once

#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace shape_infer {
Outputs parameter(const Node& node, const Inputs& in);  ///< attrs: element_type, shape
Outputs constant(const Node& node, const Inputs& in);   ///< from the node's value tensor
Outputs result(const Node& node, const Inputs& in);     ///< same as its input
}  // namespace shape_infer
}  // namespace ovcl
