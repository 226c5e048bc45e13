#include "host_ref/nms.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <optional>
#include <queue>
#include <tuple>
#include <type_traits>
#include <vector>

#include <tbb/parallel_for.h>

#include "host_ref/unary.hpp"
#include "shape_infer/nms_infer.hpp"

namespace ovcl {
namespace host_ref {

namespace nms_detail {
void write_values(Tensor& dst, const Shape& shape, const std::vector<double>& v) {
    dst.set_shape(shape);
    convert_elements(v.data(), element::f64, dst.data(), dst.get_element_type(), v.size());
}
}  // namespace nms_detail

namespace {

struct Pick {
    float score;
    int64_t batch, cls, box;
};

// One image's axis-aligned boxes, (y1, x1, y2, x2) corners in either order or (x_center, y_center, w, h), as the
// lower and upper bounds and the area the IoU of every pair reads (computed once, not per pair).
class AlignedBoxes {
public:
    AlignedBoxes(const float* boxes, int64_t n, bool center) : m_lo(2 * n), m_hi(2 * n), m_area(n) {
        for (int64_t i = 0; i < n; ++i) {
            const float* a = boxes + 4 * i;
            for (int k = 0; k < 2; ++k) {
                if (center) {
                    m_lo[2 * i + k] = a[k] - a[k + 2] / 2.f, m_hi[2 * i + k] = a[k] + a[k + 2] / 2.f;
                } else {
                    m_lo[2 * i + k] = std::min(a[k], a[k + 2]), m_hi[2 * i + k] = std::max(a[k], a[k + 2]);
                }
            }
            m_area[i] = (m_hi[2 * i] - m_lo[2 * i]) * (m_hi[2 * i + 1] - m_lo[2 * i + 1]);
        }
    }
    /// Whether box i's bounds and area are finite numbers (else it may overlap anything).
    bool finite(int64_t i) const {
        return std::isfinite(m_lo[2 * i]) && std::isfinite(m_lo[2 * i + 1]) && std::isfinite(m_hi[2 * i]) &&
               std::isfinite(m_hi[2 * i + 1]) && std::isfinite(m_area[i]);
    }
    /// Box i's extent on the first axis.
    float lo(int64_t i) const { return m_lo[2 * i]; }
    float hi(int64_t i) const { return m_hi[2 * i]; }
    float operator()(int64_t i, int64_t j) const {
        if (m_area[i] <= 0.f || m_area[j] <= 0.f)
            return 0.f;
        const float* lo_a = &m_lo[2 * i];
        const float* hi_a = &m_hi[2 * i];
        const float* lo_b = &m_lo[2 * j];
        const float* hi_b = &m_hi[2 * j];
        const float inter = std::max(std::min(hi_a[0], hi_b[0]) - std::max(lo_a[0], lo_b[0]), 0.f) *
                            std::max(std::min(hi_a[1], hi_b[1]) - std::max(lo_a[1], lo_b[1]), 0.f);
        return inter / (m_area[i] + m_area[j] - inter);
    }

private:
    std::vector<float> m_lo, m_hi, m_area;
};

struct Pt {
    double x, y;
};

// The corners of a rotated box (x_center, y_center, w, h, angle), counter-clockwise for positive extents;
// a positive angle turns x towards y when `clockwise` (clockwise on an image whose y axis points down).
std::vector<Pt> corners(const float* b, bool clockwise) {
    const double a = clockwise ? b[4] : -b[4], c = std::cos(a), s = std::sin(a);
    std::vector<Pt> p;
    for (const auto& [dx, dy] : {Pt{-0.5, -0.5}, Pt{0.5, -0.5}, Pt{0.5, 0.5}, Pt{-0.5, 0.5}}) {
        const double u = dx * b[2], v = dy * b[3];
        p.push_back({b[0] + c * u - s * v, b[1] + s * u + c * v});
    }
    return p;
}

double signed_area(const std::vector<Pt>& p) {
    double a = 0;
    for (size_t i = 0; i < p.size(); ++i) {
        const Pt &q = p[i], &r = p[(i + 1) % p.size()];
        a += q.x * r.y - r.x * q.y;
    }
    return a / 2;
}

// The area of convex polygon `subject` clipped by convex polygon `clip` (Sutherland-Hodgman).
double overlap(std::vector<Pt> subject, std::vector<Pt> clip) {
    if (signed_area(clip) < 0)
        std::reverse(clip.begin(), clip.end());
    for (size_t e = 0; e < clip.size() && !subject.empty(); ++e) {
        const Pt a = clip[e], b = clip[(e + 1) % clip.size()];
        const auto side = [&](const Pt& p) { return (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x); };
        std::vector<Pt> kept;
        for (size_t i = 0; i < subject.size(); ++i) {
            const Pt p = subject[i], q = subject[(i + 1) % subject.size()];
            const double sp = side(p), sq = side(q);
            if ((sp >= 0) != (sq >= 0)) {
                const double t = sp / (sp - sq);
                kept.push_back({p.x + t * (q.x - p.x), p.y + t * (q.y - p.y)});
            }
            if (sq >= 0)
                kept.push_back(q);
        }
        subject = std::move(kept);
    }
    return subject.size() < 3 ? 0.0 : std::abs(signed_area(subject));
}

float rotated_iou(const float* a, const float* b, bool clockwise) {
    const double area_a = static_cast<double>(a[2]) * a[3], area_b = static_cast<double>(b[2]) * b[3];
    if (area_a <= 0 || area_b <= 0)
        return 0.f;
    const double inter = overlap(corners(a, clockwise), corners(b, clockwise));
    return static_cast<float>(inter / (area_a + area_b - inter));
}

// The picks a candidate box may overlap, so that the others, whose IoU with it is 0, are not compared: a pair
// whose extents on the first axis do not overlap has no intersection. Finite picks are kept by their lower bound;
// any other pick is compared with every candidate, and a candidate that is not finite with every pick.
class PickIndex {
public:
    explicit PickIndex(const AlignedBoxes& boxes) : m_boxes(boxes) {}
    void add(int64_t box, size_t position) {
        if (!m_boxes.finite(box)) {
            m_always.push_back(position);
            return;
        }
        m_by_lo.emplace(m_boxes.lo(box), position);
        m_widest = std::max(m_widest, static_cast<double>(m_boxes.hi(box)) - static_cast<double>(m_boxes.lo(box)));
    }
    /// Positions (in pick order) of the picks at or after `begin` that box may overlap, last first.
    void candidates(int64_t box, size_t begin, size_t picks, std::vector<size_t>& out) const {
        out.clear();
        if (!m_boxes.finite(box)) {
            for (size_t j = picks; j-- > begin;)
                out.push_back(j);
            return;
        }
        // A pick overlapping box starts before box ends and ends after box starts, so it starts after box's start less
        // the widest pick (less a margin for the rounding of that width).
        const double lo = static_cast<double>(m_boxes.lo(box));
        const double from = lo - m_widest - (std::fabs(lo) + m_widest) * 1e-6;
        for (auto it = m_by_lo.lower_bound(static_cast<float>(from)); it != m_by_lo.end() && it->first <= m_boxes.hi(box);
             ++it)
            if (it->second >= begin)
                out.push_back(it->second);
        for (size_t j : m_always)
            if (j >= begin)
                out.push_back(j);
        std::sort(out.begin(), out.end(), std::greater<size_t>());
    }

private:
    const AlignedBoxes& m_boxes;
    std::multimap<float, size_t> m_by_lo;
    std::vector<size_t> m_always;
    double m_widest = 0;
};

// The boxes picked in one class of one image: hard NMS when sigma == 0 (an IoU >= iou_thr suppresses, or > when
// `strict`), else Soft-NMS's Gaussian decay. `iou(i, j)`: the IoU of boxes i and j of the image. Axis-aligned boxes
// skip the picks a candidate cannot overlap when an IoU of 0 changes nothing (it neither suppresses nor decays):
// the same picks in the same order, so the same result.
template <typename IoU>
std::vector<int64_t> select_class(const float* scores, int64_t n, int64_t max_out, float iou_thr, float score_thr,
                                  float sigma, bool strict, const IoU& iou, std::vector<float>& picked_scores) {
    struct Cand {
        float score;
        int64_t box;
        size_t begin;  // picks before this one were already applied to the score
    };
    const auto worse = [](const Cand& l, const Cand& r) { return l.score < r.score || (l.score == r.score && l.box > r.box); };
    std::priority_queue<Cand, std::vector<Cand>, decltype(worse)> queue(worse);
    for (int64_t i = 0; i < n; ++i)
        if (scores[i] > score_thr)
            queue.push({scores[i], i, 0});
    const float scale = sigma > 0.f ? -0.5f / sigma : 0.f;
    std::optional<PickIndex> index;
    if constexpr (std::is_same_v<IoU, AlignedBoxes>)
        if (sigma > 0.f || (strict ? iou_thr >= 0.f : iou_thr > 0.f))
            index.emplace(iou);
    std::vector<int64_t> picked;
    std::vector<size_t> order;  // the picks compared with the candidate, last first
    while (static_cast<int64_t>(picked.size()) < max_out && !queue.empty()) {
        Cand c = queue.top();
        queue.pop();
        const float original = c.score;
        if (index) {
            index->candidates(c.box, c.begin, picked.size(), order);
        } else {
            order.clear();
            for (size_t j = picked.size(); j-- > c.begin;)
                order.push_back(j);
        }
        bool suppressed = false;
        for (size_t k = 0; k < order.size() && !suppressed; ++k) {
            const float v = iou(c.box, picked[order[k]]);
            if (sigma == 0.f) {
                suppressed = strict ? v > iou_thr : v >= iou_thr;
            } else {
                c.score *= std::exp(scale * v * v);
                suppressed = c.score <= score_thr;
            }
        }
        if (suppressed)
            continue;
        if (c.score == original) {
            if (index)
                index->add(c.box, picked.size());
            picked.push_back(c.box);
            picked_scores.push_back(c.score);
        } else {
            c.begin = picked.size();
            queue.push(c);
        }
    }
    return picked;
}

float scalar_input(const TensorVector& in, size_t i, float fallback) {
    return i < in.size() && in[i].get_size() > 0 ? static_cast<float>(to_f64(in[i])[0]) : fallback;
}

// Runs the selection over every image and class (box_size values per box) and writes the outputs. `image_iou(boxes)`
// gives the pairwise IoU of one image's boxes. Classes are independent: they run on every core, their picks joined
// in (image, class) order.
template <typename ImageIoU>
void run_nms(const Node& node, const TensorVector& in, TensorVector& out, size_t box_size, bool strict,
             const ImageIoU& image_iou) {
    const auto attrs = shape_infer::nms_attrs(node);
    const Tensor boxes = to_f32(in.at(0)), scores = to_f32(in.at(1));
    const Shape& ss = scores.get_shape();
    const int64_t batches = static_cast<int64_t>(ss.at(0)), classes = static_cast<int64_t>(ss.at(1)),
                  n = static_cast<int64_t>(ss.at(2));
    const int64_t max_out = in.size() > 2 && in[2].get_size() > 0 ? std::min(to_i64(in[2])[0], n) : 0;
    const float iou_thr = scalar_input(in, 3, 0.f), score_thr = scalar_input(in, 4, 0.f), sigma = scalar_input(in, 5, 0.f);
    const float* bp = boxes.data<float>();
    const float* sp = scores.data<float>();
    std::vector<std::vector<Pick>> per_class(static_cast<size_t>(batches * classes));
    for (int64_t b = 0; b < batches; ++b) {
        const auto iou = image_iou(bp + b * n * static_cast<int64_t>(box_size), n);
        tbb::parallel_for(int64_t{0}, classes, [&](int64_t c) {
            std::vector<float> kept_scores;
            const auto kept = select_class(sp + (b * classes + c) * n, n, max_out, iou_thr, score_thr, sigma, strict, iou,
                                           kept_scores);
            auto& picks = per_class[static_cast<size_t>(b * classes + c)];
            for (size_t k = 0; k < kept.size(); ++k)
                picks.push_back({kept_scores[k], b, c, kept[k]});
        });
    }
    std::vector<Pick> picks;
    for (const auto& p : per_class)
        picks.insert(picks.end(), p.begin(), p.end());
    if (attrs.sort_descending)
        std::sort(picks.begin(), picks.end(), [](const Pick& l, const Pick& r) {
            if (l.score != r.score)
                return l.score > r.score;
            return std::tie(l.batch, l.cls, l.box) < std::tie(r.batch, r.cls, r.box);
        });
    std::vector<double> idx, sel;
    for (const Pick& p : picks) {
        idx.insert(idx.end(), {double(p.batch), double(p.cls), double(p.box)});
        sel.insert(sel.end(), {double(p.batch), double(p.cls), double(p.score)});
    }
    const Shape rows{picks.size(), 3};
    nms_detail::write_values(out.at(0), rows, idx);
    if (out.size() == 3) {
        nms_detail::write_values(out[1], rows, sel);
        nms_detail::write_values(out[2], Shape{1}, {double(picks.size())});
    }
}

}  // namespace

void non_max_suppression(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const bool center = shape_infer::nms_attrs(node).center;
    run_nms(node, in, out, 4, false, [center](const float* image, int64_t n) { return AlignedBoxes(image, n, center); });
}

void nms_rotated(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const bool clockwise = shape_infer::nms_attrs(node).clockwise;
    run_nms(node, in, out, 5, true, [clockwise](const float* image, int64_t) {
        return [image, clockwise](int64_t i, int64_t j) { return rotated_iou(image + 5 * i, image + 5 * j, clockwise); };
    });
}

}  // namespace host_ref
}  // namespace ovcl
