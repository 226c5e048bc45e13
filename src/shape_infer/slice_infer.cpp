#include "shape_infer/slice_infer.hpp"

#include <algorithm>
#include <cstdlib>
#include <numeric>

namespace ovcl {
namespace shape_infer {

namespace {

using Values = std::vector<int64_t>;

bool bit(const Values& mask, size_t i) { return i < mask.size() && mask[i] != 0; }

uint64_t magnitude(int64_t v) { return v < 0 ? uint64_t{0} - static_cast<uint64_t>(v) : static_cast<uint64_t>(v); }

const Values* ptr(const std::optional<Values>& v) { return v ? &*v : nullptr; }

// Index inputs (begin, end, strides, axes...) are 1-D; their length comes from the value or the shape.
std::optional<size_t> index_input_length(const Node& node, const Inputs& in, size_t i) {
    const PartialShape& s = in[i].shape;
    if (s.rank_is_static() && s.size() != 1)
        raise<ModelError>(node.describe(), ": input ", i, " must be 1-D, got shape ", s);
    if (in[i].value)
        return in[i].value->get_size();
    if (s.rank_is_static() && s[0].is_static())
        return static_cast<size_t>(s[0].get_length());
    return std::nullopt;
}

// The common length of the index inputs first..in.size()-1; nullopt when none tells it.
std::optional<size_t> common_length(const Node& node, const Inputs& in, size_t first) {
    std::optional<size_t> m;
    for (size_t i = first; i < in.size(); ++i) {
        check_integer(node, in, i);
        const auto len = index_input_length(node, in, i);
        if (!len)
            continue;
        if (m && *m != *len)
            raise<ModelError>(node.describe(), ": index inputs have different lengths (", *m, " and ", *len, ")");
        m = len;
    }
    return m;
}

// A dimension sliced by values not known yet: anything from 0 to the dimension's upper bound.
Dimension unknown_slice_dim(const Dimension& d) {
    return Dimension(0, d.get_max_length());
}

// The extent a known slice gives a dimension that is not static. The count is piecewise linear in
// the dimension's extent with kinks only where a clamp starts or stops acting (around +-begin and
// +-end), so its bounds over the interval are taken at the ends and around those points.
Dimension slice_dynamic_dim(const Dimension& d, int64_t b, int64_t e, int64_t s, bool bm, bool em) {
    constexpr int64_t far = int64_t{1} << 40, cap = int64_t{1} << 61;
    const int64_t lo = d.get_min_length(), hi = d.get_max_length();
    const bool unbounded = hi == Dimension::inf;
    int64_t top = unbounded ? std::max(lo, far) : hi;
    std::vector<int64_t> kinks;
    for (const auto& [v, masked] : {std::pair<int64_t, bool>{b, bm}, {e, em}}) {
        if (masked || v <= -cap || v >= cap)
            continue;  // such an index acts as an end of the axis for any real extent
        kinks.insert(kinks.end(), {v - 1, v, v + 1, -v - 1, -v, -v + 1});
        if (unbounded)
            top = std::max(top, std::abs(v) + 2);
    }
    auto count = [&](int64_t n) { return slice_axis(n, b, e, s, bm, em).count; };
    int64_t cmin = std::min(count(lo), count(top)), cmax = std::max(count(lo), count(top));
    for (int64_t p : kinks)
        if (p > lo && p < top) {
            cmin = std::min(cmin, count(p));
            cmax = std::max(cmax, count(p));
        }
    // Past every kink the count is linear: growing there means no upper bound.
    if (unbounded && count(2 * top) > count(top))
        cmax = Dimension::inf;
    const Dimension out(cmin, cmax);
    return out == Dimension(lo, hi) ? d : out;
}

// StridedSlice over `data` with m slicing entries; values null when not known. Fills plan (one
// entry per input axis) when given: then data is static and every value is known.
PartialShape strided_slice_shape(const Node& node, const PartialShape& data, size_t m, const Values* begin,
                                 const Values* end, const Values* strides, std::vector<AxisSlice>* plan) {
    const auto begin_mask = node.get_attr<Values>("begin_mask");
    const auto end_mask = node.get_attr<Values>("end_mask");
    const auto new_axis_mask = node.get_attr<Values>("new_axis_mask", {});
    const auto shrink_mask = node.get_attr<Values>("shrink_axis_mask", {});
    const auto ellipsis_mask = node.get_attr<Values>("ellipsis_mask", {});

    // Entries that consume input axes: all but the ellipsis and new axes (the ellipsis wins a tie).
    size_t real = 0;
    std::optional<size_t> ellipsis_at;
    for (size_t i = 0; i < m; ++i) {
        if (bit(ellipsis_mask, i)) {
            if (ellipsis_at)
                raise<ModelError>(node.describe(), ": ellipsis_mask has more than one set bit");
            ellipsis_at = i;
        } else if (!bit(new_axis_mask, i)) {
            ++real;
        }
    }
    if (strides && std::find(strides->begin(), strides->end(), 0) != strides->end())
        raise<ModelError>(node.describe(), ": strides must not contain 0");
    if (data.rank_is_dynamic())
        return PartialShape::dynamic();
    const size_t rank = data.size();
    if (real > rank)
        raise<ModelError>(node.describe(), ": ", real, " slicing entries for an input of rank ", rank);

    std::vector<Dimension> out;
    size_t ax = 0;
    auto keep = [&](size_t n) {
        for (; n > 0; --n, ++ax) {
            out.push_back(data[ax]);
            if (plan)
                plan->push_back({0, 1, data[ax].get_length()});
        }
    };
    for (size_t i = 0; i < m; ++i) {
        if (ellipsis_at && *ellipsis_at == i) {
            keep(rank - real);
            continue;
        }
        if (bit(new_axis_mask, i)) {
            out.emplace_back(1);
            continue;
        }
        const Dimension& d = data[ax];
        if (bit(shrink_mask, i)) {
            // Unlike ranges, a shrunk index is not clamped: out of range is an error.
            if (begin && d.is_static()) {
                const int64_t n = d.get_length();
                int64_t b = (*begin)[i];
                if (b < -n || b >= n)
                    raise<ModelError>(node.describe(), ": shrink_axis_mask takes index ", b, " of axis ", ax,
                                      " which has extent ", n);
                if (b < 0)
                    b += n;
                if (plan)
                    plan->push_back({b, 1, 1});
            }
            ++ax;
            continue;
        }
        const bool bm = bit(begin_mask, i), em = bit(end_mask, i);
        if (begin && end && strides) {
            const int64_t b = (*begin)[i], e = (*end)[i], s = (*strides)[i];
            if (d.is_static()) {
                const AxisSlice a = slice_axis(d.get_length(), b, e, s, bm, em);
                out.emplace_back(a.count);
                if (plan)
                    plan->push_back(a);
            } else {
                out.push_back(slice_dynamic_dim(d, b, e, s, bm, em));
            }
        } else if (bm && em && strides && magnitude((*strides)[i]) == 1) {
            out.push_back(d);  // the whole axis, forwards or backwards
        } else {
            out.push_back(unknown_slice_dim(d));
        }
        ++ax;
    }
    if (!ellipsis_at)
        keep(rank - ax);  // an implicit ellipsis at the end
    return PartialShape(out);
}

// Slice-8 over `data` with n entries; values null when not known. Fills plan like the above.
PartialShape slice8_shape(const Node& node, const PartialShape& data, const Values* start, const Values* stop,
                          const Values* step, const Values* axes, std::vector<AxisSlice>* plan) {
    if (step && std::find(step->begin(), step->end(), 0) != step->end())
        raise<ModelError>(node.describe(), ": step must not contain 0");
    if (data.rank_is_dynamic())
        return PartialShape::dynamic();
    const int64_t rank = static_cast<int64_t>(data.size());
    if (rank == 0)
        raise<ModelError>(node.describe(), ": data must have rank 1 or more");
    std::vector<Dimension> out(data.begin(), data.end());
    if (!axes) {
        for (auto& d : out)
            d = unknown_slice_dim(d);
        return PartialShape(out);
    }
    std::vector<int64_t> entry(static_cast<size_t>(rank), -1);  // input axis -> slicing entry
    for (size_t j = 0; j < axes->size(); ++j) {
        const int64_t a = normalize_axis(node, (*axes)[j], rank);
        if (entry[static_cast<size_t>(a)] >= 0)
            raise<ModelError>(node.describe(), ": axis ", a, " is listed twice in axes");
        entry[static_cast<size_t>(a)] = static_cast<int64_t>(j);
    }
    for (size_t a = 0; a < out.size(); ++a) {
        const Dimension& d = data[a];
        const int64_t j = entry[a];
        if (j < 0) {
            if (plan)
                plan->push_back({0, 1, d.get_length()});
        } else if (start && stop && step) {
            const size_t k = static_cast<size_t>(j);
            if (d.is_static()) {
                const AxisSlice s = slice_axis(d.get_length(), (*start)[k], (*stop)[k], (*step)[k]);
                out[a] = s.count;
                if (plan)
                    plan->push_back(s);
            } else {
                out[a] = slice_dynamic_dim(d, (*start)[k], (*stop)[k], (*step)[k], false, false);
            }
        } else {
            out[a] = unknown_slice_dim(d);
        }
    }
    return PartialShape(out);
}

}  // namespace

AxisSlice slice_axis(int64_t dim, int64_t begin, int64_t end, int64_t step, bool begin_masked, bool end_masked) {
    if (dim <= 0)
        return {0, step, 0};
    const uint64_t stride = magnitude(step);
    if (step > 0) {
        int64_t b = begin_masked ? 0 : (begin < 0 ? begin + dim : begin);
        int64_t e = end_masked ? dim : (end < 0 ? end + dim : end);
        b = std::clamp<int64_t>(b, 0, dim);
        e = std::clamp<int64_t>(e, 0, dim);
        const int64_t n = e > b ? static_cast<int64_t>((static_cast<uint64_t>(e - b) - 1) / stride + 1) : 0;
        return {b, step, n};
    }
    int64_t b = begin_masked ? dim - 1 : (begin < 0 ? begin + dim : begin);
    int64_t e = end_masked ? -1 : (end < 0 ? end + dim : end);
    b = std::clamp<int64_t>(b, 0, dim - 1);
    e = std::clamp<int64_t>(e, -1, dim - 1);
    const int64_t n = b > e ? static_cast<int64_t>((static_cast<uint64_t>(b - e) - 1) / stride + 1) : 0;
    return {b, step, n};
}

SlicePlan strided_slice_plan(const Node& node, const Shape& data, const Values& begin, const Values& end,
                             const Values& strides) {
    if (end.size() != begin.size() || (!strides.empty() && strides.size() != begin.size()))
        raise<ModelError>(node.describe(), ": begin, end and strides have different lengths (", begin.size(), ", ",
                          end.size(), ", ", strides.size(), ")");
    const Values ones(begin.size(), 1);
    SlicePlan p;
    p.out_shape = strided_slice_shape(node, PartialShape(data), begin.size(), &begin, &end,
                                      strides.empty() ? &ones : &strides, &p.axes)
                      .to_shape();
    return p;
}

SlicePlan slice_plan(const Node& node, const Shape& data, const Values& start, const Values& stop,
                     const Values& step, const Values& axes) {
    if (stop.size() != start.size() || step.size() != start.size() || (!axes.empty() && axes.size() != start.size()))
        raise<ModelError>(node.describe(), ": start, stop, step and axes have different lengths");
    Values default_axes(start.size());
    std::iota(default_axes.begin(), default_axes.end(), 0);
    SlicePlan p;
    p.out_shape = slice8_shape(node, PartialShape(data), &start, &stop, &step, axes.empty() ? &default_axes : &axes,
                               &p.axes)
                      .to_shape();
    return p;
}

Outputs strided_slice(const Node& node, const Inputs& in) {
    check_input_count(node, in, 3, 4);
    const auto m = common_length(node, in, 1);
    const auto begin = const_i64(in[1]), end = const_i64(in[2]);
    std::optional<Values> strides;
    if (in.size() > 3)
        strides = const_i64(in[3]);
    else if (m)
        strides = Values(*m, 1);
    if (!m) {
        // Without the entry count only the masks that change the rank can tell the rank.
        auto none_set = [&](const char* name) {
            const auto mask = node.get_attr<Values>(name, {});
            return std::all_of(mask.begin(), mask.end(), [](int64_t v) { return v == 0; });
        };
        const bool rank_kept = none_set("new_axis_mask") && none_set("shrink_axis_mask") && none_set("ellipsis_mask");
        (void)node.get_attr<Values>("begin_mask");  // required even when unused here
        (void)node.get_attr<Values>("end_mask");
        PartialShape out = PartialShape::dynamic();
        if (in[0].shape.rank_is_static() && rank_kept) {
            std::vector<Dimension> dims;
            for (const auto& d : in[0].shape)
                dims.push_back(unknown_slice_dim(d));
            out = PartialShape(dims);
        }
        return {{in[0].type, out}};
    }
    return {{in[0].type, strided_slice_shape(node, in[0].shape, *m, ptr(begin), ptr(end), ptr(strides), nullptr)}};
}

Outputs slice(const Node& node, const Inputs& in) {
    check_input_count(node, in, 4, 5);
    const auto n = common_length(node, in, 1);
    const auto start = const_i64(in[1]), stop = const_i64(in[2]), step = const_i64(in[3]);
    std::optional<Values> axes;
    if (in.size() > 4) {
        axes = const_i64(in[4]);
    } else if (n) {
        axes = Values(*n);
        std::iota(axes->begin(), axes->end(), 0);
    }
    return {{in[0].type, slice8_shape(node, in[0].shape, ptr(start), ptr(stop), ptr(step), ptr(axes), nullptr)}};
}

Outputs slice_scatter(const Node& node, const Inputs& in) {
    check_input_count(node, in, 5, 6);
    merge_types(node, in, 0, 1);
    Inputs as_slice{in[0]};
    as_slice.insert(as_slice.end(), in.begin() + 2, in.end());
    const PartialShape expected = slice(node, as_slice)[0].shape;
    if (!in[1].shape.compatible(expected))
        raise<ModelError>(node.describe(), ": updates ", in[1].shape, " must be shaped like the slice ", expected);
    return {{in[0].type, in[0].shape}};
}

}  // namespace shape_infer
}  // namespace ovcl
