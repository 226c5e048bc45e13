// MatrixNms-8 and MulticlassNms-8/9: per image and class, a decay (MatrixNms) or a hard suppression with an
// adaptive threshold (MulticlassNms), then keep_top_k per image and the requested order.
#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <numeric>
#include <tuple>

#include "host_ref/nms.hpp"
#include "shape_infer/nms_infer.hpp"

namespace ovcl {
namespace host_ref {

namespace {

using Attrs = shape_infer::MulticlassNmsAttrs;

struct Det {
    float score;
    int64_t batch, cls, box, index;  // box: within its image; index: the selected_indices value
    const float* coords;
};

// The boxes and scores of one class of one image.
struct ClassView {
    const float* boxes;
    const float* scores;
    int64_t count;
};

// Candidates: the indices whose score passes, in descending score (lower index first), at most top_k.
std::vector<int64_t> candidates(const ClassView& v, const std::function<bool(float)>& pass, int64_t top_k) {
    std::vector<int64_t> c;
    for (int64_t i = 0; i < v.count; ++i)
        if (pass(v.scores[i]))
            c.push_back(i);
    std::stable_sort(c.begin(), c.end(), [&](int64_t a, int64_t b) { return v.scores[a] > v.scores[b]; });
    if (top_k >= 0 && static_cast<int64_t>(c.size()) > top_k)
        c.resize(static_cast<size_t>(top_k));
    return c;
}

// MatrixNms's IoU (the +1 extents of unnormalized pixel boxes; disjoint or inverted boxes: 0).
float matrix_iou(const float* a, const float* b, bool normalized) {
    if (b[0] > a[2] || b[2] < a[0] || b[1] > a[3] || b[3] < a[1])
        return 0.f;
    const float norm = normalized ? 0.f : 1.f;
    const auto area = [&](const float* p) { return p[2] < p[0] || p[3] < p[1] ? 0.f : (p[2] - p[0] + norm) * (p[3] - p[1] + norm); };
    const float inter = (std::min(a[2], b[2]) - std::max(a[0], b[0]) + norm) * (std::min(a[3], b[3]) - std::max(a[1], b[1]) + norm);
    return inter / (area(a) + area(b) - inter);
}

// MulticlassNms's IoU (empty or inverted boxes: 0).
float multiclass_iou(const float* a, const float* b, bool normalized) {
    const float norm = normalized ? 0.f : 1.f;
    const float area_a = (a[2] - a[0] + norm) * (a[3] - a[1] + norm), area_b = (b[2] - b[0] + norm) * (b[3] - b[1] + norm);
    if (area_a <= 0.f || area_b <= 0.f)
        return 0.f;
    const float inter = std::max(std::min(a[2], b[2]) - std::max(a[0], b[0]) + norm, 0.f) *
                        std::max(std::min(a[3], b[3]) - std::max(a[1], b[1]) + norm, 0.f);
    return inter / (area_a + area_b - inter);
}

// (box, decayed score) pairs of one class by Matrix NMS.
std::vector<std::pair<int64_t, float>> matrix_class(const ClassView& v, const Attrs& a) {
    const auto c = candidates(v, [&](float s) { return s > static_cast<float>(a.score_threshold); }, a.nms_top_k);
    const size_t n = c.size();
    std::vector<float> iou(n * n, 0.f), iou_max(n, 0.f);
    for (size_t i = 0; i < n; ++i)
        for (size_t j = 0; j < i; ++j) {
            iou[i * n + j] = matrix_iou(v.boxes + c[i] * 4, v.boxes + c[j] * 4, a.normalized);
            iou_max[i] = std::max(iou_max[i], iou[i * n + j]);
        }
    const float sigma = static_cast<float>(a.gaussian_sigma), post = static_cast<float>(a.post_threshold);
    std::vector<std::pair<int64_t, float>> kept;
    for (size_t i = 0; i < n; ++i) {
        float decay = 1.f;
        for (size_t j = 0; j < i; ++j) {
            const float u = iou[i * n + j], m = iou_max[j];
            decay = std::min(decay, a.gaussian ? std::exp((m * m - u * u) * sigma) : (1.f - u) / (1.f - m + 1e-10f));
        }
        const float s = decay * v.scores[c[i]];
        if (s > post)
            kept.emplace_back(c[i], s);
    }
    return kept;
}

// (box, score) pairs of one class by hard NMS; nms_eta < 1 lowers the threshold after each pick above 0.5.
std::vector<std::pair<int64_t, float>> multiclass_class(const ClassView& v, const Attrs& a) {
    const auto c = candidates(v, [&](float s) { return s >= static_cast<float>(a.score_threshold); }, a.nms_top_k);
    float thr = static_cast<float>(a.iou_threshold);
    const auto eta = static_cast<float>(a.nms_eta);
    std::vector<std::pair<int64_t, float>> kept;
    for (const int64_t i : c) {
        const bool suppressed = std::any_of(kept.begin(), kept.end(), [&](const auto& k) {
            return multiclass_iou(v.boxes + i * 4, v.boxes + k.first * 4, a.normalized) >= thr;
        });
        if (suppressed)
            continue;
        kept.emplace_back(i, v.scores[i]);
        if (eta < 1.f && thr > 0.5f)
            thr *= eta;
    }
    return kept;
}

// Per image: score order, the first keep_top_k; then the requested order (MatrixNms sorts by class only across
// images, as OpenVINO CPU does); then the three outputs.
void finish(const Attrs& a, bool matrix, std::vector<std::vector<Det>> images, TensorVector& out) {
    const auto by_score = [](const Det& l, const Det& r) {
        return l.score != r.score ? l.score > r.score : std::tie(l.batch, l.cls, l.index) < std::tie(r.batch, r.cls, r.index);
    };
    const auto by_class = [](const Det& l, const Det& r) {
        if (l.cls != r.cls || l.batch != r.batch)
            return std::tie(l.cls, l.batch) < std::tie(r.cls, r.batch);
        return l.score != r.score ? l.score > r.score : l.index < r.index;
    };
    std::vector<Det> all;
    std::vector<double> valid;
    for (auto& dets : images) {
        std::sort(dets.begin(), dets.end(), by_score);
        if (a.keep_top_k >= 0 && static_cast<int64_t>(dets.size()) > a.keep_top_k)
            dets.resize(static_cast<size_t>(a.keep_top_k));
        if (a.sort == Attrs::Sort::classid && !a.across_batch && !matrix)
            std::sort(dets.begin(), dets.end(), by_class);
        valid.push_back(static_cast<double>(dets.size()));
        all.insert(all.end(), dets.begin(), dets.end());
    }
    if (a.across_batch && a.sort == Attrs::Sort::score)
        std::sort(all.begin(), all.end(), by_score);
    else if (a.across_batch && a.sort == Attrs::Sort::classid)
        std::sort(all.begin(), all.end(), by_class);
    std::vector<double> rows, idx;
    for (const Det& d : all) {
        rows.insert(rows.end(), {double(d.cls), double(d.score), d.coords[0], d.coords[1], d.coords[2], d.coords[3]});
        idx.push_back(static_cast<double>(d.index));
    }
    nms_detail::write_values(out.at(0), Shape{all.size(), 6}, rows);
    nms_detail::write_values(out.at(1), Shape{all.size(), 1}, idx);
    nms_detail::write_values(out.at(2), Shape{images.size()}, valid);
}

}  // namespace

void matrix_nms(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const Attrs a = shape_infer::multiclass_nms_attrs(node);
    const Tensor boxes = to_f32(in.at(0)), scores = to_f32(in.at(1));
    const Shape& ss = scores.get_shape();
    const auto batches = static_cast<int64_t>(ss.at(0)), classes = static_cast<int64_t>(ss.at(1)),
               n = static_cast<int64_t>(ss.at(2));
    std::vector<std::vector<Det>> images(static_cast<size_t>(batches));
    for (int64_t b = 0; b < batches; ++b)
        for (int64_t c = 0; c < classes; ++c) {
            if (c == a.background_class)
                continue;
            const ClassView v{boxes.data<float>() + b * n * 4, scores.data<float>() + (b * classes + c) * n, n};
            for (const auto& [box, s] : matrix_class(v, a))
                images[static_cast<size_t>(b)].push_back({s, b, c, box, b * n + box, v.boxes + box * 4});
        }
    finish(a, true, std::move(images), out);
}

void multiclass_nms(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const Attrs a = shape_infer::multiclass_nms_attrs(node);
    const Tensor boxes = to_f32(in.at(0)), scores = to_f32(in.at(1));
    const Shape& ss = scores.get_shape();
    const float* bp = boxes.data<float>();
    const float* sp = scores.data<float>();
    std::vector<std::vector<Det>> images;
    const auto run_image = [&](int64_t b, int64_t classes, const std::function<ClassView(int64_t)>& view,
                               const std::function<int64_t(int64_t, int64_t)>& index) {
        images.emplace_back();
        for (int64_t c = 0; c < classes; ++c) {
            if (c == a.background_class)
                continue;
            const ClassView v = view(c);
            for (const auto& [box, s] : multiclass_class(v, a))
                images.back().push_back({s, b, c, box, index(c, box), v.boxes + box * 4});
        }
    };
    if (ss.size() == 3) {  // boxes [B, N, 4] shared by the classes, scores [B, C, N]
        const auto classes = static_cast<int64_t>(ss[1]), n = static_cast<int64_t>(ss[2]);
        for (int64_t b = 0; b < static_cast<int64_t>(ss[0]); ++b)
            run_image(b, classes, [&](int64_t c) { return ClassView{bp + b * n * 4, sp + (b * classes + c) * n, n}; },
                      [&](int64_t, int64_t box) { return b * n + box; });
    } else {  // boxes [C, M, 4] and scores [C, M] per class; roisnum [B] splits the M boxes into images
        const auto classes = static_cast<int64_t>(ss.at(0)), m = static_cast<int64_t>(ss.at(1));
        const auto rois = to_i64(in.at(2));
        int64_t start = 0;
        for (size_t b = 0; b < rois.size(); ++b) {
            if (rois[b] < 0 || rois[b] > m - start)
                raise<ModelError>(node.describe(), ": roisnum ", rois[b], " of image ", b, " does not fit in the ", m,
                                  " boxes (", start, " taken)");
            const int64_t count = rois[b], first = start;
            run_image(static_cast<int64_t>(b), classes,
                      [&](int64_t c) { return ClassView{bp + (c * m + first) * 4, sp + c * m + first, count}; },
                      [&](int64_t c, int64_t box) { return (first + box) * classes + c; });
            start += count;
        }
    }
    finish(a, false, std::move(images), out);
}

}  // namespace host_ref
}  // namespace ovcl
