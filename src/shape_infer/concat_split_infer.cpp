// Shape and type inference of the concat_split ops.
#include "shape_infer/infer_utils.hpp"
#include "shape_infer/shape_values.hpp"

#include <algorithm>

#include "ovcl/ops.hpp"

namespace ovcl {
namespace shape_infer {

namespace {

Dimension add(const Dimension& a, const Dimension& b) {
    const bool unbounded = a.get_max_length() == Dimension::inf || b.get_max_length() == Dimension::inf;
    return Dimension(a.get_min_length() + b.get_min_length(),
                     unbounded ? Dimension::inf : a.get_max_length() + b.get_max_length());
}

// The axis input of Split/VariadicSplit: one integer (a scalar; a 1-element 1-D tensor is accepted too).
std::optional<int64_t> split_axis(const Node& node, const Inputs& in, size_t i) {
    check_integer(node, in, i);
    const PartialShape& s = in[i].shape;
    const bool one_value = s.size() == 0 || (s.size() == 1 && s[0].contains(1));
    if (s.rank_is_static() && !one_value)
        raise<ModelError>(node.describe(), ": axis (input ", i, ") must be a scalar, got shape ", s);
    const auto v = const_i64(in[i]);
    if (!v)
        return std::nullopt;
    if (v->size() != 1)
        raise<ModelError>(node.describe(), ": axis (input ", i, ") must hold one value, got ", v->size());
    return v->front();
}

Outputs repeat(element::Type type, const PartialShape& shape, size_t n) {
    return Outputs(n, OutputInfo{type, shape});
}

}  // namespace

Outputs concat(const Node& node, const Inputs& in) {
    if (in.empty())
        raise<ModelError>(node.describe(), ": expects at least one input");
    const int64_t axis_attr = node.get_attr<int64_t>("axis");
    element::Type type = element::dynamic;
    int64_t rank = -1;
    for (size_t i = 0; i < in.size(); ++i) {
        check_type(node, in, i, {});
        if (type == element::dynamic)
            type = in[i].type;
        else if (in[i].type != element::dynamic && in[i].type != type)
            raise<ModelError>(node.describe(), ": input ", i, " has element type ", in[i].type,
                              " but an earlier input has ", type);
        if (in[i].shape.rank_is_dynamic())
            continue;
        if (rank >= 0 && in[i].shape.rank_length() != rank)
            raise<ModelError>(node.describe(), ": input ", i, " has rank ", in[i].shape.rank_length(),
                              " but an earlier input has rank ", rank);
        rank = in[i].shape.rank_length();
    }
    if (rank < 0)
        return {{type, PartialShape::dynamic()}};
    const size_t axis = static_cast<size_t>(normalize_axis(node, axis_attr, rank));
    std::vector<Dimension> out(static_cast<size_t>(rank));
    Dimension joined(0);
    for (size_t i = 0; i < in.size(); ++i) {
        const PartialShape& s = in[i].shape;
        if (s.rank_is_dynamic()) {
            joined = Dimension(joined.get_min_length(), Dimension::inf);
            continue;
        }
        for (size_t d = 0; d < out.size(); ++d) {
            if (d == axis)
                continue;
            if (!Dimension::merge(out[d], out[d], s[d]))
                raise<ModelError>(node.describe(), ": input ", i, " has shape ", s, ", which differs from the",
                                  " other inputs at axis ", d, " (only axis ", axis, " may differ)");
        }
        joined = add(joined, s[axis]);
    }
    out[axis] = joined;
    Outputs o{{type, PartialShape(out)}};
    o[0].shape_value = concatenated(in, o[0]);
    return o;
}

Outputs split(const Node& node, const Inputs& in) {
    check_input_count(node, in, 2, 2);
    check_type(node, in, 0, {});
    const int64_t n = node.get_attr<int64_t>("num_splits");
    if (n <= 0)
        raise<ModelError>(node.describe(), ": num_splits must be positive, got ", n);
    const auto axis = split_axis(node, in, 1);
    const PartialShape& data = in[0].shape;
    const size_t count = static_cast<size_t>(n);
    if (data.rank_is_dynamic())
        return repeat(in[0].type, PartialShape::dynamic(), count);
    if (!axis)
        return repeat(in[0].type, PartialShape::dynamic(data.rank_length()), count);
    const size_t a = static_cast<size_t>(normalize_axis(node, *axis, data.rank_length()));
    const Dimension& d = data[a];
    PartialShape part = data;
    if (d.is_static()) {
        if (d.get_length() % n != 0)
            raise<ModelError>(node.describe(), ": dimension ", a, " of ", data, " (", d, ") does not divide into ", n,
                              " equal parts");
        part[a] = Dimension(d.get_length() / n);
    } else {
        // Only multiples of n are valid extents, which narrows a bounded range.
        const int64_t lo = (d.get_min_length() + n - 1) / n;
        const int64_t hi = d.get_max_length() == Dimension::inf ? Dimension::inf : d.get_max_length() / n;
        if (hi != Dimension::inf && hi < lo)
            raise<ModelError>(node.describe(), ": dimension ", a, " of ", data, " (", d,
                              ") holds no multiple of num_splits ", n);
        part[a] = Dimension(lo, hi);
    }
    return repeat(in[0].type, part, count);
}

Outputs variadic_split(const Node& node, const Inputs& in) {
    check_input_count(node, in, 3, 3);
    check_type(node, in, 0, {});
    check_integer(node, in, 2);
    const auto axis = split_axis(node, in, 1);
    const PartialShape& ls = in[2].shape;
    if (ls.rank_is_dynamic() || ls.rank_length() != 1 || ls[0].is_dynamic())
        raise<ModelError>(node.describe(), ": split_lengths must be a 1-D tensor of static length (it sets the",
                          " number of outputs), got shape ", ls);
    const size_t count = static_cast<size_t>(ls[0].get_length());
    const auto lengths = const_i64(in[2]);
    int64_t minus_one = -1, known_sum = 0;
    if (lengths) {
        for (size_t i = 0; i < lengths->size(); ++i) {
            const int64_t v = (*lengths)[i];
            if (v == -1) {
                if (minus_one >= 0)
                    raise<ModelError>(node.describe(), ": split_lengths has more than one -1");
                minus_one = static_cast<int64_t>(i);
            } else if (v < 0) {
                raise<ModelError>(node.describe(), ": split_lengths has the invalid length ", v);
            } else {
                known_sum += v;
            }
        }
    }
    const PartialShape& data = in[0].shape;
    if (data.rank_is_dynamic())
        return repeat(in[0].type, PartialShape::dynamic(), count);
    if (!axis)
        return repeat(in[0].type, PartialShape::dynamic(data.rank_length()), count);
    const size_t a = static_cast<size_t>(normalize_axis(node, *axis, data.rank_length()));
    Outputs out = repeat(in[0].type, data, count);
    if (!lengths) {
        for (auto& o : out)
            o.shape[a] = Dimension(0, data[a].get_max_length());
        return out;
    }
    const Dimension& d = data[a];
    Dimension rest;  // the extent of the -1 part
    if (minus_one >= 0) {
        const bool unbounded = d.get_max_length() == Dimension::inf;
        if (!unbounded && d.get_max_length() < known_sum)
            raise<ModelError>(node.describe(), ": split_lengths ", op::list(*lengths), " need at least ", known_sum,
                              " elements but dimension ", a, " of ", data, " is ", d);
        rest = Dimension(std::max<int64_t>(0, d.get_min_length() - known_sum),
                         unbounded ? Dimension::inf : d.get_max_length() - known_sum);
    } else if (!d.contains(known_sum)) {
        raise<ModelError>(node.describe(), ": split_lengths ", op::list(*lengths), " sum to ", known_sum,
                          " but dimension ", a, " of ", data, " is ", d);
    }
    for (size_t i = 0; i < count; ++i)
        out[i].shape[a] = static_cast<int64_t>(i) == minus_one ? rest : Dimension((*lengths)[i]);
    return out;
}

}  // namespace shape_infer
}  // namespace ovcl
