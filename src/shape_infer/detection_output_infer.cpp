#include <string>

#include "shape_infer/detection_infer.hpp"

namespace ovcl {
namespace shape_infer {

namespace {

const Dimension& dim(const Inputs& in, size_t i, size_t axis) { return in[i].shape[axis]; }

// Checks that input i has the given rank; false when its rank is dynamic.
bool ranked(const Node& node, const Inputs& in, size_t i, size_t rank, const char* what) {
    const PartialShape& s = in[i].shape;
    if (s.rank_is_dynamic())
        return false;
    if (s.size() != rank)
        raise<ModelError>(node.describe(), ": ", what, " must have rank ", rank, ", got ", s);
    return true;
}

// The quotient a / b of a static extent, refusing a remainder; 0 when `a` is dynamic.
int64_t exact_div(const Node& node, const Dimension& a, int64_t b, const char* what) {
    if (a.is_dynamic() || b <= 0)
        return 0;
    if (a.get_length() % b != 0)
        raise<ModelError>(node.describe(), ": ", what, " (", a.get_length(), ") must be a multiple of ", b);
    return a.get_length() / b;
}

void check_extent(const Node& node, const Dimension& d, int64_t want, const char* what) {
    if (want > 0 && !d.compatible(Dimension(want)))
        raise<ModelError>(node.describe(), ": ", what, " is ", d, ", expected ", want);
}

}  // namespace

DetectionOutputAttrs detection_output_attrs(const Node& node) {
    DetectionOutputAttrs a;
    if (node.get_version() < 8)
        a.num_classes = node.get_attr<int64_t>("num_classes");
    a.background_label_id = node.get_attr<int64_t>("background_label_id", 0);
    a.top_k = node.get_attr<int64_t>("top_k", -1);
    const auto keep = node.get_attr<std::vector<int64_t>>("keep_top_k");
    if (keep.empty())
        raise<ModelError>(node.describe(), ": keep_top_k must have a value");
    a.keep_top_k = keep[0];
    const std::string code = node.get_attr<std::string>("code_type", "caffe.PriorBoxParameter.CORNER");
    if (code != "caffe.PriorBoxParameter.CORNER" && code != "caffe.PriorBoxParameter.CENTER_SIZE")
        raise<ModelError>(node.describe(), ": unsupported code_type '", code, "'");
    a.center_size = code == "caffe.PriorBoxParameter.CENTER_SIZE";
    a.share_location = node.get_attr<bool>("share_location", true);
    a.variance_encoded_in_target = node.get_attr<bool>("variance_encoded_in_target", false);
    a.clip_before_nms = node.get_attr<bool>("clip_before_nms", false);
    a.clip_after_nms = node.get_attr<bool>("clip_after_nms", false);
    a.decrease_label_id = node.get_attr<bool>("decrease_label_id", false);
    a.normalized = node.get_attr<bool>("normalized", false);
    a.input_height = node.get_attr<int64_t>("input_height", 1);
    a.input_width = node.get_attr<int64_t>("input_width", 1);
    a.nms_threshold = node.get_attr<float>("nms_threshold");
    a.confidence_threshold = node.get_attr<float>("confidence_threshold", 0.0f);
    a.objectness_score = node.get_attr<float>("objectness_score", 0.0f);
    if (a.num_classes == 0 || a.num_classes < -1)
        raise<ModelError>(node.describe(), ": num_classes must be positive, got ", a.num_classes);
    if (!a.normalized && (a.input_height <= 0 || a.input_width <= 0))
        raise<ModelError>(node.describe(), ": input_height and input_width must be positive when not normalized");
    if (a.top_k < -1 || a.keep_top_k < -1)
        raise<ModelError>(node.describe(), ": top_k and keep_top_k must be -1 or more");
    return a;
}

Outputs detection_output(const Node& node, const Inputs& in) {
    if (in.size() != 3 && in.size() != 5)
        raise<ModelError>(node.describe(), ": expects 3 or 5 inputs, got ", in.size());
    const element::Type type = common_real_type(node, in);
    const auto a = detection_output_attrs(node);
    const int64_t prior_size = a.normalized ? 4 : 5;
    const bool has_loc = ranked(node, in, 0, 2, "box_logits"), has_conf = ranked(node, in, 1, 2, "class_preds");
    const bool has_priors = ranked(node, in, 2, 3, "proposals");
    // The prior count: from the proposals, else the box logits (when their class count is known).
    int64_t priors = has_priors ? exact_div(node, dim(in, 2, 2), prior_size, "the proposals' width") : 0;
    int64_t classes = a.num_classes > 0 ? a.num_classes : 0;
    if (!priors && has_loc && (a.share_location || classes))
        priors = exact_div(node, dim(in, 0, 1), 4 * (a.share_location ? 1 : classes), "the box logits' width");
    if (!classes && priors && has_conf)
        classes = exact_div(node, dim(in, 1, 1), priors, "the class predictions' width");
    const int64_t loc_classes = a.share_location ? 1 : classes;
    Dimension images = Dimension::dynamic();
    if (has_loc) {
        images = dim(in, 0, 0);
        if (priors && loc_classes)
            check_extent(node, dim(in, 0, 1), priors * loc_classes * 4, "the box logits' width");
    }
    if (has_conf) {
        if (!Dimension::merge(images, images, dim(in, 1, 0)))
            raise<ModelError>(node.describe(), ": class_preds ", in[1].shape, " and box_logits disagree on the batch");
        if (priors && classes)
            check_extent(node, dim(in, 1, 1), priors * classes, "the class predictions' width");
    }
    if (has_priors) {
        const Dimension& b = dim(in, 2, 0);
        if (!b.compatible(Dimension(1)) && !b.compatible(images))
            raise<ModelError>(node.describe(), ": the proposals' batch ", b, " must be 1 or the image count ", images);
        check_extent(node, dim(in, 2, 1), a.variance_encoded_in_target ? 1 : 2, "the proposals' second axis");
    }
    if (in.size() == 5) {
        if (ranked(node, in, 3, 2, "aux_class_preds")) {
            if (!dim(in, 3, 0).compatible(images))
                raise<ModelError>(node.describe(), ": aux_class_preds ", in[3].shape, " disagrees on the batch");
            check_extent(node, dim(in, 3, 1), priors * 2, "the aux class predictions' width");
        }
        if (!in[4].shape.compatible(in[0].shape))
            raise<ModelError>(node.describe(), ": aux_box_preds ", in[4].shape, " must be shaped like box_logits ",
                              in[0].shape);
    }
    // Rows: keep_top_k per image, else top_k per class, else every prior of every class.
    Dimension rows = Dimension::dynamic();
    int64_t per_image = a.keep_top_k > 0 ? a.keep_top_k : 0;
    if (!per_image && classes)
        per_image = checked::mul(a.top_k > 0 ? a.top_k : priors, classes);
    if (per_image && images.is_static())
        rows = checked::mul(images.get_length(), per_image);
    return {{type, PartialShape{Dimension(1), Dimension(1), rows, Dimension(7)}}};
}

}  // namespace shape_infer
}  // namespace ovcl
