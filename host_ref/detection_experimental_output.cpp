// ExperimentalDetectronDetectionOutput-6 (Mask R-CNN's box head): every RoI refined by its class's deltas,
// per-class NMS over the scores above score_threshold, then max_detections_per_image of them.
// As OpenVINO CPU: the deltas apply per class even with class_agnostic_box_regression, the refined boxes
// are clipped at 0 only (im_info is unused), and the detections are listed class by class, sorted by score
// only when more than max_detections_per_image remain; zeros fill the rows after them (and all rows when
// there are no RoIs, where OpenVINO CPU leaves the outputs unwritten).
#include <algorithm>
#include <cmath>
#include <numeric>
#include <utility>
#include <vector>

#include "host_ref/ref_utils.hpp"
#include "shape_infer/detection_infer.hpp"

namespace ovcl {
namespace host_ref {

namespace {

struct Refined {
    float x0 = 0, y0 = 0, x1 = 0, y1 = 0, area = 0, score = 0;
};

// IoU of boxes spanning x1 - x0 + 1 pixels (their areas precomputed).
float overlap(const Refined& a, const Refined& b) {
    if (b.x0 > a.x1 || b.x1 < a.x0 || b.y0 > a.y1 || b.y1 < a.y0)
        return 0.0f;
    const float w = std::min(a.x1, b.x1) - std::max(a.x0, b.x0) + 1.0f;
    const float h = std::min(a.y1, b.y1) - std::max(a.y0, b.y0) + 1.0f;
    if (w <= 0 || h <= 0)
        return 0.0f;
    return w * h / (a.area + b.area - w * h);
}

// The RoIs of one class after NMS, best first: those scoring above the threshold, greedily.
std::vector<int> nms(const Refined* boxes, size_t count, const shape_infer::EDDetectionOutputAttrs& a) {
    std::vector<int> order;
    for (size_t i = 0; i < count; ++i)
        if (boxes[i].score > a.score_threshold)
            order.push_back(static_cast<int>(i));
    std::sort(order.begin(), order.end(), [&](int x, int y) {
        return boxes[x].score > boxes[y].score || (boxes[x].score == boxes[y].score && x < y);
    });
    std::vector<int> kept;
    for (int i : order) {
        bool keep = true;
        for (int k : kept)
            keep = keep && !(overlap(boxes[i], boxes[k]) > a.nms_threshold);
        if (keep)
            kept.push_back(i);
    }
    if (a.post_nms_count >= 0 && kept.size() > static_cast<size_t>(a.post_nms_count))
        kept.resize(static_cast<size_t>(a.post_nms_count));
    return kept;
}

}  // namespace

void experimental_detectron_detection_output(const Node& node, const TensorVector& in, TensorVector& out,
                                             EvalContext&) {
    const auto a = shape_infer::ed_detection_output_attrs(node);
    const Tensor rois_t = to_f32(in.at(0)), deltas_t = to_f32(in.at(1)), scores_t = to_f32(in.at(2));
    const float *rois = rois_t.data<float>(), *deltas = deltas_t.data<float>(), *scores = scores_t.data<float>();
    const size_t R = in.at(0).get_shape().at(0), C = static_cast<size_t>(a.num_classes);
    const float* wt = a.deltas_weights.data();
    // refined[c * R + r]: RoI r moved by class c's deltas (OpenVINO CPU applies them per class even with
    // class_agnostic_box_regression, and clips at 0 only). Inverted RoIs stay zero boxes scoring 0.
    std::vector<Refined> refined(C * R);
    for (size_t r = 0; r < R; ++r) {
        const float* b = rois + r * 4;
        if (b[2] - b[0] <= 0 || b[3] - b[1] <= 0)
            continue;
        const float ww = b[2] - b[0] + 1.0f, hh = b[3] - b[1] + 1.0f;
        const float cx = b[0] + 0.5f * ww, cy = b[1] + 0.5f * hh;
        for (size_t c = 1; c < C; ++c) {
            const float* d = deltas + (r * C + c) * 4;
            const float px = d[0] / wt[0] * ww + cx, py = d[1] / wt[1] * hh + cy;
            const float pw = std::exp(std::min(d[2] / wt[2], a.max_delta_log_wh)) * ww;
            const float ph = std::exp(std::min(d[3] / wt[3], a.max_delta_log_wh)) * hh;
            Refined& o = refined[c * R + r];
            o.x0 = std::max(0.0f, px - 0.5f * pw);
            o.y0 = std::max(0.0f, py - 0.5f * ph);
            o.x1 = std::max(0.0f, px + 0.5f * pw - 1.0f);
            o.y1 = std::max(0.0f, py + 0.5f * ph - 1.0f);
            o.area = (o.x1 - o.x0 + 1.0f) * (o.y1 - o.y0 + 1.0f);
            o.score = scores[r * C + c];
        }
    }
    // (score, (class, roi)), class by class in NMS order; the background class 0 takes no part.
    std::vector<std::pair<float, std::pair<int, int>>> dets;
    for (size_t c = 1; R > 0 && c < C; ++c)  // (num_classes is unbounded when there are no RoIs)
        for (int r : nms(refined.data() + c * R, R, a))
            dets.push_back({refined[c * R + static_cast<size_t>(r)].score, {static_cast<int>(c), r}});
    const auto max = static_cast<size_t>(a.max_detections_per_image);
    if (dets.size() > max) {
        // Only an overfull list is sorted (by score, then RoI), with std::partial_sort as OpenVINO CPU.
        std::partial_sort(dets.begin(), dets.begin() + static_cast<std::ptrdiff_t>(max), dets.end(),
                          [](const auto& x, const auto& y) {
                              return x.first > y.first || (x.first == y.first && x.second.second < y.second.second);
                          });
        dets.resize(max);
    }
    Tensor boxes(element::f32, Shape{max, 4}), classes(element::f32, Shape{max}), best(element::f32, Shape{max});
    std::fill_n(boxes.data<float>(), max * 4, 0.0f);
    std::fill_n(classes.data<float>(), max, 0.0f);
    std::fill_n(best.data<float>(), max, 0.0f);
    for (size_t i = 0; i < dets.size(); ++i) {
        const auto [c, r] = dets[i].second;
        const Refined& o = refined[static_cast<size_t>(c) * R + static_cast<size_t>(r)];
        float* row = boxes.data<float>() + i * 4;
        row[0] = o.x0;
        row[1] = o.y0;
        row[2] = o.x1;
        row[3] = o.y1;
        classes.data<float>()[i] = static_cast<float>(c);
        best.data<float>()[i] = dets[i].first;
    }
    from_f32(boxes, out.at(0));
    from_f32(classes, out.at(1));
    from_f32(best, out.at(2));
}

}  // namespace host_ref
}  // namespace ovcl
