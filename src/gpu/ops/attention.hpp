// GPU host class of the attention ops.
#pragma once

#include "ops/gpu_op.hpp"

namespace ovcl {
namespace gpu {

/// ScaledDotProductAttention-13 on kernels_cl/attention.cl (sdpa_rows) for f32, and f16 storage with f32 compute,
/// with host_ref::sdpa's semantics (broadcast batch axes, boolean or real masks, causal, the scale input).
/// Refused (they run on the host): element types other than f32 and f16, E = 0, E or Ev above kMaxHeadSize (private
/// arrays of that capacity), tensors of 2^31 elements or more. Design: docs/kernels.md, "attention".
class AttentionOp : public GpuOp {
public:
    static constexpr size_t kMaxHeadSize = 256;

    Validation validate(const Node& node, const DeviceInfo& device) const override;
    OpConfig configure(const Node& node, const DeviceInfo& device) const override;
    /// A KV cache a key longer: the same configuration with the new key count (see attention.cpp).
    std::optional<OpConfig> rebind(const Node& configured, const OpConfig& config,
                                   const std::vector<InputInfo>& now) const override;
};

}  // namespace gpu
}  // namespace ovcl
