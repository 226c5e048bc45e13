// Shape and type inference of the non-maximum-suppression ops, and their parsed attributes. How many
// boxes survive depends on the values, so the selected rows are a dynamic dimension bounded by the most
// that the attributes and input extents allow; the host reference then sets the actual extent.
#pragma once

#include <cstdint>

#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace shape_infer {

/// NonMaxSuppression (1, 3, 4, 5, 9) and NMSRotated-13.
struct NmsAttrs {
    bool center = false;                       ///< box_encoding == "center"
    bool sort_descending = true;               ///< sort_result_descending
    element::Type output_type = element::i64;  ///< i64 for NonMaxSuppression-1
    bool clockwise = true;                     ///< NMSRotated-13
};
NmsAttrs nms_attrs(const Node& node);

/// MatrixNms-8 and MulticlassNms (8, 9); the fields of the other op keep their defaults.
struct MulticlassNmsAttrs {
    enum class Sort { none, score, classid };
    Sort sort = Sort::none;
    bool across_batch = false;
    element::Type output_type = element::i64;
    double score_threshold = 0.0;
    int64_t nms_top_k = -1, keep_top_k = -1, background_class = -1;
    bool normalized = true;
    double iou_threshold = 0.0, nms_eta = 1.0;                          ///< MulticlassNms
    bool gaussian = false;                                              ///< MatrixNms decay_function
    double gaussian_sigma = 2.0, post_threshold = 0.0;                  ///< MatrixNms
};
MulticlassNmsAttrs multiclass_nms_attrs(const Node& node);

/// NonMaxSuppression: (boxes [B, N, 4], scores [B, C, N], optional scalars max_output_boxes_per_class,
/// iou_threshold, score_threshold, and from version 5 soft_nms_sigma): selected_indices [0..B*C*min(N, max), 3];
/// from version 5 also selected_scores (the boxes' type) like it and valid_outputs [1].
Outputs non_max_suppression(const Node& node, const Inputs& in);
/// NMSRotated-13: (boxes [B, N, 5], scores [B, C, N], max_output_boxes_per_class, iou_threshold,
/// score_threshold): the three outputs of NonMaxSuppression-9.
Outputs nms_rotated(const Node& node, const Inputs& in);
/// MatrixNms-8 (boxes [B, N, 4], scores [B, C, N]) and MulticlassNms (the same, or from version 9 boxes
/// [C, M, 4], scores [C, M] and roisnum [B]): selected_outputs [rows, 6], selected_indices [rows, 1],
/// valid_outputs [B].
Outputs matrix_nms(const Node& node, const Inputs& in);
Outputs multiclass_nms(const Node& node, const Inputs& in);

}  // namespace shape_infer
}  // namespace ovcl
