// Shape and type inference of CumSum.
#pragma once

#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace shape_infer {
/// CumSum-3: (x numeric, optional axis scalar, default 0); attrs exclusive, reverse; x's type and shape.
Outputs cumsum(const Node& node, const Inputs& in);
}  // namespace shape_infer
}  // namespace ovcl
