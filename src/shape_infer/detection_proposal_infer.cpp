#include <string>

#include "shape_infer/detection_infer.hpp"

namespace ovcl {
namespace shape_infer {

ProposalAttrs proposal_attrs(const Node& node) {
    ProposalAttrs a;
    a.base_size = node.get_attr<int64_t>("base_size");
    a.pre_nms_topn = node.get_attr<int64_t>("pre_nms_topn");
    a.post_nms_topn = node.get_attr<int64_t>("post_nms_topn");
    a.feat_stride = node.get_attr<int64_t>("feat_stride");
    a.nms_thresh = node.get_attr<float>("nms_thresh");
    a.min_size = node.get_attr<float>("min_size");
    a.ratio = node.get_attr<std::vector<float>>("ratio");
    a.scale = node.get_attr<std::vector<float>>("scale");
    a.clip_before_nms = node.get_attr<bool>("clip_before_nms", true);
    a.clip_after_nms = node.get_attr<bool>("clip_after_nms", false);
    a.normalize = node.get_attr<bool>("normalize", false);
    a.box_size_scale = node.get_attr<float>("box_size_scale", 1.0f);
    a.box_coordinate_scale = node.get_attr<float>("box_coordinate_scale", 1.0f);
    const std::string fw = node.get_attr<std::string>("framework", "");
    a.tensorflow = fw == "tensorflow";
    if (a.base_size <= 0 || a.pre_nms_topn <= 0 || a.post_nms_topn <= 0 || a.feat_stride <= 0)
        raise<ModelError>(node.describe(), ": base_size, pre_nms_topn, post_nms_topn and feat_stride must be positive");
    if (a.ratio.empty() || a.scale.empty())
        raise<ModelError>(node.describe(), ": ratio and scale must not be empty");
    return a;
}

Outputs proposal(const Node& node, const Inputs& in) {
    check_input_count(node, in, 3, 3);
    const element::Type type = common_real_type(node, in);
    const auto a = proposal_attrs(node);
    const auto anchors = checked::mul(static_cast<int64_t>(a.ratio.size()), static_cast<int64_t>(a.scale.size()));
    const PartialShape &probs = in[0].shape, &deltas = in[1].shape, &info = in[2].shape;
    if (probs.rank_is_static() && probs.size() != 4)
        raise<ModelError>(node.describe(), ": class_probs must have rank 4, got ", probs);
    if (deltas.rank_is_static() && deltas.size() != 4)
        raise<ModelError>(node.describe(), ": bbox_deltas must have rank 4, got ", deltas);
    if (info.rank_is_static() && (info.size() != 1 || !(info[0].compatible(3) || info[0].compatible(4))))
        raise<ModelError>(node.describe(), ": image_shape must be 1-D with 3 or 4 values, got ", info);
    if (probs.rank_is_static() && !probs[1].compatible(Dimension(2 * anchors)))
        raise<ModelError>(node.describe(), ": class_probs ", probs, " needs 2 * ", anchors, " channels");
    if (deltas.rank_is_static() && !deltas[1].compatible(Dimension(4 * anchors)))
        raise<ModelError>(node.describe(), ": bbox_deltas ", deltas, " needs 4 * ", anchors, " channels");
    if (probs.rank_is_static() && deltas.rank_is_static())
        for (size_t ax : {size_t{0}, size_t{2}, size_t{3}})
            if (!probs[ax].compatible(deltas[ax]))
                raise<ModelError>(node.describe(), ": class_probs ", probs, " and bbox_deltas ", deltas, " disagree");
    Dimension batch = probs.rank_is_static() ? probs[0] : Dimension::dynamic();
    if (batch.is_dynamic() && deltas.rank_is_static())
        batch = deltas[0];
    const Dimension rows = batch.is_static() ? Dimension(checked::mul(batch.get_length(), a.post_nms_topn)) : Dimension::dynamic();
    Outputs out{{type, PartialShape{rows, Dimension(5)}}};
    if (node.get_version() >= 4)
        out.push_back({type, PartialShape{rows}});
    return out;
}

}  // namespace shape_infer
}  // namespace ovcl
