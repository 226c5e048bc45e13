// The depthwise convolution kernels (kernels_cl/convolution_dw.cl): which serves a shape, the
// launches the tuner times, and the launch of one (ConvolutionOp, ops/convolution.hpp).
#pragma once

#include <string>
#include <vector>

#include "ops/convolution_geometry.hpp"
#include "ops/gpu_op.hpp"

namespace ovcl {
namespace gpu {
namespace conv {

// The depthwise kernels (kernels_cl/convolution_dw.cl) and the shapes each serves.
enum class DwKernel { FLAT, FLAT2, S2, NARROW, ROWS16, PIXEL };

// A depthwise launch: the kernel, its units (FLAT: chunks of 16 outputs, FLAT2: pairs of output rows, else output
// rows) and planes (channels of the batch) per work-item.
struct DwPlan {
    DwKernel kernel = DwKernel::ROWS16;
    int64_t units = 1, planes = 1;

    std::string name() const {
        switch (kernel) {
        case DwKernel::FLAT: return "dw_flat_" + std::to_string(units) + "x" + std::to_string(planes);
        case DwKernel::FLAT2: return "dw_flat2_" + std::to_string(units) + "x" + std::to_string(planes);
        case DwKernel::S2: return "dw_s2_rows" + std::to_string(units) + "x" + std::to_string(planes);
        case DwKernel::NARROW: return "dw_narrow_rows" + std::to_string(units) + "x" + std::to_string(planes);
        case DwKernel::PIXEL: return "dw_pixel";
        default: return "dw16_rows" + std::to_string(units);
        }
    }
};

// The depthwise launches the tuner times, the heuristic's first: on GPUs conv2d_dw_pixel (one output per
// work-item: the others give a GPU a few hundred work-items), then the shape's own kernel (FLAT2, FLAT or S2) at
// about kDwWork, half and twice as many vector FMAs per work-item (after FLAT2: FLAT at kDwWork), then, for rows
// of fewer than 16 outputs, conv2d_dw_narrow at three work sizes, then conv2d_dw16 (with its rows per work-item:
// the heuristic's, and half and twice as many when it is the only kernel). The work sizes are scalar arguments:
// no other program to build; FLAT and FLAT2 share one program.
std::vector<DwPlan> dw_candidates(const Conv3d& g, const DeviceInfo& device);

/// The launch of plan `p` for convolution `g` (storage options apart: the caller adds them).
KernelLaunch depthwise_launch(const Conv3d& g, const DwPlan& p, const DeviceInfo& device);

}  // namespace conv
}  // namespace gpu
}  // namespace ovcl
