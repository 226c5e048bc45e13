// Shape and type inference of OneHot.
#include "shape_infer/infer_utils.hpp"

#include <string>
#include <vector>

namespace ovcl {
namespace shape_infer {

Outputs one_hot(const Node& node, const Inputs& in) {
    check_input_count(node, in, 4, 4);
    check_integer(node, in, 0);
    check_integer(node, in, 1);
    check_type(node, in, 2, {});
    const element::Type t = merge_types(node, in, 2, 3);
    const auto mode = node.get_attr<std::string>("negative_indices_mode", "ignore_negative");
    if (mode != "ignore_negative" && (mode != "normalize" || node.get_version() < 16))
        raise<ModelError>(node.describe(), ": negative_indices_mode \"", mode, "\" is not ignore_negative or (from OneHot-16) normalize");
    for (size_t i = 1; i < 4; ++i) {
        const PartialShape& s = in[i].shape;
        if (s.rank_is_static() && !(s.size() == 0 || (s.size() == 1 && s[0].compatible(Dimension(1)))))
            raise<ModelError>(node.describe(), ": input ", i, " must be a scalar, got shape ", s);
    }
    const PartialShape& idx = in[0].shape;
    if (idx.rank_is_dynamic())
        return {{t, PartialShape::dynamic()}};
    const auto axis = static_cast<size_t>(
        normalize_axis(node, node.get_attr<int64_t>("axis", -1), static_cast<int64_t>(idx.size()) + 1));
    Dimension depth = Dimension::dynamic();
    if (const auto d = const_i64(in[1]); d && d->size() == 1) {
        if (d->at(0) < 0)
            raise<ModelError>(node.describe(), ": depth ", d->at(0), " must not be negative");
        depth = Dimension(d->at(0));
    }
    std::vector<Dimension> out(idx.begin(), idx.end());
    out.insert(out.begin() + static_cast<std::ptrdiff_t>(axis), depth);
    return {{t, PartialShape(out)}};
}

}  // namespace shape_infer
}  // namespace ovcl
