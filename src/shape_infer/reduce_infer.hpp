// Shape and type inference of the reduce ops (data, axes; attribute keep_dims).
#pragma once

#include <optional>
#include <vector>

#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace shape_infer {

/// Checks that input i is an axes input: an integer scalar or 1D tensor.
void check_reduction_axes_input(const Node& node, const Inputs& in, size_t i);
/// The axes held by input i normalised against `rank`, sorted and without repeats, when the
/// value is known; throws ModelError when an axis is out of range.
std::optional<std::vector<int64_t>> known_reduction_axes(const Node& node, const Inputs& in, size_t i, int64_t rank);
/// SegmentMax's fill_mode: true for LOWEST, false for ZERO (either case); ModelError otherwise.
bool segment_fill_lowest(const Node& node);

}  // namespace shape_infer
}  // namespace ovcl
