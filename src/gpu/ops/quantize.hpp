// GPU host classes of the quantize ops.
#pragma once

#include <array>

#include "ops/gpu_op.hpp"

namespace ovcl {
namespace gpu {

/// The values FakeQuantize-1's formula reads for one channel, computed as the host reference computes them
/// (std::min / std::max, f32 subtraction): {min(il, ih), max(il, ih), il, ih - il, ol, oh - ol, oh}.
std::array<float, 7> fake_quantize_entry(float il, float ih, float ol, float oh);

/// FakeQuantize-1 (auto_broadcast numpy or none) for f32, and f16 storage with f32 compute (kernels_cl/quantize.cl):
/// host_ref's formula with the same f32 operations in the same order, so results are bit-identical to the host
/// reference. Ranges that are Constants along at most one axis other than the innermost go through a per-channel
/// table (fake_quantize_channel), everything else through fake_quantize_bcast. Refused (they run on the host):
/// element types other than f32 and f16, outputs of 2^32 elements or more. Details: docs/kernels.md, "quantize".
OVCL_DECLARE_GPU_OP(FakeQuantizeOp);

}  // namespace gpu
}  // namespace ovcl
