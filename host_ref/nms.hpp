// Host reference kernels of the non-maximum-suppression ops. They follow OpenVINO CPU, which deviates from
// the specifications in these ways:
// - NonMaxSuppression-1/3/4 give only the selected rows (the specification's static [B*C*min(N, max), 3]
//   padded with -1 is not what the CPU plugin returns), so their first dimension is dynamic here too.
// - A box is suppressed when its IoU with a selected box is >= iou_threshold (so a threshold of 0 keeps
//   one box per class; NMSRotated: > iou_threshold); a candidate needs a score > score_threshold
//   (MulticlassNms: >=). Soft-NMS (soft_nms_sigma != 0) only decays scores: iou_threshold plays no part.
// - Selection takes scores in descending order, lower box index first among equal scores; results sorted
//   by score break ties by batch, class and box index.
// - A negative max_output_boxes_per_class selects nothing (the CPU plugin fails on it); empty inputs give
//   empty outputs with valid_outputs 0 (the CPU plugin leaves that output unwritten).
// - MatrixNms sorts each image's boxes by score whatever sort_result_type says unless
//   sort_result_across_batch is set; MulticlassNms sorts by score unless sort_result_type is classid.
//   Equal scores order by class and box index (the CPU plugin treats MulticlassNms scores within 1e-6 as
//   equal, and does not fix the order of MatrixNms's equal candidates).
// Reals (f16 too) compute in f32 as the CPU plugin does; NonMaxSuppression-5/9's and NMSRotated's
// selected_scores are f32 whatever the input types (OpenVINO core; the specification says the thresholds' type).
#pragma once

#include <vector>

#include "host_ref/ref_utils.hpp"

namespace ovcl {
namespace host_ref {

namespace nms_detail {
/// Reshapes `dst` to `shape` and writes `v` (dense, C order) converted to its element type.
void write_values(Tensor& dst, const Shape& shape, const std::vector<double>& v);
}  // namespace nms_detail
}  // namespace host_ref
}  // namespace ovcl
