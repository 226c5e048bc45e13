#include "shape_infer/deformable_conv_infer.hpp"

#include <string>
#include <vector>

#include "shape_infer/convolution_infer.hpp"

namespace ovcl {
namespace shape_infer {

DeformableGroups deformable_groups(const Node& node) {
    DeformableGroups g;
    g.group = node.get_attr<int64_t>("group", 1);
    g.deformable = node.get_attr<int64_t>("deformable_group", 1);
    if (g.group < 1 || g.deformable < 1)
        raise<ModelError>(node.describe(), ": group (", g.group, ") and deformable_group (", g.deformable,
                          ") must be >= 1");
    return g;
}

namespace {

Dimension dim(const PartialShape& s, size_t i) { return s.rank_is_static() ? s[i] : Dimension(); }

// offsets (per_tap = 2) or mask (1): [N, DG * channels_per_tap * KH * KW, OH, OW] like the output.
void check_side_input(const Node& node, const Inputs& in, size_t i, const char* what, int64_t per_tap,
                      const PartialShape& out, const PartialShape& filter, int64_t dg) {
    const PartialShape& s = in[i].shape;
    if (s.rank_is_dynamic())
        return;
    if (s.size() != 4)
        raise<ModelError>(node.describe(), ": ", what, " must have rank 4, got ", s);
    Dimension channels(checked::mul(dg, per_tap));
    for (size_t k = 2; k < 4; ++k)
        channels = dim(filter, k).is_static() && channels.is_static()
                       ? Dimension(checked::mul(channels.get_length(), dim(filter, k).get_length()))
                       : Dimension();
    const PartialShape expected{dim(out, 0), channels, dim(out, 2), dim(out, 3)};
    if (!s.compatible(expected))
        raise<ModelError>(node.describe(), ": ", what, " has shape ", s, "; expected ", expected);
}

Outputs deformable(const Node& node, const Inputs& in, bool v8) {
    check_input_count(node, in, 3, v8 ? 4 : 3);
    const element::Type type = common_real_type(node, in);
    const DeformableGroups g = deformable_groups(node);
    const PartialShape& data = in[0].shape;
    const PartialShape& filter = in[2].shape;
    if (data.rank_is_static() && data.size() != 4)
        raise<ModelError>(node.describe(), ": data must have rank 4 ([N, C, H, W]), got ", data);
    if (filter.rank_is_static() && filter.size() != 4)
        raise<ModelError>(node.describe(), ": filter must have rank 4 ([O, C / group, KH, KW]), got ", filter);
    const Dimension c = dim(data, 1);
    if (c.is_static() && (c.get_length() % g.group != 0 || c.get_length() % g.deformable != 0))
        raise<ModelError>(node.describe(), ": ", c, " input channels do not split into ", g.group, " groups and ",
                          g.deformable, " deformable groups");
    const Dimension o = dim(filter, 0);
    if (o.is_static() && o.get_length() % g.group != 0)
        raise<ModelError>(node.describe(), ": ", o, " output channels do not split into ", g.group, " groups");
    // The plain convolution's shape: the filter viewed as [group, O / group, C / group, KH, KW].
    Inputs conv{in[0], in[2]};
    Outputs out;
    if (g.group == 1) {
        out = convolution(node, conv);
    } else {
        conv[1].shape = filter.rank_is_static()
                            ? PartialShape{Dimension(g.group), o.is_static() ? Dimension(o.get_length() / g.group) : o,
                                           filter[1], filter[2], filter[3]}
                            : PartialShape::dynamic();
        out = group_convolution(node, conv);
    }
    out[0].type = type;
    check_side_input(node, in, 1, "offsets", 2, out[0].shape, filter, g.deformable);
    if (in.size() > 3)
        check_side_input(node, in, 3, "mask", 1, out[0].shape, filter, g.deformable);
    return out;
}

}  // namespace

Outputs deformable_convolution(const Node& node, const Inputs& in) { return deformable(node, in, false); }
Outputs deformable_convolution_v8(const Node& node, const Inputs& in) { return deformable(node, in, true); }

}  // namespace shape_infer
}  // namespace ovcl
