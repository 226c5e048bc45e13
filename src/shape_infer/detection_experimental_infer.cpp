#include "shape_infer/detection_infer.hpp"

namespace ovcl {
namespace shape_infer {

namespace {
void check_shape(const Node& node, const PartialShape& s, const PartialShape& want, const char* what) {
    if (!s.compatible(want))
        raise<ModelError>(node.describe(), ": ", what, " must be shaped ", want, ", got ", s);
}
}  // namespace

Outputs experimental_detectron_topk_rois(const Node& node, const Inputs& in) {
    check_input_count(node, in, 2, 2);
    const element::Type type = common_real_type(node, in);
    const auto max_rois = node.get_attr<int64_t>("max_rois", 0);
    if (max_rois < 0)
        raise<ModelError>(node.describe(), ": max_rois must not be negative, got ", max_rois);
    check_shape(node, in[0].shape, PartialShape{Dimension::dynamic(), 4}, "rois");
    check_shape(node, in[1].shape, PartialShape::dynamic(1), "scores");
    if (in[0].shape.rank_is_static() && in[1].shape.rank_is_static() && !in[0].shape[0].compatible(in[1].shape[0]))
        raise<ModelError>(node.describe(), ": rois ", in[0].shape, " and scores ", in[1].shape, " disagree");
    return {{type, PartialShape{Dimension(max_rois), Dimension(4)}}};
}

Outputs experimental_detectron_prior_grid_generator(const Node& node, const Inputs& in) {
    check_input_count(node, in, 3, 3);
    check_real(node, in, 0);
    check_shape(node, in[0].shape, PartialShape{Dimension::dynamic(), 4}, "priors");
    check_shape(node, in[1].shape, PartialShape::dynamic(4), "feature_map");
    check_shape(node, in[2].shape, PartialShape::dynamic(4), "im_data");
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

}  // namespace shape_infer
}  // namespace ovcl
