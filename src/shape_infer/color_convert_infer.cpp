// Shape and type inference of the YUV 4:2:0 to RGB / BGR conversions (NV12toRGB-8, NV12toBGR-8, I420toRGB-8,
// I420toBGR-8). One input: [N, H * 3 / 2, W, 1] holding every plane; else the planes apart: Y [N, H, W, 1] and
// UV [N, H / 2, W / 2, 2] (NV12), or Y, U and V [N, H / 2, W / 2, 1] (I420). H and W even; output [N, H, W, 3]
// of the input's type (u8 or real).
#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace shape_infer {

namespace {

// An image extent (H or W) from a plane's extent: the extent times `scale_num / scale_den`; even when static.
Dimension image_extent(const Node& node, const Dimension& d, int64_t num, int64_t den, const char* what) {
    if (d.is_dynamic())
        return Dimension();
    const int64_t v = d.get_length();
    if (checked::mul(v, num) % den != 0 || checked::mul(v, num) / den % 2 != 0)
        raise<ModelError>(node.describe(), ": the image ", what, " must be even (a plane extent of ", v, " gives ",
                          static_cast<double>(v) * static_cast<double>(num) / static_cast<double>(den), ")");
    return Dimension(checked::mul(v, num) / den);
}

void merge(const Node& node, Dimension& into, const Dimension& d, const char* what) {
    if (!into.compatible(d))
        raise<ModelError>(node.describe(), ": the planes disagree on the image ", what, " (", into, " vs ", d, ")");
    if (into.is_dynamic())
        into = d;
}

Outputs yuv420(const Node& node, const Inputs& in, bool i420) {
    check_input_count(node, in, 1, i420 ? 3 : 2);
    if (in.size() == 2 && i420)
        raise<ModelError>(node.describe(), ": takes one input (all planes) or three (Y, U, V), not two");
    const element::Type type = in[0].type;
    for (size_t i = 0; i < in.size(); ++i) {
        merge_types(node, in, 0, i);
        if (type.is_static() && type != element::u8 && !type.is_real())
            raise<ModelError>(node.describe(), ": input ", i, " is ", type, "; u8 or a real type is required");
        const PartialShape& s = in[i].shape;
        const int64_t channels = in.size() == 2 && i == 1 ? 2 : 1;
        if (s.rank_is_static() && (s.size() != 4 || !s[3].compatible(Dimension(channels))))
            raise<ModelError>(node.describe(), ": input ", i, " must be shaped [N, H, W, ", channels, "], got ", s);
    }
    Dimension n, h, w;
    for (size_t i = 0; i < in.size(); ++i) {
        const PartialShape& s = in[i].shape;
        if (s.rank_is_dynamic())
            continue;
        merge(node, n, s[0], "batch");
        const bool chroma = i > 0;
        merge(node, h,
              image_extent(node, s[1],
                           in.size() == 1 ? 2
                           : chroma       ? 2
                                          : 1,
                           in.size() == 1 ? 3 : 1, "height"),
              "height");
        merge(node, w, image_extent(node, s[2], chroma ? 2 : 1, 1, "width"), "width");
    }
    return {{type, PartialShape{n, h, w, 3}}};
}

}  // namespace

Outputs nv12_to_rgb(const Node& node, const Inputs& in) { return yuv420(node, in, false); }
Outputs i420_to_rgb(const Node& node, const Inputs& in) { return yuv420(node, in, true); }

}  // namespace shape_infer
}  // namespace ovcl
