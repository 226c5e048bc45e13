// GPU host class of the attention ops.
#pragma once

#include "ops/gpu_op.hpp"

namespace ovcl {
namespace gpu {

/// ScaledDotProductAttention-13 (kernels_cl/attention.cl, sdpa_rows) for f32, and f16 storage with f32 compute:
/// flash-attention style, one work-item per (batch, block of 16 or 32 query rows), the query rows in the lanes of
/// float16 vectors, keys visited in blocks of 8 with an online softmax (no L x S matrix is stored). One program
/// per (type, rows per work-item, head-size capacity): masks, causal and the scale's source are kernel arguments.
/// Semantics are host_ref::sdpa's: numpy-broadcast batch axes of Q, K, V and the mask; a boolean mask (false ->
/// -inf) or a real one (added), scalar or [..., L or 1, S or 1]; causal (s > l masked, the mask input then
/// ignored); the scale input's first element, else 1 / sqrt(E); a fully masked row is NaN, an empty S gives zeros.
/// Refused (they run on the host): element types other than f32 and f16, E = 0, E or Ev above kMaxHeadSize (Q^T
/// and the output accumulators of a work-item are private arrays of that capacity), and tensors of 2^31 elements
/// or more (32-bit indexing).
class AttentionOp : public GpuOp {
public:
    static constexpr size_t kMaxHeadSize = 256;

    Validation validate(const Node& node, const DeviceInfo& device) const override;
    OpConfig configure(const Node& node, const DeviceInfo& device) const override;
};

}  // namespace gpu
}  // namespace ovcl
