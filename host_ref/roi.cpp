#include "host_ref/roi.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "shape_infer/roi_infer.hpp"

namespace ovcl {
namespace host_ref {

namespace roi_detail {

float bilinear(const Plane& pl, float y, float x) {
    const auto y0 = static_cast<int64_t>(y), x0 = static_cast<int64_t>(x);
    const int64_t y1 = std::min(y0 + 1, pl.h - 1), x1 = std::min(x0 + 1, pl.w - 1);
    const float ly = y - static_cast<float>(y0), lx = x - static_cast<float>(x0), hy = 1.0f - ly, hx = 1.0f - lx;
    return hy * hx * pl.at(y0, x0) + hy * lx * pl.at(y0, x1) + ly * hx * pl.at(y1, x0) + ly * lx * pl.at(y1, x1);
}

size_t batch_index(const Node& node, size_t r, int64_t b, size_t batches) {
    if (b < 0 || static_cast<uint64_t>(b) >= batches)
        raise<ModelError>(node.describe(), ": roi ", r, " names batch ", b, ", outside the data's ", batches, " batches");
    return static_cast<size_t>(b);
}

}  // namespace roi_detail

namespace {

using roi_detail::Plane;
using Attrs = shape_infer::RoiAlignAttrs;

// One roi's sampling frame: sample (u, v) of the roi's own axes (origin at its corner) lies at
// (y, x) = (cy + v cos - u sin, cx + v sin + u cos) of the feature map.
struct Frame {
    float y0, x0, bin_h, bin_w, cy = 0, cx = 0, cos = 1, sin = 0;
    int64_t grid_h, grid_w;
};

int64_t grid(const Node& node, int64_t ratio, float bin) {
    if (ratio > 0)
        return ratio;
    if (!(std::fabs(bin) <= 65536.0f))
        raise<ModelError>(node.describe(), ": a roi bin of ", bin, " cannot be sampled adaptively (sampling_ratio 0)");
    return static_cast<int64_t>(std::ceil(bin));
}

Frame frame(const Node& node, const Attrs& a, const float* roi, bool rotated) {
    Frame f{};
    float h, w;
    if (rotated) {
        // Aligned like detectron2: pixel centres at +0.5; the roi turns about its centre.
        f.cx = roi[0] * a.spatial_scale - 0.5f;
        f.cy = roi[1] * a.spatial_scale - 0.5f;
        w = roi[2] * a.spatial_scale;
        h = roi[3] * a.spatial_scale;
        const float angle = a.clockwise ? -roi[4] : roi[4];
        f.cos = std::cos(angle);
        f.sin = std::sin(angle);
        f.x0 = -w / 2;
        f.y0 = -h / 2;
    } else {
        const bool asym = a.aligned == Attrs::Aligned::asymmetric;
        const float src = a.aligned == Attrs::Aligned::half_pixel ? 0.5f : 0.0f, dst = asym ? 0.0f : -0.5f;
        f.x0 = (roi[0] + src) * a.spatial_scale + dst;
        f.y0 = (roi[1] + src) * a.spatial_scale + dst;
        w = (roi[2] + src) * a.spatial_scale + dst - f.x0;
        h = (roi[3] + src) * a.spatial_scale + dst - f.y0;
        if (asym) {
            w = std::max(w, 1.0f);
            h = std::max(h, 1.0f);
        }
    }
    f.bin_h = h / static_cast<float>(a.pooled_h);
    f.bin_w = w / static_cast<float>(a.pooled_w);
    f.grid_h = grid(node, a.sampling_ratio, f.bin_h);
    f.grid_w = grid(node, a.sampling_ratio, f.bin_w);
    return f;
}

// ROIAlign's sample: zero beyond one pixel outside the map, else bilinear with the position clamped in.
float sample(const Plane& pl, float y, float x) {
    if (!(y >= -1.0f && y <= static_cast<float>(pl.h) && x >= -1.0f && x <= static_cast<float>(pl.w)))
        return 0.0f;  // NaN too
    return roi_detail::bilinear(pl, std::min(std::max(y, 0.0f), static_cast<float>(pl.h - 1)),
                                std::min(std::max(x, 0.0f), static_cast<float>(pl.w - 1)));
}

float pool_bin(const Plane& pl, const Frame& f, int64_t ph, int64_t pw, bool max) {
    float acc = 0.0f;  // OpenVINO CPU: max mode too starts at 0
    const float step_h = f.bin_h / static_cast<float>(f.grid_h), step_w = f.bin_w / static_cast<float>(f.grid_w);
    for (int64_t iy = 0; iy < f.grid_h; ++iy) {
        const float v = f.y0 + static_cast<float>(ph) * f.bin_h + (static_cast<float>(iy) + 0.5f) * step_h;
        for (int64_t ix = 0; ix < f.grid_w; ++ix) {
            const float u = f.x0 + static_cast<float>(pw) * f.bin_w + (static_cast<float>(ix) + 0.5f) * step_w;
            const float s = sample(pl, v * f.cos - u * f.sin + f.cy, v * f.sin + u * f.cos + f.cx);
            acc = max ? std::max(acc, s) : acc + s;
        }
    }
    const int64_t count = checked::mul(f.grid_h, f.grid_w);
    if (count == 0)
        return 0.0f;
    return max ? acc : acc / static_cast<float>(count);
}

void align(const Node& node, const TensorVector& in, TensorVector& out, bool rotated) {
    const Attrs a = shape_infer::roi_align_attrs(node);
    const Tensor data = to_f32(in.at(0)), rois = to_f32(in.at(1));
    const auto batch = to_i64(in.at(2));
    const Shape& ds = data.get_shape();
    const size_t channels = ds[1], roi_len = rotated ? 5 : 4;
    const auto h = static_cast<int64_t>(ds[2]), w = static_cast<int64_t>(ds[3]);
    const size_t plane = static_cast<size_t>(h * w), bins = static_cast<size_t>(a.pooled_h * a.pooled_w);
    Tensor res(element::f32, out.at(0).get_shape());
    float* dst = res.data<float>();
    for (size_t r = 0; r < batch.size(); ++r) {
        const size_t b = roi_detail::batch_index(node, r, batch[r], ds[0]);
        const Frame f = frame(node, a, rois.data<float>() + r * roi_len, rotated);
        for (size_t c = 0; c < channels; ++c) {
            const Plane pl{data.data<float>() + (b * channels + c) * plane, h, w};
            for (int64_t ph = 0; ph < a.pooled_h; ++ph)
                for (int64_t pw = 0; pw < a.pooled_w; ++pw)
                    dst[(r * channels + c) * bins + static_cast<size_t>(ph * a.pooled_w + pw)] = pool_bin(pl, f, ph, pw, a.max);
        }
    }
    from_f32(res, out.at(0));
}

}  // namespace

void roi_align(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) { align(node, in, out, false); }

void roi_align_rotated(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    align(node, in, out, true);
}

}  // namespace host_ref
}  // namespace ovcl
