// Host reference kernels of the object-detection ops, following OpenVINO CPU:
// - PriorBox writes its boxes cell by cell as one sequence (fixed_size/density boxes, then the min_size
//   boxes) cut to the 4 * H * W * priors values its shape holds, as OpenVINO does when the density boxes
//   and the min_size boxes together outnumber the count; the fixed_size centres use integer halves.
// - DetectionOutput (OpenVINO CPU's, which differs from the core reference): a box's area for the IoU is
//   (xmax - xmin) * (ymax - ymin) even when inverted; with normalized = false the priors end at the first
//   one whose image id is -1; the MXNet style (decrease_label_id) takes per prior the best class >= 1 with a
//   score >= confidence_threshold; the rows after the last detection are zeros, the first of them with
//   image id -1. Scores sort descending, ties by prior index.
// - Proposal: framework "tensorflow" reads the image height and width from image_shape[1] and [0] (as
//   OpenVINO CPU does); the rows after the last RoI are zeros, the first with batch id -1, and their
//   scores (v4) zeros. Equal scores keep their anchor order (OpenVINO CPU's partial sort leaves it open).
// - ExperimentalDetectronTopKROIs and PriorGridGenerator: rows OpenVINO CPU leaves unwritten (max_rois past
//   the RoI count; an h x w grid smaller than the feature map, whose extent the shape keeps) are zeros.
//   A grid larger than the feature map is refused (OpenVINO writes past its output).
// - ExperimentalDetectronDetectionOutput: the deltas apply per class even with class_agnostic_box_regression,
//   the refined boxes are clipped at 0 only (im_info is unused), and the detections are listed class by class,
//   sorted by score only when more than max_detections_per_image remain; zeros fill the rows after them (and
//   all rows when there are no RoIs, where OpenVINO CPU leaves the outputs unwritten).
// - ExperimentalDetectronGenerateProposalsSingleImage refines boxes spanning x1 - x0 + 1 pixels but runs NMS on
//   x1 - x0; a box under min_size stays a candidate with score 0. GenerateProposals instead drops such boxes
//   before NMS (min_size scaled by im_info[2] and [3]). Both order equal scores as OpenVINO CPU does: by
//   std::partial_sort over the proposals in (h, w, anchor) order (libstdc++'s, as OpenVINO's Linux build).
// - ExperimentalDetectronROIFeatureExtractor: a RoI whose area is not positive gets zero features. A RoI
//   that is not finite, or bins of more than 4096 samples a side, are refused (OpenVINO would loop on).
#pragma once

#include "host_ref/ref_utils.hpp"

namespace ovcl {
namespace host_ref {
void prior_box(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void prior_box_clustered(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void detection_output(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void proposal(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void experimental_detectron_topk_rois(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void experimental_detectron_prior_grid_generator(const Node& node, const TensorVector& in, TensorVector& out,
                                                 EvalContext& ctx);
void experimental_detectron_detection_output(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void experimental_detectron_roi_feature_extractor(const Node& node, const TensorVector& in, TensorVector& out,
                                                  EvalContext& ctx);
void experimental_detectron_generate_proposals_single_image(const Node& node, const TensorVector& in, TensorVector& out,
                                                            EvalContext& ctx);
void generate_proposals(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
}  // namespace host_ref
}  // namespace ovcl
