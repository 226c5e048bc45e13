// Shape and type inference of the scatter ops: the output is the data input, updated.
#pragma once

#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace shape_infer {
/// ScatterUpdate-3: (data, indices, updates, axis scalar); updates = data[:axis] + indices + data[axis+1:].
Outputs scatter_update(const Node& node, const Inputs& in);
/// ScatterElementsUpdate-3/12: (data, indices, updates, axis scalar); indices and updates of one shape and
/// data's rank; v12 attrs reduction (none, sum, prod, min, max, mean) and use_init_val.
Outputs scatter_elements_update(const Node& node, const Inputs& in);
/// ScatterNDUpdate-4/15: (data, indices [..., k], updates = indices[:-1] + data[k:]); v15 attr reduction
/// (none, sum, sub, prod, min, max).
Outputs scatter_nd_update(const Node& node, const Inputs& in);
}  // namespace shape_infer
}  // namespace ovcl
