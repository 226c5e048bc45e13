// Shape and type inference of the gather ops.
#pragma once

#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace shape_infer {
/// Gather-1: (data, indices, axis scalar); output data[:axis] + indices + data[axis+1:].
Outputs gather_v1(const Node& node, const Inputs& in);
/// Gather-7: as Gather-1 with attr batch_dims (default 0; negative counts from the indices' rank).
Outputs gather_v7(const Node& node, const Inputs& in);
/// Gather-8: as Gather-7 (the versions differ in which index values are valid, not in shapes).
Outputs gather_v8(const Node& node, const Inputs& in);
/// GatherElements-6: (data, indices of data's rank, every axis but attr axis of data's extent); output of the
/// indices' shape and data's type.
Outputs gather_elements(const Node& node, const Inputs& in);
/// GatherND-5/8: (data, integer indices [.., k]), attr batch_dims b: slices data[b + k:] at the index tuples;
/// v5 flattens the b batch axes into one, v8 keeps them.
Outputs gather_nd(const Node& node, const Inputs& in);
/// GatherTree-1: (step_ids [T, B, W], parent_idx [T, B, W], max_seq_len [B], end_token scalar), one type
/// (src/shape_infer/gather_tree_infer.cpp): [T, B, W].
Outputs gather_tree(const Node& node, const Inputs& in);
}  // namespace shape_infer
}  // namespace ovcl
