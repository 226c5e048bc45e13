// The ExperimentalDetectron* ops (Mask R-CNN's detection head as OpenVINO exports it).
// TopKROIs and PriorGridGenerator: rows OpenVINO CPU leaves unwritten (max_rois past the RoI count; an
// h x w grid smaller than the feature map, whose extent the shape keeps) are zeros. A grid larger than the
// feature map is refused (OpenVINO writes past its output). ROIFeatureExtractor: a RoI whose area is not
// positive gets zero features; a RoI that is not finite, or bins of more than 4096 samples a side, are
// refused (OpenVINO would loop on).
#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

#include "host_ref/ref_utils.hpp"
#include "shape_infer/detection_infer.hpp"

namespace ovcl {
namespace host_ref {

namespace {
// Writes dense f32 values (zeros past their end) into `out`, converting to its type.
void store(const std::vector<float>& v, Tensor& out) {
    Tensor f(element::f32, out.get_shape());
    float* dst = f.data<float>();
    for (size_t i = 0; i < f.get_size(); ++i)
        dst[i] = i < v.size() ? v[i] : 0.0f;
    from_f32(f, out);
}
// The pyramid level of a box (FPN's rule: level 2 for a 224 x 224 box), or `levels` when its area is not
// positive (no level: its features stay zeros).
size_t roi_level(const float* b, size_t levels) {
    const float area = (b[2] - b[0]) * (b[3] - b[1]);
    if (!(area > 0))
        return levels;
    const float level = std::floor(std::log2(std::sqrt(area) / 224.0f + 1e-6f) + 2);
    if (!(level > 0))
        return 0;
    return level >= static_cast<float>(levels - 1) ? levels - 1 : static_cast<size_t>(level);
}

// Samples per bin side past which a RoI (or sampling_ratio) is taken for corrupt data rather than looped over.
constexpr float kMaxGrid = 4096;

// RoIAlign (average) of box `b` over one [C, H, W] map into `dst` [C, S, S], in OpenVINO CPU's f32 arithmetic.
void roi_align(const Node& node, const float* map, size_t C, size_t H, size_t W, const float* b, float scale,
               const shape_infer::ROIFeatureAttrs& a, float* dst) {
    if (!std::isfinite(b[0]) || !std::isfinite(b[1]) || !std::isfinite(b[2]) || !std::isfinite(b[3]))
        raise<ModelError>(node.describe(), ": a RoI has a coordinate that is not finite");
    const auto S = static_cast<size_t>(a.output_size);
    const float shift = a.aligned ? 0.5f : 0.0f, x0 = b[0] * scale - shift, y0 = b[1] * scale - shift;
    const float rw = std::max(b[2] * scale - shift - x0, 1.0f), rh = std::max(b[3] * scale - shift - y0, 1.0f);
    const float bw = rw / static_cast<float>(S), bh = rh / static_cast<float>(S);
    const auto grid = [&](float extent) {
        const float n = a.sampling_ratio > 0 ? static_cast<float>(a.sampling_ratio) : std::ceil(extent / static_cast<float>(S));
        if (!(n <= kMaxGrid))
            raise<ModelError>(node.describe(), ": ", n, " samples per bin side (over ", kMaxGrid, ")");
        return static_cast<size_t>(n);
    };
    const size_t gh = grid(rh), gw = grid(rw);
    const auto fh = static_cast<float>(H), fw = static_cast<float>(W);
    const auto fgh = static_cast<float>(gh), fgw = static_cast<float>(gw);
    if (H == 0 || W == 0)
        return;  // an empty map: zeros
    for (size_t c = 0; c < C; ++c)
        for (size_t ph = 0; ph < S; ++ph)
            for (size_t pw = 0; pw < S; ++pw) {
                float sum = 0;
                for (size_t iy = 0; iy < gh; ++iy)
                    for (size_t ix = 0; ix < gw; ++ix) {
                        float y = y0 + static_cast<float>(ph) * bh + (static_cast<float>(iy) + .5f) * bh / fgh;
                        float x = x0 + static_cast<float>(pw) * bw + (static_cast<float>(ix) + .5f) * bw / fgw;
                        if (y < -1.0f || y > fh || x < -1.0f || x > fw)
                            continue;  // a sample off the map adds zero but still counts
                        y = std::max(y, 0.0f);
                        x = std::max(x, 0.0f);
                        auto ylo = static_cast<size_t>(y), xlo = static_cast<size_t>(x), yhi = ylo + 1, xhi = xlo + 1;
                        if (ylo >= H - 1) {
                            yhi = ylo = H - 1;
                            y = static_cast<float>(ylo);
                        }
                        if (xlo >= W - 1) {
                            xhi = xlo = W - 1;
                            x = static_cast<float>(xlo);
                        }
                        const float ly = y - static_cast<float>(ylo), lx = x - static_cast<float>(xlo);
                        const float hy = 1.0f - ly, hx = 1.0f - lx;
                        const float* m = map + c * H * W;
                        sum += hy * hx * m[ylo * W + xlo] + hy * lx * m[ylo * W + xhi] + ly * hx * m[yhi * W + xlo] +
                               ly * lx * m[yhi * W + xhi];
                    }
                dst[(c * S + ph) * S + pw] = sum / static_cast<float>(gh * gw);
            }
}
}  // namespace

void experimental_detectron_topk_rois(const Node&, const TensorVector& in, TensorVector& out, EvalContext&) {
    const auto rois = to_f64(in.at(0)), scores = to_f64(in.at(1));
    std::vector<size_t> order(scores.size());
    std::iota(order.begin(), order.end(), size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return scores[a] > scores[b]; });
    order.resize(std::min(order.size(), out.at(0).get_shape().at(0)));
    std::vector<float> v;
    for (size_t i : order)
        for (size_t k = 0; k < 4; ++k)
            v.push_back(static_cast<float>(rois[i * 4 + k]));
    store(v, out.at(0));
}

void experimental_detectron_prior_grid_generator(const Node& node, const TensorVector& in, TensorVector& out,
                                                 EvalContext&) {
    const auto priors = to_f64(in.at(0));
    const Shape &fm = in.at(1).get_shape(), &im = in.at(2).get_shape();
    const auto h_attr = node.get_attr<int64_t>("h", 0), w_attr = node.get_attr<int64_t>("w", 0);
    const size_t H = h_attr ? static_cast<size_t>(h_attr) : fm[2], W = w_attr ? static_cast<size_t>(w_attr) : fm[3];
    if (H * W > fm[2] * fm[3])
        raise<ModelError>(node.describe(), ": a ", H, " x ", W, " grid exceeds the feature map's ", fm[2], " x ", fm[3]);
    const auto sx = node.get_attr<float>("stride_x", 0.0f), sy = node.get_attr<float>("stride_y", 0.0f);
    const float step_w = sx != 0 ? sx : static_cast<float>(im[3]) / static_cast<float>(W);
    const float step_h = sy != 0 ? sy : static_cast<float>(im[2]) / static_cast<float>(H);
    const size_t P = priors.size() / 4;
    std::vector<float> v;
    for (size_t h = 0; h < H; ++h)
        for (size_t w = 0; w < W; ++w)
            for (size_t p = 0; p < P; ++p) {
                const float dx = step_w * (static_cast<float>(w) + 0.5f), dy = step_h * (static_cast<float>(h) + 0.5f);
                v.push_back(static_cast<float>(priors[4 * p + 0]) + dx);
                v.push_back(static_cast<float>(priors[4 * p + 1]) + dy);
                v.push_back(static_cast<float>(priors[4 * p + 2]) + dx);
                v.push_back(static_cast<float>(priors[4 * p + 3]) + dy);
            }
    store(v, out.at(0));
}

void experimental_detectron_roi_feature_extractor(const Node& node, const TensorVector& in, TensorVector& out,
                                                  EvalContext&) {
    const auto a = shape_infer::roi_feature_attrs(node);
    const Tensor rois = to_f32(in.at(0));
    const size_t R = in.at(0).get_shape().at(0), levels = in.size() - 1, C = in.at(1).get_shape().at(1);
    const Shape& fs = out.at(0).get_shape();
    const size_t per_roi = fs[1] * fs[2] * fs[3];
    std::vector<Tensor> maps;
    for (size_t l = 0; l < levels; ++l)
        maps.push_back(to_f32(in.at(l + 1)));
    Tensor features(element::f32, out.at(0).get_shape());
    std::fill_n(features.data<float>(), R * per_roi, 0.0f);
    for (size_t r = 0; r < R; ++r) {
        const float* b = rois.data<float>() + r * 4;
        const size_t l = roi_level(b, levels);
        if (l == levels)
            continue;
        const Shape& ms = maps[l].get_shape();
        roi_align(node, maps[l].data<float>(), C, ms[2], ms[3], b, 1.0f / static_cast<float>(a.pyramid_scales[l]), a,
                  features.data<float>() + r * per_roi);
    }
    from_f32(features, out.at(0));
    from_f32(rois, out.at(1));
}

}  // namespace host_ref
}  // namespace ovcl
