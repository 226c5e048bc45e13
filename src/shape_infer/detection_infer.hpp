// Shape and type inference of the object-detection ops (SSD priors and decoding, Faster R-CNN proposals,
// the ExperimentalDetectron* family). The attribute structs are shared with host_ref, which reads them
// the same way.
#pragma once

#include <string>
#include <vector>

#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace shape_infer {

/// PriorBox-1/8 attributes (v1: min_max_aspect_ratios_order is always true).
struct PriorBoxAttrs {
    std::vector<float> min_size, max_size, aspect_ratio, density, fixed_ratio, fixed_size, variance;
    bool flip = false, clip = false, scale_all_sizes = true, min_max_aspect_ratios_order = true;
    float step = 0, offset = 0;
};
PriorBoxAttrs prior_box_attrs(const Node& node);
/// The aspect ratios in the order the boxes use them: 1 first, then each new ratio (and its flip).
std::vector<float> prior_box_ratios(const PriorBoxAttrs& a);
/// Boxes per cell of the layer grid.
int64_t prior_box_count(const PriorBoxAttrs& a);

/// PriorBoxClustered-1 attributes.
struct PriorBoxClusteredAttrs {
    std::vector<float> width, height, variance;
    bool clip = true;
    float step = 0, step_w = 0, step_h = 0, offset = 0;
};
PriorBoxClusteredAttrs prior_box_clustered_attrs(const Node& node);

/// DetectionOutput-1/8 attributes (v8 has no num_classes: the class predictions' width gives it).
struct DetectionOutputAttrs {
    int64_t num_classes = -1, background_label_id = 0, top_k = -1, keep_top_k = -1, input_height = 1, input_width = 1;
    bool share_location = true, variance_encoded_in_target = false, clip_before_nms = false, clip_after_nms = false,
         decrease_label_id = false, normalized = false, center_size = false;
    float nms_threshold = 0, confidence_threshold = 0, objectness_score = 0;
};
DetectionOutputAttrs detection_output_attrs(const Node& node);

/// Proposal-1/4 attributes.
struct ProposalAttrs {
    int64_t base_size = 0, pre_nms_topn = 0, post_nms_topn = 0, feat_stride = 0;
    float nms_thresh = 0, min_size = 0, box_size_scale = 1, box_coordinate_scale = 1;
    std::vector<float> ratio, scale;
    bool clip_before_nms = true, clip_after_nms = false, normalize = false, tensorflow = false;
};
ProposalAttrs proposal_attrs(const Node& node);

/// Throws ModelError naming the node unless `s` is compatible with `want` (`what` names the input).
void check_detection_shape(const Node& node, const PartialShape& s, const PartialShape& want, const char* what);

/// ExperimentalDetectronDetectionOutput-6 attributes.
struct EDDetectionOutputAttrs {
    float score_threshold = 0, nms_threshold = 0, max_delta_log_wh = 0;
    int64_t num_classes = 0, post_nms_count = -1, max_detections_per_image = 0;
    std::vector<float> deltas_weights;
};
EDDetectionOutputAttrs ed_detection_output_attrs(const Node& node);

/// ExperimentalDetectronROIFeatureExtractor-6 attributes.
struct ROIFeatureAttrs {
    int64_t output_size = 0, sampling_ratio = 0;
    std::vector<int64_t> pyramid_scales;
    bool aligned = false;
};
ROIFeatureAttrs roi_feature_attrs(const Node& node);

/// GenerateProposals-9 and ExperimentalDetectronGenerateProposalsSingleImage-6 attributes (the latter has
/// no normalized, nms_eta or roi_num_type).
struct GenerateProposalsAttrs {
    float min_size = 0, nms_threshold = 0, nms_eta = 1;
    int64_t pre_nms_count = 0, post_nms_count = 0;
    bool normalized = true;
    element::Type roi_num_type = element::i64;
};
GenerateProposalsAttrs generate_proposals_attrs(const Node& node);

}  // namespace shape_infer
}  // namespace ovcl
