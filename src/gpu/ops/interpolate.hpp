// GPU host class of Interpolate-4 and Interpolate-11: kernels_cl/interpolate.cl.
// Every mode of host_ref (nearest with each nearest_mode, linear with or without antialias, linear_onnx,
// cubic, bilinear_pillow, bicubic_pillow), every coordinate transformation mode, pads and axes: configure()
// builds, per interpolated or padded axis, the table of source offsets and weights of each output coordinate
// from host_ref's own per-axis maps (host_ref::interpolate_taps / interpolate_nearest_map), so the device
// computes sum(w0 w1 ... x) over the taps of every axis in one pass.
// Refused (they run on the host): integer data outside the nearest mode, a data type of another size than
// 1, 2, 4 or 8 bytes (nearest) or other than f32 / f16 (the weighted modes), an axes input (or, in scales
// mode, a scales input) that is not a Constant, more than four interpolated or padded axes once untouched
// neighbours are merged, more than 32 taps per output along one axis (a strong downscale with antialias or a
// pillow mode), an empty input, tensors of 2^31 elements or more.
#pragma once

#include "ops/gpu_op.hpp"

namespace ovcl {
namespace gpu {

class InterpolateOp : public GpuOp {
public:
    Validation validate(const Node& node, const DeviceInfo& device) const override;
    OpConfig configure(const Node& node, const DeviceInfo& device) const override;
};

}  // namespace gpu
}  // namespace ovcl
