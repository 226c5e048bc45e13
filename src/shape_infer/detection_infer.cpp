#include "shape_infer/detection_infer.hpp"

#include <cmath>

namespace ovcl {
namespace shape_infer {

namespace {

void check_variance(const Node& node, const std::vector<float>& v) {
    if (v.size() != 0 && v.size() != 1 && v.size() != 4)
        raise<ModelError>(node.describe(), ": variance must have 0, 1 or 4 values, got ", v.size());
}

// [2, 4 * H * W * priors] from the layer size held by input 0 (dynamic when it is not known).
Outputs prior_grid(const Node& node, const Inputs& in, int64_t priors) {
    check_input_count(node, in, 2, 2);
    for (size_t i = 0; i < 2; ++i) {
        check_integer(node, in, i);
        const PartialShape& s = in[i].shape;
        if (s.rank_is_static() && (s.size() != 1 || !s[0].compatible(Dimension(2))))
            raise<ModelError>(node.describe(), ": input ", i, " must be a 1-D [height, width] pair, got ", s);
    }
    Dimension len = Dimension::dynamic();
    if (const auto hw = const_i64(in[0])) {
        if (hw->size() != 2 || hw->at(0) < 0 || hw->at(1) < 0)
            raise<ModelError>(node.describe(), ": the layer size must be two non-negative values");
        len = checked::mul(checked::mul(checked::mul(hw->at(0), hw->at(1)), priors), int64_t{4});
    }
    if (const auto img = const_i64(in[1]))
        if (img->size() != 2 || img->at(0) <= 0 || img->at(1) <= 0)
            raise<ModelError>(node.describe(), ": the image size must be two positive values");
    return {{element::f32, PartialShape{Dimension(2), len}}};
}

}  // namespace

PriorBoxAttrs prior_box_attrs(const Node& node) {
    PriorBoxAttrs a;
    const auto list = [&](const char* name) { return node.get_attr<std::vector<float>>(name, {}); };
    a.min_size = list("min_size");
    a.max_size = list("max_size");
    a.aspect_ratio = list("aspect_ratio");
    a.density = list("density");
    a.fixed_ratio = list("fixed_ratio");
    a.fixed_size = list("fixed_size");
    a.variance = list("variance");
    a.flip = node.get_attr<bool>("flip", false);
    a.clip = node.get_attr<bool>("clip", false);
    a.scale_all_sizes = node.get_attr<bool>("scale_all_sizes", true);
    if (node.get_version() >= 8)
        a.min_max_aspect_ratios_order = node.get_attr<bool>("min_max_aspect_ratios_order", true);
    a.step = node.get_attr<float>("step", 0.0f);
    a.offset = node.get_attr<float>("offset");
    check_variance(node, a.variance);
    if (!a.fixed_size.empty() && a.density.size() != a.fixed_size.size())
        raise<ModelError>(node.describe(), ": density needs one value per fixed_size, got ", a.density.size(),
                          " for ", a.fixed_size.size());
    for (float d : a.density)
        if (!(d >= 0 && d <= 1024))
            raise<ModelError>(node.describe(), ": density ", d, " is outside [0, 1024]");
    for (float r : a.aspect_ratio)
        if (!(r > 0))
            raise<ModelError>(node.describe(), ": aspect ratio ", r, " must be positive");
    return a;
}

std::vector<float> prior_box_ratios(const PriorBoxAttrs& a) {
    std::vector<float> r{1.0f};
    for (float ar : a.aspect_ratio) {
        bool seen = false;
        for (float e : r)
            seen = seen || std::fabs(ar - e) < 1e-6f;
        if (seen)
            continue;
        r.push_back(ar);
        if (a.flip)
            r.push_back(1.0f / ar);
    }
    return r;
}

int64_t prior_box_count(const PriorBoxAttrs& a) {
    // OpenVINO counts the distinct ratios rounded to 1e-6 (a flipped 1/r equal to another r counts once).
    std::vector<double> distinct{1.0};
    const auto add = [&](double r) {
        r = std::round(r * 1e6) / 1e6;
        for (double e : distinct)
            if (e == r)
                return;
        distinct.push_back(r);
    };
    for (float ar : a.aspect_ratio) {
        add(ar);
        if (a.flip)
            add(1.0 / ar);
    }
    const auto ratios = static_cast<int64_t>(distinct.size());
    int64_t n = a.scale_all_sizes ? ratios * static_cast<int64_t>(a.min_size.size()) + static_cast<int64_t>(a.max_size.size())
                                  : ratios + static_cast<int64_t>(a.min_size.size()) - 1;
    if (!a.fixed_size.empty())
        n = ratios * static_cast<int64_t>(a.fixed_size.size());
    for (float d : a.density) {
        const auto cells = static_cast<int64_t>(d) * static_cast<int64_t>(d) - 1;
        n += (a.fixed_ratio.empty() ? ratios : static_cast<int64_t>(a.fixed_ratio.size())) * cells;
    }
    return n;
}

PriorBoxClusteredAttrs prior_box_clustered_attrs(const Node& node) {
    PriorBoxClusteredAttrs a;
    a.width = node.get_attr<std::vector<float>>("width", {});
    a.height = node.get_attr<std::vector<float>>("height", {});
    a.variance = node.get_attr<std::vector<float>>("variance", {});
    a.clip = node.get_attr<bool>("clip", true);
    a.step = node.get_attr<float>("step", 0.0f);
    a.step_w = node.get_attr<float>("step_w", 0.0f);
    a.step_h = node.get_attr<float>("step_h", 0.0f);
    a.offset = node.get_attr<float>("offset");
    check_variance(node, a.variance);
    if (a.width.size() != a.height.size())
        raise<ModelError>(node.describe(), ": width and height must have as many values (", a.width.size(), " and ",
                          a.height.size(), ")");
    return a;
}

Outputs prior_box(const Node& node, const Inputs& in) {
    return prior_grid(node, in, prior_box_count(prior_box_attrs(node)));
}

Outputs prior_box_clustered(const Node& node, const Inputs& in) {
    return prior_grid(node, in, static_cast<int64_t>(prior_box_clustered_attrs(node).width.size()));
}

}  // namespace shape_infer
}  // namespace ovcl
