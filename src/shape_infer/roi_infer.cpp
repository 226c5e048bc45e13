#include "shape_infer/roi_infer.hpp"

#include <string>

namespace ovcl {
namespace shape_infer {

namespace {

Dimension dim(const PartialShape& s, size_t i) { return s.rank_is_static() ? s[i] : Dimension::dynamic(); }

void check_rank(const Node& node, const Inputs& in, size_t i, size_t rank, const char* what) {
    if (in[i].shape.rank_is_static() && in[i].shape.size() != rank)
        raise<ModelError>(node.describe(), ": ", what, " must have rank ", rank, ", got ", in[i].shape);
}

int64_t positive(const Node& node, const char* name, int64_t v) {
    if (v <= 0)
        raise<ModelError>(node.describe(), ": attribute ", name, "=", v, " must be positive");
    return v;
}

float positive_scale(const Node& node) {
    const auto s = node.get_attr<float>("spatial_scale");
    if (!(s > 0.0f))
        raise<ModelError>(node.describe(), ": attribute spatial_scale=", s, " must be positive");
    return s;
}

// Checks data [N, C, H, W] and rois [R, roi_len] (same real type): the output [R, channels, h, w].
Outputs pooled(const Node& node, const Inputs& in, int64_t roi_len, const Dimension& channels, int64_t h, int64_t w) {
    check_real(node, in, 0);
    merge_types(node, in, 0, 1);
    check_rank(node, in, 0, 4, "the data input");
    check_rank(node, in, 1, 2, "the rois input");
    if (!dim(in[1].shape, 1).compatible(roi_len))
        raise<ModelError>(node.describe(), ": rois must be [num_rois, ", roi_len, "], got ", in[1].shape);
    return {{in[0].type, PartialShape({dim(in[1].shape, 0), channels, h, w})}};
}

// ROIAlign's third input: one integer batch index per roi.
Outputs with_batch_indices(const Node& node, const Inputs& in, Outputs out) {
    check_integer(node, in, 2);
    check_rank(node, in, 2, 1, "batch_indices");
    Dimension rois;
    if (!Dimension::merge(rois, out[0].shape[0], dim(in[2].shape, 0)))
        raise<ModelError>(node.describe(), ": batch_indices ", in[2].shape, " must have one entry per roi of ", in[1].shape);
    out[0].shape[0] = rois;
    return out;
}

}  // namespace

RoiAlignAttrs roi_align_attrs(const Node& node) {
    RoiAlignAttrs a;
    a.pooled_h = positive(node, "pooled_h", node.get_attr<int64_t>("pooled_h"));
    a.pooled_w = positive(node, "pooled_w", node.get_attr<int64_t>("pooled_w"));
    a.sampling_ratio = node.get_attr<int64_t>("sampling_ratio");
    if (a.sampling_ratio < 0 || a.sampling_ratio > 65536)
        raise<ModelError>(node.describe(), ": attribute sampling_ratio=", a.sampling_ratio, " is outside [0, 65536]");
    a.spatial_scale = positive_scale(node);
    if (node.get_type_name() == "ROIAlignRotated") {
        a.clockwise = node.get_attr<bool>("clockwise_mode", false);
        return a;
    }
    const auto mode = node.get_attr<std::string>("mode");
    if (mode != "avg" && mode != "max")
        raise<ModelError>(node.describe(), ": attribute mode='", mode, "' is not one of avg, max");
    a.max = mode == "max";
    using Aligned = RoiAlignAttrs::Aligned;
    static const std::pair<const char*, Aligned> alignments[] = {{"asymmetric", Aligned::asymmetric},
                                                                 {"half_pixel_for_nn", Aligned::half_pixel_for_nn},
                                                                 {"half_pixel", Aligned::half_pixel}};
    const auto aligned = node.get_version() >= 9 ? node.get_attr<std::string>("aligned_mode", "asymmetric") : "asymmetric";
    a.aligned = pick(node, "aligned_mode", aligned, alignments);
    return a;
}

RoiPoolingAttrs roi_pooling_attrs(const Node& node) {
    RoiPoolingAttrs a;
    const auto size = node.get_attr<std::vector<int64_t>>("output_size");
    if (size.size() != 2)
        raise<ModelError>(node.describe(), ": attribute output_size must hold 2 values, got ", size.size());
    a.pooled_h = positive(node, "output_size", size[0]);
    a.pooled_w = positive(node, "output_size", size[1]);
    a.spatial_scale = positive_scale(node);
    const auto method = node.get_attr<std::string>("method", "max");
    if (method != "max" && method != "bilinear")
        raise<ModelError>(node.describe(), ": attribute method='", method, "' is not one of max, bilinear");
    a.bilinear = method == "bilinear";
    return a;
}

PsRoiAttrs psroi_attrs(const Node& node) {
    PsRoiAttrs a;
    const bool deformable = node.get_type_name() == "DeformablePSROIPooling";
    a.output_dim = positive(node, "output_dim", node.get_attr<int64_t>("output_dim"));
    a.group_size = positive(node, "group_size", node.get_attr<int64_t>("group_size", 1));
    a.bins_x = positive(node, "spatial_bins_x", node.get_attr<int64_t>("spatial_bins_x", 1));
    a.bins_y = positive(node, "spatial_bins_y", node.get_attr<int64_t>("spatial_bins_y", 1));
    a.spatial_scale = positive_scale(node);
    const auto mode = node.get_attr<std::string>("mode", deformable ? "bilinear_deformable" : "average");
    if (deformable) {
        if (mode != "bilinear_deformable")
            raise<ModelError>(node.describe(), ": attribute mode='", mode, "' is not bilinear_deformable");
        a.bilinear = true;
        a.trans_std = node.get_attr<float>("trans_std", 1.0f);
        a.part_size = positive(node, "part_size", node.get_attr<int64_t>("part_size", 1));
        // Samples per bin, each a bilinear read: a bound keeps a hostile IR from looping for hours.
        constexpr int64_t kMaxSamples = 65536;
        if (a.bins_x > kMaxSamples || a.bins_y > kMaxSamples || a.bins_x * a.bins_y > kMaxSamples)
            raise<ModelError>(node.describe(), ": spatial_bins_x * spatial_bins_y = ", a.bins_x, " * ", a.bins_y,
                              " samples per bin; at most ", kMaxSamples, " are taken");
    } else {
        if (mode != "average" && mode != "bilinear")
            raise<ModelError>(node.describe(), ": attribute mode='", mode, "' is not one of average, bilinear");
        a.bilinear = mode == "bilinear";
    }
    return a;
}

Outputs roi_align(const Node& node, const Inputs& in) {
    check_input_count(node, in, 3, 3);
    const RoiAlignAttrs a = roi_align_attrs(node);
    return with_batch_indices(node, in, pooled(node, in, 4, dim(in[0].shape, 1), a.pooled_h, a.pooled_w));
}

Outputs roi_align_rotated(const Node& node, const Inputs& in) {
    check_input_count(node, in, 3, 3);
    const RoiAlignAttrs a = roi_align_attrs(node);
    return with_batch_indices(node, in, pooled(node, in, 5, dim(in[0].shape, 1), a.pooled_h, a.pooled_w));
}

Outputs roi_pooling(const Node& node, const Inputs& in) {
    check_input_count(node, in, 2, 2);
    const RoiPoolingAttrs a = roi_pooling_attrs(node);
    return pooled(node, in, 5, dim(in[0].shape, 1), a.pooled_h, a.pooled_w);
}

Outputs psroi_pooling(const Node& node, const Inputs& in) {
    check_input_count(node, in, 2, 2);
    const PsRoiAttrs a = psroi_attrs(node);
    const int64_t cells = a.bilinear ? checked::mul(a.bins_x, a.bins_y) : checked::mul(a.group_size, a.group_size);
    const int64_t channels = checked::mul(a.output_dim, cells);
    if (!dim(in[0].shape, 1).compatible(channels))
        raise<ModelError>(node.describe(), ": the data input must have output_dim * ", a.bilinear ? "spatial bins" : "group_size^2",
                          " = ", channels, " channels, got ", in[0].shape);
    return pooled(node, in, 5, a.output_dim, a.group_size, a.group_size);
}

Outputs deformable_psroi_pooling(const Node& node, const Inputs& in) {
    check_input_count(node, in, 2, 3);
    const PsRoiAttrs a = psroi_attrs(node);
    // Output channel c of bin (i, j) reads input channel (c * group_size + i) * group_size + j.
    const int64_t channels = checked::mul(a.output_dim, checked::mul(a.group_size, a.group_size));
    const Dimension c = dim(in[0].shape, 1);
    if (c.get_max_length() != Dimension::inf && c.get_max_length() < channels)
        raise<ModelError>(node.describe(), ": the data input needs at least output_dim * group_size^2 = ", channels,
                          " channels, got ", in[0].shape);
    if (in.size() > 2) {
        merge_types(node, in, 0, 2);
        check_rank(node, in, 2, 4, "the offsets input");
    }
    return pooled(node, in, 5, a.output_dim, a.group_size, a.group_size);
}

}  // namespace shape_infer
}  // namespace ovcl
