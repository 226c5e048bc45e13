// Shape and type inference of the rearrange ops: elements moved, none computed.
#pragma once

#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace shape_infer {
/// DepthToSpace-1: [N, C, D1..DK] -> [N, C / bs^K, D1 * bs, ..]; attrs mode (blocks_first, depth_first), block_size.
Outputs depth_to_space(const Node& node, const Inputs& in);
/// SpaceToDepth-1: [N, C, D1..DK] -> [N, C * bs^K, D1 / bs, ..]; attrs mode, block_size.
Outputs space_to_depth(const Node& node, const Inputs& in);
/// ShuffleChannels-1 (ov::op::v0): attrs axis (default 1), group (default 1, dividing that axis).
Outputs shuffle_channels(const Node& node, const Inputs& in);
/// Roll-7: (data, shift scalar or 1-D, axes 1-D) of integer types; the data's shape.
Outputs roll(const Node& node, const Inputs& in);
/// ReverseSequence-1: (data, 1-D integer seq_lengths of the batch axis' extent); attrs batch_axis, seq_axis.
Outputs reverse_sequence(const Node& node, const Inputs& in);
/// SpaceToBatch-2: (data, block_shape, pads_begin, pads_end), the three 1-D integer of data's rank,
/// block_shape[0] 1: [N * prod(block), (D + pads) / block, ..].
Outputs space_to_batch(const Node& node, const Inputs& in);
/// BatchToSpace-2: (data, block_shape, crops_begin, crops_end): [N / prod(block), D * block - crops, ..].
Outputs batch_to_space(const Node& node, const Inputs& in);
/// Reverse-1: (data, axes 1-D); attr mode: index (integer axes, negative from the end) or mask (boolean, one
/// per data axis). The data's shape (src/shape_infer/rearrange_reverse_infer.cpp).
Outputs reverse(const Node& node, const Inputs& in);
/// Reverse-1's axes input resolved for data of `rank`: which axes flip. Throws ModelError.
std::vector<bool> reverse_axes(const Node& node, int64_t rank, const std::vector<int64_t>& axes);
}  // namespace shape_infer
}  // namespace ovcl
