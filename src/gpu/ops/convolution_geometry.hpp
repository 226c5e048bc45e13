// What the convolution kernels share: the geometry of a 1-D, 2-D or 3-D convolution and the
// work-group choice (ops/convolution.cpp, ops/convolution_depthwise.cpp).
#pragma once

#include <cstdint>
#include <vector>

#include "ocl/device.hpp"
#include "ovcl/node.hpp"

namespace ovcl {
namespace gpu {
namespace conv {

// A 1-D, 2-D or 3-D convolution as a 3-D one (2-D: D = OD = KD = 1; 1-D: H = OH = KH = 1 too); channel counts
// are per group.
struct Conv3d {
    int64_t batch = 1, groups = 1, in_channels = 1, out_channels = 1;
    int64_t d = 1, h = 1, w = 1, od = 1, oh = 1, ow = 1, kd = 1, kh = 1, kw = 1;
    int64_t sd = 1, sh = 1, sw = 1, dd = 1, dh = 1, dw = 1, pd = 0, ph = 0, pw = 0;
    int spatial = 2;  // the node's spatial axes

    bool depthwise() const { return groups > 1 && in_channels == 1; }
};

/// The spatial axes of the node's window right-aligned into D, H, W (the leading ones keep extent 1, no padding).
Conv3d geometry(const Node& node);

// One work-item per work-group on CPU devices: a work-item is already a register-blocked loop nest, and one
// fixed local size means one JIT variant per program on PoCL. A real GPU gets the runtime's choice.
inline std::vector<size_t> work_group(const DeviceInfo& device, size_t dims) {
    return device.is_gpu ? std::vector<size_t>{} : std::vector<size_t>(dims, 1);
}

}  // namespace conv
}  // namespace gpu
}  // namespace ovcl
