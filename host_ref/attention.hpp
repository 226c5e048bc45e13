// Host reference kernel of ScaledDotProductAttention-13.
#pragma once

#include "host_ref/ref_utils.hpp"

namespace ovcl {
namespace host_ref {

/// ScaledDotProductAttention: softmax(Q K^T * scale + bias) V per broadcast batch index, in f32 data with f64 sums.
/// bias: causal -> -inf above the diagonal (s > l, top-left aligned; the mask input ignored);
/// boolean mask -> -inf where false; real mask -> added. A row masked everywhere gives NaN,
/// as the specification's Softmax of all -inf does.
void sdpa(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);

}  // namespace host_ref
}  // namespace ovcl
