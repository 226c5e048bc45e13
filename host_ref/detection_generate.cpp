// ExperimentalDetectronGenerateProposalsSingleImage-6 and GenerateProposals-9: anchors moved by the deltas
// and clipped to the image, the best pre_nms_count by score, greedy NMS, the first post_nms_count survivors.
// ExperimentalDetectronGenerateProposalsSingleImage refines boxes spanning x1 - x0 + 1 pixels but runs NMS
// on x1 - x0; a box under min_size stays a candidate with score 0. GenerateProposals instead drops such
// boxes before NMS (min_size scaled by im_info[2] and [3]). Both order equal scores as OpenVINO CPU does:
// by std::partial_sort over the proposals in (h, w, anchor) order (libstdc++'s, as OpenVINO's Linux build).
#include <algorithm>
#include <cmath>
#include <vector>

#include "host_ref/ref_utils.hpp"
#include "shape_infer/detection_infer.hpp"

namespace ovcl {
namespace host_ref {

namespace {

struct Proposal {
    float x0, y0, x1, y1, score;
    bool big;  // at least min_size wide and high
};

struct Image {
    float height, width, min_h, min_w;
};

// The proposals of one image in (h, w, anchor) order. `off` is 1 where a box spans x1 - x0 + 1 pixels.
std::vector<Proposal> refine(const float* anchors, const float* deltas, const float* scores, size_t A, size_t H,
                             size_t W, const Image& img, float off) {
    const auto max_delta = static_cast<float>(std::log(1000.0 / 16.0));
    const size_t area = H * W;
    std::vector<Proposal> out;
    out.reserve(A * area);
    for (size_t h = 0; h < H; ++h)
        for (size_t w = 0; w < W; ++w)
            for (size_t k = 0; k < A; ++k) {
                const float* an = anchors + ((h * W + w) * A + k) * 4;
                const auto d = [&](size_t c) { return deltas[(k * 4 + c) * area + h * W + w]; };
                const float ww = an[2] - an[0] + off, hh = an[3] - an[1] + off;
                const float cx = d(0) * ww + (an[0] + 0.5f * ww), cy = d(1) * hh + (an[1] + 0.5f * hh);
                const float pw = std::exp(std::min(d(2), max_delta)) * ww, ph = std::exp(std::min(d(3), max_delta)) * hh;
                const auto clip = [&](float v, float hi) { return std::max(0.0f, std::min(v, hi - off)); };
                Proposal p{clip(cx - 0.5f * pw, img.width), clip(cy - 0.5f * ph, img.height),
                           clip(cx + 0.5f * pw - off, img.width), clip(cy + 0.5f * ph - off, img.height),
                           scores[k * area + h * W + w], false};
                p.big = img.min_w <= p.x1 - p.x0 + off && img.min_h <= p.y1 - p.y0 + off;
                out.push_back(p);
            }
    return out;
}

// The best `pre` proposals by score (std::partial_sort, as OpenVINO CPU: equal scores take its order), then
// greedy NMS (boxes under min_size skipped when `drop_small`): the indices of up to `post` survivors.
std::vector<size_t> best_after_nms(std::vector<Proposal>& p, size_t pre, size_t post, float thresh, float off,
                                   bool drop_small) {
    pre = std::min(pre, p.size());
    std::partial_sort(p.begin(), p.begin() + static_cast<std::ptrdiff_t>(pre), p.end(),
                      [](const Proposal& a, const Proposal& b) { return a.score > b.score; });
    std::vector<bool> dead(pre);
    for (size_t i = 0; i < pre; ++i)
        dead[i] = drop_small && !p[i].big;
    std::vector<size_t> kept;
    for (size_t i = 0; i < pre && kept.size() < post; ++i) {
        if (dead[i])
            continue;
        kept.push_back(i);
        const Proposal& a = p[i];
        for (size_t j = i + 1; j < pre; ++j) {
            const Proposal& b = p[j];
            if (!(a.x0 <= b.x1 && a.y0 <= b.y1 && b.x0 <= a.x1 && b.y0 <= a.y1))
                continue;
            const float w = std::max(0.0f, std::min(a.x1, b.x1) - std::max(a.x0, b.x0) + off);
            const float h = std::max(0.0f, std::min(a.y1, b.y1) - std::max(a.y0, b.y0) + off);
            const float inter = w * h;
            const float ua = (a.x1 - a.x0 + off) * (a.y1 - a.y0 + off), ub = (b.x1 - b.x0 + off) * (b.y1 - b.y0 + off);
            if (thresh < inter / (ua + ub - inter))
                dead[j] = true;
        }
    }
    return kept;
}

// Writes f32 `v` into `out` reshaped to `shape`, in its element type.
void store(const std::vector<float>& v, const Shape& shape, Tensor& out) {
    out.set_shape(shape);
    Tensor f(element::f32, shape);
    std::copy(v.begin(), v.end(), f.data<float>());
    from_f32(f, out);
}

}  // namespace

void experimental_detectron_generate_proposals_single_image(const Node& node, const TensorVector& in, TensorVector& out,
                                                            EvalContext&) {
    const auto a = shape_infer::generate_proposals_attrs(node);
    const Tensor info = to_f32(in.at(0)), anchors = to_f32(in.at(1)), deltas = to_f32(in.at(2)), scores = to_f32(in.at(3));
    const Shape& s = in.at(3).get_shape();
    const float* im = info.data<float>();
    // OpenVINO CPU: boxes span x1 - x0 + 1 when refined but x1 - x0 in NMS; a box under min_size scores 0
    // and stays a candidate.
    auto p = refine(anchors.data<float>(), deltas.data<float>(), scores.data<float>(), s[0], s[1], s[2],
                    {im[0], im[1], a.min_size, a.min_size}, 1.0f);
    for (auto& q : p)
        q.score = q.big ? q.score : 0.0f;
    const auto post = static_cast<size_t>(a.post_nms_count);
    const auto kept = best_after_nms(p, static_cast<size_t>(a.pre_nms_count), post, a.nms_threshold, 0.0f, false);
    std::vector<float> rois, roi_scores;
    for (size_t i : kept) {
        rois.insert(rois.end(), {p[i].x0, p[i].y0, p[i].x1, p[i].y1});
        roi_scores.push_back(p[i].score);
    }
    rois.resize(post * 4, 0.0f);  // the rows past the survivors are zeros
    roi_scores.resize(post, 0.0f);
    store(rois, Shape{post, 4}, out.at(0));
    store(roi_scores, Shape{post}, out.at(1));
}

void generate_proposals(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const auto a = shape_infer::generate_proposals_attrs(node);
    const Tensor info = to_f32(in.at(0)), anchors = to_f32(in.at(1)), deltas = to_f32(in.at(2)), scores = to_f32(in.at(3));
    const Shape &s = in.at(3).get_shape(), &is = in.at(0).get_shape();
    const size_t N = s[0], A = s[1], H = s[2], W = s[3], cols = is[1];
    const float off = a.normalized ? 0.0f : 1.0f;
    std::vector<float> rois, roi_scores;
    std::vector<int64_t> counts;
    for (size_t n = 0; n < N; ++n) {
        const float* im = info.data<float>() + n * cols;
        const float scale_h = im[2], scale_w = cols > 3 ? im[3] : im[2];
        auto p = refine(anchors.data<float>(), deltas.data<float>() + n * 4 * A * H * W, scores.data<float>() + n * A * H * W,
                        A, H, W, {im[0], im[1], a.min_size * scale_h, a.min_size * scale_w}, off);
        const auto kept = best_after_nms(p, static_cast<size_t>(a.pre_nms_count), static_cast<size_t>(a.post_nms_count),
                                 a.nms_threshold, off, true);
        for (size_t i : kept) {
            rois.insert(rois.end(), {p[i].x0, p[i].y0, p[i].x1, p[i].y1});
            roi_scores.push_back(p[i].score);
        }
        counts.push_back(static_cast<int64_t>(kept.size()));
    }
    store(rois, Shape{roi_scores.size(), 4}, out.at(0));
    store(roi_scores, Shape{roi_scores.size()}, out.at(1));
    Tensor& num = out.at(2);
    num.set_shape(Shape{N});
    for (size_t n = 0; n < N; ++n)
        if (num.get_element_type() == element::i32)
            num.data<int32_t>()[n] = static_cast<int32_t>(counts[n]);
        else
            num.data<int64_t>()[n] = counts[n];
}

}  // namespace host_ref
}  // namespace ovcl
