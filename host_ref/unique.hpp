// Host reference kernels of NonZero-3 and Unique-10, as OpenVINO CPU computes them. NonZero reads a scalar as
// one element and counts NaN as non-zero. Unique compares values exactly (so -0 equals 0); with an axis it
// compares whole slices in C order, and sorted=true orders them lexicographically. unique_indices are first
// occurrences, rev_idx maps every input element (or slice) to its unique one. Where the CPU plugin gives no
// usable answer this follows the specification: an empty input gives empty outputs (the plugin fails), and
// each NaN is an element of its own, sorted after the numbers (the plugin's NaN results are inconsistent).
#pragma once

#include "host_ref/ref_utils.hpp"

namespace ovcl {
namespace host_ref {
void non_zero(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void unique(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
}  // namespace host_ref
}  // namespace ovcl
