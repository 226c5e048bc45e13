// Shape and type inference of the matmul ops.
#pragma once

#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace shape_infer {
/// MatMul-1: attrs transpose_a, transpose_b (default false); 1-D operands are unsqueezed and the added axes
/// dropped from the result; batch axes broadcast (numpy).
Outputs matmul(const Node& node, const Inputs& in);
}  // namespace shape_infer
}  // namespace ovcl
