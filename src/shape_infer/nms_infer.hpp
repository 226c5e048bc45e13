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

}  // namespace shape_infer
}  // namespace ovcl
