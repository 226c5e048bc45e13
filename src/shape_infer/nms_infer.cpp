#include "shape_infer/nms_infer.hpp"

#include <algorithm>
#include <string>

namespace ovcl {
namespace shape_infer {

namespace {

void check_rank(const Node& node, const Inputs& in, size_t i, size_t rank, const char* what) {
    if (in[i].shape.rank_is_static() && in[i].shape.size() != rank)
        raise<ModelError>(node.describe(), ": ", what, " ", in[i].shape, " is not of rank ", rank);
}

// Dimension `a` of input i against dimension `b` of input j (both of static rank when checked).
void check_same(const Node& node, const Inputs& in, size_t i, size_t a, size_t j, size_t b) {
    const PartialShape &si = in[i].shape, &sj = in[j].shape;
    if (si.rank_is_static() && sj.rank_is_static() && !si[a].compatible(sj[b]))
        raise<ModelError>(node.describe(), ": inputs ", i, " ", si, " and ", j, " ", sj, " disagree (axis ", a,
                          " vs axis ", b, ")");
}

// The optional scalar inputs: a scalar or one element, integer for max_output_boxes_per_class.
void check_scalars(const Node& node, const Inputs& in) {
    for (size_t i = 2; i < in.size(); ++i) {
        const PartialShape& s = in[i].shape;
        if (s.rank_is_static() && !(s.size() == 0 || (s.size() == 1 && s[0].compatible(Dimension(1)))))
            raise<ModelError>(node.describe(), ": input ", i, " must be a scalar, got ", s);
        if (i == 2)
            check_integer(node, in, i);
        else
            check_real(node, in, i);
    }
}

Dimension dim(const PartialShape& s, size_t i) { return s.rank_is_static() ? s[i] : Dimension::dynamic(); }

// 0 up to the product of the upper bounds, at most cap (-1: none); unbounded when a bound is.
Dimension rows_upto(std::initializer_list<Dimension> dims, int64_t cap = -1) {
    int64_t n = 1;
    for (const auto& d : dims) {
        if (d.get_max_length() == Dimension::inf)
            return cap >= 0 ? Dimension(0, cap) : Dimension::dynamic();
        n = checked::mul<int64_t>(n, d.get_max_length());
    }
    return Dimension(0, cap >= 0 ? std::min(n, cap) : n);
}

// boxes [B, N, box_size] and scores [B, C, N], both real of one type.
element::Type check_boxes_scores(const Node& node, const Inputs& in, size_t box_size) {
    check_real(node, in, 0);
    check_real(node, in, 1);
    const element::Type t = merge_types(node, in, 0, 1);
    check_rank(node, in, 0, 3, "boxes");
    check_rank(node, in, 1, 3, "scores");
    const PartialShape& b = in[0].shape;
    if (b.rank_is_static() && !b[2].compatible(Dimension(static_cast<int64_t>(box_size))))
        raise<ModelError>(node.describe(), ": boxes ", b, " must hold ", box_size, " values per box");
    check_same(node, in, 0, 0, 1, 0);
    check_same(node, in, 0, 1, 1, 2);
    return t;
}

// selected_scores is f32 whatever the input types, as OpenVINO's NonMaxSuppression-5/9 and NMSRotated-13 give
// it (the specification says the thresholds' type).
Outputs nms_outputs(const Inputs& in, const NmsAttrs& a, bool three) {
    const PartialShape &b = in[0].shape, &s = in[1].shape;
    Dimension per_class = in.size() > 2 ? dim(b, 1) : Dimension(0);  // max_output_boxes_per_class defaults to 0
    if (in.size() > 2)
        if (const auto v = const_i64(in[2]); v && v->size() == 1) {
            const int64_t m = std::max<int64_t>(v->at(0), 0);
            per_class = per_class.get_max_length() == Dimension::inf ? Dimension(0, m)
                                                                     : Dimension(0, std::min(m, per_class.get_max_length()));
        }
    const PartialShape rows{rows_upto({dim(b, 0), dim(s, 1), per_class}), Dimension(3)};
    if (!three)
        return {{a.output_type, rows}};
    return {{a.output_type, rows}, {element::f32, rows}, {a.output_type, PartialShape{Dimension(1)}}};
}

MulticlassNmsAttrs::Sort sort_type(const Node& node) {
    using Sort = MulticlassNmsAttrs::Sort;
    static const std::pair<const char*, Sort> sorts[] = {
        {"none", Sort::none}, {"score", Sort::score}, {"classid", Sort::classid}};
    return pick(node, "sort_result_type", node.get_attr<std::string>("sort_result_type", "none"), sorts);
}

}  // namespace

NmsAttrs nms_attrs(const Node& node) {
    NmsAttrs a;
    const auto enc = node.get_attr<std::string>("box_encoding", "corner");
    if (enc != "corner" && enc != "center")
        raise<ModelError>(node.describe(), ": box_encoding='", enc, "' is not one of corner, center");
    a.center = enc == "center";
    a.sort_descending = node.get_attr<bool>("sort_result_descending", true);
    if (node.get_type_name() == "NMSRotated" || node.get_version() >= 3)
        a.output_type = index_type_attr(node, "output_type");
    a.clockwise = node.get_attr<bool>("clockwise", true);
    return a;
}

MulticlassNmsAttrs multiclass_nms_attrs(const Node& node) {
    MulticlassNmsAttrs a;
    a.sort = sort_type(node);
    a.across_batch = node.get_attr<bool>("sort_result_across_batch", false);
    a.output_type = index_type_attr(node, "output_type");
    a.score_threshold = node.get_attr<double>("score_threshold", 0.0);
    a.nms_top_k = node.get_attr<int64_t>("nms_top_k", -1);
    a.keep_top_k = node.get_attr<int64_t>("keep_top_k", -1);
    a.background_class = node.get_attr<int64_t>("background_class", -1);
    a.normalized = node.get_attr<bool>("normalized", true);
    if (a.nms_top_k < -1 || a.keep_top_k < -1 || a.background_class < -1)
        raise<ModelError>(node.describe(), ": nms_top_k, keep_top_k and background_class must be -1 or more, got ",
                          a.nms_top_k, ", ", a.keep_top_k, ", ", a.background_class);
    if (node.get_type_name() == "MatrixNms") {
        const auto decay = node.get_attr<std::string>("decay_function", "linear");
        if (decay != "linear" && decay != "gaussian")
            raise<ModelError>(node.describe(), ": decay_function='", decay, "' is not one of linear, gaussian");
        a.gaussian = decay == "gaussian";
        a.gaussian_sigma = node.get_attr<double>("gaussian_sigma", 2.0);
        a.post_threshold = node.get_attr<double>("post_threshold", 0.0);
    } else {
        a.iou_threshold = node.get_attr<double>("iou_threshold", 0.0);
        a.nms_eta = node.get_attr<double>("nms_eta", 1.0);
        if (!(a.nms_eta >= 0.0 && a.nms_eta <= 1.0))
            raise<ModelError>(node.describe(), ": nms_eta ", a.nms_eta, " is outside [0, 1]");
    }
    return a;
}

Outputs non_max_suppression(const Node& node, const Inputs& in) {
    const bool v5 = node.get_version() >= 5;
    check_input_count(node, in, 2, v5 ? 6 : 5);
    const NmsAttrs a = nms_attrs(node);
    check_boxes_scores(node, in, 4);
    check_scalars(node, in);
    return nms_outputs(in, a, v5);
}

Outputs nms_rotated(const Node& node, const Inputs& in) {
    check_input_count(node, in, 5, 5);
    const NmsAttrs a = nms_attrs(node);
    check_boxes_scores(node, in, 5);
    check_scalars(node, in);
    return nms_outputs(in, a, true);
}

namespace {

// Three outputs over `batches` images of up to `boxes` boxes in `classes` classes (`total`: every box of
// every image, when the images split one list of boxes).
Outputs multiclass_outputs(const MulticlassNmsAttrs& a, element::Type type, const Dimension& batches,
                           const Dimension& classes, const Dimension& boxes, const Dimension& total) {
    Dimension real_classes = classes;
    if (classes.is_static() && a.background_class >= 0 && a.background_class < classes.get_length())
        real_classes = Dimension(classes.get_length() - 1);
    Dimension per_class = boxes;
    if (a.nms_top_k >= 0)
        per_class = Dimension(0, boxes.get_max_length() == Dimension::inf
                                     ? a.nms_top_k
                                     : std::min(a.nms_top_k, boxes.get_max_length()));
    Dimension per_batch = rows_upto({real_classes, per_class}, a.keep_top_k);
    Dimension rows = rows_upto({batches, per_batch});
    if (total.get_max_length() != Dimension::inf) {
        const Dimension cap = rows_upto({real_classes, total});
        if (cap.get_max_length() != Dimension::inf)
            rows = rows_upto({rows}, cap.get_max_length());
    }
    return {{type, PartialShape{rows, Dimension(6)}},
            {a.output_type, PartialShape{rows, Dimension(1)}},
            {a.output_type, PartialShape{batches}}};
}

}  // namespace

Outputs matrix_nms(const Node& node, const Inputs& in) {
    check_input_count(node, in, 2, 2);
    const MulticlassNmsAttrs a = multiclass_nms_attrs(node);
    const element::Type t = check_boxes_scores(node, in, 4);
    const PartialShape &b = in[0].shape, &s = in[1].shape;
    return multiclass_outputs(a, t, dim(b, 0), dim(s, 1), dim(b, 1), Dimension::dynamic());
}

Outputs multiclass_nms(const Node& node, const Inputs& in) {
    check_input_count(node, in, 2, node.get_version() >= 9 ? 3 : 2);
    const MulticlassNmsAttrs a = multiclass_nms_attrs(node);
    const PartialShape &b = in[0].shape, &s = in[1].shape;
    if (in.size() == 3) {
        check_integer(node, in, 2);
        check_rank(node, in, 2, 1, "roisnum");
    }
    if (s.rank_is_static() && s.size() == 2) {
        // Boxes per class [C, M, 4], scores [C, M]: roisnum splits the M boxes into images.
        if (in.size() != 3)
            raise<ModelError>(node.describe(), ": scores of rank 2 need the roisnum input");
        check_real(node, in, 0);
        check_real(node, in, 1);
        const element::Type t = merge_types(node, in, 0, 1);
        check_rank(node, in, 0, 3, "boxes");
        if (b.rank_is_static() && !b[2].compatible(Dimension(4)))
            raise<ModelError>(node.describe(), ": boxes ", b, " must hold 4 values per box");
        check_same(node, in, 0, 0, 1, 0);
        check_same(node, in, 0, 1, 1, 1);
        return multiclass_outputs(a, t, dim(in[2].shape, 0), s[0], s[1], s[1]);
    }
    const element::Type t = check_boxes_scores(node, in, 4);
    return multiclass_outputs(a, t, dim(b, 0), dim(s, 1), dim(b, 1), Dimension::dynamic());
}

}  // namespace shape_infer
}  // namespace ovcl
