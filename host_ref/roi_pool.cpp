// ROIPooling, PSROIPooling and DeformablePSROIPooling: rois [R, 5] of (batch, x1, y1, x2, y2).
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "host_ref/roi.hpp"
#include "shape_infer/roi_infer.hpp"

namespace ovcl {
namespace host_ref {

namespace {

using roi_detail::Plane;

// The rois that pool (Caffe): those before the first batch index of -1, each checked against the batch.
std::vector<size_t> roi_batches(const Node& node, const Tensor& rois, size_t batches) {
    std::vector<size_t> b;
    const float* p = rois.data<float>();
    for (size_t r = 0; r < rois.get_shape()[0]; ++r) {
        const float v = p[r * 5];
        if (v <= -1.0f && v > -2.0f)
            break;
        if (!(v > -1.0f && v < static_cast<float>(batches)))
            raise<ModelError>(node.describe(), ": roi ", r, " names batch ", v, ", outside the data's ", batches, " batches");
        b.push_back(static_cast<size_t>(v));
    }
    return b;
}

// Pools every roi over [R, out_c, out_h, out_w] with fn(plane of its input channel, roi, c, y, x, input channel
// out) (zeros after the list ends).
template <typename Fn>
void pool_rois(const Node& node, const TensorVector& in, TensorVector& out, Fn&& fn) {
    const Tensor data = to_f32(in.at(0)), rois = to_f32(in.at(1));
    const Shape& ds = data.get_shape();
    const Shape os = out.at(0).get_shape();
    const auto h = static_cast<int64_t>(ds[2]), w = static_cast<int64_t>(ds[3]);
    const std::vector<size_t> batch = roi_batches(node, rois, ds[0]);
    Tensor res(element::f32, os);
    std::fill_n(res.data<float>(), res.get_size(), 0.0f);
    float* dst = res.data<float>();
    const auto plane = [&](size_t b, size_t c) {
        if (c >= ds[1])
            raise<ModelError>(node.describe(), ": input channel ", c, " is outside the data's ", ds[1]);
        return Plane{data.data<float>() + (b * ds[1] + c) * static_cast<size_t>(h * w), h, w};
    };
    for (size_t r = 0; r < batch.size(); ++r) {
        const float* roi = rois.data<float>() + r * 5 + 1;
        for (size_t c = 0; c < os[1]; ++c)
            for (size_t y = 0; y < os[2]; ++y)
                for (size_t x = 0; x < os[3]; ++x)
                    *dst++ = fn([&](size_t ch) { return plane(batch[r], ch); }, roi, r, c, static_cast<int64_t>(y),
                                static_cast<int64_t>(x));
    }
    from_f32(res, out.at(0));
}

// The integer window [lo, hi) of bin i of n over `extent` cells from `start`, clamped to [0, limit].
IndexRange window(float start, float extent, int64_t i, int64_t n, int64_t limit) {
    const float bin = extent / static_cast<float>(n);
    const auto clamp = [&](float v) {  // in float first: a huge or NaN roi must not reach the cast
        return v > 0.0f ? (v < static_cast<float>(limit) ? static_cast<int64_t>(v) : limit) : int64_t{0};
    };
    return {clamp(std::floor(static_cast<float>(i) * bin + start)), clamp(std::ceil(static_cast<float>(i + 1) * bin + start))};
}

// ROIPooling-bilinear's position of output i of n along an axis of `len` cells: ends at the roi's edges.
float spread(float lo, float hi, int64_t i, int64_t n, int64_t len) {
    const auto last = static_cast<float>(len - 1);
    if (n == 1)
        return 0.5f * (lo + hi) * last;
    return static_cast<float>(i) * ((hi - lo) * last / static_cast<float>(n - 1)) + lo * last;
}

// The bilinear value at (y, x), zero outside the map.
float inside(const Plane& pl, float y, float x) {
    if (!(y >= 0.0f && x >= 0.0f && y <= static_cast<float>(pl.h - 1) && x <= static_cast<float>(pl.w - 1)))
        return 0.0f;  // NaN too
    return roi_detail::bilinear(pl, y, x);
}

}  // namespace

void roi_pooling(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const auto a = shape_infer::roi_pooling_attrs(node);
    pool_rois(node, in, out, [&](auto plane_of, const float* roi, size_t, size_t c, int64_t y, int64_t x) {
        const Plane pl = plane_of(c);
        if (a.bilinear)  // roi corners normalised to [0, 1]
            return inside(pl, spread(roi[1], roi[3], y, a.pooled_h, pl.h), spread(roi[0], roi[2], x, a.pooled_w, pl.w));
        const float x0 = std::round(roi[0] * a.spatial_scale), y0 = std::round(roi[1] * a.spatial_scale);
        const float x1 = std::round(roi[2] * a.spatial_scale), y1 = std::round(roi[3] * a.spatial_scale);
        const IndexRange ry = window(y0, std::max(y1 - y0 + 1.0f, 1.0f), y, a.pooled_h, pl.h);
        const IndexRange rx = window(x0, std::max(x1 - x0 + 1.0f, 1.0f), x, a.pooled_w, pl.w);
        if (ry.lo >= ry.hi || rx.lo >= rx.hi)
            return 0.0f;
        float m = std::numeric_limits<float>::lowest();
        for (int64_t i = ry.lo; i < ry.hi; ++i)
            for (int64_t j = rx.lo; j < rx.hi; ++j)
                m = std::max(m, pl.at(i, j));
        return m;
    });
}

void psroi_pooling(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const auto a = shape_infer::psroi_attrs(node);
    const int64_t g = a.group_size;
    pool_rois(node, in, out, [&](auto plane_of, const float* roi, size_t, size_t c, int64_t y, int64_t x) {
        const auto ci = static_cast<int64_t>(c);
        if (!a.bilinear) {
            // Whole-pixel roi ends, bin (y, x) of group_size^2 read from its own channel group.
            const Plane pl = plane_of(static_cast<size_t>((ci * g + y) * g + x));
            const float x0 = std::round(roi[0]) * a.spatial_scale, y0 = std::round(roi[1]) * a.spatial_scale;
            const float x1 = (std::round(roi[2]) + 1.0f) * a.spatial_scale, y1 = (std::round(roi[3]) + 1.0f) * a.spatial_scale;
            const IndexRange ry = window(y0, std::max(y1 - y0, 0.1f), y, g, pl.h);
            const IndexRange rx = window(x0, std::max(x1 - x0, 0.1f), x, g, pl.w);
            if (ry.lo >= ry.hi || rx.lo >= rx.hi)
                return 0.0f;
            float sum = 0.0f;
            for (int64_t i = ry.lo; i < ry.hi; ++i)
                for (int64_t j = rx.lo; j < rx.hi; ++j)
                    sum += pl.at(i, j);
            return sum / static_cast<float>((ry.hi - ry.lo) * (rx.hi - rx.lo));
        }
        // Each spatial bin of the roi has its own channel group, sampled like ROIPooling-bilinear.
        const float x0 = roi[0] * a.spatial_scale, y0 = roi[1] * a.spatial_scale;
        const float bw = (roi[2] * a.spatial_scale - x0) / static_cast<float>(a.bins_x);
        const float bh = (roi[3] * a.spatial_scale - y0) / static_cast<float>(a.bins_y);
        float sum = 0.0f;
        for (int64_t by = 0; by < a.bins_y; ++by)
            for (int64_t bx = 0; bx < a.bins_x; ++bx) {
                const Plane pl = plane_of(static_cast<size_t>((by * a.bins_x + bx) * a.output_dim + ci));
                const float sy = y0 + static_cast<float>(by) * bh, sx = x0 + static_cast<float>(bx) * bw;
                sum += inside(pl, spread(sy, sy + bh, y, g, pl.h), spread(sx, sx + bw, x, g, pl.w));
            }
        return sum / static_cast<float>(a.bins_x * a.bins_y);
    });
}

void deformable_psroi_pooling(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const auto a = shape_infer::psroi_attrs(node);
    const int64_t g = a.group_size;
    const bool shifted = in.size() > 2;
    const Tensor off = shifted ? to_f32(in[2]) : Tensor();
    const Shape os = shifted ? off.get_shape() : Shape{0, 2, 0, 0};
    // Offsets [R, 2 * classes, part, part]: output channels split evenly between the classes.
    const auto classes = static_cast<int64_t>(os[1] / 2), per_class = shifted && classes ? a.output_dim / classes : 1;
    if (shifted && (classes == 0 || per_class == 0))
        raise<ModelError>(node.describe(), ": offsets ", os, " do not hold two channels per class of ", a.output_dim, " outputs");
    pool_rois(node, in, out, [&](auto plane_of, const float* roi, size_t r, size_t c, int64_t y, int64_t x) {
        const float x0 = std::round(roi[0]) * a.spatial_scale - 0.5f, y0 = std::round(roi[1]) * a.spatial_scale - 0.5f;
        const float rw = std::max((std::round(roi[2]) + 1.0f) * a.spatial_scale - 0.5f - x0, 0.1f);
        const float rh = std::max((std::round(roi[3]) + 1.0f) * a.spatial_scale - 0.5f - y0, 0.1f);
        const float bw = rw / static_cast<float>(g), bh = rh / static_cast<float>(g);
        float tx = 0.0f, ty = 0.0f;
        if (shifted) {
            const auto part = [&](int64_t i) {
                return static_cast<size_t>(std::floor(static_cast<float>(i) / static_cast<float>(g) * static_cast<float>(a.part_size)));
            };
            const size_t py = part(y), px = part(x), cls = c / static_cast<size_t>(per_class);
            if (r >= os[0] || 2 * cls + 1 >= os[1] || py >= os[2] || px >= os[3])
                raise<ModelError>(node.describe(), ": offsets ", os, " hold no entry for roi ", r, ", class ", cls, ", part (",
                                  py, ", ", px, ")");
            const float* o = off.data<float>() + ((r * os[1] + 2 * cls) * os[2] + py) * os[3] + px;
            tx = o[0] * a.trans_std;
            ty = o[os[2] * os[3]] * a.trans_std;
        }
        const float ws = static_cast<float>(x) * bw + x0 + tx * rw, hs = static_cast<float>(y) * bh + y0 + ty * rh;
        const Plane pl = plane_of(static_cast<size_t>((static_cast<int64_t>(c) * g + y) * g + x));
        const auto lim_h = static_cast<float>(pl.h) - 0.5f, lim_w = static_cast<float>(pl.w) - 0.5f;
        float sum = 0.0f;
        int64_t count = 0;
        for (int64_t iy = 0; iy < a.bins_y; ++iy)
            for (int64_t ix = 0; ix < a.bins_x; ++ix) {
                const float sy = hs + static_cast<float>(iy) * bh / static_cast<float>(a.bins_y);
                const float sx = ws + static_cast<float>(ix) * bw / static_cast<float>(a.bins_x);
                if (!(sy >= -0.5f && sy <= lim_h && sx >= -0.5f && sx <= lim_w))
                    continue;  // NaN too
                sum += roi_detail::bilinear(pl, std::min(std::max(sy, 0.0f), static_cast<float>(pl.h - 1)),
                                            std::min(std::max(sx, 0.0f), static_cast<float>(pl.w - 1)));
                ++count;
            }
        return count ? sum / static_cast<float>(count) : 0.0f;
    });
}

}  // namespace host_ref
}  // namespace ovcl
