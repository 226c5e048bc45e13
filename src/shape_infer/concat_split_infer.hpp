// Shape and type inference of the concat_split ops.
#pragma once

#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace shape_infer {
/// Concat-1: N >= 1 inputs of one type joined along attr axis (negative counts from the end).
Outputs concat(const Node& node, const Inputs& in);
/// Split-1: (data, axis scalar); attr num_splits equal parts, one output each.
Outputs split(const Node& node, const Inputs& in);
/// VariadicSplit-1: (data, axis scalar, split_lengths 1-D with at most one -1); one output per length.
Outputs variadic_split(const Node& node, const Inputs& in);
}  // namespace shape_infer
}  // namespace ovcl
