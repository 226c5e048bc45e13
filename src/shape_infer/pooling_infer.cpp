#include "shape_infer/pooling_infer.hpp"

#include <algorithm>

namespace ovcl {
namespace shape_infer {

Rounding parse_rounding(const Node& node) {
    const auto v = lower_attr(node, "rounding_type", "floor");
    if (v == "floor")
        return Rounding::Floor;
    if (v == "ceil")
        return Rounding::Ceil;
    if (v == "ceil_torch" && node.get_version() >= 14)
        return Rounding::CeilTorch;
    raise<ModelError>(node.describe(), ": rounding_type='", v, "' is not supported by version ", node.get_version(),
                      " (floor, ceil", node.get_version() >= 14 ? ", ceil_torch)" : ")");
}

namespace {

struct PoolAttrs {
    AutoPad auto_pad = AutoPad::Explicit;
    Rounding rounding = Rounding::Floor;
    std::vector<int64_t> kernel, strides, dilations, pads_begin, pads_end;
};

// MaxPool has dilations from version 8, AvgPool from version 16 (its only change from AvgPool-14).
bool has_dilations(const Node& node) {
    const int64_t since = node.get_type_name() == "MaxPool" ? 8 : node.get_type_name() == "AvgPool" ? 16 : -1;
    return since > 0 && node.get_version() >= since;
}

PoolAttrs pool_attrs(const Node& node, size_t n) {
    PoolAttrs a;
    a.auto_pad = parse_auto_pad(node);
    a.rounding = parse_rounding(node);
    a.kernel = spatial_attr(node, "kernel", n, std::nullopt, 1);
    a.strides = spatial_attr(node, "strides", n, 1, 1);
    a.dilations = has_dilations(node) ? spatial_attr(node, "dilations", n, 1, 1) : std::vector<int64_t>(n, 1);
    a.pads_begin = spatial_attr(node, "pads_begin", n, 0, 0);
    a.pads_end = spatial_attr(node, "pads_end", n, 0, 0);
    return a;
}

bool is_same(AutoPad p) { return p == AutoPad::SameUpper || p == AutoPad::SameLower; }

// Output extent of one axis. ceil_torch drops a last window that would start in the end padding.
int64_t pool_extent(Rounding r, int64_t in, int64_t dk, int64_t s, int64_t pb, int64_t pe) {
    const int64_t span = checked::sub(padded(in, pb, pe), dk);
    int64_t out = checked::add(r == Rounding::Floor ? floor_div(span, s) : ceil_div(span, s), int64_t{1});
    if (r == Rounding::CeilTorch && out > 1 && checked::mul(out - 1, s) >= checked::add(in, pb))
        --out;
    return out;
}

void effective_pads(const PoolAttrs& a, size_t i, int64_t in, int64_t& pb, int64_t& pe) {
    pb = pe = 0;
    if (a.auto_pad == AutoPad::Explicit) {
        pb = a.pads_begin[i];
        pe = a.pads_end[i];
    } else if (is_same(a.auto_pad)) {
        const int64_t dk = dilated(a.kernel[i], a.dilations[i]);
        const int64_t span = checked::add(checked::mul(ceil_div(in, a.strides[i]) - 1, a.strides[i]), dk);
        const int64_t total = std::max<int64_t>(0, checked::sub(span, in));
        const int64_t small = total / 2;
        pb = a.auto_pad == AutoPad::SameUpper ? small : total - small;
        pe = total - pb;
    }
}

// The static extent of axis i; validates that the dilated kernel fits the padded input.
int64_t axis_extent(const Node& node, const PoolAttrs& a, size_t i, int64_t in, int64_t& pb, int64_t& pe) {
    effective_pads(a, i, in, pb, pe);
    const int64_t s = a.strides[i], dk = dilated(a.kernel[i], a.dilations[i]);
    if (padded(in, pb, pe) < dk)
        raise<ModelError>(node.describe(), ": on spatial axis ", i, " the dilated kernel (", dk,
                          ") is larger than the padded input (", padded(in, pb, pe), ")");
    // The spec: same_upper / same_lower produce ceil(in / stride) whatever the rounding type.
    return is_same(a.auto_pad) ? ceil_div(in, s) : pool_extent(a.rounding, in, dk, s, pb, pe);
}

Dimension axis_dim(const Node& node, const PoolAttrs& a, size_t i, const Dimension& in) {
    int64_t pb = 0, pe = 0;
    if (in.is_static())
        return Dimension(axis_extent(node, a, i, in.get_length(), pb, pe));
    const int64_t s = a.strides[i], dk = dilated(a.kernel[i], a.dilations[i]);
    if (is_same(a.auto_pad))
        return map_dim(in, [s](int64_t x) { return ceil_div(x, s); });
    effective_pads(a, i, 0, pb, pe);  // explicit or valid: independent of the extent
    return map_dim(in, [=, r = a.rounding](int64_t x) { return pool_extent(r, x, dk, s, pb, pe); });
}

PartialShape pooled_shape(const Node& node, const Inputs& in) {
    check_input_count(node, in, 1, 1);
    if (in[0].type == element::boolean)
        raise<ModelError>(node.describe(), ": boolean inputs are not supported");
    const PartialShape& data = in[0].shape;
    size_t n = 0;
    if (data.rank_is_static()) {
        if (data.size() < 3 || data.size() > 5)
            raise<ModelError>(node.describe(), ": data must have rank 3, 4 or 5 ([N, C, spatial...]), got ", data);
        n = data.size() - 2;
    } else {
        n = node.get_attr<std::vector<int64_t>>("kernel").size();
        if (n < 1 || n > 3)
            raise<ModelError>(node.describe(), ": kernel must have 1 to 3 values, got ", n);
    }
    const PoolAttrs a = pool_attrs(node, n);
    if (data.rank_is_dynamic())
        return PartialShape::dynamic(static_cast<int64_t>(n + 2));
    std::vector<Dimension> out{data[0], data[1]};
    for (size_t i = 0; i < n; ++i)
        out.push_back(axis_dim(node, a, i, data[2 + i]));
    return PartialShape(out);
}

}  // namespace

Window pooling_window(const Node& node, const Shape& data) {
    if (data.size() < 3 || data.size() > 5)
        raise<ModelError>(node.describe(), ": data must have rank 3, 4 or 5, got ", data);
    const size_t n = data.size() - 2;
    const PoolAttrs a = pool_attrs(node, n);
    Window w;
    w.kernel = a.kernel;
    w.strides = a.strides;
    w.dilations = a.dilations;
    for (size_t i = 0; i < n; ++i) {
        int64_t pb = 0, pe = 0;
        w.output.push_back(axis_extent(node, a, i, static_cast<int64_t>(data[2 + i]), pb, pe));
        w.pads_begin.push_back(pb);
        w.pads_end.push_back(pe);
    }
    return w;
}

Outputs max_pool(const Node& node, const Inputs& in) {
    const PartialShape shape = pooled_shape(node, in);
    if (node.get_version() < 8)
        return {{in[0].type, shape}};
    const auto index_type = index_type_attr(node, "index_element_type");
    const auto axis = node.get_attr<int64_t>("axis", 0);
    if (in[0].shape.rank_is_static())
        normalize_axis(node, axis, in[0].shape.rank_length());
    return {{in[0].type, shape}, {index_type, shape}};
}

Outputs avg_pool(const Node& node, const Inputs& in) {
    node.get_attr<bool>("exclude-pad", false);  // validates the text
    return {{in[0].type, pooled_shape(node, in)}};
}

}  // namespace shape_infer
}  // namespace ovcl
