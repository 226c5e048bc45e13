// Proposal-1/4: Faster R-CNN region proposals: anchors moved by the deltas, the best pre_nms_topn by
// score, greedy NMS, the first post_nms_topn survivors.
// Follows OpenVINO CPU: framework "tensorflow" reads the image height and width from image_shape[1] and [0];
// the rows after the last RoI are zeros, the first with batch id -1, and their scores (v4) zeros. Equal
// scores keep their anchor order (OpenVINO CPU's partial sort leaves it open).
#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

#include "host_ref/ref_utils.hpp"
#include "shape_infer/detection_infer.hpp"

namespace ovcl {
namespace host_ref {

namespace {

struct Scored {
    float x0, y0, x1, y1, score;
};

// Anchor corners relative to a cell origin, one per (ratio, scale), ratio-major.
std::vector<Scored> make_anchors(const shape_infer::ProposalAttrs& a) {
    const float off = a.tensorflow ? 0.0f : 1.0f, base = static_cast<float>(a.base_size);
    const float area = base * base, center = 0.5f * (base - off);
    std::vector<Scored> anchors;
    for (float r : a.ratio) {
        float w = std::sqrt(area / r), h = w * r;
        if (!a.tensorflow) {
            w = std::round(w);
            h = std::round(w * r);
        }
        for (float s : a.scale) {
            const float hw = 0.5f * (w * s - off), hh = 0.5f * (h * s - off);
            const float shift = a.tensorflow ? 0.5f * base : 0.0f;
            anchors.push_back({center - hw - shift, center - hh - shift, center + hw - shift, center + hh - shift, 0});
        }
    }
    return anchors;
}

float overlap(const Scored& i, const Scored& j, float off) {
    if (!(i.x0 <= j.x1 && i.y0 <= j.y1 && j.x0 <= i.x1 && j.y0 <= i.y1))
        return 0.0f;
    const float w = std::max(0.0f, std::min(i.x1, j.x1) - std::max(i.x0, j.x0) + off);
    const float h = std::max(0.0f, std::min(i.y1, j.y1) - std::max(i.y0, j.y0) + off);
    const float ai = (i.x1 - i.x0 + off) * (i.y1 - i.y0 + off), aj = (j.x1 - j.x0 + off) * (j.y1 - j.y0 + off);
    return w * h / (ai + aj - w * h);
}

}  // namespace

void proposal(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const auto a = shape_infer::proposal_attrs(node);
    const auto probs = to_f64(in.at(0)), deltas = to_f64(in.at(1)), info = to_f64(in.at(2));
    const Shape& s = in.at(0).get_shape();
    const size_t N = s[0], H = s[2], W = s[3], area = H * W;
    const auto anchors = make_anchors(a);
    const size_t A = anchors.size(), count = A * H * W;
    const float off = a.tensorflow ? 0.0f : 1.0f;
    const auto img_h = static_cast<float>(info.at(a.tensorflow ? 1 : 0)), img_w = static_cast<float>(info.at(a.tensorflow ? 0 : 1));
    const auto scale_h = static_cast<float>(info.at(2)), scale_w = static_cast<float>(info.size() > 3 ? info[3] : info[2]);
    const float min_h = a.min_size * scale_h, min_w = a.min_size * scale_w;
    const auto top = static_cast<size_t>(a.post_nms_topn), pre = std::min(count, static_cast<size_t>(a.pre_nms_topn));
    std::vector<float> rois(N * top * 5, 0.0f), scores(N * top, 0.0f);
    for (size_t n = 0; n < N; ++n) {
        std::vector<Scored> boxes(count);
        for (size_t h = 0; h < H; ++h)
            for (size_t w = 0; w < W; ++w)
                for (size_t k = 0; k < A; ++k) {
                    const auto x = static_cast<float>((a.tensorflow ? h : w) * static_cast<size_t>(a.feat_stride));
                    const auto y = static_cast<float>((a.tensorflow ? w : h) * static_cast<size_t>(a.feat_stride));
                    const auto d = [&](size_t c) { return static_cast<float>(deltas[(n * 4 * A + k * 4 + c) * area + h * W + w]); };
                    Scored b{x + anchors[k].x0, y + anchors[k].y0, x + anchors[k].x1, y + anchors[k].y1, 0};
                    if (a.tensorflow)
                        b = {std::max(0.0f, std::min(b.x0, img_w)), std::max(0.0f, std::min(b.y0, img_h)),
                             std::max(0.0f, std::min(b.x1, img_w)), std::max(0.0f, std::min(b.y1, img_h)), 0};
                    const float ww = b.x1 - b.x0 + off, hh = b.y1 - b.y0 + off;
                    const float cx = d(0) / a.box_coordinate_scale * ww + (b.x0 + 0.5f * ww);
                    const float cy = d(1) / a.box_coordinate_scale * hh + (b.y0 + 0.5f * hh);
                    const float pw = std::exp(d(2) / a.box_size_scale) * ww, ph = std::exp(d(3) / a.box_size_scale) * hh;
                    b = {cx - 0.5f * pw, cy - 0.5f * ph, cx + 0.5f * pw, cy + 0.5f * ph, 0};
                    if (a.clip_before_nms)
                        b = {std::max(0.0f, std::min(b.x0, img_w - off)), std::max(0.0f, std::min(b.y0, img_h - off)),
                             std::max(0.0f, std::min(b.x1, img_w - off)), std::max(0.0f, std::min(b.y1, img_h - off)), 0};
                    const bool big = min_w <= b.x1 - b.x0 + off && min_h <= b.y1 - b.y0 + off;
                    b.score = big ? static_cast<float>(probs[(n * 2 * A + A + k) * area + h * W + w]) : 0.0f;
                    boxes[(h * W + w) * A + k] = b;
                }
        std::stable_sort(boxes.begin(), boxes.end(), [](const Scored& x, const Scored& y) { return x.score > y.score; });
        boxes.resize(pre);
        std::vector<bool> dead(pre, false);
        size_t kept = 0;
        for (size_t i = 0; i < pre && kept < top; ++i) {
            if (dead[i])
                continue;
            Scored b = boxes[i];
            for (size_t j = i + 1; j < pre; ++j)
                if (a.nms_thresh < overlap(boxes[i], boxes[j], off))
                    dead[j] = true;
            if (a.clip_after_nms)
                b = {std::max(0.0f, std::min(b.x0, img_w)), std::max(0.0f, std::min(b.y0, img_h)),
                     std::max(0.0f, std::min(b.x1, img_w)), std::max(0.0f, std::min(b.y1, img_h)), b.score};
            if (a.normalize)
                b = {b.x0 / img_w, b.y0 / img_h, b.x1 / img_w, b.y1 / img_h, b.score};
            const float row[5] = {static_cast<float>(n), b.x0, b.y0, b.x1, b.y1};
            std::copy(row, row + 5, rois.begin() + static_cast<std::ptrdiff_t>((n * top + kept) * 5));
            scores[n * top + kept] = b.score;
            ++kept;
        }
        if (kept < top)
            rois[(n * top + kept) * 5] = -1.0f;
    }
    Tensor r(element::f32, out.at(0).get_shape());
    std::copy(rois.begin(), rois.end(), r.data<float>());
    from_f32(r, out.at(0));
    if (out.size() > 1) {
        Tensor p(element::f32, out.at(1).get_shape());
        std::copy(scores.begin(), scores.end(), p.data<float>());
        from_f32(p, out.at(1));
    }
}

}  // namespace host_ref
}  // namespace ovcl
