#include "shape_infer/binary_infer.hpp"

#include <algorithm>
#include <cctype>

namespace ovcl {
namespace shape_infer {

namespace {

element::Type same_types(const Node& node, const Inputs& in) {
    check_input_count(node, in, 2, 2);
    check_type(node, in, 0, {});
    check_type(node, in, 1, {});
    return merge_types(node, in, 0, 1);
}

element::Type numeric_types(const Node& node, const Inputs& in) {
    const element::Type t = same_types(node, in);
    if (t == element::boolean)
        raise<ModelError>(node.describe(), ": arithmetic is not defined for boolean inputs");
    return t;
}

bool is_static_dim(const Dimension& d, int64_t n) { return d.is_static() && d.get_length() == n; }

}  // namespace

PartialShape broadcast_by_attr(const Node& node, const PartialShape& a, const PartialShape& b) {
    std::string mode = node.get_attr<std::string>("auto_broadcast", "numpy");
    std::transform(mode.begin(), mode.end(), mode.begin(), [](unsigned char c) { return std::tolower(c); });
    if (mode == "numpy")
        return broadcast_numpy(node, a, b);
    if (mode == "none") {
        PartialShape r;
        if (!PartialShape::merge(r, a, b))
            raise<ModelError>(node.describe(), ": shapes ", a, " and ", b,
                              " must be equal when auto_broadcast is none");
        return r;
    }
    if (mode == "pdpd")
        raise<ModelError>(node.describe(), ": auto_broadcast 'pdpd' is not supported");
    raise<ModelError>(node.describe(), ": auto_broadcast '", node.get_attr_text("auto_broadcast"),
                      "' is not one of numpy, none");
}

Outputs binary_arithmetic(const Node& node, const Inputs& in) {
    const element::Type t = numeric_types(node, in);
    return {{t, broadcast_by_attr(node, in[0].shape, in[1].shape)}};
}

Outputs divide(const Node& node, const Inputs& in) {
    node.get_attr<bool>("m_pythondiv", true);  // validates the text
    return binary_arithmetic(node, in);
}

Outputs binary_comparison(const Node& node, const Inputs& in) {
    same_types(node, in);
    return {{element::boolean, broadcast_by_attr(node, in[0].shape, in[1].shape)}};
}

Outputs binary_logical(const Node& node, const Inputs& in) {
    check_input_count(node, in, 2, 2);
    check_type(node, in, 0, {element::boolean});
    check_type(node, in, 1, {element::boolean});
    return {{element::boolean, broadcast_by_attr(node, in[0].shape, in[1].shape)}};
}

Outputs prelu(const Node& node, const Inputs& in) {
    const element::Type t = numeric_types(node, in);
    if (t.is_static() && !t.is_signed())
        raise<ModelError>(node.describe(), ": element type ", t, " is unsigned; PRelu needs a signed type");
    const PartialShape& data = in[0].shape;
    const PartialShape& slope = in[1].shape;
    if (data.rank_is_dynamic() || slope.rank_is_dynamic())
        return {{t, data}};
    if (slope.size() == 1 && data.size() >= 2) {
        // Per channel when slope matches axis 1; undecidable (so accepted) while either is dynamic.
        if (slope[0].is_dynamic() || data[1].is_dynamic() || slope[0] == data[1])
            return {{t, data}};
    }
    // Numpy broadcasting of slope onto data: the output keeps data's shape.
    const size_t dr = data.size(), sr = slope.size();
    for (size_t i = 0; i < sr; ++i) {
        const Dimension& s = slope[i];
        if (i + dr < sr) {
            if (!s.compatible(Dimension(1)))
                raise<ModelError>(node.describe(), ": slope ", slope, " does not broadcast onto data ", data);
            continue;
        }
        const Dimension& d = data[i + dr - sr];
        if (is_static_dim(s, 1) || s.is_dynamic() || d.is_dynamic())
            continue;
        if (s != d)
            raise<ModelError>(node.describe(), ": slope ", slope, " does not broadcast onto data ", data);
    }
    return {{t, data}};
}

Outputs select(const Node& node, const Inputs& in) {
    check_input_count(node, in, 3, 3);
    check_type(node, in, 0, {element::boolean});
    check_type(node, in, 1, {});
    check_type(node, in, 2, {});
    const element::Type t = merge_types(node, in, 1, 2);
    const PartialShape values = broadcast_by_attr(node, in[1].shape, in[2].shape);
    return {{t, broadcast_by_attr(node, in[0].shape, values)}};
}

}  // namespace shape_infer
}  // namespace ovcl
