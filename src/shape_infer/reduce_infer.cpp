#include "shape_infer/reduce_infer.hpp"

#include <algorithm>

namespace ovcl {
namespace shape_infer {

void check_reduction_axes_input(const Node& node, const Inputs& in, size_t i) {
    check_integer(node, in, i);
    const PartialShape& s = in.at(i).shape;
    if (s.rank_is_static() && s.rank_length() > 1)
        raise<ModelError>(node.describe(), ": axes (input ", i, ") must be a scalar or 1D tensor, got shape ", s);
}

std::optional<std::vector<int64_t>> known_reduction_axes(const Node& node, const Inputs& in, size_t i, int64_t rank) {
    auto axes = const_i64(in.at(i));
    if (!axes)
        return std::nullopt;
    for (auto& a : *axes)
        a = normalize_axis(node, a, rank);
    // The spec asks for unique axes; a repeated axis reduces once, as OpenVINO's axis sets do.
    std::sort(axes->begin(), axes->end());
    axes->erase(std::unique(axes->begin(), axes->end()), axes->end());
    return axes;
}

namespace {

Outputs reduce_shape(const Node& node, const Inputs& in, element::Type type) {
    check_reduction_axes_input(node, in, 1);
    const bool keep_dims = node.get_attr<bool>("keep_dims", false);
    const PartialShape& data = in[0].shape;
    const PartialShape& axes_shape = in[1].shape;
    const bool no_axes = axes_shape.rank_is_static() && axes_shape.rank_length() == 1 && axes_shape[0] == Dimension(0);
    if (data.rank_is_dynamic())
        return {{type, no_axes ? data : PartialShape::dynamic()}};
    const int64_t rank = data.rank_length();
    const auto axes = known_reduction_axes(node, in, 1, rank);
    if (!axes) {
        if (no_axes)
            return {{type, data}};
        // Each dimension either stays or becomes 1 (or goes away), which is unknown here.
        return {{type, keep_dims ? PartialShape::dynamic(rank) : PartialShape::dynamic()}};
    }
    std::vector<Dimension> dims;
    for (int64_t d = 0; d < rank; ++d) {
        const bool reduced = std::binary_search(axes->begin(), axes->end(), d);
        if (!reduced)
            dims.push_back(data[static_cast<size_t>(d)]);
        else if (keep_dims)
            dims.emplace_back(1);
    }
    return {{type, PartialShape(dims)}};
}

}  // namespace

Outputs reduce_arithmetic(const Node& node, const Inputs& in) {
    check_input_count(node, in, 2, 2);
    const element::Type t = in[0].type;
    if (t == element::boolean)
        raise<ModelError>(node.describe(), ": data must be numeric, got ", t);
    check_type(node, in, 0, {});
    return reduce_shape(node, in, t);
}

Outputs reduce_logical(const Node& node, const Inputs& in) {
    check_input_count(node, in, 2, 2);
    check_type(node, in, 0, {element::boolean});
    return reduce_shape(node, in, element::boolean);
}

}  // namespace shape_infer
}  // namespace ovcl
