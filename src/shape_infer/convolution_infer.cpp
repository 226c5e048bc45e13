#include "shape_infer/convolution_infer.hpp"


namespace ovcl {
namespace shape_infer {

AutoPad parse_auto_pad(const Node& node) {
    const auto v = lower_attr(node, "auto_pad", "explicit");
    if (v == "explicit" || v == "notset" || v.empty())
        return AutoPad::Explicit;
    if (v == "valid")
        return AutoPad::Valid;
    if (v == "same_upper")
        return AutoPad::SameUpper;
    if (v == "same_lower")
        return AutoPad::SameLower;
    raise<ModelError>(node.describe(), ": auto_pad='", v, "' is not one of explicit, valid, same_upper, same_lower");
}

std::vector<int64_t> spatial_attr(const Node& node, const std::string& name, size_t n,
                                  std::optional<int64_t> fallback, int64_t min_value) {
    std::vector<int64_t> v;
    if (node.has_attr(name))
        v = node.get_attr<std::vector<int64_t>>(name);
    if (v.empty()) {
        if (!fallback)
            raise<ModelError>(node.describe(), ": missing attribute '", name, "'");
        return std::vector<int64_t>(n, *fallback);
    }
    if (v.size() != n)
        raise<ModelError>(node.describe(), ": attribute ", name, " has ", v.size(), " values; expected ", n,
                          " (one per spatial axis)");
    for (int64_t x : v)
        if (x < min_value)
            raise<ModelError>(node.describe(), ": attribute ", name, " has value ", x, "; values must be >= ",
                              min_value);
    return v;
}

namespace {

struct ConvAttrs {
    AutoPad auto_pad = AutoPad::Explicit;
    std::vector<int64_t> strides, dilations, pads_begin, pads_end, output_padding;
};

// Missing strides/dilations/pads default to 1/1/0 like OpenVINO's own attribute resizing, so hand-built
// nodes need not spell them out; wrong lengths or values are errors.
ConvAttrs conv_attrs(const Node& node, size_t n, bool backprop) {
    ConvAttrs a;
    a.auto_pad = parse_auto_pad(node);
    a.strides = spatial_attr(node, "strides", n, 1, 1);
    a.dilations = spatial_attr(node, "dilations", n, 1, 1);
    a.pads_begin = spatial_attr(node, "pads_begin", n, 0, 0);
    a.pads_end = spatial_attr(node, "pads_end", n, 0, 0);
    if (backprop)
        a.output_padding = spatial_attr(node, "output_padding", n, 0, 0);
    return a;
}

bool is_same(AutoPad p) { return p == AutoPad::SameUpper || p == AutoPad::SameLower; }

// Splits a total padding: same_upper puts the odd element at the end, same_lower at the beginning.
void split_padding(AutoPad p, int64_t total, int64_t& begin, int64_t& end) {
    if (p == AutoPad::SameLower) {
        end = total / 2;
        begin = total - end;
    } else {
        begin = total / 2;
        end = total - begin;
    }
}

void check_type_numeric(const Node& node, element::Type t) {
    if (t == element::boolean)
        raise<ModelError>(node.describe(), ": boolean inputs are not supported");
}

Dimension dim_or_dynamic(const PartialShape& s, size_t i) { return s.rank_is_static() ? s[i] : Dimension(); }

// The number of spatial axes from whichever of the data rank, the filter rank or the strides attribute is
// known; validates the ranks against each other. filter_extra: the filter's non-spatial axes.
std::optional<size_t> spatial_count(const Node& node, const PartialShape& data, const PartialShape& filter,
                                    size_t filter_extra) {
    std::optional<size_t> n;
    if (data.rank_is_static()) {
        if (data.size() < 3 || data.size() > 5)
            raise<ModelError>(node.describe(), ": data must have rank 3, 4 or 5 ([N, C, spatial...]), got ",
                              data);
        n = data.size() - 2;
    }
    if (filter.rank_is_static()) {
        if (filter.size() < filter_extra + 1 || (n && filter.size() != *n + filter_extra))
            raise<ModelError>(node.describe(), ": filter shape ", filter, " does not fit data shape ", data,
                              " (expected rank ", n ? std::to_string(*n + filter_extra) : std::string("> 2"), ")");
        n = filter.size() - filter_extra;
    }
    if (!n && node.has_attr("strides")) {
        const auto s = node.get_attr<std::vector<int64_t>>("strides");
        if (!s.empty())
            n = s.size();
    }
    return n;
}

// Output extent of a forward window: floor((in + pads - dilated kernel) / stride) + 1.
int64_t forward_extent(int64_t in, int64_t dk, int64_t s, int64_t pb, int64_t pe) {
    return checked::add(floor_div(checked::sub(padded(in, pb, pe), dk), s), int64_t{1});
}

Dimension forward_dim(const Node& node, size_t axis, const Dimension& in, const Dimension& k, const ConvAttrs& a) {
    const int64_t s = a.strides[axis];
    if (is_same(a.auto_pad))  // the output covers ceil(in / stride) whatever the kernel
        return map_dim(in, [s](int64_t x) { return ceil_div(x, s); });
    if (k.is_dynamic())
        return Dimension();
    const int64_t dk = dilated(k.get_length(), a.dilations[axis]);
    const bool expl = a.auto_pad == AutoPad::Explicit;
    const int64_t pb = expl ? a.pads_begin[axis] : 0, pe = expl ? a.pads_end[axis] : 0;
    if (in.is_static() && padded(in.get_length(), pb, pe) < dk)
        raise<ModelError>(node.describe(), ": on spatial axis ", axis, " the dilated kernel (", dk,
                          ") is larger than the padded input (", padded(in.get_length(), pb, pe), ")");
    return map_dim(in, [=](int64_t x) { return forward_extent(x, dk, s, pb, pe); });
}

// The output channels G * O of a grouped filter [G, .., k..] whose axes ci_axis and o_axis hold the input and
// output channels per group; checks G >= 1 and that the data's c_in channels are G groups of ci.
Dimension grouped_outputs(const Node& node, const Dimension& c_in, const PartialShape& filter, size_t ci_axis,
                          size_t o_axis) {
    const Dimension g = dim_or_dynamic(filter, 0), o = dim_or_dynamic(filter, o_axis);
    const Dimension ci = dim_or_dynamic(filter, ci_axis);
    if (g.is_static() && g.get_length() < 1)
        raise<ModelError>(node.describe(), ": the group count (filter axis 0) must be >= 1, got ", g);
    if (c_in.is_static() && g.is_static() && c_in.get_length() % g.get_length() != 0)
        raise<ModelError>(node.describe(), ": ", c_in, " input channels cannot be split into ", g, " groups");
    if (c_in.is_static() && g.is_static() && ci.is_static() &&
        c_in.get_length() != checked::mul(g.get_length(), ci.get_length()))
        raise<ModelError>(node.describe(), ": data has ", c_in, " channels but the filter ", filter, " expects ", g,
                          " groups of ", ci);
    return g.is_static() && o.is_static() ? Dimension(checked::mul(g.get_length(), o.get_length())) : Dimension();
}

// Data and filter (inputs 0 and 1) of one numeric type, with at most `max_inputs` inputs in all.
element::Type data_and_filter(const Node& node, const Inputs& in, size_t max_inputs) {
    check_input_count(node, in, 2, max_inputs);
    const element::Type type = merge_types(node, in, 0, 1);
    check_type_numeric(node, type);
    return type;
}

Outputs conv_like(const Node& node, const Inputs& in, bool grouped) {
    const element::Type type = data_and_filter(node, in, 2);
    const PartialShape& data = in[0].shape;
    const PartialShape& filter = in[1].shape;
    const size_t extra = grouped ? 3 : 2;
    const auto n = spatial_count(node, data, filter, extra);
    if (!n)
        return {{type, PartialShape::dynamic()}};
    const ConvAttrs a = conv_attrs(node, *n, false);

    const Dimension c_in = dim_or_dynamic(data, 1);
    Dimension c_out;
    if (grouped) {
        c_out = grouped_outputs(node, c_in, filter, 2, 1);
    } else {
        if (!c_in.compatible(dim_or_dynamic(filter, 1)))
            raise<ModelError>(node.describe(), ": data has ", c_in, " channels but the filter ", filter, " expects ",
                              filter[1]);
        c_out = dim_or_dynamic(filter, 0);
    }
    std::vector<Dimension> out{dim_or_dynamic(data, 0), c_out};
    for (size_t i = 0; i < *n; ++i)
        out.push_back(forward_dim(node, i, dim_or_dynamic(data, 2 + i), dim_or_dynamic(filter, extra + i), a));
    return {{type, PartialShape(out)}};
}

// A window of the attributes' strides and dilations; its axes come through add_axis.
Window strided_window(const ConvAttrs& a) {
    Window w;
    w.strides = a.strides;
    w.dilations = a.dilations;
    return w;
}

void add_axis(Window& w, int64_t kernel, int64_t pad_begin, int64_t pad_end, int64_t output) {
    w.kernel.push_back(kernel);
    w.pads_begin.push_back(pad_begin);
    w.pads_end.push_back(pad_end);
    w.output.push_back(output);
}
}  // namespace

Window convolution_window(const Node& node, const Shape& data, const Shape& filter) {
    if (data.size() < 3 || filter.size() < data.size())
        raise<ModelError>(node.describe(), ": data ", data, " and filter ", filter, " do not form a convolution");
    const size_t n = data.size() - 2;
    const ConvAttrs a = conv_attrs(node, n, false);
    Window w = strided_window(a);
    for (size_t i = 0; i < n; ++i) {
        const auto x = static_cast<int64_t>(data[2 + i]);
        const auto k = static_cast<int64_t>(filter[filter.size() - n + i]);
        const int64_t s = a.strides[i], dk = dilated(k, a.dilations[i]);
        int64_t pb = 0, pe = 0;
        if (a.auto_pad == AutoPad::Explicit) {
            pb = a.pads_begin[i];
            pe = a.pads_end[i];
        } else if (is_same(a.auto_pad)) {
            const int64_t out = ceil_div(x, s);
            const int64_t span = checked::add(checked::mul(out - 1, s), dk);
            split_padding(a.auto_pad, std::max<int64_t>(0, checked::sub(span, x)), pb, pe);
        }
        if (padded(x, pb, pe) < dk)
            raise<ModelError>(node.describe(), ": on spatial axis ", i, " the dilated kernel (", dk,
                              ") is larger than the padded input (", padded(x, pb, pe), ")");
        add_axis(w, k, pb, pe, forward_extent(x, dk, s, pb, pe));
    }
    return w;
}

Window backprop_window(const Node& node, const Shape& data, const Shape& filter,
                       const std::optional<std::vector<int64_t>>& output_shape, bool grouped) {
    if (data.size() < 3 || filter.size() != data.size() + (grouped ? 1 : 0))
        raise<ModelError>(node.describe(), ": data ", data, " and filter ", filter,
                          " do not form a transposed convolution");
    const size_t n = data.size() - 2;
    const ConvAttrs a = conv_attrs(node, n, true);
    if (output_shape && output_shape->size() != n)
        raise<ModelError>(node.describe(), ": output_shape has ", output_shape->size(), " values; expected ", n);
    Window w = strided_window(a);
    for (size_t i = 0; i < n; ++i) {
        const auto x = static_cast<int64_t>(data[2 + i]);
        const auto k = static_cast<int64_t>(filter[filter.size() - n + i]);
        const int64_t s = a.strides[i], dk = dilated(k, a.dilations[i]), op = a.output_padding[i];
        // extent of the unpadded transposed convolution
        const int64_t full = checked::add(checked::mul(s, checked::sub(x, int64_t{1})), dk);
        int64_t pb = 0, pe = 0, out = 0;
        if (output_shape) {
            // Given an output shape, the output is a window of the full result: same_upper puts an odd
            // amount of cropping at the beginning, same_lower at the end; valid starts the window at 0, and
            // so does explicit, at pads_begin for ConvolutionBackpropData and at 0 for the grouped op
            // (OpenVINO CPU's rules; the specification leaves it open).
            out = (*output_shape)[i];
            if (out < 0)
                raise<ModelError>(node.describe(), ": output_shape value ", out, " is negative");
            const int64_t total = std::max<int64_t>(0, checked::add(checked::sub(full, out), op));
            if (a.auto_pad == AutoPad::SameUpper) {
                pe = total / 2;
                pb = total - pe;
            } else if (a.auto_pad == AutoPad::SameLower) {
                pb = total / 2;
                pe = total - pb;
            } else {
                pb = a.auto_pad == AutoPad::Explicit && !grouped ? a.pads_begin[i] : 0;
                pe = checked::sub(total, pb);
            }
        } else {
            if (a.auto_pad == AutoPad::Explicit) {
                pb = a.pads_begin[i];
                pe = a.pads_end[i];
            }
            out = checked::add(checked::sub(full, padded(0, pb, pe)), op);
            if (out < 1)
                raise<ModelError>(node.describe(), ": spatial axis ", i, " would have output extent ", out);
        }
        add_axis(w, k, pb, pe, out);
    }
    return w;
}

Outputs convolution(const Node& node, const Inputs& in) { return conv_like(node, in, false); }
Outputs group_convolution(const Node& node, const Inputs& in) { return conv_like(node, in, true); }

namespace {
// ConvolutionBackpropData (filter [C, O, k..]) and its grouped form (filter [G, C, O, k..]): the output has
// G*O channels of the spatial extents the window gives.
Outputs backprop_like(const Node& node, const Inputs& in, bool grouped) {
    const element::Type type = data_and_filter(node, in, 3);
    const PartialShape& data = in[0].shape;
    const PartialShape& filter = in[1].shape;
    std::optional<std::vector<int64_t>> out_shape;
    std::optional<size_t> n_from_shape;
    if (in.size() == 3) {
        check_integer(node, in, 2);
        const PartialShape& os = in[2].shape;
        if (os.rank_is_static() && os.size() != 1)
            raise<ModelError>(node.describe(), ": output_shape must be a 1-D tensor, got shape ", os);
        if (os.rank_is_static() && os[0].is_static())
            n_from_shape = static_cast<size_t>(os[0].get_length());
        out_shape = const_i64(in[2]);
        if (out_shape)
            n_from_shape = out_shape->size();
    }
    const size_t extra = grouped ? 3 : 2;
    auto n = spatial_count(node, data, filter, extra);
    if (n && n_from_shape && *n != *n_from_shape)
        raise<ModelError>(node.describe(), ": output_shape has ", *n_from_shape, " values; expected ", *n);
    if (!n)
        n = n_from_shape;
    if (!n)
        return {{type, PartialShape::dynamic()}};
    const ConvAttrs a = conv_attrs(node, *n, true);

    Dimension c_out = dim_or_dynamic(filter, 1);
    if (grouped) {
        c_out = grouped_outputs(node, dim_or_dynamic(data, 1), filter, 1, 2);
    } else if (!dim_or_dynamic(data, 1).compatible(dim_or_dynamic(filter, 0))) {
        raise<ModelError>(node.describe(), ": data has ", data[1], " channels but the filter ", filter, " expects ",
                          filter[0]);
    }
    std::vector<Dimension> out{dim_or_dynamic(data, 0), c_out};
    for (size_t i = 0; i < *n; ++i) {
        if (out_shape) {
            if ((*out_shape)[i] < 0)
                raise<ModelError>(node.describe(), ": output_shape value ", (*out_shape)[i], " is negative");
            out.emplace_back((*out_shape)[i]);
            continue;
        }
        const Dimension x = dim_or_dynamic(data, 2 + i), k = dim_or_dynamic(filter, extra + i);
        if (in.size() == 3 || k.is_dynamic()) {
            out.emplace_back();
            continue;
        }
        const bool expl = a.auto_pad == AutoPad::Explicit;
        const int64_t s = a.strides[i], dk = dilated(k.get_length(), a.dilations[i]);
        const int64_t shift =
            checked::add(checked::sub(dk, expl ? padded(0, a.pads_begin[i], a.pads_end[i]) : 0), a.output_padding[i]);
        const auto f = [=](int64_t v) { return checked::add(checked::mul(s, checked::sub(v, int64_t{1})), shift); };
        if (x.is_static() && f(x.get_length()) < 1)
            raise<ModelError>(node.describe(), ": spatial axis ", i, " would have output extent ", f(x.get_length()));
        out.push_back(map_dim(x, f));
    }
    return {{type, PartialShape(out)}};
}
}  // namespace

Outputs convolution_backprop_data(const Node& node, const Inputs& in) { return backprop_like(node, in, false); }
Outputs group_convolution_backprop_data(const Node& node, const Inputs& in) { return backprop_like(node, in, true); }

}  // namespace shape_infer
}  // namespace ovcl
