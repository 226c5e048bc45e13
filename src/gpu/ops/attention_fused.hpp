// What the attention kernel's host class (attention.cpp) and the fused attention types' shape inference and host
// references (attention_fused.cpp) share: the op types a fused attention node stands for, and its orders.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "ovcl/node.hpp"

namespace ovcl {
namespace gpu {

/// FusedAttention's inputs: q, k, v, then the Broadcast and Reshape targets of K and of V, then the mask and scale.
constexpr size_t kGroupedTargets = 4;

/// FusedAttention (K and V expanded to the query's heads), as against FusedTransposedAttention.
bool grouped_attention(const Node& node);

/// A node of the op `type` (Unsqueeze-1, Broadcast-3, Reshape-1, Transpose-1, ScaledDotProductAttention-13) with the
/// attribute of `fused` it keeps, named as `fused` is, for that op's shape inference (which reads the version and
/// attributes). Made once per thread and attribute value.
std::shared_ptr<Node> attention_stand_in(const Node& fused, const std::string& type);

/// Where a fused attention node's operand or result lies in memory: the order (as Transpose's) of the Transpose
/// folded into it, from the tensor stored to the one the attention reads (q_order, k_order, v_order: inputs 0, 1,
/// 2), or from the attention's result to the tensor stored (out_order). Empty when the node has none. Throws
/// ModelError when the attribute is not a permutation of `rank` axes that keeps the last axis last (the kernel reads
/// rows of E contiguous elements).
std::vector<size_t> attention_order(const Node& node, const std::string& name, size_t rank);

/// The order attribute of input 0, 1, 2 and of the result.
inline const char* const kAttentionOrders[] = {"q_order", "k_order", "v_order", "out_order"};

}  // namespace gpu
}  // namespace ovcl
