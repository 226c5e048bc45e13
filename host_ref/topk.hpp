// Host reference kernel of TopK (versions 1, 3 and 11).
#pragma once

#include "host_ref/ref_utils.hpp"
#include "shape_infer/topk_infer.hpp"

namespace ovcl {
namespace host_ref {

/// Selects the k best elements of every slice along the axis and writes them in the order of
/// `sort`. Always stable: equal values keep their input order (lower index first). NaN ranks
/// below every number in both modes, so it is chosen only when fewer than k numbers exist.
/// sort=none (order left undefined by the specification) gives the sort=value order.
void topk(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);

}  // namespace host_ref
}  // namespace ovcl
