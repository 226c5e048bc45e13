// Shape inference of the anchor-based proposal generators: ExperimentalDetectronGenerateProposalsSingleImage-6
// (one image, a fixed post_nms_count rows) and GenerateProposals-9 (a batch, as many rows as survive).
#include "shape_infer/detection_infer.hpp"

namespace ovcl {
namespace shape_infer {

namespace {

Dimension dim(const PartialShape& s, size_t ax) { return s.rank_is_static() ? s[ax] : Dimension::dynamic(); }

// Merges `b` into `a`, refusing when they disagree (what names the extents).
void merge(const Node& node, Dimension& a, const Dimension& b, const char* what) {
    if (!Dimension::merge(a, a, b))
        raise<ModelError>(node.describe(), ": the inputs disagree on ", what, " (", a, " and ", b, ")");
}

// Checks the anchors, deltas and scores against each other: deltas has 4 channels per anchor, anchors one
// box per (h, w, anchor). `lead` is 1 when deltas and scores have a batch axis.
void check_grid(const Node& node, const Inputs& in, size_t lead) {
    const PartialShape &deltas = in[2].shape, &scores = in[3].shape;
    Dimension A = dim(scores, lead), H = dim(scores, lead + 1), W = dim(scores, lead + 2);
    merge(node, H, dim(deltas, lead + 1), "the feature height");
    merge(node, W, dim(deltas, lead + 2), "the feature width");
    const Dimension C = dim(deltas, lead);
    if (C.is_static() && C.get_length() % 4 != 0)
        raise<ModelError>(node.describe(), ": deltas ", deltas, " need 4 channels per anchor");
    merge(node, A, C.is_static() ? Dimension(C.get_length() / 4) : Dimension::dynamic(), "the anchor count");
    const PartialShape& anchors = in[1].shape;
    if (lead == 1) {  // [H, W, A, 4]
        merge(node, H, dim(anchors, 0), "the feature height");
        merge(node, W, dim(anchors, 1), "the feature width");
        merge(node, A, dim(anchors, 2), "the anchor count");
    } else if (A.is_static() && H.is_static() && W.is_static()) {  // [H * W * A, 4]
        const int64_t n = checked::mul(checked::mul(A.get_length(), H.get_length()), W.get_length());
        Dimension rows = dim(anchors, 0);
        merge(node, rows, Dimension(n), "the anchor count (anchors rows against H * W * A)");
    }
}

}  // namespace

GenerateProposalsAttrs generate_proposals_attrs(const Node& node) {
    GenerateProposalsAttrs a;
    a.min_size = node.get_attr<float>("min_size");
    a.nms_threshold = node.get_attr<float>("nms_threshold");
    a.pre_nms_count = node.get_attr<int64_t>("pre_nms_count");
    a.post_nms_count = node.get_attr<int64_t>("post_nms_count");
    if (node.get_type_name() == "GenerateProposals") {
        a.normalized = node.get_attr<bool>("normalized", true);
        a.nms_eta = node.get_attr<float>("nms_eta", 1.0f);
        a.roi_num_type = node.get_attr<element::Type>("roi_num_type", element::i64);
        if (a.roi_num_type != element::i32 && a.roi_num_type != element::i64)
            raise<ModelError>(node.describe(), ": roi_num_type must be i32 or i64, not ", a.roi_num_type);
        if (a.nms_eta != 1.0f)  // OpenVINO accepts no other (adaptive NMS is not implemented there)
            raise<ModelError>(node.describe(), ": nms_eta must be 1, got ", a.nms_eta);
    }
    if (a.pre_nms_count <= 0 || a.post_nms_count <= 0)
        raise<ModelError>(node.describe(), ": pre_nms_count and post_nms_count must be positive");
    return a;
}

Outputs experimental_detectron_generate_proposals_single_image(const Node& node, const Inputs& in) {
    check_input_count(node, in, 4, 4);
    const element::Type type = common_real_type(node, in);
    const auto a = generate_proposals_attrs(node);
    const Dimension any = Dimension::dynamic();
    check_detection_shape(node, in[0].shape, PartialShape{3}, "im_info");
    check_detection_shape(node, in[1].shape, PartialShape{any, 4}, "anchors");
    check_detection_shape(node, in[2].shape, PartialShape::dynamic(3), "deltas");
    check_detection_shape(node, in[3].shape, PartialShape::dynamic(3), "scores");
    check_grid(node, in, 0);
    const Dimension rows(a.post_nms_count);
    return {{type, PartialShape{rows, Dimension(4)}}, {type, PartialShape{rows}}};
}

Outputs generate_proposals(const Node& node, const Inputs& in) {
    check_input_count(node, in, 4, 4);
    const element::Type type = common_real_type(node, in);
    const auto a = generate_proposals_attrs(node);
    const Dimension any = Dimension::dynamic();
    check_detection_shape(node, in[0].shape, PartialShape::dynamic(2), "im_info");
    const Dimension info = dim(in[0].shape, 1);
    if (!info.compatible(3) && !info.compatible(4))
        raise<ModelError>(node.describe(), ": im_info must have 3 or 4 values per image, got ", in[0].shape);
    check_detection_shape(node, in[1].shape, PartialShape{any, any, any, 4}, "anchors");
    check_detection_shape(node, in[2].shape, PartialShape::dynamic(4), "deltas");
    check_detection_shape(node, in[3].shape, PartialShape::dynamic(4), "scores");
    check_grid(node, in, 1);
    Dimension N = dim(in[0].shape, 0);
    merge(node, N, dim(in[2].shape, 0), "the batch");
    merge(node, N, dim(in[3].shape, 0), "the batch");
    // As many rows as survive NMS: at most post_nms_count per image.
    const Dimension rows = N.get_max_length() == Dimension::inf
                               ? Dimension(0, Dimension::inf)
                               : Dimension(0, checked::mul(N.get_max_length(), a.post_nms_count));
    return {{type, PartialShape{rows, Dimension(4)}}, {type, PartialShape{rows}}, {a.roi_num_type, PartialShape{N}}};
}

}  // namespace shape_infer
}  // namespace ovcl
