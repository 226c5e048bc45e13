// GPU host class of the region-of-interest ops: kernels_cl/roi.cl (docs/kernels.md, "roi"). ROIAlign-3/-9 on f32
// runs as one work-item per output element; the other roi ops (ROIPooling, PSROIPooling, ROIAlignRotated) and f16
// data run on the host. A detector's rois come from its proposals, a count only the run knows: the request then
// configures this class at run time (plugin/runtime_kernels.hpp).
#pragma once

#include "ops/gpu_op.hpp"

namespace ovcl {
namespace gpu {

/// ROIAlign-3/-9: avg and max modes, every aligned_mode, sampling_ratio 0 (adaptive) or fixed.
OVCL_DECLARE_GPU_OP(RoiAlignOp);

}  // namespace gpu
}  // namespace ovcl
