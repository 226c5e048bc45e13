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

/// PriorBox-1/8 and PriorBoxClustered-1: (output_size [2], image_size [2]) integers -> f32 [2, 4 * H * W * priors].
Outputs prior_box(const Node& node, const Inputs& in);
Outputs prior_box_clustered(const Node& node, const Inputs& in);

/// DetectionOutput-1/8 attributes (v8 has no num_classes: the class predictions' width gives it).
struct DetectionOutputAttrs {
    int64_t num_classes = -1, background_label_id = 0, top_k = -1, keep_top_k = -1, input_height = 1, input_width = 1;
    bool share_location = true, variance_encoded_in_target = false, clip_before_nms = false, clip_after_nms = false,
         decrease_label_id = false, normalized = false, center_size = false;
    float nms_threshold = 0, confidence_threshold = 0, objectness_score = 0;
};
DetectionOutputAttrs detection_output_attrs(const Node& node);

/// DetectionOutput-1/8: (box_logits [N, P * L * 4], class_preds [N, P * C], proposals [1|N, 1|2, P * (4|5)],
/// optional aux_class_preds [N, P * 2] and aux_box_preds like box_logits) -> [1, 1, rows, 7].
Outputs detection_output(const Node& node, const Inputs& in);

/// Proposal-1/4 attributes.
struct ProposalAttrs {
    int64_t base_size = 0, pre_nms_topn = 0, post_nms_topn = 0, feat_stride = 0;
    float nms_thresh = 0, min_size = 0, box_size_scale = 1, box_coordinate_scale = 1;
    std::vector<float> ratio, scale;
    bool clip_before_nms = true, clip_after_nms = false, normalize = false, tensorflow = false;
};
ProposalAttrs proposal_attrs(const Node& node);

/// Proposal-1/4: (class_probs [N, 2A, H, W], bbox_deltas [N, 4A, H, W], image_shape [3|4]) -> rois
/// [N * post_nms_topn, 5] (v4: and their scores [N * post_nms_topn]).
Outputs proposal(const Node& node, const Inputs& in);

/// Throws ModelError naming the node unless `s` is compatible with `want` (`what` names the input).
void check_detection_shape(const Node& node, const PartialShape& s, const PartialShape& want, const char* what);

/// ExperimentalDetectronTopKROIs-6: (rois [N, 4], scores [N]) -> [max_rois, 4].
Outputs experimental_detectron_topk_rois(const Node& node, const Inputs& in);
/// ExperimentalDetectronPriorGridGenerator-6: (priors [P, 4], feature_map [N, C, H, W], im_data [N, 3, IH, IW])
/// -> [H * W * P, 4] (flatten) or [H, W, P, 4]; the shape follows the feature map even when h/w are set.
Outputs experimental_detectron_prior_grid_generator(const Node& node, const Inputs& in);

/// ExperimentalDetectronDetectionOutput-6 attributes.
struct EDDetectionOutputAttrs {
    float score_threshold = 0, nms_threshold = 0, max_delta_log_wh = 0;
    int64_t num_classes = 0, post_nms_count = -1, max_detections_per_image = 0;
    std::vector<float> deltas_weights;
};
EDDetectionOutputAttrs ed_detection_output_attrs(const Node& node);
/// ExperimentalDetectronDetectionOutput-6: (rois [R, 4], deltas [R, 4 * C], scores [R, C], im_info [1, 3]) ->
/// boxes [max, 4], classes i32 [max], scores [max] (max = max_detections_per_image).
Outputs experimental_detectron_detection_output(const Node& node, const Inputs& in);

/// ExperimentalDetectronROIFeatureExtractor-6 attributes.
struct ROIFeatureAttrs {
    int64_t output_size = 0, sampling_ratio = 0;
    std::vector<int64_t> pyramid_scales;
    bool aligned = false;
};
ROIFeatureAttrs roi_feature_attrs(const Node& node);
/// ExperimentalDetectronROIFeatureExtractor-6: (rois [R, 4], L levels [1, C, H_l, W_l]) -> features
/// [R, C, output_size, output_size] and the rois [R, 4].
Outputs experimental_detectron_roi_feature_extractor(const Node& node, const Inputs& in);

/// GenerateProposals-9 and ExperimentalDetectronGenerateProposalsSingleImage-6 attributes (the latter has
/// no normalized, nms_eta or roi_num_type).
struct GenerateProposalsAttrs {
    float min_size = 0, nms_threshold = 0, nms_eta = 1;
    int64_t pre_nms_count = 0, post_nms_count = 0;
    bool normalized = true;
    element::Type roi_num_type = element::i64;
};
GenerateProposalsAttrs generate_proposals_attrs(const Node& node);
/// ExperimentalDetectronGenerateProposalsSingleImage-6: (im_info [3], anchors [H * W * A, 4], deltas [4A, H, W],
/// scores [A, H, W]) -> rois [post_nms_count, 4], scores [post_nms_count].
Outputs experimental_detectron_generate_proposals_single_image(const Node& node, const Inputs& in);
/// GenerateProposals-9: (im_info [N, 3|4], anchors [H, W, A, 4], deltas [N, 4A, H, W], scores [N, A, H, W]) ->
/// rois [0..N * post_nms_count, 4], scores [0..N * post_nms_count], roi_num [N] (roi_num_type).
Outputs generate_proposals(const Node& node, const Inputs& in);

}  // namespace shape_infer
}  // namespace ovcl
