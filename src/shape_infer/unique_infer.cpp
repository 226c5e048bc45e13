#include "shape_infer/unique_infer.hpp"

#include <algorithm>

namespace ovcl {
namespace shape_infer {

namespace {

// 1..d when d is known to be positive, 0..d otherwise (d's upper bound; unbounded stays unbounded).
Dimension some_of(const Dimension& d) {
    const int64_t lo = d.get_min_length() > 0 ? 1 : 0;
    return d.get_max_length() == Dimension::inf ? Dimension(lo, Dimension::inf) : Dimension(lo, d.get_max_length());
}

// The element count of a shape as a Dimension (bounds multiplied; unbounded when one is).
Dimension numel(const PartialShape& s) {
    if (s.rank_is_dynamic())
        return Dimension::dynamic();
    int64_t lo = 1, hi = 1;
    for (const auto& d : s) {
        if (d.get_max_length() == Dimension::inf)
            return Dimension::dynamic();
        lo = checked::mul<int64_t>(lo, d.get_min_length());
        hi = checked::mul<int64_t>(hi, d.get_max_length());
    }
    return Dimension(lo, hi);
}

}  // namespace

UniqueAttrs unique_attrs(const Node& node) {
    UniqueAttrs a;
    a.sorted = node.get_attr<bool>("sorted", true);
    a.index_type = index_type_attr(node, "index_element_type");
    a.count_type = index_type_attr(node, "count_element_type");
    return a;
}

Outputs non_zero(const Node& node, const Inputs& in) {
    check_input_count(node, in, 1, 1);
    check_type(node, in, 0, {});
    const element::Type t = index_type_attr(node, "output_type");
    const PartialShape& s = in[0].shape;
    const Dimension rank = s.rank_is_static() ? Dimension(std::max<int64_t>(static_cast<int64_t>(s.size()), 1))
                                              : Dimension::dynamic();
    const Dimension n = numel(s);
    return {{t, PartialShape{rank, n.get_max_length() == Dimension::inf ? Dimension::dynamic() : Dimension(0, n.get_max_length())}}};
}

Outputs unique(const Node& node, const Inputs& in) {
    check_input_count(node, in, 1, 2);
    check_type(node, in, 0, {});
    const UniqueAttrs a = unique_attrs(node);
    const PartialShape& s = in[0].shape;
    if (in.size() == 1) {
        const Dimension n = numel(s);
        const PartialShape some{some_of(n)};
        return {{in[0].type, some}, {a.index_type, some}, {a.index_type, PartialShape{n}}, {a.count_type, some}};
    }
    check_integer(node, in, 1);
    const PartialShape& as = in[1].shape;
    if (as.rank_is_static() && !(as.size() == 0 || (as.size() == 1 && as[0].compatible(Dimension(1)))))
        raise<ModelError>(node.describe(), ": axis must be a scalar, got ", as);
    if (s.rank_is_dynamic())
        return {{in[0].type, PartialShape::dynamic()}, {a.index_type, PartialShape::dynamic(1)},
                {a.index_type, PartialShape::dynamic(1)}, {a.count_type, PartialShape::dynamic(1)}};
    const auto rank = static_cast<int64_t>(s.size());
    const auto axis = const_i64(in[1]);
    if (!axis || axis->size() != 1) {
        // Any axis may shrink: every extent is bounded by its own.
        std::vector<Dimension> dims;
        for (const auto& d : s)
            dims.push_back(d.get_max_length() == Dimension::inf ? Dimension::dynamic() : Dimension(0, d.get_max_length()));
        if (rank == 0)
            raise<ModelError>(node.describe(), ": an axis needs data of rank 1 or more");
        return {{in[0].type, PartialShape(dims)}, {a.index_type, PartialShape::dynamic(1)},
                {a.index_type, PartialShape::dynamic(1)}, {a.count_type, PartialShape::dynamic(1)}};
    }
    const auto ax = static_cast<size_t>(normalize_axis(node, axis->at(0), rank));
    PartialShape elems = s;
    elems[ax] = some_of(s[ax]);
    const PartialShape some{elems[ax]};
    return {{in[0].type, elems}, {a.index_type, some}, {a.index_type, PartialShape{s[ax]}}, {a.count_type, some}};
}

}  // namespace shape_infer
}  // namespace ovcl
