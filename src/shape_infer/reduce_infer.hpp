// Shape and type inference of the reduce ops (data, axes; attribute keep_dims).
#pragma once

#include <optional>
#include <vector>

#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace shape_infer {

/// ReduceSum/Mean/Max/Min/Prod (v1) and ReduceL1/L2 (v4): numeric data, not boolean.
Outputs reduce_arithmetic(const Node& node, const Inputs& in);
/// ReduceLogicalAnd/Or (v1): boolean data.
Outputs reduce_logical(const Node& node, const Inputs& in);

/// Checks that input i is an axes input: an integer scalar or 1D tensor.
void check_reduction_axes_input(const Node& node, const Inputs& in, size_t i);
/// The axes held by input i normalised against `rank`, sorted and without repeats, when the
/// value is known; throws ModelError when an axis is out of range.
std::optional<std::vector<int64_t>> known_reduction_axes(const Node& node, const Inputs& in, size_t i, int64_t rank);
/// SegmentMax-16: (data [R, ..], sorted non-negative segment_ids [R][, num_segments scalar]); attr fill_mode
/// ZERO or LOWEST: [num_segments or max id + 1, ..] (src/shape_infer/reduce_segment_infer.cpp).
Outputs segment_max(const Node& node, const Inputs& in);
/// SegmentMax's fill_mode: true for LOWEST, false for ZERO (either case); ModelError otherwise.
bool segment_fill_lowest(const Node& node);

}  // namespace shape_infer
}  // namespace ovcl
