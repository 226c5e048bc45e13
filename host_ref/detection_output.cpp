// DetectionOutput-1/8: decodes SSD box predictions against their priors, per-class NMS, keep_top_k.
// OpenVINO CPU's, which differs from the core reference: a box's area for the IoU is (xmax - xmin) *
// (ymax - ymin) even when inverted; with normalized = false the priors end at the first one whose image id
// is -1; the MXNet style (decrease_label_id) takes per prior the best class >= 1 with a score >=
// confidence_threshold; the rows after the last detection are zeros, the first of them with image id -1.
// Scores sort descending, ties by prior index.
#include <algorithm>
#include <cmath>
#include <vector>

#include "host_ref/ref_utils.hpp"
#include "shape_infer/detection_infer.hpp"

namespace ovcl {
namespace host_ref {

namespace {

struct Box {
    float x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    float area() const { return (x1 - x0) * (y1 - y0); }
};

float iou(const Box& a, const Box& b) {
    if (b.x0 > a.x1 || b.x1 < a.x0 || b.y0 > a.y1 || b.y1 < a.y0)
        return 0.0f;
    const float w = std::min(a.x1, b.x1) - std::max(a.x0, b.x0), h = std::min(a.y1, b.y1) - std::max(a.y0, b.y0);
    if (w <= 0 || h <= 0)
        return 0.0f;
    return w * h / (a.area() + b.area() - w * h);
}

float clamp01(float v) { return std::max(0.0f, std::min(1.0f, v)); }

struct Decoder {
    const shape_infer::DetectionOutputAttrs& a;
    // Applies the offsets `d` to `prior` (variances `var`, or none when encoded in the target).
    Box operator()(Box prior, const float* d, const float* var) const {
        if (!a.normalized) {
            const auto w = static_cast<float>(a.input_width), h = static_cast<float>(a.input_height);
            prior = {prior.x0 / w, prior.y0 / h, prior.x1 / w, prior.y1 / h};
        }
        const float v[4] = {var ? var[0] : 1.0f, var ? var[1] : 1.0f, var ? var[2] : 1.0f, var ? var[3] : 1.0f};
        Box r;
        if (!a.center_size) {
            r = {prior.x0 + v[0] * d[0], prior.y0 + v[1] * d[1], prior.x1 + v[2] * d[2], prior.y1 + v[3] * d[3]};
        } else {
            const float pw = prior.x1 - prior.x0, ph = prior.y1 - prior.y0;
            const float cx = v[0] * d[0] * pw + (prior.x0 + prior.x1) / 2.0f;
            const float cy = v[1] * d[1] * ph + (prior.y0 + prior.y1) / 2.0f;
            const float w = std::exp(v[2] * d[2]) * pw, h = std::exp(v[3] * d[3]) * ph;
            r = {cx - w / 2.0f, cy - h / 2.0f, cx + w / 2.0f, cy + h / 2.0f};
        }
        if (a.clip_before_nms)
            r = {clamp01(r.x0), clamp01(r.y0), clamp01(r.x1), clamp01(r.y1)};
        return r;
    }
};

// A candidate: score, class, prior.
struct Cand {
    float score;
    int64_t cls, prior;
};
bool by_score(const Cand& x, const Cand& y) {
    return x.score > y.score || (x.score == y.score && (x.cls < y.cls || (x.cls == y.cls && x.prior < y.prior)));
}

}  // namespace

void detection_output(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const auto a = shape_infer::detection_output_attrs(node);
    const bool arm = in.size() == 5;
    std::vector<std::vector<float>> v;
    for (const auto& t : in) {
        const Tensor f = to_f32(t);
        v.emplace_back(f.data<float>(), f.data<float>() + f.get_size());
    }
    const Shape& ps = in.at(2).get_shape();
    const int64_t prior_size = a.normalized ? 4 : 5, offs = a.normalized ? 0 : 1;
    const auto images = static_cast<int64_t>(in.at(0).get_shape().at(0));
    const auto P = static_cast<int64_t>(ps.at(2)) / prior_size;
    const auto C = P ? static_cast<int64_t>(in.at(1).get_shape().at(1)) / P : 0;
    const int64_t L = a.share_location ? 1 : C, bg = a.background_label_id;
    const Decoder decode{a};
    const size_t rows = out.at(0).get_shape().at(2);
    std::vector<float> res(rows * 7, 0.0f);
    size_t count = 0;
    for (int64_t n = 0; n < images; ++n) {
        const float* pri = v[2].data() + (ps[0] > 1 ? n : 0) * (a.variance_encoded_in_target ? 1 : 2) * P * prior_size;
        const float* var = a.variance_encoded_in_target ? nullptr : pri + P * prior_size;
        int64_t actual = P;  // unnormalised priors end at an image id of -1
        for (int64_t p = 0; !a.normalized && p < P; ++p)
            if (pri[p * prior_size] == -1.0f) {
                actual = p;
                break;
            }
        const auto score = [&](int64_t c, int64_t p) {
            if (arm && v[3][static_cast<size_t>((n * P + p) * 2 + 1)] < a.objectness_score)
                return c == bg ? 1.0f : 0.0f;
            return v[1][static_cast<size_t>((n * P + p) * C + c)];
        };
        // Decoded boxes [L][P].
        std::vector<std::vector<Box>> boxes(static_cast<size_t>(L), std::vector<Box>(static_cast<size_t>(P)));
        for (int64_t l = 0; l < L; ++l) {
            if (!a.share_location && l == bg)
                continue;
            for (int64_t p = 0; p < actual; ++p) {
                const float* q = pri + p * prior_size + offs;
                const Box prior{q[0], q[1], q[2], q[3]};
                const size_t at = static_cast<size_t>(((n * P + p) * L + l) * 4);
                const float* pv = var ? var + p * 4 : nullptr;
                Box b = arm ? decode(decode(prior, v[4].data() + at, pv), v[0].data() + at, pv)
                            : decode(prior, v[0].data() + at, pv);
                boxes[static_cast<size_t>(l)][static_cast<size_t>(p)] = b;
            }
        }
        const auto box_of = [&](int64_t c, int64_t p) -> const Box& {
            return boxes[static_cast<size_t>(a.share_location ? 0 : c)][static_cast<size_t>(p)];
        };
        std::vector<Cand> cand;
        if (!a.decrease_label_id) {  // Caffe: per class, top_k by score, then NMS
            for (int64_t c = 0; c < C; ++c)
                if (c != bg)
                    for (int64_t p = 0; p < actual; ++p)
                        if (score(c, p) > a.confidence_threshold)
                            cand.push_back({score(c, p), c, p});
        } else {  // MXNet: per prior its best class, then top_k over the image
            for (int64_t p = 0; p < actual; ++p) {
                Cand best{-1.0f, 0, p};
                for (int64_t c = 1; c < C; ++c) {
                    const float s = score(c, p);
                    if (s >= a.confidence_threshold && s > best.score)
                        best = {s, c, p};
                }
                if (best.cls > 0)
                    cand.push_back(best);
            }
        }
        std::stable_sort(cand.begin(), cand.end(), [](const Cand& x, const Cand& y) {
            return x.score > y.score || (x.score == y.score && x.prior < y.prior);
        });
        if (a.top_k > -1) {  // per class (Caffe) or per image (MXNet)
            std::vector<int64_t> taken(static_cast<size_t>(C), 0);
            std::vector<Cand> top;
            int64_t total = 0;
            for (const Cand& k : cand)
                if ((a.decrease_label_id ? total : taken[static_cast<size_t>(k.cls)]) < a.top_k) {
                    ++taken[static_cast<size_t>(k.cls)], ++total;
                    top.push_back(k);
                }
            cand.swap(top);
        }
        std::vector<Cand> kept;
        for (const Cand& k : cand) {
            bool keep = true;
            for (const Cand& o : kept)
                if (o.cls == k.cls && iou(box_of(k.cls, k.prior), box_of(o.cls, o.prior)) > a.nms_threshold) {
                    keep = false;
                    break;
                }
            if (keep)
                kept.push_back(k);
        }
        if (a.keep_top_k > -1 && static_cast<int64_t>(kept.size()) > a.keep_top_k) {
            std::stable_sort(kept.begin(), kept.end(), by_score);
            kept.resize(static_cast<size_t>(a.keep_top_k));
        }
        // Per class in ascending order, each in its score order.
        std::stable_sort(kept.begin(), kept.end(), [](const Cand& x, const Cand& y) { return x.cls < y.cls; });
        for (const Cand& k : kept) {
            if (count >= rows)
                raise<ModelError>(node.describe(), ": more detections than the ", rows, " output rows");
            Box b = box_of(k.cls, k.prior);
            if (a.clip_after_nms)
                b = {clamp01(b.x0), clamp01(b.y0), clamp01(b.x1), clamp01(b.y1)};
            const float row[7] = {static_cast<float>(n), static_cast<float>(a.decrease_label_id ? k.cls - 1 : k.cls),
                                  k.score, b.x0, b.y0, b.x1, b.y1};
            std::copy(row, row + 7, res.begin() + static_cast<std::ptrdiff_t>(count * 7));
            ++count;
        }
    }
    if (count < rows)
        res[count * 7] = -1.0f;
    Tensor f(element::f32, out.at(0).get_shape());
    std::copy(res.begin(), res.end(), f.data<float>());
    from_f32(f, out.at(0));
}

}  // namespace host_ref
}  // namespace ovcl
