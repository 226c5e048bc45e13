// NonMaxSuppression (1, 3, 4, 5, 9), MatrixNms-8, MulticlassNms (8, 9) and NMSRotated-13 against OpenVINO CPU:
// the expected values were computed by OpenVINO 2026.4's CPU plugin on the same inputs (f32 inference
// precision). Indices and counts match exactly; scores within 2e-6 (decays computed in f32, printed to 9
// digits). Empty inputs and a negative max_output_boxes_per_class are where the CPU plugin leaves outputs
// unwritten or fails: those expectations are the specification's (no boxes, valid_outputs 0).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "common/test_utils.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;
using test::make_tensor;

namespace {

using Vals = std::vector<double>;

Tensor f32(const Shape& s, const Vals& v) { return make_tensor<double>(element::f32, s, v); }
Tensor f32s(double v) { return f32({}, {v}); }
Tensor f16s(double v) { return make_tensor<double>(element::f16, {}, {v}); }
Tensor i64s(double v) { return make_tensor<double>(element::i64, {}, {v}); }
Tensor i32s(double v) { return make_tensor<double>(element::i32, {}, {v}); }
Tensor i32v(const Vals& v) { return make_tensor<double>(element::i32, {v.size()}, v); }
Tensor to_f16(const Tensor& t) { return make_tensor<double>(element::f16, t.get_shape(), test::values(t)); }

OutputVector params_like(const TensorVector& in) {
    OutputVector p;
    for (const auto& t : in)
        p.push_back(op::parameter(t.get_element_type(), t.get_shape()));
    return p;
}

TensorVector run(const std::string& type, int64_t version, const TensorVector& in, const Attributes& attrs = {}) {
    return test::run(op::make(type, params_like(in), attrs, version), in);
}

// Every output's shape and values.
void expect(const TensorVector& got, const std::vector<std::pair<Shape, Vals>>& want) {
    ASSERT_EQ(got.size(), want.size());
    for (size_t i = 0; i < want.size(); ++i) {
        EXPECT_EQ(got[i].get_shape(), want[i].first) << "output " << i;
        const Vals v = test::values(got[i]);
        ASSERT_EQ(v.size(), want[i].second.size()) << "output " << i;
        for (size_t k = 0; k < v.size(); ++k)
            EXPECT_NEAR(v[k], want[i].second[k], 2e-6) << "output " << i << " element " << k;
    }
}

const Tensor kBoxes =
    f32({2, 5, 4}, {2, 3.8, 2.6, 7.6, 1.2, 1.7, 4.5, 3.3, 2.2, 0.1, 5.2, 2.3, 1.3, 3.2, 2.5, 5,   0.5, 1.6, 1.3, 2.6,
                    3, 1.1, 4.9, 5,   3.8, 2.9, 6,   4,   0.6, 3.9, 2.7, 4.4, 2.5, 3.1, 5,   6.8, 0.2, 2.1, 2,   2.3});
const Tensor kScores = f32({2, 2, 5}, {0.64, 0.85, 0.59, 0.26, 0.84, 0.51, 0.51, 0.75, 0.15, 0.82,
                                       0.68, 0.79, 0.19, 0.8,  0.19, 0.08, 0.86, 0.86, 0.88, 0.47});
const Tensor kMBoxes = f32(
    {2, 5, 4}, {0.3, 0.7, 0.8, 2.7, 2.4, 1.7, 3.3, 2.7, 0.3, 1.3, 2.1, 2.7, 1.4, 0.5, 2.6, 2.2, 2.2, 0.3, 2.7, 1.9,
                1.2, 1.6, 2.3, 2.2, 1.3, 1.8, 2.8, 3.7, 2.2, 2.9, 3,   4.3, 0.9, 1.9, 1.8, 3.5, 2.1, 0.9, 3.7, 1.7});
const Tensor kMScores = f32({2, 3, 5}, {0.83, 0.658, 0.683, 0.82,  0.429, 0.759, 0.878, 0.102, 0.85,  0.394,
                                        0.48, 0.146, 0.698, 0.292, 0.871, 0.275, 0.562, 0.4,   0.613, 0.197,
                                        0.18, 0.747, 0.752, 0.567, 0.921, 0.206, 0.851, 0.169, 0.964, 0.624});

TEST(Nms, Version5SortsAcrossBatchesOrNot) {
    expect(run("NonMaxSuppression", 5, {kBoxes, kScores, i64s(4), f32s(0.3), f32s(0.2)}),
           {{{15, 3}, {1, 1, 3, 1, 1, 1, 1, 1, 2, 0, 0, 1, 0, 0, 4, 0, 1, 4, 1, 0, 3, 1, 0,
                       1, 0, 1, 2, 1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 1, 0, 0, 1, 1, 1, 1, 4}},
            {{15, 3}, {1, 1, 0.88, 1, 1, 0.86, 1, 1, 0.86, 0, 0, 0.85, 0, 0, 0.84, 0, 1, 0.82, 1, 0, 0.8, 1, 0, 0.79,
                       0, 1, 0.75, 1, 0, 0.68, 0, 0, 0.64, 0, 0, 0.59, 0, 1, 0.51, 0, 1, 0.51, 1, 1, 0.47}},
            {{1}, {15}}});
    expect(run("NonMaxSuppression", 5, {kBoxes, kScores, i64s(4), f32s(0.3), f32s(0.2)},
               {{"sort_result_descending", "false"}}),
           {{{15, 3}, {0, 0, 1, 0, 0, 4, 0, 0, 0, 0, 0, 2, 0, 1, 4, 0, 1, 2, 0, 1, 0, 0, 1,
                       1, 1, 0, 3, 1, 0, 1, 1, 0, 0, 1, 1, 3, 1, 1, 1, 1, 1, 2, 1, 1, 4}},
            {{15, 3}, {0, 0, 0.85, 0, 0, 0.84, 0, 0, 0.64, 0, 0, 0.59, 0, 1, 0.82, 0, 1, 0.75, 0, 1, 0.51, 0, 1, 0.51,
                       1, 0, 0.8,  1, 0, 0.79, 1, 0, 0.68, 1, 1, 0.88, 1, 1, 0.86, 1, 1, 0.86, 1, 1, 0.47}},
            {{1}, {15}}});
    expect(run("NonMaxSuppression", 5, {kBoxes, kScores, i64s(2), f32s(0.3), f32s(0.2)}, {{"output_type", "i32"}}),
           {{{8, 3}, {1, 1, 3, 1, 1, 1, 0, 0, 1, 0, 0, 4, 0, 1, 4, 1, 0, 3, 1, 0, 1, 0, 1, 2}},
            {{8, 3}, {1, 1, 0.88, 1, 1, 0.86, 0, 0, 0.85, 0, 0, 0.84, 0, 1, 0.82, 1, 0, 0.8, 1, 0, 0.79, 0, 1, 0.75}},
            {{1}, {8}}});
}

TEST(Nms, OlderVersionsGiveTheSelectedRowsOnly) {
    expect(run("NonMaxSuppression", 1, {kBoxes, kScores, i64s(2), f32s(0.3), f32s(0.2)},
               {{"sort_result_descending", "false"}}),
           {{{8, 3}, {0, 0, 1, 0, 0, 4, 0, 1, 4, 0, 1, 2, 1, 0, 3, 1, 0, 1, 1, 1, 3, 1, 1, 1}}});
    expect(run("NonMaxSuppression", 3, {kBoxes, kScores, i32s(2), f32s(0.3), f32s(0.2)}, {{"output_type", "i32"}}),
           {{{8, 3}, {1, 1, 3, 1, 1, 1, 0, 0, 1, 0, 0, 4, 0, 1, 4, 1, 0, 3, 1, 0, 1, 0, 1, 2}}});
    expect(run("NonMaxSuppression", 4, {kBoxes, kScores, i64s(3), f32s(0.5)}),
           {{{12, 3}, {1, 1, 3, 1, 1, 1, 1, 1, 2, 0, 0, 1, 0, 0, 4, 0, 1, 4,
                       1, 0, 3, 1, 0, 1, 0, 1, 2, 1, 0, 0, 0, 0, 0, 0, 1, 0}}});
}

TEST(Nms, SoftNmsDecaysScoresAndF16) {
    expect(run("NonMaxSuppression", 9, {kBoxes, kScores, i64s(3), f32s(0.4), f32s(0.5), f32s(0.6)}),
           {{{12, 3}, {1, 1, 3, 1, 1, 2, 1, 1, 1, 0, 0, 1, 0, 0, 4, 0, 1, 4,
                       1, 0, 3, 1, 0, 1, 0, 1, 2, 0, 0, 0, 1, 0, 0, 0, 1, 0}},
            {{12, 3}, {1, 1, 0.88, 1, 1, 0.8599311,  1, 1, 0.85257846, 0, 0, 0.85, 0, 0, 0.83984196, 0, 1, 0.82,
                       1, 0, 0.8,  1, 0, 0.78318256, 0, 1, 0.75,       0, 0, 0.64, 1, 0, 0.6276002,  0, 1, 0.51}},
            {{1}, {12}}});
    expect(run("NonMaxSuppression", 5, {kBoxes, kScores, i64s(5), f32s(0.2), f32s(0.0)}, {{"box_encoding", "center"}}),
           {{{8, 3}, {1, 1, 3, 0, 0, 1, 0, 1, 4, 1, 0, 3, 0, 1, 2, 0, 1, 0, 1, 1, 4, 1, 0, 4}},
            {{8, 3}, {1, 1, 0.88, 0, 0, 0.85, 0, 1, 0.82, 1, 0, 0.8, 0, 1, 0.75, 0, 1, 0.51, 1, 1, 0.47, 1, 0, 0.19}},
            {{1}, {8}}});
    expect(run("NonMaxSuppression", 9, {to_f16(kBoxes), to_f16(kScores), i64s(3), f16s(0.4), f16s(0.5)}),
           {{{12, 3}, {1, 1, 3, 1, 1, 1, 1, 1, 2, 0, 0, 1, 0, 0, 4, 0, 1, 4,
                       1, 0, 3, 1, 0, 1, 0, 1, 2, 1, 0, 0, 0, 0, 0, 0, 1, 0}},
            {{12, 3},
             {1, 1, 0.8798828, 1, 1, 0.8598633,  1, 1, 0.8598633, 0, 0, 0.85009766, 0, 0, 0.83984375, 0, 1, 0.8198242,
              1, 0, 0.7998047, 1, 0, 0.79003906, 0, 1, 0.75,      1, 0, 0.6801758,  0, 0, 0.6401367,  0, 1, 0.5097656}},
            {{1}, {12}}});
}

// Many boxes in far-apart groups (as torchvision's batched NMS offsets each class), a few of them not finite or empty:
// hard NMS picks what an exhaustive greedy pass over every earlier pick picks, soft NMS the boxes and decayed scores
// of the same pass with every earlier pick's decay applied, last pick first (host_ref compares a candidate only with
// the picks it may overlap; this checks that those are all that matter).
TEST(Nms, ManyBoxesPickAsAnExhaustivePass) {
    const size_t n = 1500;
    Tensor boxes = test::random_tensor(element::f32, {1, n, 4}, 0, 40, 11);
    const Tensor scores = test::random_tensor(element::f32, {1, 1, n}, 0, 1, 12);
    float* b = boxes.data<float>();
    for (size_t i = 0; i < n; ++i) {
        const float offset = static_cast<float>(i % 30) * 1000.f;  // 30 groups
        b[4 * i] += offset;
        b[4 * i + 2] = b[4 * i] + std::fabs(b[4 * i + 2]) / 2 + (i % 97 == 0 ? 300.f : 0.f);  // a few wide ones
    }
    b[4 * 7 + 1] = std::numeric_limits<float>::quiet_NaN();
    b[4 * 8 + 2] = std::numeric_limits<float>::infinity();
    b[4 * 9 + 3] = b[4 * 9 + 1];  // no area
    const auto iou = [&](size_t i, size_t j) {  // host_ref's formula for corners in either order
        const float* p = b + 4 * i;
        const float* q = b + 4 * j;
        float lo_a[2], hi_a[2], lo_b[2], hi_b[2];
        for (int k = 0; k < 2; ++k) {
            lo_a[k] = std::min(p[k], p[k + 2]), hi_a[k] = std::max(p[k], p[k + 2]);
            lo_b[k] = std::min(q[k], q[k + 2]), hi_b[k] = std::max(q[k], q[k + 2]);
        }
        const float area_a = (hi_a[0] - lo_a[0]) * (hi_a[1] - lo_a[1]), area_b = (hi_b[0] - lo_b[0]) * (hi_b[1] - lo_b[1]);
        if (area_a <= 0.f || area_b <= 0.f)
            return 0.f;
        const float inter = std::max(std::min(hi_a[0], hi_b[0]) - std::max(lo_a[0], lo_b[0]), 0.f) *
                            std::max(std::min(hi_a[1], hi_b[1]) - std::max(lo_a[1], lo_b[1]), 0.f);
        return inter / (area_a + area_b - inter);
    };
    const float* sc = scores.data<float>();
    for (float sigma : {0.f, 0.5f}) {
        SCOPED_TRACE("sigma " + std::to_string(sigma));
        // The exhaustive pass: the best candidate (ties: lower index) with every decay of the picks made since it was
        // last scored; hard NMS drops it at an IoU >= 0.5.
        struct Cand {
            float score;
            size_t box, begin;
        };
        std::vector<Cand> open;
        for (size_t i = 0; i < n; ++i)
            if (sc[i] > 0.1f)
                open.push_back({sc[i], i, 0});
        std::vector<size_t> picked;
        std::vector<float> picked_scores;
        while (!open.empty()) {
            auto best = std::min_element(open.begin(), open.end(), [](const Cand& l, const Cand& r) {
                return l.score > r.score || (l.score == r.score && l.box < r.box);
            });
            Cand c = *best;
            open.erase(best);
            const float original = c.score;
            bool dropped = false;
            for (size_t j = picked.size(); j-- > c.begin && !dropped;) {
                const float v = iou(c.box, picked[j]);
                if (sigma == 0.f) {
                    dropped = v >= 0.5f;
                } else {
                    c.score *= std::exp(-0.5f / sigma * v * v);
                    dropped = c.score <= 0.1f;
                }
            }
            if (dropped)
                continue;
            if (c.score == original) {
                picked.push_back(c.box);
                picked_scores.push_back(c.score);
            } else {
                c.begin = picked.size();
                open.push_back(c);
            }
        }
        const auto out = run("NonMaxSuppression", 9, {boxes, scores, i64s(double(n)), f32s(0.5), f32s(0.1), f32s(sigma)},
                             {{"sort_result_descending", "false"}});
        const Vals rows = test::values(out[0]), selected = test::values(out[1]);
        ASSERT_EQ(rows.size(), 3 * picked.size());
        EXPECT_GT(picked.size(), 100u);
        for (size_t k = 0; k < picked.size(); ++k) {
            EXPECT_EQ(rows[3 * k + 2], double(picked[k])) << "pick " << k;
            EXPECT_EQ(selected[3 * k + 2], double(picked_scores[k])) << "pick " << k;
        }
    }
}

// selected_scores is f32 for f16 boxes, scores and thresholds, as OpenVINO 2026.4 types it (the CPU plugin's
// output; tools/op_conformance.py's NonMaxSuppression-9 f16 case found ovcl giving f16).
TEST(Nms, SelectedScoresAreF32) {
    for (int64_t v : {5, 9}) {
        const TensorVector got = run("NonMaxSuppression", v, {to_f16(kBoxes), to_f16(kScores), i64s(3), f16s(0.4),
                                                              f16s(0.5), f16s(0.25)});
        EXPECT_EQ(got[1].get_element_type(), element::f32) << "NonMaxSuppression-" << v;
    }
    const Tensor pb = f32({1, 2, 5}, {0, 0, 4, 1, 0, 1, 0.5, 4, 1, 0.5}), ps = f32({1, 1, 2}, {0.9, 0.8});
    const TensorVector got = run("NMSRotated", 13, {to_f16(pb), to_f16(ps), i64s(3), f16s(0.2), f16s(0)});
    EXPECT_EQ(got[1].get_element_type(), element::f32);
    expect(got, {{{1, 3}, {0, 0, 0}}, {{1, 3}, {0, 0, 0.8999023}}, {{1}, {1}}});
}

TEST(Nms, ThresholdsAtTheirBounds) {
    const Tensor tb = f32({1, 4, 4}, {0, 0, 1, 1, 0, 0, 2, 1, 0, 0, 4, 1, 5, 5, 6, 6}),
                 ts = f32({1, 1, 4}, {0.9, 0.8, 0.7, 0.6});
    expect(run("NonMaxSuppression", 5, {tb, ts, i64s(9), f32s(0.5), f32s(0.6)}),
           {{{2, 3}, {0, 0, 0, 0, 0, 2}}, {{2, 3}, {0, 0, 0.9, 0, 0, 0.7}}, {{1}, {2}}});
    expect(run("NonMaxSuppression", 5, {tb, ts, i64s(9), f32s(0.25), f32s(0.6)}),
           {{{1, 3}, {0, 0, 0}}, {{1, 3}, {0, 0, 0.9}}, {{1}, {1}}});
    expect(run("NonMaxSuppression", 5, {tb, ts, i64s(9), f32s(0.0), f32s(0.6)}),
           {{{1, 3}, {0, 0, 0}}, {{1, 3}, {0, 0, 0.9}}, {{1}, {1}}});
    expect(run("NonMaxSuppression", 5, {tb, ts, i64s(9), f32s(1.0), f32s(0.6)}),
           {{{3, 3}, {0, 0, 0, 0, 0, 1, 0, 0, 2}}, {{3, 3}, {0, 0, 0.9, 0, 0, 0.8, 0, 0, 0.7}}, {{1}, {3}}});
}

TEST(Nms, EqualScoresKeepBatchClassBoxOrder) {
    const Tensor eb = f32({2, 3, 4}, {0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5}),
                 es = f32({2, 2, 3}, {0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5});
    expect(run("NonMaxSuppression", 5, {eb, es, i64s(9), f32s(0.5), f32s(0.4)}),
           {{{12, 3}, {0, 0, 0, 0, 0, 1, 0, 0, 2, 0, 1, 0, 0, 1, 1, 0, 1, 2,
                       1, 0, 0, 1, 0, 1, 1, 0, 2, 1, 1, 0, 1, 1, 1, 1, 1, 2}},
            {{12, 3}, {0, 0, 0.5, 0, 0, 0.5, 0, 0, 0.5, 0, 1, 0.5, 0, 1, 0.5, 0, 1, 0.5,
                       1, 0, 0.5, 1, 0, 0.5, 1, 0, 0.5, 1, 1, 0.5, 1, 1, 0.5, 1, 1, 0.5}},
            {{1}, {12}}});
}

TEST(Nms, MatrixNmsDecaysAndSorts) {
    expect(run("MatrixNms", 8, {kMBoxes, kMScores},
               {{"score_threshold", "0.3"}, {"keep_top_k", "4"}, {"background_class", "0"}, {"post_threshold", "0.2"}}),
           {{{8, 6}, {1, 0.878, 2.4, 1.7, 3.3, 2.7, 2, 0.871,     2.2, 0.3, 2.7, 1.9, 1, 0.8200705, 1.4, 0.5, 2.6, 2.2,
                      1, 0.759, 0.3, 0.7, 0.8, 2.7, 2, 0.964,     0.9, 1.9, 1.8, 3.5, 1, 0.921,     2.1, 0.9, 3.7, 1.7,
                      1, 0.752, 2.2, 2.9, 3,   4.3, 2, 0.6559284, 1.3, 1.8, 2.8, 3.7}},
            {{8, 1}, {1, 4, 3, 0, 8, 9, 7, 6}},
            {{2}, {4, 4}}});
    expect(run("MatrixNms", 8, {kMBoxes, kMScores},
               {{"sort_result_type", "score"},
                {"sort_result_across_batch", "true"},
                {"output_type", "i32"},
                {"score_threshold", "0.3"},
                {"keep_top_k", "4"},
                {"background_class", "0"},
                {"post_threshold", "0.2"}}),
           {{{8, 6}, {2, 0.964, 0.9, 1.9, 1.8, 3.5, 1, 0.921,     2.1, 0.9, 3.7, 1.7, 1, 0.878, 2.4, 1.7, 3.3, 2.7,
                      2, 0.871, 2.2, 0.3, 2.7, 1.9, 1, 0.8200705, 1.4, 0.5, 2.6, 2.2, 1, 0.759, 0.3, 0.7, 0.8, 2.7,
                      1, 0.752, 2.2, 2.9, 3,   4.3, 2, 0.6559284, 1.3, 1.8, 2.8, 3.7}},
            {{8, 1}, {8, 9, 1, 4, 3, 0, 7, 6}},
            {{2}, {4, 4}}});
    expect(run("MatrixNms", 8, {kMBoxes, kMScores},
               {{"sort_result_type", "classid"},
                {"sort_result_across_batch", "true"},
                {"score_threshold", "0.3"},
                {"keep_top_k", "4"},
                {"background_class", "0"},
                {"post_threshold", "0.2"}}),
           {{{8, 6}, {1, 0.878, 2.4, 1.7, 3.3, 2.7, 1, 0.8200705, 1.4, 0.5, 2.6, 2.2, 1, 0.759, 0.3, 0.7, 0.8, 2.7,
                      1, 0.921, 2.1, 0.9, 3.7, 1.7, 1, 0.752,     2.2, 2.9, 3,   4.3, 2, 0.871, 2.2, 0.3, 2.7, 1.9,
                      2, 0.964, 0.9, 1.9, 1.8, 3.5, 2, 0.6559284, 1.3, 1.8, 2.8, 3.7}},
            {{8, 1}, {1, 3, 0, 9, 7, 4, 8, 6}},
            {{2}, {4, 4}}});
    expect(run("MatrixNms", 8, {kMBoxes, kMScores},
               {{"decay_function", "gaussian"},
                {"gaussian_sigma", "1.5"},
                {"nms_top_k", "3"},
                {"normalized", "false"},
                {"post_threshold", "0.5"}}),
           {{{14, 6}, {1, 0.878, 2.4, 1.7, 3.3, 2.7, 2, 0.871,      2.2, 0.3, 2.7, 1.9, 0, 0.83,  0.3, 0.7, 0.8, 2.7,
                       0, 0.82,  1.4, 0.5, 2.6, 2.2, 1, 0.786936,   1.4, 0.5, 2.6, 2.2, 1, 0.759, 0.3, 0.7, 0.8, 2.7,
                       2, 0.698, 0.3, 1.3, 2.1, 2.7, 2, 0.964,      0.9, 1.9, 1.8, 3.5, 1, 0.921, 2.1, 0.9, 3.7, 1.7,
                       1, 0.752, 2.2, 2.9, 3,   4.3, 1, 0.6335323,  1.3, 1.8, 2.8, 3.7, 2, 0.624, 2.1, 0.9, 3.7, 1.7,
                       0, 0.613, 0.9, 1.9, 1.8, 3.5, 2, 0.61059415, 1.3, 1.8, 2.8, 3.7}},
            {{14, 1}, {1, 4, 0, 3, 3, 0, 2, 8, 9, 7, 6, 9, 8, 6}},
            {{2}, {7, 7}}});
    // sort_result_type classid orders by class only across images: each image stays in score order.
    expect(
        run("MatrixNms", 8, {kMBoxes, kMScores}, {{"sort_result_type", "classid"}, {"nms_top_k", "2"}}),
        {{{12, 6}, {1, 0.878,     2.4, 1.7, 3.3, 2.7, 2, 0.871, 2.2, 0.3, 2.7, 1.9, 0, 0.83,       0.3, 0.7, 0.8, 2.7,
                    1, 0.8200705, 1.4, 0.5, 2.6, 2.2, 0, 0.82,  1.4, 0.5, 2.6, 2.2, 2, 0.698,      0.3, 1.3, 2.1, 2.7,
                    2, 0.964,     0.9, 1.9, 1.8, 3.5, 1, 0.921, 2.1, 0.9, 3.7, 1.7, 1, 0.752,      2.2, 2.9, 3,   4.3,
                    2, 0.6559284, 1.3, 1.8, 2.8, 3.7, 0, 0.613, 0.9, 1.9, 1.8, 3.5, 0, 0.43317476, 1.3, 1.8, 2.8, 3.7}},
         {{12, 1}, {1, 4, 0, 3, 3, 2, 8, 9, 7, 6, 8, 6}},
         {{2}, {6, 6}}});
}

TEST(Nms, MulticlassNmsSuppressesAndSorts) {
    expect(run("MulticlassNms", 8, {kMBoxes, kMScores},
               {{"iou_threshold", "0.3"}, {"score_threshold", "0.3"}, {"keep_top_k", "4"}, {"background_class", "1"}}),
           {{{8, 6}, {2,   0.871, 2.2, 0.3,   2.7, 1.9,   0,   0.83, 0.3, 0.7,   0.8, 2.7,   0,   0.82, 1.4, 0.5,
                      2.6, 2.2,   2,   0.698, 0.3, 1.3,   2.1, 2.7,  2,   0.964, 0.9, 1.9,   1.8, 3.5,  2,   0.851,
                      1.3, 1.8,   2.8, 3.7,   2,   0.624, 2.1, 0.9,  3.7, 1.7,   0,   0.613, 0.9, 1.9,  1.8, 3.5}},
            {{8, 1}, {4, 0, 3, 2, 8, 6, 9, 8}},
            {{2}, {4, 4}}});
    expect(run("MulticlassNms", 8, {kMBoxes, kMScores},
               {{"sort_result_type", "classid"},
                {"iou_threshold", "0.3"},
                {"score_threshold", "0.3"},
                {"keep_top_k", "4"},
                {"background_class", "1"}}),
           {{{8, 6}, {0,   0.83, 0.3, 0.7,   0.8, 2.7,   0,   0.82, 1.4, 0.5,   2.6, 2.2,   2,   0.871, 2.2, 0.3,
                      2.7, 1.9,  2,   0.698, 0.3, 1.3,   2.1, 2.7,  0,   0.613, 0.9, 1.9,   1.8, 3.5,   2,   0.964,
                      0.9, 1.9,  1.8, 3.5,   2,   0.851, 1.3, 1.8,  2.8, 3.7,   2,   0.624, 2.1, 0.9,   3.7, 1.7}},
            {{8, 1}, {0, 3, 4, 2, 8, 8, 6, 9}},
            {{2}, {4, 4}}});
    expect(run("MulticlassNms", 8, {kMBoxes, kMScores},
               {{"sort_result_type", "score"},
                {"sort_result_across_batch", "true"},
                {"iou_threshold", "0.3"},
                {"score_threshold", "0.3"},
                {"keep_top_k", "4"},
                {"background_class", "1"}}),
           {{{8, 6}, {2,   0.964, 0.9, 1.9,  1.8, 3.5,   2,   0.871, 2.2, 0.3,  2.7, 1.9,   2,   0.851, 1.3, 1.8,
                      2.8, 3.7,   0,   0.83, 0.3, 0.7,   0.8, 2.7,   0,   0.82, 1.4, 0.5,   2.6, 2.2,   2,   0.698,
                      0.3, 1.3,   2.1, 2.7,  2,   0.624, 2.1, 0.9,   3.7, 1.7,  0,   0.613, 0.9, 1.9,   1.8, 3.5}},
            {{8, 1}, {8, 4, 6, 0, 3, 2, 9, 8}},
            {{2}, {4, 4}}});
    expect(run("MulticlassNms", 9, {kMBoxes, kMScores},
               {{"sort_result_type", "classid"},
                {"sort_result_across_batch", "true"},
                {"output_type", "i32"},
                {"iou_threshold", "0.3"},
                {"score_threshold", "0.3"},
                {"keep_top_k", "4"},
                {"background_class", "1"}}),
           {{{8, 6}, {0,   0.83, 0.3, 0.7,   0.8, 2.7,   0,   0.82, 1.4, 0.5,   2.6, 2.2,   0,   0.613, 0.9, 1.9,
                      1.8, 3.5,  2,   0.871, 2.2, 0.3,   2.7, 1.9,  2,   0.698, 0.3, 1.3,   2.1, 2.7,   2,   0.964,
                      0.9, 1.9,  1.8, 3.5,   2,   0.851, 1.3, 1.8,  2.8, 3.7,   2,   0.624, 2.1, 0.9,   3.7, 1.7}},
            {{8, 1}, {0, 3, 8, 4, 2, 8, 6, 9}},
            {{2}, {4, 4}}});
    expect(run("MulticlassNms", 8, {kMBoxes, kMScores},
               {{"iou_threshold", "0.8"},
                {"nms_eta", "0.7"},
                {"nms_top_k", "2"},
                {"normalized", "false"},
                {"score_threshold", "0.5"}}),
           {{{12, 6}, {1, 0.878, 2.4, 1.7, 3.3, 2.7, 2, 0.871, 2.2, 0.3, 2.7, 1.9, 1, 0.85,  1.4, 0.5, 2.6, 2.2,
                       0, 0.83,  0.3, 0.7, 0.8, 2.7, 0, 0.82,  1.4, 0.5, 2.6, 2.2, 2, 0.698, 0.3, 1.3, 2.1, 2.7,
                       2, 0.964, 0.9, 1.9, 1.8, 3.5, 1, 0.921, 2.1, 0.9, 3.7, 1.7, 2, 0.851, 1.3, 1.8, 2.8, 3.7,
                       1, 0.752, 2.2, 2.9, 3,   4.3, 0, 0.613, 0.9, 1.9, 1.8, 3.5, 0, 0.562, 1.3, 1.8, 2.8, 3.7}},
            {{12, 1}, {1, 4, 3, 0, 3, 2, 8, 9, 6, 7, 8, 6}},
            {{2}, {6, 6}}});
}

TEST(Nms, MulticlassNms9SplitsBoxesByRoisnum) {
    const Tensor boxes = f32({3, 5, 4}, {0.3, 0.7, 0.8, 2.7, 2.4, 1.7, 3.3, 2.7, 0.3, 1.3, 2.1, 2.7, 1.4, 0.5, 2.6,
                                         2.2, 2.2, 0.3, 2.7, 1.9, 1.2, 1.6, 2.3, 2.2, 1.3, 1.8, 2.8, 3.7, 2.2, 2.9,
                                         3,   4.3, 0.9, 1.9, 1.8, 3.5, 2.1, 0.9, 3.7, 1.7, 2.2, 0.3, 2.7, 1.9, 1.4,
                                         0.5, 2.6, 2.2, 0.3, 1.3, 2.1, 2.7, 2.4, 1.7, 3.3, 2.7, 0.3, 0.7, 0.8, 2.7}),
                 scores = f32({3, 5}, {0.83, 0.658, 0.683, 0.82, 0.429, 0.759, 0.878, 0.102, 0.85, 0.394, 0.48, 0.146,
                                       0.698, 0.292, 0.871});
    expect(run("MulticlassNms", 9, {boxes, scores, i32v({2, 3})},
               {{"iou_threshold", "0.3"}, {"score_threshold", "0.2"}, {"sort_result_type", "classid"}}),
           {{{13, 6}, {0,   0.83, 0.3, 0.7,   0.8, 2.7,   0,   0.658, 2.4, 1.7,   3.3, 2.7,   1,   0.878, 1.3, 1.8,
                       2.8, 3.7,  1,   0.759, 1.2, 1.6,   2.3, 2.2,   2,   0.48,  2.2, 0.3,   2.7, 1.9,   0,   0.82,
                       1.4, 0.5,  2.6, 2.2,   0,   0.683, 0.3, 1.3,   2.1, 2.7,   0,   0.429, 2.2, 0.3,   2.7, 1.9,
                       1,   0.85, 0.9, 1.9,   1.8, 3.5,   1,   0.394, 2.1, 0.9,   3.7, 1.7,   2,   0.871, 0.3, 0.7,
                       0.8, 2.7,  2,   0.698, 0.3, 1.3,   2.1, 2.7,   2,   0.292, 2.4, 1.7,   3.3, 2.7}},
            {{13, 1}, {0, 3, 4, 1, 2, 9, 6, 12, 10, 13, 14, 8, 11}},
            {{2}, {5, 8}}});
    expect(run("MulticlassNms", 9, {boxes, scores, i32v({0, 4})},
               {{"iou_threshold", "0.3"}, {"score_threshold", "0.2"}, {"keep_top_k", "2"}}),
           {{{2, 6}, {1, 0.878, 1.3, 1.8, 2.8, 3.7, 1, 0.85, 0.9, 1.9, 1.8, 3.5}}, {{2, 1}, {4, 10}}, {{2}, {0, 2}}});
}

TEST(Nms, NmsRotated) {
    const Tensor pb = f32({1, 2, 5}, {0, 0, 4, 1, 0, 1, 0.5, 4, 1, 0.5}), ps = f32({1, 1, 2}, {0.9, 0.8});
    const Tensor rb = f32({1, 5, 5}, {1, 1,    2,   1,   0.3, 1.2, 1.1, 2, 1.2, 0.5, 3, 3, 1,
                                      2, -0.7, 3.2, 2.9, 1.5, 2,   1.2, 0, 4,   1,   1, 0}),
                 rs = f32({1, 2, 5}, {0.9, 0.8, 0.7, 0.6, 0.5, 0.3, 0.6, 0.65, 0.9, 0.2});
    expect(run("NMSRotated", 13, {rb, rs, i64s(3), f32s(0.3), f32s(0.25)}),
           {{{5, 3}, {0, 0, 0, 0, 1, 3, 0, 0, 2, 0, 1, 1, 0, 0, 4}},
            {{5, 3}, {0, 0, 0.9, 0, 1, 0.9, 0, 0, 0.7, 0, 1, 0.6, 0, 0, 0.5}},
            {{1}, {5}}});
    expect(run("NMSRotated", 13, {rb, rs, i64s(3), f32s(0.5), f32s(0.25)}),
           {{{6, 3}, {0, 0, 0, 0, 1, 3, 0, 0, 2, 0, 1, 2, 0, 0, 3, 0, 1, 1}},
            {{6, 3}, {0, 0, 0.9, 0, 1, 0.9, 0, 0, 0.7, 0, 1, 0.65, 0, 0, 0.6, 0, 1, 0.6}},
            {{1}, {6}}});
    expect(run("NMSRotated", 13, {rb, rs, i64s(3), f32s(0.3), f32s(0.25)},
               {{"sort_result_descending", "false"}, {"output_type", "i32"}}),
           {{{5, 3}, {0, 0, 0, 0, 0, 2, 0, 0, 4, 0, 1, 3, 0, 1, 1}},
            {{5, 3}, {0, 0, 0.9, 0, 0, 0.7, 0, 0, 0.5, 0, 1, 0.9, 0, 1, 0.6}},
            {{1}, {5}}});
    expect(run("NMSRotated", 13, {pb, ps, i64s(3), f32s(0.2), f32s(0)}),
           {{{1, 3}, {0, 0, 0}}, {{1, 3}, {0, 0, 0.9}}, {{1}, {1}}});
    expect(run("NMSRotated", 13, {pb, ps, i64s(3), f32s(0.2), f32s(0)}, {{"clockwise", "false"}}),
           {{{2, 3}, {0, 0, 0, 0, 0, 1}}, {{2, 3}, {0, 0, 0.9, 0, 0, 0.8}}, {{1}, {2}}});
}
TEST(Nms, NmsRotatedSuppressesOnlyAboveTheThreshold) {
    // Box 2 lies inside box 0 (IoU 0.5); box 1's score equals the score threshold.
    const Tensor qb = f32({1, 3, 5}, {0, 0, 2, 1, 0, 5, 5, 1, 1, 0, 0, 0, 1, 1, 0}), qs = f32({1, 1, 3}, {0.9, 0.5, 0.8});
    expect(run("NMSRotated", 13, {qb, qs, i64s(5), f32s(0.5), f32s(0.5)}),
           {{{2, 3}, {0, 0, 0, 0, 0, 2}}, {{2, 3}, {0, 0, 0.9, 0, 0, 0.8}}, {{1}, {2}}});
    expect(run("NMSRotated", 13, {qb, qs, i64s(5), f32s(0.49), f32s(0.4)}),
           {{{2, 3}, {0, 0, 0, 0, 0, 1}}, {{2, 3}, {0, 0, 0.9, 0, 0, 0.5}}, {{1}, {2}}});
}


TEST(Nms, ShapesAreBoundedByTheAttributes) {
    const auto boxes = op::parameter(element::f32, Shape{2, 5, 4}),
               scores = op::parameter(element::f32, Shape{2, 3, 5});
    const auto max4 = op::constant(element::i64, Shape{}, std::vector<int64_t>{4});
    const auto v5 = op::make("NonMaxSuppression", {boxes, scores, max4}, {}, 5);
    EXPECT_EQ(v5->get_output_partial_shape(0), PartialShape({Dimension(0, 24), 3}));
    EXPECT_EQ(v5->get_output_partial_shape(1), PartialShape({Dimension(0, 24), 3}));
    EXPECT_EQ(v5->get_output_partial_shape(2), PartialShape({1}));
    EXPECT_EQ(v5->get_output_element_type(1), element::f32);
    const auto v4 = op::make("NonMaxSuppression", {boxes, scores, op::parameter(element::i32, Shape{})},
                             {{"output_type", "i32"}}, 4);
    EXPECT_EQ(v4->get_output_size(), 1u);
    EXPECT_EQ(v4->get_output_partial_shape(0), PartialShape({Dimension(0, 30), 3}));
    EXPECT_EQ(v4->get_output_element_type(0), element::i32);
    const auto dyn = op::make("NonMaxSuppression",
                              {op::parameter(element::f32, PartialShape{Dimension(), 5, 4}), scores, max4}, {}, 9);
    EXPECT_EQ(dyn->get_output_partial_shape(0), PartialShape({Dimension(), 3}));
    const auto matrix = op::make("MatrixNms", {boxes, scores}, {{"keep_top_k", "4"}, {"background_class", "0"}}, 8);
    EXPECT_EQ(matrix->get_output_partial_shape(0), PartialShape({Dimension(0, 8), 6}));
    EXPECT_EQ(matrix->get_output_partial_shape(1), PartialShape({Dimension(0, 8), 1}));
    EXPECT_EQ(matrix->get_output_partial_shape(2), PartialShape({2}));
    // Boxes per class [C, M, 4]: at most C * M rows whatever the split into images.
    const auto rois = op::make("MulticlassNms",
                               {op::parameter(element::f32, Shape{3, 5, 4}), op::parameter(element::f32, Shape{3, 5}),
                                op::parameter(element::i32, Shape{2})},
                               {}, 9);
    EXPECT_EQ(rois->get_output_partial_shape(0), PartialShape({Dimension(0, 15), 6}));
    EXPECT_EQ(rois->get_output_partial_shape(2), PartialShape({2}));
}

TEST(Nms, EmptyInputsAndNoMaximumSelectNothing) {
    const std::vector<std::pair<Shape, Vals>> none{{{0, 3}, {}}, {{0, 3}, {}}, {{1}, {0}}};
    expect(run("NonMaxSuppression", 5, {f32({1, 0, 4}, {}), f32({1, 1, 0}, {}), i64s(5), f32s(0.5), f32s(0)}), none);
    expect(run("NonMaxSuppression", 9, {kBoxes, kScores}), none);  // max_output_boxes_per_class defaults to 0
    expect(run("NonMaxSuppression", 5, {kBoxes, kScores, i64s(-1)}), none);
    expect(run("NonMaxSuppression", 1, {kBoxes, kScores, i64s(0), f32s(0.5)}), {{{0, 3}, {}}});
    const std::vector<std::pair<Shape, Vals>> no_rows{{{0, 6}, {}}, {{0, 1}, {}}, {{2}, {0, 0}}};
    expect(run("MulticlassNms", 8, {kMBoxes, kMScores}, {{"nms_top_k", "0"}}), no_rows);
    expect(run("MatrixNms", 8, {f32({2, 0, 4}, {}), f32({2, 3, 0}, {})}), no_rows);
    expect(run("MatrixNms", 8, {kMBoxes, kMScores}, {{"score_threshold", "0.99"}}), no_rows);
}

TEST(Nms, Refusals) {
    const auto p = [](element::Type t, const PartialShape& s) { return Output<Node>(op::parameter(t, s)); };
    const Output<Node> b = p(element::f32, Shape{1, 3, 4}), s = p(element::f32, Shape{1, 2, 3}), i = p(element::i64, Shape{}),
                 f = p(element::f32, Shape{});
    EXPECT_THROW(op::make("NonMaxSuppression", {p(element::f32, Shape{3, 4}), s}, {}, 5), ModelError);     // boxes rank
    EXPECT_THROW(op::make("NonMaxSuppression", {p(element::f32, Shape{1, 3, 3}), s}, {}, 5), ModelError);  // 3 per box
    EXPECT_THROW(op::make("NonMaxSuppression", {b, p(element::f32, Shape{1, 2, 4})}, {}, 5), ModelError);  // N differs
    EXPECT_THROW(op::make("NonMaxSuppression", {b, p(element::f16, Shape{1, 2, 3})}, {}, 5),
                 ModelError);                                                                           // types differ
    EXPECT_THROW(op::make("NonMaxSuppression", {b, s, f}, {}, 5), ModelError);                          // real maximum
    EXPECT_THROW(op::make("NonMaxSuppression", {b, s, p(element::i64, Shape{2})}, {}, 5), ModelError);  // not a scalar
    EXPECT_THROW(op::make("NonMaxSuppression", {b, s, i, f, f, f}, {}, 4),
                 ModelError);  // soft_nms_sigma is version 5's
    EXPECT_THROW(op::make("NonMaxSuppression", {b, s}, {{"box_encoding", "xywh"}}, 5), ModelError);
    EXPECT_THROW(op::make("NonMaxSuppression", {b, s}, {{"output_type", "f32"}}, 9), ModelError);
    EXPECT_THROW(op::make("NMSRotated", {b, s, i, f, f}, {}, 13), ModelError);  // 5 values per rotated box
    EXPECT_THROW(op::make("MatrixNms", {b, s}, {{"decay_function", "cubic"}}, 8), ModelError);
    EXPECT_THROW(op::make("MatrixNms", {b, s}, {{"sort_result_type", "area"}}, 8), ModelError);
    EXPECT_THROW(op::make("MulticlassNms", {b, s}, {{"nms_eta", "1.5"}}, 8), ModelError);
    EXPECT_THROW(op::make("MulticlassNms", {b, s}, {{"keep_top_k", "-2"}}, 8), ModelError);
    EXPECT_THROW(op::make("MulticlassNms", {p(element::f32, Shape{2, 3, 4}), p(element::f32, Shape{2, 3})}, {}, 9),
                 ModelError);  // 2-D scores need roisnum
    // roisnum asks for more boxes than there are: found at run time, naming the node.
    try {
        run("MulticlassNms", 9, {f32({1, 2, 4}, Vals(8, 0)), f32({1, 2}, {0.5, 0.5}), i32v({1, 2})});
        ADD_FAILURE() << "no error";
    } catch (const ModelError& e) {
        EXPECT_NE(std::string(e.what()).find("MulticlassNms"), std::string::npos) << e.what();
    }
}
}  // namespace
