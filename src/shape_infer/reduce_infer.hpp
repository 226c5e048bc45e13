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

}  // namespace shape_infer
}  // namespace ovcl
