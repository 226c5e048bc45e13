// Shape and type inference of Eye.
#pragma once

#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace shape_infer {
/// Eye-9: (num_rows, num_columns, diagonal_index scalars, optional 1-D batch_shape), integer; attr output_type:
/// batch_shape + [num_rows, num_columns] of that type.
Outputs eye(const Node& node, const Inputs& in);
}  // namespace shape_infer
}  // namespace ovcl
