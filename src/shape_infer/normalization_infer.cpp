// Shape and type inference of the normalization ops. Every output has the data's type and shape.
#include "shape_infer/infer_utils.hpp"

#include <algorithm>
#include <string>

#include "shape_infer/reduce_infer.hpp"

namespace ovcl {
namespace shape_infer {

namespace {

// A lower-cased string attribute that must be one of `a` or `b` (IR enums are case-insensitive).
std::string enum_attr(const Node& node, const std::string& name, const std::string& a, const std::string& b) {
    const std::string v = lower_attr(node, name);
    if (v != a && v != b)
        raise<ModelError>(node.describe(), ": attribute ", name, "='", node.get_attr_text(name), "' must be ", a,
                          " or ", b);
    return v;
}

// Data and axes inputs as MVN-6 and NormalizeL2 take them; validates axes when known.
Outputs data_and_axes(const Node& node, const Inputs& in) {
    check_input_count(node, in, 2, 2);
    check_real(node, in, 0);
    check_reduction_axes_input(node, in, 1);
    if (in[0].shape.rank_is_static())
        known_reduction_axes(node, in, 1, in[0].shape.rank_length());
    return {{in[0].type, in[0].shape}};
}

}  // namespace

Outputs mvn1(const Node& node, const Inputs& in) {
    check_input_count(node, in, 1, 1);
    check_real(node, in, 0);
    node.get_attr<double>("eps");
    // Absent flags take the MVN-1 spec's (and ov::op::v0::MVN's) defaults: true.
    node.get_attr<bool>("across_channels", true);
    node.get_attr<bool>("normalize_variance", true);
    const auto axes = node.get_attr<std::vector<int64_t>>("reduction_axes", {});
    if (in[0].shape.rank_is_static())
        for (int64_t a : axes)
            normalize_axis(node, a, in[0].shape.rank_length());
    return {{in[0].type, in[0].shape}};
}

Outputs mvn6(const Node& node, const Inputs& in) {
    node.get_attr<bool>("normalize_variance");
    node.get_attr<float>("eps");
    enum_attr(node, "eps_mode", "inside_sqrt", "outside_sqrt");
    return data_and_axes(node, in);
}

Outputs normalize_l2(const Node& node, const Inputs& in) {
    node.get_attr<float>("eps");
    enum_attr(node, "eps_mode", "add", "max");
    return data_and_axes(node, in);
}

Outputs batch_norm_inference(const Node& node, const Inputs& in) {
    check_input_count(node, in, 5, 5);
    const bool v1 = node.get_version() < 5;
    const size_t data = v1 ? 2 : 0;
    const size_t params[4] = {v1 ? size_t{0} : 1, v1 ? size_t{1} : 2, 3, 4};  // gamma, beta, mean, variance
    const element::Type type = common_real_type(node, in);
    if (node.get_attr<double>("epsilon") < 0)
        raise<ModelError>(node.describe(), ": epsilon must not be negative");
    PartialShape out = in[data].shape;
    Dimension channels;
    for (size_t p : params) {
        const PartialShape& s = in[p].shape;
        if (s.rank_is_dynamic())
            continue;
        if (s.rank_length() != 1)
            raise<ModelError>(node.describe(), ": input ", p, " must be 1D (one value per channel), got ", s);
        if (!Dimension::merge(channels, channels, s[0]))
            raise<ModelError>(node.describe(), ": per-channel inputs disagree on the channel count (", channels, " vs ",
                              s[0], ")");
    }
    if (out.rank_is_static()) {
        if (out.rank_length() < 2)
            raise<ModelError>(node.describe(), ": data must have rank >= 2 (channels on axis 1), got ", out);
        if (!Dimension::merge(out[1], out[1], channels))
            raise<ModelError>(node.describe(), ": data has ", out[1], " channels but the per-channel inputs have ",
                              channels);
    }
    return {{type, out}};
}

}  // namespace shape_infer
}  // namespace ovcl
