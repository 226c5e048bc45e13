// PriorBox and PriorBoxClustered: boxes of an SSD layer grid, normalised by the image size, then variances.
// Follows OpenVINO CPU: PriorBox writes its boxes cell by cell as one sequence (fixed_size/density boxes,
// then the min_size boxes) cut to the 4 * H * W * priors values its shape holds, as OpenVINO does when the
// density boxes and the min_size boxes together outnumber the count; the fixed_size centres use integer halves.
#include <algorithm>
#include <cmath>
#include <vector>

#include "host_ref/ref_utils.hpp"
#include "shape_infer/detection_infer.hpp"

namespace ovcl {
namespace host_ref {

namespace {

struct Grid {
    int64_t h = 0, w = 0, img_h = 0, img_w = 0;
};

Grid grid_of(const TensorVector& in) {
    const auto hw = to_i64(in.at(0)), img = to_i64(in.at(1));
    return {hw.at(0), hw.at(1), img.at(0), img.at(1)};
}

float clamp01(float v) { return std::min(std::max(v, 0.0f), 1.0f); }

// Writes the boxes (as many as the output holds; zeros past the end of `boxes`) and the variances.
void write_priors(const std::vector<float>& boxes, std::vector<float> variance, Tensor& out) {
    if (variance.empty())
        variance.push_back(0.1f);
    float* dst = out.data<float>();
    const size_t len = out.get_shape().at(1);
    for (size_t i = 0; i < len; ++i) {
        dst[i] = i < boxes.size() ? boxes[i] : 0.0f;
        dst[len + i] = variance[variance.size() == 1 ? 0 : i % 4];
    }
}

}  // namespace

void prior_box(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const auto a = shape_infer::prior_box_attrs(node);
    const auto ratios = shape_infer::prior_box_ratios(a);
    const Grid g = grid_of(in);
    float step = a.step;
    std::vector<float> min_size = a.min_size;
    if (!a.scale_all_sizes) {  // MXNet style: sizes and step are fractions of the image height
        step = step == -1 ? static_cast<float>(g.img_h) / static_cast<float>(g.h) : step * static_cast<float>(g.img_h);
        for (float& s : min_size)
            s *= static_cast<float>(g.img_h);
    }
    const float step_x = step == 0 ? static_cast<float>(g.img_w) / static_cast<float>(g.w) : step;
    const float step_y = step == 0 ? static_cast<float>(g.img_h) / static_cast<float>(g.h) : step;
    const float inv_w = 1.0f / static_cast<float>(g.img_w), inv_h = 1.0f / static_cast<float>(g.img_h);
    const size_t limit = out.at(0).get_shape().at(1);
    std::vector<float> boxes;
    // A box of half-extents (bw, bh) around (cx, cy), normalised (and clipped when asked).
    const auto box = [&](float cx, float cy, float bw, float bh, bool clip) {
        const float v[4] = {(cx - bw) * inv_w, (cy - bh) * inv_h, (cx + bw) * inv_w, (cy + bh) * inv_h};
        for (int k = 0; k < 4; ++k)
            boxes.push_back(clip ? (k < 2 ? std::max(v[k], 0.0f) : std::min(v[k], 1.0f)) : v[k]);
    };
    // density x density boxes of half-extents (bw, bh) tiling a fixed_size square around (cx, cy).
    const auto dense = [&](float cx, float cy, size_t s, float bw, float bh) {
        const auto size = static_cast<int64_t>(a.fixed_size[s]), density = static_cast<int64_t>(a.density[s]);
        const auto shift = density ? static_cast<int64_t>(a.fixed_size[s] / static_cast<float>(density)) : 0;
        for (int64_t r = 0; r < density; ++r)
            for (int64_t c = 0; c < density; ++c)
                box(cx - static_cast<float>(size / 2) + static_cast<float>(shift) / 2.f + static_cast<float>(c * shift),
                    cy - static_cast<float>(size / 2) + static_cast<float>(shift) / 2.f + static_cast<float>(r * shift), bw, bh,
                    true);
    };
    const auto ratio_boxes = [&](float cx, float cy, float size) {
        for (float ar : ratios)
            if (std::fabs(ar - 1.0f) >= 1e-6f)
                box(cx, cy, size * 0.5f * std::sqrt(ar), size * 0.5f / std::sqrt(ar), false);
    };
    for (int64_t h = 0; h < g.h && boxes.size() < limit; ++h)
        for (int64_t w = 0; w < g.w && boxes.size() < limit; ++w) {
            const float cx = step == 0 ? (static_cast<float>(w) + 0.5f) * step_x : (a.offset + static_cast<float>(w)) * step;
            const float cy = step == 0 ? (static_cast<float>(h) + 0.5f) * step_y : (a.offset + static_cast<float>(h)) * step;
            for (size_t s = 0; s < a.fixed_size.size(); ++s) {
                const float half = static_cast<float>(static_cast<int64_t>(a.fixed_size[s])) * 0.5f;
                if (!a.fixed_ratio.empty()) {
                    for (float ar : a.fixed_ratio)
                        dense(cx, cy, s, a.fixed_size[s] * 0.5f * std::sqrt(ar), a.fixed_size[s] * 0.5f / std::sqrt(ar));
                    continue;
                }
                dense(cx, cy, s, half, half);
                for (float ar : ratios)
                    if (std::fabs(ar - 1.0f) >= 1e-6f)
                        dense(cx, cy, s, a.fixed_size[s] * 0.5f * std::sqrt(ar), a.fixed_size[s] * 0.5f / std::sqrt(ar));
            }
            for (size_t m = 0; m < min_size.size(); ++m) {
                box(cx, cy, min_size[m] * 0.5f, min_size[m] * 0.5f, false);
                const bool has_max = m < a.max_size.size();
                const float max_half = has_max ? std::sqrt(min_size[m] * a.max_size[m]) * 0.5f : 0.0f;
                if (has_max && a.min_max_aspect_ratios_order)
                    box(cx, cy, max_half, max_half, false);
                if (a.scale_all_sizes || m + 1 == min_size.size())
                    ratio_boxes(cx, cy, min_size[a.scale_all_sizes ? m : 0]);
                if (has_max && !a.min_max_aspect_ratios_order)
                    box(cx, cy, max_half, max_half, false);
            }
        }
    if (a.clip)
        for (float& v : boxes)
            v = clamp01(v);
    write_priors(boxes, a.variance, out.at(0));
}

void prior_box_clustered(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const auto a = shape_infer::prior_box_clustered_attrs(node);
    const Grid g = grid_of(in);
    float step_w = a.step_w == 0 ? a.step : a.step_w, step_h = a.step_h == 0 ? a.step : a.step_h;
    if (step_w == 0 && step_h == 0) {
        step_w = static_cast<float>(g.img_w) / static_cast<float>(g.w);
        step_h = static_cast<float>(g.img_h) / static_cast<float>(g.h);
    }
    const auto iw = static_cast<float>(g.img_w), ih = static_cast<float>(g.img_h);
    std::vector<float> boxes;
    for (int64_t h = 0; h < g.h; ++h)
        for (int64_t w = 0; w < g.w; ++w) {
            const float cx = (static_cast<float>(w) + a.offset) * step_w, cy = (static_cast<float>(h) + a.offset) * step_h;
            for (size_t s = 0; s < a.width.size(); ++s) {
                const float v[4] = {(cx - a.width[s] / 2) / iw, (cy - a.height[s] / 2) / ih, (cx + a.width[s] / 2) / iw,
                                    (cy + a.height[s] / 2) / ih};
                for (float x : v)
                    boxes.push_back(a.clip ? clamp01(x) : x);
            }
        }
    write_priors(boxes, a.variance, out.at(0));
}

}  // namespace host_ref
}  // namespace ovcl
