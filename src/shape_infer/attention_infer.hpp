// Shape and type inference of ScaledDotProductAttention-13.
#pragma once

#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace shape_infer {

/// ScaledDotProductAttention: query [N..., L, E], key [N..., S, E], value [N..., S, Ev], optional attention_mask
/// (scalar, or [N..., L or 1, S or 1] of the query's type or boolean) and scale (scalar or one
/// element). Batch dimensions (the mask's included, unless causal) broadcast numpy-style;
/// the output is [N..., L, Ev] of the query's type.
Outputs sdpa(const Node& node, const Inputs& in);

}  // namespace shape_infer
}  // namespace ovcl
