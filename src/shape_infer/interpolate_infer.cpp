#include "shape_infer/interpolate_infer.hpp"

#include <numeric>
#include <string>
#include <utility>

namespace ovcl {
namespace shape_infer {

namespace {

using Attrs = InterpolateAttrs;

Dimension padded(const Dimension& d, int64_t pad) {
    if (d.is_static())
        return Dimension(checked::add(d.get_length(), pad));
    const auto max = d.get_max_length();
    return Dimension(checked::add(d.get_min_length(), pad),
                     max == Dimension::inf ? Dimension::inf : checked::add(max, pad));
}

Dimension scaled(const Dimension& d, float scale) {
    if (d.is_static())
        return Dimension(interpolate_scaled_dim(d.get_length(), scale));
    const auto max = d.get_max_length();
    return Dimension(interpolate_scaled_dim(d.get_min_length(), scale),
                     max == Dimension::inf ? Dimension::inf : interpolate_scaled_dim(max, scale));
}

void check_1d(const Node& node, const Inputs& in, size_t i, const char* what) {
    if (in[i].shape.rank_is_static() && in[i].shape.size() != 1)
        raise<ModelError>(node.describe(), ": the ", what, " input must be 1D, got shape ", in[i].shape);
}

void check_count(const Node& node, const char* what, size_t count, size_t axes) {
    if (count < axes)
        raise<ModelError>(node.describe(), ": the ", what, " input has ", count, " elements for ", axes,
                          " interpolated axes");
}

// out[axes[i]] = extent(out[axes[i]], values[i]) for the interpolated axes; unknown values (the `what` input
// not constant) leave them dynamic.
template <typename T, typename Extent>
void set_axes(const Node& node, const char* what, const std::optional<std::vector<T>>& values,
              const std::vector<int64_t>& axes, std::vector<Dimension>& out, Extent&& extent) {
    if (values)
        check_count(node, what, values->size(), axes.size());
    for (size_t i = 0; i < axes.size(); ++i) {
        Dimension& d = out[static_cast<size_t>(axes[i])];
        d = values ? extent(d, (*values)[i]) : Dimension();
    }
}

// Attributes pads_begin and pads_end (every version), checked non-negative.
void read_pads(const Node& node, InterpolateAttrs& a) {
    a.pads_begin = node.get_attr<std::vector<int64_t>>("pads_begin", {0});
    a.pads_end = node.get_attr<std::vector<int64_t>>("pads_end", {0});
    for (const auto* pads : {&a.pads_begin, &a.pads_end})
        for (int64_t p : *pads)
            if (p < 0)
                raise<ModelError>(node.describe(), ": pads must be non-negative, got ", p);
}

}  // namespace

InterpolateAttrs interpolate_attrs(const Node& node) {
    if (node.get_version() < 4) {
        Attrs a = interpolate_v1_attrs(node);
        read_pads(node, a);
        return a;
    }
    static const std::pair<const char*, Attrs::Mode> modes[] = {
        {"nearest", Attrs::Mode::nearest},
        {"linear", Attrs::Mode::linear},
        {"linear_onnx", Attrs::Mode::linear_onnx},
        {"cubic", Attrs::Mode::cubic},
        {"bilinear_pillow", Attrs::Mode::bilinear_pillow},
        {"bicubic_pillow", Attrs::Mode::bicubic_pillow},
    };
    static const std::pair<const char*, bool> shape_modes[] = {{"sizes", false}, {"scales", true}};
    static const std::pair<const char*, Attrs::Coord> coords[] = {
        {"half_pixel", Attrs::Coord::half_pixel},
        {"pytorch_half_pixel", Attrs::Coord::pytorch_half_pixel},
        {"asymmetric", Attrs::Coord::asymmetric},
        {"tf_half_pixel_for_nn", Attrs::Coord::tf_half_pixel_for_nn},
        {"align_corners", Attrs::Coord::align_corners},
    };
    static const std::pair<const char*, Attrs::Nearest> nearests[] = {
        {"round_prefer_floor", Attrs::Nearest::round_prefer_floor},
        {"round_prefer_ceil", Attrs::Nearest::round_prefer_ceil},
        {"floor", Attrs::Nearest::floor},
        {"ceil", Attrs::Nearest::ceil},
        {"simple", Attrs::Nearest::simple},
    };
    Attrs a;
    a.mode = pick(node, "mode", node.get_attr<std::string>("mode"), modes);
    if (node.get_version() < 11 && (a.mode == Attrs::Mode::bilinear_pillow || a.mode == Attrs::Mode::bicubic_pillow))
        raise<ModelError>(node.describe(), ": mode ", node.get_attr<std::string>("mode"),
                          " needs Interpolate-11 (opset11)");
    a.use_scales = pick(node, "shape_calculation_mode", node.get_attr<std::string>("shape_calculation_mode"),
                        shape_modes);
    a.coord = pick(node, "coordinate_transformation_mode",
                   node.get_attr<std::string>("coordinate_transformation_mode", "half_pixel"), coords);
    a.nearest = pick(node, "nearest_mode", node.get_attr<std::string>("nearest_mode", "round_prefer_floor"), nearests);
    a.antialias = node.get_attr<bool>("antialias", false);
    a.cube_coeff = node.get_attr<double>("cube_coeff", -0.75);
    read_pads(node, a);
    return a;
}

std::vector<int64_t> pads_for_rank(const std::vector<int64_t>& pads, size_t rank) {
    std::vector<int64_t> out(pads);
    out.resize(rank, 0);
    return out;
}

std::optional<std::vector<int64_t>> interpolate_axes(const Node& node, const Inputs& in, size_t rank) {
    if (node.get_version() < 4)
        return interpolate_v1_axes(node, rank);
    const size_t port = InterpolateAttrs::axes_port(node);
    if (in.size() <= port) {
        std::vector<int64_t> all(rank);
        std::iota(all.begin(), all.end(), int64_t{0});
        return all;
    }
    auto axes = const_i64(in[port]);
    if (!axes)
        return std::nullopt;
    std::vector<bool> seen(rank, false);
    for (int64_t axis : *axes) {
        if (axis < 0 || axis >= static_cast<int64_t>(rank))
            raise<ModelError>(node.describe(), ": axis ", axis, " is out of range [0, ", rank, ")");
        if (seen[static_cast<size_t>(axis)])
            raise<ModelError>(node.describe(), ": axis ", axis, " is repeated in the axes input");
        seen[static_cast<size_t>(axis)] = true;
    }
    return axes;
}

int64_t interpolate_scaled_dim(int64_t len, float scale) {
    // OpenVINO nudges the scale up by 1e-6 so that e.g. 3 * (1/3.f) still gives 1, and truncates.
    if (scale == 1.0f)
        return len;
    return static_cast<int64_t>(static_cast<float>(len) * (scale + 1.0e-6f));
}

Outputs interpolate(const Node& node, const Inputs& in) {
    const bool v11 = node.get_version() >= 11, v1 = node.get_version() < 4;
    check_input_count(node, in, v11 || v1 ? 2 : 3, v1 ? 2 : v11 ? 3 : 4);
    const Attrs attrs = interpolate_attrs(node);
    check_type(node, in, 0, {});
    if (in[0].type == element::boolean)
        raise<ModelError>(node.describe(), ": the data input must be numeric, not boolean");
    const size_t scales_port = Attrs::scales_port(node), axes_port = Attrs::axes_port(node);
    const bool has_axes = !v1 && in.size() > axes_port;
    if (v11 || v1) {
        if (attrs.use_scales)
            check_real(node, in, 1);
        else
            check_integer(node, in, 1);
    } else {
        check_integer(node, in, 1);
        check_real(node, in, 2);
    }
    const size_t used = attrs.use_scales ? scales_port : Attrs::sizes_port();
    check_1d(node, in, used, attrs.use_scales ? "scales" : "sizes");
    if (has_axes) {
        check_integer(node, in, axes_port);
        check_1d(node, in, axes_port, "axes");
    }

    const element::Type type = in[0].type;
    if (in[0].shape.rank_is_dynamic())
        return {{type, PartialShape::dynamic()}};
    const size_t rank = in[0].shape.size();
    const auto axes = interpolate_axes(node, in, rank);
    if (axes && (attrs.mode == Attrs::Mode::bilinear_pillow || attrs.mode == Attrs::Mode::bicubic_pillow) &&
        axes->size() != 2)
        raise<ModelError>(node.describe(), ": the pillow modes interpolate exactly two axes, got ", axes->size());
    if (axes && in[used].shape.rank_is_static() && in[used].shape[0].is_static())
        check_count(node, attrs.use_scales ? "scales" : "sizes", static_cast<size_t>(in[used].shape[0].get_length()),
                    axes->size());
    if (!axes)
        return {{type, PartialShape::dynamic(static_cast<int64_t>(rank))}};

    const auto pb = pads_for_rank(attrs.pads_begin, rank), pe = pads_for_rank(attrs.pads_end, rank);
    std::vector<Dimension> out(rank);
    for (size_t i = 0; i < rank; ++i)
        out[i] = padded(in[0].shape[i], pb[i] + pe[i]);
    if (attrs.use_scales) {
        set_axes(node, "scales", const_f64(in[scales_port]), *axes, out, [&](const Dimension& d, double value) {
            const auto scale = static_cast<float>(value);
            if (!(scale >= 0.0f))
                raise<ModelError>(node.describe(), ": scales must be non-negative, got ", value);
            return scaled(d, scale);
        });
    } else {
        set_axes(node, "sizes", const_i64(in[1]), *axes, out, [&](const Dimension&, int64_t size) {
            if (size < 0)
                raise<ModelError>(node.describe(), ": sizes must be non-negative, got ", size);
            return Dimension(size);
        });
    }
    return {{type, PartialShape(out)}};
}

}  // namespace shape_infer
}  // namespace ovcl
