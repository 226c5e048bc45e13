// Shape and type inference of the unary (element-wise, one data input) ops.
#include "shape_infer/infer_utils.hpp"
#include "shape_infer/shape_values.hpp"

#include <algorithm>

namespace ovcl {
namespace shape_infer {

namespace {
Outputs numeric_one_input(const Node& node, const Inputs& in) {
    check_input_count(node, in, 1, 1);
    check_numeric(node, in, 0);
    return {{in[0].type, in[0].shape}};
}

Outputs real_one_input(const Node& node, const Inputs& in) {
    check_input_count(node, in, 1, 1);
    check_real(node, in, 0);
    return {{in[0].type, in[0].shape}};
}
}  // namespace

Outputs unary_numeric(const Node& node, const Inputs& in) { return numeric_one_input(node, in); }

Outputs unary_real(const Node& node, const Inputs& in) { return real_one_input(node, in); }

Outputs clamp(const Node& node, const Inputs& in) {
    const double lo = node.get_attr<double>("min");
    const double hi = node.get_attr<double>("max");
    if (!(lo <= hi))
        raise<ModelError>(node.describe(), ": attribute min (", lo, ") must not be greater than max (", hi, ")");
    return numeric_one_input(node, in);
}

Outputs elu(const Node& node, const Inputs& in) {
    node.get_attr<double>("alpha");  // required; parsed here so a bad value fails at model build time
    return real_one_input(node, in);
}

Outputs gelu(const Node& node, const Inputs& in) {
    if (node.get_version() >= 7) {
        const std::string mode = lower_attr(node, "approximation_mode", "erf");
        if (mode != "erf" && mode != "tanh")
            raise<ModelError>(node.describe(), ": approximation_mode '", node.get_attr_text("approximation_mode"),
                              "' is not one of erf, tanh");
    }
    return real_one_input(node, in);
}

Outputs swish(const Node& node, const Inputs& in) {
    check_input_count(node, in, 1, 2);
    check_real(node, in, 0);
    if (in.size() == 2) {
        merge_types(node, in, 0, 1);
        const PartialShape& b = in[1].shape;
        // A scalar per the spec; a one-element 1-D tensor is accepted as frontends emit it.
        if (b.rank_is_static() && !(b.size() == 0 || (b.size() == 1 && b[0].compatible(Dimension(1)))))
            raise<ModelError>(node.describe(), ": beta must be a scalar, got shape ", b);
    }
    return {{in[0].type, in[0].shape}};
}

Outputs round(const Node& node, const Inputs& in) {
    const std::string mode = lower_attr(node, "mode");
    if (mode != "half_to_even" && mode != "half_away_from_zero")
        raise<ModelError>(node.describe(), ": mode '", node.get_attr<std::string>("mode"),
                          "' is not half_to_even or half_away_from_zero");
    return numeric_one_input(node, in);
}

Outputs real_with_two_scalars(const Node& node, const Inputs& in) {
    check_input_count(node, in, 3, 3);
    check_real(node, in, 0);
    for (size_t i = 1; i < 3; ++i) {
        merge_types(node, in, 0, i);
        const PartialShape& p = in[i].shape;
        if (p.rank_is_static() && !(p.size() == 0 || (p.size() == 1 && p[0].compatible(Dimension(1)))))
            raise<ModelError>(node.describe(), ": input ", i, " must be a scalar, got shape ", p);
    }
    return {{in[0].type, in[0].shape}};
}

Outputs convert(const Node& node, const Inputs& in) {
    check_input_count(node, in, 1, 1);
    check_type(node, in, 0, {});
    const auto dst = node.get_attr<element::Type>("destination_type");
    if (!dst.is_static())
        raise<ModelError>(node.describe(), ": destination_type must be a static element type, not ", dst);
    Outputs out{{dst, in[0].shape}};
    out[0].shape_value = passed_on(in, out[0]);
    return out;
}

Outputs real_to_boolean(const Node& node, const Inputs& in) {
    check_input_count(node, in, 1, 1);
    check_real(node, in, 0);
    return {{element::boolean, in[0].shape}};
}

Outputs convert_like(const Node& node, const Inputs& in) {
    check_input_count(node, in, 2, 2);
    check_type(node, in, 0, {});
    check_type(node, in, 1, {});
    return {{in[1].type, in[0].shape}};
}

Outputs identity(const Node& node, const Inputs& in) {
    check_input_count(node, in, 1, 1);
    check_type(node, in, 0, {});
    return {{in[0].type, in[0].shape}};
}

Outputs logical_not(const Node& node, const Inputs& in) {
    check_input_count(node, in, 1, 1);
    check_type(node, in, 0, {element::boolean});
    return {{element::boolean, in[0].shape}};
}

}  // namespace shape_infer
}  // namespace ovcl
