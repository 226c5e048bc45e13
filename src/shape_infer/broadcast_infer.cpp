#include "shape_infer/broadcast_infer.hpp"
#include "shape_infer/shape_values.hpp"

#include <algorithm>
#include <string>

namespace ovcl {
namespace shape_infer {

namespace {

// A 1-D integer shape-like input (target_shape, axes_mapping, repeats): its length when known.
std::optional<size_t> vector_input_length(const Node& node, const Inputs& in, size_t i, const char* what) {
    check_integer(node, in, i);
    const PartialShape& s = in[i].shape;
    if (s.rank_is_static() && s.size() != 1)
        raise<ModelError>(node.describe(), ": ", what, " must be 1-D, got shape ", s);
    if (in[i].value)
        return in[i].value->get_size();
    if (s.rank_is_static() && s[0].is_static())
        return static_cast<size_t>(s[0].get_length());
    return std::nullopt;
}

// `partly_known`: a value computed from shapes gives the elements it knows, kUnknownElement for the others.
std::optional<std::vector<int64_t>> non_negative_values(const Node& node, const InputInfo& in, const char* what,
                                                        bool partly_known = false) {
    auto v = const_i64(in);
    if (!v && partly_known)
        v = target_elements(in, true);
    if (v)
        for (int64_t x : *v)
            if (x < 0 && !(partly_known && x == kUnknownElement && !in.value))
                raise<ModelError>(node.describe(), ": ", what, " has a negative value ", x);
    return v;
}

PartialShape shape_of_values(const std::vector<int64_t>& v) {
    std::vector<Dimension> dims;
    for (int64_t x : v)
        dims.push_back(x == kUnknownElement ? Dimension::dynamic() : Dimension(x));
    return PartialShape(dims);
}

// Numpy (one-directional): every data dim, right-aligned, is 1 or the target's.
void check_numpy(const Node& node, const PartialShape& data, const PartialShape& target) {
    if (data.rank_is_dynamic() || target.rank_is_dynamic())
        return;
    if (data.size() > target.size())
        raise<ModelError>(node.describe(), ": data of rank ", data.size(), " cannot be broadcast to rank ",
                          target.size());
    const size_t shift = target.size() - data.size();
    for (size_t i = 0; i < data.size(); ++i) {
        const Dimension& d = data[i];
        const Dimension& t = target[i + shift];
        if (d.is_static() && d != Dimension(1) && t.is_static() && d != t)
            raise<ModelError>(node.describe(), ": data shape ", data, " cannot be broadcast to ", target, " (axis ",
                              i + shift, ")");
    }
}

// Explicit: one strictly increasing output axis per data axis; mapped data dims are 1 or the target's.
void check_axes_mapping(const Node& node, const PartialShape& data, const PartialShape& out,
                        const std::vector<int64_t>& axes) {
    if (data.rank_is_static() && axes.size() != data.size())
        raise<ModelError>(node.describe(), ": axes_mapping has ", axes.size(), " values for data of rank ",
                          data.size());
    for (size_t i = 0; i < axes.size(); ++i) {
        const int64_t a = axes[i];
        if (a < 0 || (out.rank_is_static() && a >= static_cast<int64_t>(out.size())))
            raise<ModelError>(node.describe(), ": axes_mapping value ", a, " is out of range for output rank ",
                              out.rank_is_static() ? std::to_string(out.size()) : std::string("?"));
        if (i > 0 && a <= axes[i - 1])
            raise<ModelError>(node.describe(), ": axes_mapping must be strictly increasing");
        if (data.rank_is_static() && out.rank_is_static()) {
            const Dimension& d = data[i];
            const Dimension& t = out[static_cast<size_t>(a)];
            if (d.is_static() && d != Dimension(1) && t.is_static() && d != t)
                raise<ModelError>(node.describe(), ": data axis ", i, " (", d, ") cannot be broadcast to output axis ",
                                  a, " (", t, ")");
        }
    }
}

// The output of a right-aligned broadcast when only the target's length is known: a data dim
// other than 1 must be what the target (if it reaches that axis) gives.
PartialShape broadcast_unknown_target(const PartialShape& data, size_t target_rank, bool bidirectional) {
    if (data.rank_is_dynamic())
        return bidirectional ? PartialShape::dynamic() : PartialShape::dynamic(static_cast<int64_t>(target_rank));
    const size_t rank = std::max(data.size(), target_rank);
    std::vector<Dimension> out(rank);
    const size_t data_shift = rank - data.size(), target_shift = rank - target_rank;
    for (size_t j = 0; j < rank; ++j) {
        if (j < data_shift)
            continue;  // only the target gives this dim
        const Dimension& d = data[j - data_shift];
        if (j < target_shift)
            out[j] = d;  // only the data gives this dim
        else if (d.is_static() && d != Dimension(1))
            out[j] = d;
    }
    return PartialShape(out);
}

Dimension times(const Dimension& d, int64_t n) {
    if (d.is_static())
        return Dimension(checked::mul(d.get_length(), n));
    const int64_t max = d.get_max_length();
    return Dimension(checked::mul(d.get_min_length(), n),
                     max == Dimension::inf ? (n == 0 ? 0 : Dimension::inf) : checked::mul(max, n));
}

}  // namespace

BroadcastMode broadcast_mode(const Node& node) {
    const auto mode = node.get_attr<std::string>("mode", "numpy");
    if (mode == "numpy")
        return BroadcastMode::numpy;
    if (mode == "explicit" || mode == "none")
        return BroadcastMode::explicit_axes;
    if (mode == "bidirectional" && node.get_version() >= 3)
        return BroadcastMode::bidirectional;
    raise<ModelError>(node.describe(), ": mode '", mode, "' is not supported by Broadcast-", node.get_version(),
                      node.get_version() >= 3 ? " (numpy, explicit, bidirectional)" : " (numpy, explicit)");
}

Outputs broadcast(const Node& node, const Inputs& in) {
    const BroadcastMode mode = broadcast_mode(node);
    if (mode == BroadcastMode::explicit_axes)
        check_input_count(node, in, 3, 3);
    else  // Broadcast-1 nodes always carry an axes_mapping input; it is unused outside explicit mode
        check_input_count(node, in, 2, node.get_version() >= 3 ? 2 : 3);
    const PartialShape& data = in[0].shape;
    const auto target_rank = vector_input_length(node, in, 1, "target_shape");
    const auto target = non_negative_values(node, in[1], "target_shape", /*partly_known=*/true);
    PartialShape out = PartialShape::dynamic();
    switch (mode) {
    case BroadcastMode::numpy:
        if (target) {
            out = shape_of_values(*target);
            check_numpy(node, data, out);
            if (data.rank_is_static())  // a dim the target does not know yet is the data's, unless that is 1
                for (size_t j = 0; j < data.size(); ++j) {
                    Dimension& o = out[out.size() - data.size() + j];
                    if (o.is_dynamic() && data[j].is_static() && data[j] != Dimension(1))
                        o = data[j];
                }
        } else if (target_rank) {
            check_numpy(node, data, PartialShape::dynamic(static_cast<int64_t>(*target_rank)));
            out = broadcast_unknown_target(data, *target_rank, false);
        }
        break;
    case BroadcastMode::bidirectional:
        if (target)
            out = broadcast_numpy(node, data, shape_of_values(*target));
        else if (target_rank)
            out = broadcast_unknown_target(data, *target_rank, true);
        break;
    case BroadcastMode::explicit_axes: {
        vector_input_length(node, in, 2, "axes_mapping");
        if (target)
            out = shape_of_values(*target);
        else if (target_rank)
            out = PartialShape::dynamic(static_cast<int64_t>(*target_rank));
        if (const auto axes = const_i64(in[2]))
            check_axes_mapping(node, data, out, *axes);
        break;
    }
    }
    return {{in[0].type, out}};
}

Outputs tile(const Node& node, const Inputs& in) {
    check_input_count(node, in, 2, 2);
    const auto len = vector_input_length(node, in, 1, "repeats");
    const auto repeats = non_negative_values(node, in[1], "repeats");
    const PartialShape& data = in[0].shape;
    if (data.rank_is_dynamic() || !len)
        return {{in[0].type, PartialShape::dynamic()}};
    // The shorter of data shape and repeats is padded with leading 1s.
    const size_t rank = std::max(data.size(), *len);
    const size_t data_shift = rank - data.size(), rep_shift = rank - *len;
    std::vector<Dimension> out(rank);
    for (size_t j = 0; j < rank; ++j) {
        const Dimension d = j < data_shift ? Dimension(1) : data[j - data_shift];
        if (j < rep_shift)
            out[j] = d;
        else if (repeats)
            out[j] = times(d, (*repeats)[j - rep_shift]);
        else if (d == Dimension(0))
            out[j] = d;
    }
    return {{in[0].type, PartialShape(out)}};
}

}  // namespace shape_infer
}  // namespace ovcl
