#include "ops/interpolate_plan.hpp"

#include <algorithm>
#include <limits>
#include <numeric>
#include <optional>

#include "host_ref/interpolate.hpp"

namespace ovcl {
namespace gpu {
namespace interpolate {

namespace {

using Attrs = shape_infer::InterpolateAttrs;

const Tensor* constant_input(const Node& node, size_t port) {
    const auto& producer = node.input_value(port).node;
    return producer && producer->is_constant() ? &producer->get_constant_value() : nullptr;
}

// The taps of one axis in input indices (before the stride): host_ref's map of the padded axis, shifted by
// pads_begin; taps in the padding become -1 (nearest) or are dropped (their value is 0).
std::vector<std::vector<Tap>> axis_taps(const Attrs& attrs, size_t in_len, int64_t pad, size_t padded, size_t out_len,
                                        bool interpolated, float scale, float aa) {
    std::vector<std::vector<Tap>> taps(out_len);
    auto source = [&](size_t p) {
        const int64_t i = static_cast<int64_t>(p) - pad;
        return i >= 0 && i < static_cast<int64_t>(in_len) ? i : int64_t{-1};
    };
    if (attrs.mode == Attrs::Mode::nearest) {
        std::vector<size_t> map(out_len);
        if (interpolated)
            map = host_ref::interpolate_nearest_map(attrs, padded, out_len, scale);
        else
            std::iota(map.begin(), map.end(), size_t{0});
        for (size_t o = 0; o < out_len; ++o)
            taps[o].push_back({source(map[o]), 1.0f});
        return taps;
    }
    host_ref::InterpolateAxisTaps ref(out_len);
    if (interpolated)
        ref = host_ref::interpolate_taps(attrs, padded, out_len, scale, aa);
    else
        for (size_t o = 0; o < out_len; ++o)
            ref[o].push_back({o, 1.0f});
    for (size_t o = 0; o < out_len; ++o)
        for (const auto& t : ref[o])
            if (source(t.index) >= 0)
                taps[o].push_back({source(t.index), t.weight});
    return taps;
}

}  // namespace

Plan make_plan(const Node& node, std::string& why) {
    Plan plan;
    auto refuse = [&](std::string reason) {
        why = std::move(reason);
        return plan;
    };
    const Attrs attrs = shape_infer::interpolate_attrs(node);
    plan.nearest = attrs.mode == Attrs::Mode::nearest;
    const element::Type t = node.get_input_element_type(0);
    if (plan.nearest) {
        const size_t bytes = t.size();
        if (bytes != 1 && bytes != 2 && bytes != 4 && bytes != 8)
            return refuse("nearest on " + t.to_string() + ": elements of 1, 2, 4 or 8 bytes only");
    } else if (t != element::f32 && t != element::f16) {
        return refuse(node.get_attr<std::string>("mode") + " on " + t.to_string() +
                      ": the weighted modes take f32 and f16 only (integer results round ties after f32 sums whose "
                      "order differs from host_ref's)");
    }
    std::optional<std::vector<int64_t>> listed;
    const size_t axes_port = Attrs::axes_port(node);
    if (node.get_input_size() > axes_port) {
        const Tensor* a = constant_input(node, axes_port);
        if (!a)
            return refuse("the axes input is not a Constant (the per-axis tables are built when the model compiles)");
        listed = host_ref::to_i64(*a);
    }
    std::vector<double> given;
    if (attrs.use_scales) {
        const Tensor* s = constant_input(node, Attrs::scales_port(node));
        if (!s)
            return refuse("the scales input is not a Constant (the per-axis tables are built when the model compiles)");
        given = host_ref::to_f64(*s);
    }
    const Shape in = node.get_input_shape(0), out = node.get_output_shape(0);
    const size_t rank = in.size();
    const auto limit = static_cast<size_t>(std::numeric_limits<int32_t>::max());
    if (shape_size(in) >= limit || shape_size(out) >= limit)
        return refuse("the interpolate kernels index with 32-bit integers: tensors must have fewer than 2^31 elements");
    if (shape_size(in) == 0 && shape_size(out) != 0)
        return refuse("an empty input with a non-empty output (all padding)");
    std::vector<int64_t> axes(rank);
    std::iota(axes.begin(), axes.end(), int64_t{0});
    if (listed)
        axes = *listed;

    const auto pb = shape_infer::pads_for_rank(attrs.pads_begin, rank);
    const auto pe = shape_infer::pads_for_rank(attrs.pads_end, rank);
    // Per axis, as host_ref: the scale (given, or out / padded length) and whether the axis changes length.
    std::vector<float> scale(rank, 1.0f);
    std::vector<bool> interpolated(rank, false);
    bool downsample = false;
    for (size_t i = 0; i < axes.size(); ++i) {
        const auto ax = static_cast<size_t>(axes[i]);
        const size_t padded = in[ax] + static_cast<size_t>(pb[ax] + pe[ax]);
        scale[ax] = attrs.use_scales ? static_cast<float>(given.at(i))
                                     : static_cast<float>(out[ax]) / static_cast<float>(padded);
        interpolated[ax] = padded != out[ax];
        downsample = downsample || scale[ax] < 1.0f;
    }
    const bool antialias = attrs.antialias && downsample && attrs.mode == Attrs::Mode::linear;

    // Tabled axes: from the first to the last axis that is interpolated or padded, untouched runs merged.
    std::vector<size_t> active;
    for (size_t ax = 0; ax < rank; ++ax)
        if (interpolated[ax] || pb[ax] != 0 || pe[ax] != 0)
            active.push_back(ax);
    const size_t first = active.empty() ? rank : active.front(), last = active.empty() ? rank : active.back() + 1;
    for (size_t ax = 0; ax < first; ++ax)
        plan.outer *= in[ax];
    for (size_t ax = last; ax < rank; ++ax)
        plan.inner *= in[ax];
    for (size_t ax = first; ax < last; ++ax) {
        const bool touched = std::find(active.begin(), active.end(), ax) != active.end();
        if (!touched && !plan.axes.empty() && plan.axes.back().identity) {
            plan.axes.back().in_len *= in[ax];  // an untouched run: one identity axis
            plan.axes.back().out_len *= in[ax];
            continue;
        }
        TabledAxis a;
        a.in_len = in[ax];
        a.out_len = out[ax];
        a.identity = !touched;
        if (touched) {
            const size_t padded = in[ax] + static_cast<size_t>(pb[ax] + pe[ax]);
            a.taps = axis_taps(attrs, in[ax], pb[ax], padded, out[ax], interpolated[ax], scale[ax],
                               antialias ? scale[ax] : 1.0f);
        }
        plan.axes.push_back(std::move(a));
    }
    if (plan.axes.size() > kTabled)
        return refuse(std::to_string(plan.axes.size()) +
                      " interpolated, padded or in-between axes (untouched neighbours merged): four at most");
    while (plan.axes.size() < kTabled)
        plan.axes.insert(plan.axes.begin(), TabledAxis{});
    // Input strides; identity axes get their taps now.
    size_t stride = plan.inner;
    for (size_t j = kTabled; j-- > 0;) {
        TabledAxis& a = plan.axes[j];
        if (a.identity) {
            a.taps.resize(a.out_len);
            for (size_t o = 0; o < a.out_len; ++o)
                a.taps[o].push_back({static_cast<int64_t>(o), 1.0f});
        }
        for (auto& taps : a.taps) {
            if (taps.size() > kMaxTaps)
                return refuse(std::to_string(taps.size()) +
                              " taps per output along one axis (a strong downscale with antialias or a pillow "
                              "mode): 32 at most");
            for (Tap& tap : taps) {
                plan.padded = plan.padded || tap.index < 0;
                tap.index = tap.index < 0 ? -1 : tap.index * static_cast<int64_t>(stride);
            }
        }
        stride *= a.in_len;
    }
    plan.in_plane = stride;
    return plan;
}

}  // namespace interpolate
}  // namespace gpu
}  // namespace ovcl
