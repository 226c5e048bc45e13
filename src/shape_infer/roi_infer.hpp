// Shape and type inference of the region-of-interest pooling ops (ROIAlign, ROIAlignRotated, ROIPooling,
// PSROIPooling, DeformablePSROIPooling), and their attributes, which the host reference reads the same way.
#pragma once

#include <cstdint>

#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace shape_infer {

/// ROIAlign-3/-9 and ROIAlignRotated-15.
struct RoiAlignAttrs {
    enum class Aligned { asymmetric, half_pixel_for_nn, half_pixel };
    int64_t pooled_h = 1, pooled_w = 1, sampling_ratio = 0;
    float spatial_scale = 1.0f;
    bool max = false;        ///< mode="max" (ROIAlign only)
    Aligned aligned = Aligned::asymmetric;
    bool clockwise = false;  ///< ROIAlignRotated only
};
RoiAlignAttrs roi_align_attrs(const Node& node);

/// ROIPooling-2.
struct RoiPoolingAttrs {
    int64_t pooled_h = 1, pooled_w = 1;
    float spatial_scale = 1.0f;
    bool bilinear = false;
};
RoiPoolingAttrs roi_pooling_attrs(const Node& node);

/// PSROIPooling-1 and DeformablePSROIPooling-1 (the latter always bilinear).
struct PsRoiAttrs {
    int64_t output_dim = 1, group_size = 1, bins_x = 1, bins_y = 1, part_size = 1;
    float spatial_scale = 1.0f, trans_std = 1.0f;
    bool bilinear = false;
};
PsRoiAttrs psroi_attrs(const Node& node);

}  // namespace shape_infer
}  // namespace ovcl
