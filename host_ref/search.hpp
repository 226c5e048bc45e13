// Host reference kernels of the search ops: binary searches in sorted data, compared in double.
#pragma once

#include "host_ref/ref_utils.hpp"

namespace ovcl {
namespace host_ref {
/// with_right_bound (default): the count of buckets < x; else the count of buckets <= x.
void bucketize(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
/// right_mode false (default): the first position whose element is >= the value; true: > the value. Along the
/// last axis, per leading index when the sequence has the values' rank.
void search_sorted(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
}  // namespace host_ref
}  // namespace ovcl
