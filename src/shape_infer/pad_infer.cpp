#include "shape_infer/pad_infer.hpp"

#include <algorithm>

namespace ovcl {
namespace shape_infer {

namespace {

// Pads beyond this are no real model's and would overflow extents.
constexpr int64_t kMaxPad = int64_t{1} << 48;

std::optional<size_t> pads_length(const Node& node, const Inputs& in, size_t i) {
    check_integer(node, in, i);
    const PartialShape& s = in[i].shape;
    if (s.rank_is_static() && s.size() != 1)
        raise<ModelError>(node.describe(), ": ", i == 1 ? "pads_begin" : "pads_end", " must be 1-D, got shape ", s);
    if (in[i].value)
        return in[i].value->get_size();
    if (s.rank_is_static() && s[0].is_static())
        return static_cast<size_t>(s[0].get_length());
    return std::nullopt;
}

std::optional<std::vector<int64_t>> pads_values(const Node& node, const InputInfo& in, const char* what) {
    auto v = const_i64(in);
    if (!v)
        return v;
    for (int64_t p : *v) {
        if (p < 0 && node.get_version() < 12)
            raise<ModelError>(node.describe(), ": ", what, " has a negative value ", p,
                              " (Pad-1 pads are non-negative; Pad-12 crops)");
        if (p > kMaxPad || p < -kMaxPad)
            raise<ModelError>(node.describe(), ": ", what, " value ", p, " is out of range");
    }
    return v;
}

// The modes that copy input elements need enough of them on the padded axis.
void check_pads_fit(const Node& node, PadMode mode, size_t axis, int64_t dim, int64_t begin, int64_t end) {
    const int64_t widest = std::max(begin, end);
    const char* rule = nullptr;
    if (mode == PadMode::reflect && widest > dim - 1)
        rule = "reflect pads must not exceed the dimension - 1";
    else if (mode == PadMode::symmetric && widest > dim)
        rule = "symmetric pads must not exceed the dimension";
    else if (mode == PadMode::edge && dim == 0 && widest > 0)
        rule = "edge pads need a non-empty dimension";
    if (rule)
        raise<ModelError>(node.describe(), ": axis ", axis, " of extent ", dim, " padded by ", begin, " and ", end,
                          ": ", rule);
}

Dimension padded(const Dimension& d, int64_t total) {
    if (d.is_static())
        return Dimension(std::max<int64_t>(checked::add(d.get_length(), total), 0));
    const int64_t max = d.get_max_length();
    return Dimension(std::max<int64_t>(checked::add(d.get_min_length(), total), 0),
                     max == Dimension::inf ? Dimension::inf : std::max<int64_t>(checked::add(max, total), 0));
}

}  // namespace

PadMode pad_mode(const Node& node) {
    static const std::pair<const char*, PadMode> modes[] = {{"constant", PadMode::constant},
                                                             {"edge", PadMode::edge},
                                                             {"reflect", PadMode::reflect},
                                                             {"symmetric", PadMode::symmetric}};
    return pick(node, "pad_mode", node.get_attr<std::string>("pad_mode"), modes);
}

Outputs pad(const Node& node, const Inputs& in) {
    check_input_count(node, in, 3, 4);
    const PadMode mode = pad_mode(node);
    const auto len_begin = pads_length(node, in, 1), len_end = pads_length(node, in, 2);
    if (len_begin && len_end && *len_begin != *len_end)
        raise<ModelError>(node.describe(), ": pads_begin and pads_end have different lengths (", *len_begin, " and ",
                          *len_end, ")");
    const auto len = len_begin ? len_begin : len_end;
    // pad_value only matters (and is only checked) in constant mode.
    if (in.size() == 4 && mode == PadMode::constant) {
        merge_types(node, in, 0, 3);
        if (in[3].shape.rank_is_static() && in[3].shape.size() != 0)
            raise<ModelError>(node.describe(), ": pad_value must be a scalar, got shape ", in[3].shape);
    }
    const auto begin = pads_values(node, in[1], "pads_begin");
    const auto end = pads_values(node, in[2], "pads_end");

    const PartialShape& data = in[0].shape;
    if (data.rank_is_dynamic())
        return {{in[0].type, len ? PartialShape::dynamic(static_cast<int64_t>(*len)) : PartialShape::dynamic()}};
    if (len && *len != data.size())
        raise<ModelError>(node.describe(), ": pads have ", *len, " values for data of rank ", data.size());
    std::vector<Dimension> out(data.begin(), data.end());
    for (size_t a = 0; a < out.size(); ++a) {
        const Dimension& d = data[a];
        if (begin && end) {
            if (d.is_static())
                check_pads_fit(node, mode, a, d.get_length(), (*begin)[a], (*end)[a]);
            out[a] = padded(d, checked::add((*begin)[a], (*end)[a]));
        } else {
            // Unknown pads only grow a dim in Pad-1; Pad-12 may crop it to anything.
            out[a] = node.get_version() < 12 ? Dimension(d.get_min_length(), Dimension::inf) : Dimension::dynamic();
        }
    }
    return {{in[0].type, PartialShape(out)}};
}

}  // namespace shape_infer
}  // namespace ovcl
