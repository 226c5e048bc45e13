// GPU host classes of the quantize ops.
#pragma once

#include <array>

#include "ops/gpu_op.hpp"

namespace ovcl {
namespace gpu {

/// FakeQuantize-1 (auto_broadcast numpy or none) for f32, and f16 storage with f32 compute: kernels_cl/quantize.cl,
/// host_ref/fake_quantize.cpp's formula with the same f32 operations in the same order (no contraction, division
/// correctly rounded where the device can), so results are bit-identical to the host reference. One work-item per
/// 16 contiguous output elements; the five inputs are broadcast onto the output with host_ref::plan_broadcast.
///   fake_quantize_channel: the ranges are Constants varying along at most one merged axis that is not the
///     innermost one (per tensor, per channel): configure() folds them into a table of 8 floats per channel
///     (min/max of the input range, both ranges and their widths), one table entry per row of the output.
///   fake_quantize_bcast: everything else (ranges that are not Constants, vary along the innermost axis or along
///     several axes, data broadcast by its ranges): rows of the merged output, each input dense along the row or
///     one element repeated, the rows' input offsets from a stride table.
/// Refused (they run on the host): element types other than f32 and f16, outputs of 2^32 elements or more.
/// The values FakeQuantize-1's formula reads for one channel, computed as the host reference computes them
/// (std::min / std::max, f32 subtraction): {min(il, ih), max(il, ih), il, ih - il, ol, oh - ol, oh}.
std::array<float, 7> fake_quantize_entry(float il, float ih, float ol, float oh);

class FakeQuantizeOp : public GpuOp {
public:
    Validation validate(const Node& node, const DeviceInfo& device) const override;
    OpConfig configure(const Node& node, const DeviceInfo& device) const override;
};

}  // namespace gpu
}  // namespace ovcl
