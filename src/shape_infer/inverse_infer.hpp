// Shape and type inference of Inverse-14.
#pragma once

#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace shape_infer {
/// Inverse-14: real [.., n, n] (batched square matrices), attr adjoint; the input's type and shape.
Outputs inverse(const Node& node, const Inputs& in);
}  // namespace shape_infer
}  // namespace ovcl
