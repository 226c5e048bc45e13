// Shape and type inference of the shape_ops ops: Reshape, Squeeze, Unsqueeze, ShapeOf.
#include "shape_infer/infer_utils.hpp"
#include "shape_infer/shape_values.hpp"

#include <algorithm>
#include <set>

namespace ovcl {
namespace shape_infer {

namespace {

// Shape-like inputs (target shape, axes) are scalars or 1-D tensors.
void check_vector(const Node& node, const Inputs& in, size_t i, const char* what) {
    const PartialShape& s = in[i].shape;
    if (s.rank_is_static() && s.rank_length() > 1)
        raise<ModelError>(node.describe(), ": ", what, " (input ", i, ") must be a scalar or a 1-D tensor, got ", s);
}

// The element count of a scalar-or-1-D input when its shape tells it.
std::optional<int64_t> vector_length(const PartialShape& s) {
    if (s.rank_is_dynamic())
        return std::nullopt;
    if (s.size() == 0)
        return 1;
    if (s[0].is_static())
        return s[0].get_length();
    return std::nullopt;
}

// Completes a Reshape target whose -1 entry is at `minus_one` (or none: -1) by comparing element counts.
// Dimensions copied by special_zero sit at the same index on both sides and cancel out, which keeps a
// dynamic batch copied with 0 from hiding the other extents (and makes the run-time result agree with it).
void resolve_element_count(const Node& node, const PartialShape& data, std::vector<Dimension>& out,
                           const std::vector<bool>& copied, int64_t minus_one) {
    if (data.rank_is_dynamic())
        return;
    // Extents come from the IR (a Constant target): a product past int64 is an error, not wrap-around.
    auto mul = [&node](int64_t& acc, int64_t d) {
        if (__builtin_mul_overflow(acc, d, &acc))
            raise<ModelError>(node.describe(), ": the element count of the reshape overflows 64 bits");
    };
    bool in_known = true, data_static = true;
    int64_t in_rest = 1, in_total = 1;
    for (size_t i = 0; i < data.size(); ++i) {
        if (data[i].is_dynamic()) {
            data_static = false;
            if (!(i < copied.size() && copied[i]))
                in_known = false;
            continue;
        }
        mul(in_total, data[i].get_length());
        if (!(i < copied.size() && copied[i]))
            mul(in_rest, data[i].get_length());
    }
    int64_t out_rest = 1, out_total = 1;
    for (size_t i = 0; i < out.size(); ++i) {
        if (static_cast<int64_t>(i) == minus_one)
            continue;
        if (out[i].is_static())
            mul(out_total, out[i].get_length());
        if (!copied[i])
            mul(out_rest, out[i].get_length());  // not copied and not -1: static
    }
    if (minus_one < 0) {
        // An empty tensor may take any shape with a zero extent, so compare whole volumes when both are known.
        bool ok = true;
        if (data_static && std::all_of(out.begin(), out.end(), [](const Dimension& d) { return d.is_static(); }))
            ok = in_total == out_total;
        else if (in_known)
            ok = in_rest == out_rest;
        if (!ok)
            raise<ModelError>(node.describe(), ": cannot reshape ", data, " into ", PartialShape(out),
                              ": the element counts differ");
        return;
    }
    if (!in_known)
        return;  // the -1 extent stays dynamic
    int64_t inferred;
    if (out_rest == 0) {
        if (in_rest != 0 && !(data_static && in_total == 0))
            raise<ModelError>(node.describe(), ": cannot infer the -1 extent reshaping ", data,
                              " into a target with a zero extent");
        inferred = 0;
    } else if (in_rest % out_rest == 0) {
        inferred = in_rest / out_rest;
    } else if (data_static && in_total == 0) {
        inferred = 0;
    } else {
        raise<ModelError>(node.describe(), ": cannot reshape ", data, " into ", PartialShape(out), ": ", in_rest,
                          " elements do not divide by ", out_rest);
    }
    out[static_cast<size_t>(minus_one)] = Dimension(inferred);
}

}  // namespace

Outputs reshape(const Node& node, const Inputs& in) {
    check_input_count(node, in, 2, 2);
    check_type(node, in, 0, {});
    check_integer(node, in, 1);
    check_vector(node, in, 1, "the target shape");
    const bool special_zero = node.get_attr<bool>("special_zero");
    const PartialShape& data = in[0].shape;
    auto pattern = const_i64(in[1]);
    if (!pattern)
        pattern = target_elements(in[1], true);  // computed from shapes: the dims it knows
    if (!pattern) {
        const auto n = vector_length(in[1].shape);
        return {{in[0].type, n ? PartialShape::dynamic(*n) : PartialShape::dynamic()}};
    }
    const std::vector<int64_t>& p = *pattern;
    std::vector<Dimension> out(p.size());
    std::vector<bool> copied(p.size(), false);
    int64_t minus_one = -1;
    bool unknown = false;
    for (size_t i = 0; i < p.size(); ++i) {
        const int64_t v = p[i];
        if (v == kUnknownElement && !in[1].value) {
            unknown = true;  // dynamic: known at run time
        } else if (v == -1) {
            if (minus_one >= 0)
                raise<ModelError>(node.describe(), ": the target shape has more than one -1");
            minus_one = static_cast<int64_t>(i);
        } else if (v < -1) {
            raise<ModelError>(node.describe(), ": the target shape has the invalid extent ", v, " at index ", i);
        } else if (v == 0 && special_zero) {
            if (data.rank_is_static()) {
                if (i >= data.size())
                    raise<ModelError>(node.describe(), ": special_zero copies dimension ", i, " but the input ",
                                      data, " has rank ", data.size());
                out[i] = data[i];
            }
            copied[i] = true;
        } else {
            out[i] = Dimension(v);
        }
    }
    if (!unknown)
        resolve_element_count(node, data, out, copied, minus_one);
    Outputs o{{in[0].type, PartialShape(out)}};
    o[0].shape_value = passed_on(in, o[0]);
    return o;
}

namespace {
Outputs squeeze_shape(const Node& node, const Inputs& in) {
    check_input_count(node, in, 1, 2);
    check_type(node, in, 0, {});
    const PartialShape& data = in[0].shape;
    std::optional<std::vector<int64_t>> axes = std::vector<int64_t>{};
    if (in.size() == 2) {
        check_integer(node, in, 1);
        check_vector(node, in, 1, "axes");
        axes = const_i64(in[1]);
    }
    if (data.rank_is_dynamic())
        return {{in[0].type, PartialShape::dynamic()}};
    const int64_t rank = data.rank_length();
    if (!axes) {
        // Unknown axis values: a single axis removes at most one dimension, and only one that may be 1.
        const auto n = vector_length(in[1].shape);
        if (n && *n == 1 && rank > 0) {
            const bool squeezable =
                std::any_of(data.begin(), data.end(), [](const Dimension& d) { return d.contains(1); });
            return {{in[0].type, squeezable ? PartialShape::dynamic(rank - 1) : data}};
        }
        return {{in[0].type, PartialShape::dynamic()}};
    }
    std::vector<Dimension> out;
    if (axes->empty()) {
        for (const Dimension& d : data) {
            if (d.is_dynamic() && d.contains(1))
                return {{in[0].type, PartialShape::dynamic()}};  // whether it goes is unknown
            if (d != Dimension(1))
                out.push_back(d);
        }
        return {{in[0].type, PartialShape(out)}};
    }
    std::set<int64_t> remove;
    for (int64_t a : *axes)
        remove.insert(normalize_axis(node, a, rank));
    // Per the current specification a named dimension that cannot be 1 is kept, not an error.
    for (int64_t i = 0; i < rank; ++i) {
        const Dimension& d = data[static_cast<size_t>(i)];
        if (!(remove.count(i) && d.contains(1)))
            out.push_back(d);
    }
    return {{in[0].type, PartialShape(out)}};
}

}  // namespace

Outputs squeeze(const Node& node, const Inputs& in) {
    Outputs out = squeeze_shape(node, in);
    out[0].shape_value = passed_on(in, out[0]);
    return out;
}

Outputs squeeze_v15(const Node& node, const Inputs& in) {
    Outputs out = squeeze(node, in);
    if (!node.get_attr<bool>("allow_axis_skip", false) || in.size() < 2 || in[0].shape.rank_is_dynamic())
        return out;
    // With skipping allowed, an axis that is dynamic may stay or go: the output rank is unknown (as OpenVINO).
    const auto axes = const_i64(in[1]);
    if (!axes)
        return {{in[0].type, PartialShape::dynamic()}};
    const PartialShape& data = in[0].shape;
    for (int64_t a : *axes) {
        const Dimension& d = data[static_cast<size_t>(normalize_axis(node, a, data.rank_length()))];
        if (d.is_dynamic() && d.contains(1))
            return {{in[0].type, PartialShape::dynamic()}};
    }
    return out;
}

namespace {
Outputs unsqueeze_shape(const Node& node, const Inputs& in) {
    check_input_count(node, in, 2, 2);
    check_type(node, in, 0, {});
    check_integer(node, in, 1);
    check_vector(node, in, 1, "axes");
    const PartialShape& data = in[0].shape;
    const auto axes = const_i64(in[1]);
    if (axes && axes->empty())
        raise<ModelError>(node.describe(), ": axes must not be empty");
    if (data.rank_is_dynamic())
        return {{in[0].type, PartialShape::dynamic()}};
    if (!axes) {
        // Repeated axis values collapse, so only a single axis tells the output rank.
        const auto n = vector_length(in[1].shape);
        if (n && *n == 1)
            return {{in[0].type, PartialShape::dynamic(data.rank_length() + 1)}};
        return {{in[0].type, PartialShape::dynamic()}};
    }
    // Repeated values are tolerated (as OpenVINO does); two values naming the same axis are not.
    const std::set<int64_t> unique(axes->begin(), axes->end());
    const int64_t out_rank = data.rank_length() + static_cast<int64_t>(unique.size());
    std::vector<bool> is_new(static_cast<size_t>(out_rank), false);
    for (int64_t a : unique) {
        const size_t n = static_cast<size_t>(normalize_axis(node, a, out_rank));
        if (is_new[n])
            raise<ModelError>(node.describe(), ": axes name output axis ", n, " more than once");
        is_new[n] = true;
    }
    std::vector<Dimension> out;
    size_t next = 0;
    for (size_t i = 0; i < is_new.size(); ++i)
        out.push_back(is_new[i] ? Dimension(1) : data[next++]);
    return {{in[0].type, PartialShape(out)}};
}

}  // namespace

Outputs unsqueeze(const Node& node, const Inputs& in) {
    Outputs out = unsqueeze_shape(node, in);
    out[0].shape_value = passed_on(in, out[0]);
    return out;
}

namespace {
Outputs shape_of_typed(const Node& node, const Inputs& in, element::Type type) {
    check_input_count(node, in, 1, 1);
    check_type(node, in, 0, {});
    const PartialShape& s = in[0].shape;
    const Dimension rank = s.rank_is_static() ? Dimension(s.rank_length()) : Dimension();
    Outputs out{{type, PartialShape(std::vector<Dimension>{rank})}};
    out[0].shape_value = shape_value_of(s);
    return out;
}
}  // namespace

Outputs shape_of_v1(const Node& node, const Inputs& in) { return shape_of_typed(node, in, element::i64); }

Outputs shape_of_v3(const Node& node, const Inputs& in) {
    return shape_of_typed(node, in, index_type_attr(node, "output_type"));
}

}  // namespace shape_infer
}  // namespace ovcl
