#include <cstdint>

#include "shape_infer/detection_infer.hpp"

namespace ovcl {
namespace shape_infer {

void check_detection_shape(const Node& node, const PartialShape& s, const PartialShape& want, const char* what) {
    if (!s.compatible(want))
        raise<ModelError>(node.describe(), ": ", what, " must be shaped ", want, ", got ", s);
}

namespace {
// The extent of axis `ax` of `s` (dynamic when the rank is).
Dimension dim(const PartialShape& s, size_t ax) { return s.rank_is_static() ? s[ax] : Dimension::dynamic(); }
}  // namespace

Outputs experimental_detectron_topk_rois(const Node& node, const Inputs& in) {
    check_input_count(node, in, 2, 2);
    const element::Type type = common_real_type(node, in);
    const auto max_rois = node.get_attr<int64_t>("max_rois", 0);
    if (max_rois < 0)
        raise<ModelError>(node.describe(), ": max_rois must not be negative, got ", max_rois);
    check_detection_shape(node, in[0].shape, PartialShape{Dimension::dynamic(), 4}, "rois");
    check_detection_shape(node, in[1].shape, PartialShape::dynamic(1), "scores");
    if (in[0].shape.rank_is_static() && in[1].shape.rank_is_static() && !in[0].shape[0].compatible(in[1].shape[0]))
        raise<ModelError>(node.describe(), ": rois ", in[0].shape, " and scores ", in[1].shape, " disagree");
    return {{type, PartialShape{Dimension(max_rois), Dimension(4)}}};
}

Outputs experimental_detectron_prior_grid_generator(const Node& node, const Inputs& in) {
    check_input_count(node, in, 3, 3);
    check_real(node, in, 0);
    check_detection_shape(node, in[0].shape, PartialShape{Dimension::dynamic(), 4}, "priors");
    check_detection_shape(node, in[1].shape, PartialShape::dynamic(4), "feature_map");
    check_detection_shape(node, in[2].shape, PartialShape::dynamic(4), "im_data");
    const bool flatten = node.get_attr<bool>("flatten", true);
    if (node.get_attr<int64_t>("h", 0) < 0 || node.get_attr<int64_t>("w", 0) < 0)
        raise<ModelError>(node.describe(), ": h and w must not be negative");
    const Dimension P = in[0].shape.rank_is_static() ? in[0].shape[0] : Dimension::dynamic();
    const PartialShape& fm = in[1].shape;
    const Dimension H = fm.rank_is_static() ? fm[2] : Dimension::dynamic(), W = fm.rank_is_static() ? fm[3] : Dimension::dynamic();
    if (!flatten)
        return {{in[0].type, PartialShape{H, W, P, Dimension(4)}}};
    Dimension rows = Dimension::dynamic();
    if (H.is_static() && W.is_static() && P.is_static())
        rows = checked::mul(checked::mul(H.get_length(), W.get_length()), P.get_length());
    return {{in[0].type, PartialShape{rows, Dimension(4)}}};
}

EDDetectionOutputAttrs ed_detection_output_attrs(const Node& node) {
    EDDetectionOutputAttrs a;
    a.score_threshold = node.get_attr<float>("score_threshold", 0.0f);
    a.nms_threshold = node.get_attr<float>("nms_threshold", 0.0f);
    a.max_delta_log_wh = node.get_attr<float>("max_delta_log_wh", 0.0f);
    a.num_classes = node.get_attr<int64_t>("num_classes");
    a.post_nms_count = node.get_attr<int64_t>("post_nms_count", -1);
    a.max_detections_per_image = node.get_attr<int64_t>("max_detections_per_image");
    a.deltas_weights = node.get_attr<std::vector<float>>("deltas_weights", {1.0f, 1.0f, 1.0f, 1.0f});
    if (a.num_classes <= 0 || a.max_detections_per_image <= 0)
        raise<ModelError>(node.describe(), ": num_classes and max_detections_per_image must be positive");
    if (a.post_nms_count < -1)
        raise<ModelError>(node.describe(), ": post_nms_count must be -1 (all) or non-negative, got ", a.post_nms_count);
    if (a.deltas_weights.size() != 4)
        raise<ModelError>(node.describe(), ": deltas_weights must hold 4 values, got ", a.deltas_weights.size());
    return a;
}

Outputs experimental_detectron_detection_output(const Node& node, const Inputs& in) {
    check_input_count(node, in, 4, 4);
    const element::Type type = common_real_type(node, in);
    const auto a = ed_detection_output_attrs(node);
    const Dimension C(a.num_classes);
    check_detection_shape(node, in[0].shape, PartialShape{Dimension::dynamic(), 4}, "rois");
    const Dimension C4(checked::mul(a.num_classes, int64_t{4}));
    check_detection_shape(node, in[1].shape, PartialShape{Dimension::dynamic(), C4}, "deltas");
    check_detection_shape(node, in[2].shape, PartialShape{Dimension::dynamic(), C}, "scores");
    check_detection_shape(node, in[3].shape, PartialShape{1, 3}, "im_info");
    Dimension rois = dim(in[0].shape, 0);
    if (!Dimension::merge(rois, rois, dim(in[1].shape, 0)) || !Dimension::merge(rois, rois, dim(in[2].shape, 0)))
        raise<ModelError>(node.describe(), ": rois ", in[0].shape, ", deltas ", in[1].shape, " and scores ", in[2].shape,
                          " disagree on the RoI count");
    const Dimension max(a.max_detections_per_image);
    return {{type, PartialShape{max, Dimension(4)}}, {element::i32, PartialShape{max}}, {type, PartialShape{max}}};
}

ROIFeatureAttrs roi_feature_attrs(const Node& node) {
    ROIFeatureAttrs a;
    a.output_size = node.get_attr<int64_t>("output_size");
    a.sampling_ratio = node.get_attr<int64_t>("sampling_ratio", 0);
    a.pyramid_scales = node.get_attr<std::vector<int64_t>>("pyramid_scales");
    a.aligned = node.get_attr<bool>("aligned", false);
    if (a.output_size <= 0 || a.sampling_ratio < 0)
        raise<ModelError>(node.describe(), ": output_size must be positive and sampling_ratio non-negative");
    for (int64_t s : a.pyramid_scales)
        if (s <= 0)
            raise<ModelError>(node.describe(), ": pyramid scale ", s, " must be positive");
    return a;
}

Outputs experimental_detectron_roi_feature_extractor(const Node& node, const Inputs& in) {
    check_input_count(node, in, 2, SIZE_MAX);
    const element::Type type = common_real_type(node, in);
    const auto a = roi_feature_attrs(node);
    if (a.pyramid_scales.size() != in.size() - 1)
        raise<ModelError>(node.describe(), ": ", in.size() - 1, " pyramid levels need as many pyramid_scales, got ",
                          a.pyramid_scales.size());
    check_detection_shape(node, in[0].shape, PartialShape{Dimension::dynamic(), 4}, "rois");
    Dimension channels = Dimension::dynamic();
    for (size_t i = 1; i < in.size(); ++i) {
        const Dimension any = Dimension::dynamic();
        check_detection_shape(node, in[i].shape, PartialShape{1, any, any, any}, "each pyramid level");
        if (!Dimension::merge(channels, channels, dim(in[i].shape, 1)))
            raise<ModelError>(node.describe(), ": the pyramid levels differ in channels (level ", i - 1, ": ",
                              in[i].shape, ")");
    }
    const Dimension R = dim(in[0].shape, 0), S(a.output_size);
    return {{type, PartialShape{R, channels, S, S}}, {type, PartialShape{R, Dimension(4)}}};
}

}  // namespace shape_infer
}  // namespace ovcl
