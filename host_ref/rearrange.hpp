// Host reference kernels of the rearrange ops: each output element is one input element (any type).
#pragma once

#include "host_ref/ref_utils.hpp"

namespace ovcl {
namespace host_ref {

void depth_to_space(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void space_to_depth(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void shuffle_channels(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
/// Shifts along each listed axis (shifts of one axis listed twice add; a scalar shift applies to every axis).
void roll(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
/// Each batch's first seq_lengths[b] elements along seq_axis reversed (0 or 1: unchanged; more than the axis
/// holds is an error naming the node).
void reverse_sequence(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
/// SpaceToBatch: pad with zeros, then move each block position into the batch (block-major);
/// BatchToSpace: the inverse, then crop.
void space_to_batch(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void batch_to_space(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
/// Reverse-1: data with the axes shape inference resolves read backwards (host_ref/rearrange_reverse.cpp).
void reverse(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);

}  // namespace host_ref
}  // namespace ovcl
