// Interpolate-11 against the specification's pseudo-code, written here element by element
// (every output element alone, neighbourhoods over all axes at once, no separable passes),
// over random 4D data, every mode, coordinate transformation and nearest mode, up and down.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "common/test_utils.hpp"
#include "ovcl/op_registry.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;

namespace {

struct Spec {
    std::string mode, coord = "half_pixel", nearest = "round_prefer_floor";
    bool antialias = false;
    float cube = -0.75f;
};

float source(const Spec& s, float x, float scale, float out_len, float in_len) {
    if (scale == 1.0f || out_len == in_len)
        return x;
    if (s.coord == "half_pixel")
        return (x + 0.5f) / scale - 0.5f;
    if (s.coord == "pytorch_half_pixel")
        return out_len > 1 ? (x + 0.5f) / scale - 0.5f : 0.0f;
    if (s.coord == "asymmetric")
        return x / scale;
    if (s.coord == "tf_half_pixel_for_nn")
        return (x + 0.5f) / scale;
    return out_len == 1 ? 0.0f : x * (in_len - 1) / (out_len - 1);
}

int64_t nearest(const Spec& s, float x, bool down) {
    const bool half = x == std::floor(x) + 0.5f;
    if (s.nearest == "round_prefer_floor")
        return static_cast<int64_t>(half ? std::floor(x) : std::round(x));
    if (s.nearest == "round_prefer_ceil")
        return static_cast<int64_t>(half ? std::ceil(x) : std::round(x));
    if (s.nearest == "floor")
        return static_cast<int64_t>(std::floor(x));
    if (s.nearest == "ceil")
        return static_cast<int64_t>(std::ceil(x));
    return static_cast<int64_t>(down ? std::ceil(x) : std::trunc(x));
}

double keys(double t, double a) {
    t = std::fabs(t);
    if (t <= 1)
        return (a + 2) * t * t * t - (a + 3) * t * t + 1;
    if (t < 2)
        return a * t * t * t - 5 * a * t * t + 8 * a * t - 4 * a;
    return 0;
}

size_t ravel(const std::vector<int64_t>& c, const Shape& s) {
    size_t off = 0;
    for (size_t i = 0; i < s.size(); ++i)
        off = off * s[i] + static_cast<size_t>(c[i]);
    return off;
}

// Every combination of per-axis choices 0..counts[i]-1.
template <typename F>
void for_each_combo(const std::vector<int64_t>& counts, F&& f) {
    std::vector<int64_t> k(counts.size(), 0);
    for (;;) {
        f(k);
        size_t i = counts.size();
        while (i > 0 && ++k[i - 1] == counts[i - 1])
            k[--i] = 0;
        if (i == 0)
            return;
    }
}

std::vector<double> naive(const Spec& s, const std::vector<double>& x, const Shape& in, const Shape& out,
                          const std::vector<int64_t>& axes, const std::vector<float>& scales) {
    const size_t rank = in.size(), n_axes = axes.size();
    std::vector<double> y(shape_size(out));
    bool down = false;
    for (float sc : scales)
        down = down || sc < 1;
    std::vector<int64_t> oc(rank, 0);
    for (size_t flat = 0; flat < y.size(); ++flat) {
        for (size_t i = rank, r = flat; i-- > 0; r /= out[i])
            oc[i] = static_cast<int64_t>(r % out[i]);
        std::vector<float> c(n_axes);
        for (size_t i = 0; i < n_axes; ++i) {
            const auto ax = static_cast<size_t>(axes[i]);
            c[i] = source(s, static_cast<float>(oc[ax]), scales[i], static_cast<float>(out[ax]),
                          static_cast<float>(in[ax]));
        }
        auto len = [&](size_t i) { return static_cast<int64_t>(in[static_cast<size_t>(axes[i])]); };
        auto clampi = [&](int64_t v, size_t i) { return std::max<int64_t>(0, std::min(v, len(i) - 1)); };
        double value = 0;
        if (s.mode == "nearest") {
            auto ic = oc;
            for (size_t i = 0; i < n_axes; ++i)
                ic[static_cast<size_t>(axes[i])] = clampi(nearest(s, c[i], scales[i] < 1), i);
            value = x[ravel(ic, in)];
        } else if (s.mode == "linear") {
            std::vector<double> a(n_axes, 1);
            std::vector<int64_t> r(n_axes), counts(n_axes);
            for (size_t i = 0; i < n_axes; ++i) {
                if (s.antialias && down)
                    a[i] = scales[i];
                r[i] = scales[i] > 1 ? 2 : static_cast<int64_t>(std::ceil(2 / a[i]));
                counts[i] = 2 * r[i] + 1;
            }
            double sum = 0, wsum = 0;
            for_each_combo(counts, [&](const std::vector<int64_t>& k) {
                auto ic = oc;
                double w = 1;
                for (size_t i = 0; i < n_axes; ++i) {
                    const int64_t v = static_cast<int64_t>(std::round(c[i])) + k[i] - r[i];
                    if (v < 0 || v >= len(i))
                        return;
                    ic[static_cast<size_t>(axes[i])] = v;
                    // In f32 as OpenVINO does: antialiased upsampled axes have weights of exactly 0 at
                    // some coordinates, which wider arithmetic would turn into tiny non-zero ones.
                    const auto ai = static_cast<float>(a[i]);
                    w *= std::max(0.0f, 1.0f - std::fabs(ai * (c[i] - static_cast<float>(v))));
                }
                sum += w * x[ravel(ic, in)];
                wsum += w;
            });
            value = wsum == 0 ? 0 : sum / wsum;
        } else if (s.mode == "linear_onnx") {
            for_each_combo(std::vector<int64_t>(n_axes, 2), [&](const std::vector<int64_t>& k) {
                auto ic = oc;
                double w = 1;
                for (size_t i = 0; i < n_axes; ++i) {
                    const double cc = std::max(0.0, std::min<double>(c[i], static_cast<double>(len(i) - 1)));
                    const int64_t lo = static_cast<int64_t>(cc), hi = std::min(lo + 1, len(i) - 1);
                    ic[static_cast<size_t>(axes[i])] = k[i] ? hi : lo;
                    w *= lo == hi ? 0.5 : (k[i] ? cc - static_cast<double>(lo) : static_cast<double>(hi) - cc);
                }
                value += w * x[ravel(ic, in)];
            });
        } else {  // cubic
            for_each_combo(std::vector<int64_t>(n_axes, 4), [&](const std::vector<int64_t>& k) {
                auto ic = oc;
                double w = 1;
                for (size_t i = 0; i < n_axes; ++i) {
                    const auto base = static_cast<int64_t>(std::floor(c[i]));
                    ic[static_cast<size_t>(axes[i])] = clampi(base + k[i] - 1, i);
                    w *= keys(static_cast<double>(c[i]) - static_cast<double>(base + k[i] - 1), s.cube);
                }
                value += w * x[ravel(ic, in)];
            });
        }
        y[flat] = value;
    }
    return y;
}

void check(const Spec& s, const Shape& in, const std::vector<int64_t>& axes, const std::vector<int64_t>& sizes,
           uint32_t seed) {
    SCOPED_TRACE(s.mode + " " + s.coord + " " + s.nearest + (s.antialias ? " antialias" : "") + " in " +
                 in.to_string() + " axes " + op::list(axes) + " sizes " + op::list(sizes));
    auto node = op::make("Interpolate",
                         {op::parameter(element::f32, in), op::constant<int64_t>(element::i64, {sizes.size()}, sizes),
                          op::constant<int64_t>(element::i64, {axes.size()}, axes)},
                         {{"mode", s.mode},
                          {"shape_calculation_mode", "sizes"},
                          {"coordinate_transformation_mode", s.coord},
                          {"nearest_mode", s.nearest},
                          {"antialias", s.antialias ? "true" : "false"},
                          {"cube_coeff", std::to_string(s.cube)}},
                         11);
    const Tensor x = test::random_tensor(element::f32, in, -2, 2, seed);
    EvalContext ctx;
    const Tensor y = evaluate_node(*node, {x, node->input_value(1).node->get_constant_value(),
                                           node->input_value(2).node->get_constant_value()},
                                   ctx)
                         .at(0);
    Shape out = in;
    std::vector<float> scales;
    for (size_t i = 0; i < axes.size(); ++i) {
        out[static_cast<size_t>(axes[i])] = static_cast<size_t>(sizes[i]);
        scales.push_back(static_cast<float>(sizes[i]) / static_cast<float>(in[static_cast<size_t>(axes[i])]));
    }
    ASSERT_EQ(y.get_shape(), out);
    const auto expect = naive(s, test::values(x), in, out, axes, scales);
    const Tensor e = test::make_tensor<double>(element::f32, out, expect);
    EXPECT_TENSOR_NEAR(y, e, 2e-5, 2e-5);
}

const char* const kCoords[] = {"half_pixel", "pytorch_half_pixel", "asymmetric", "tf_half_pixel_for_nn",
                               "align_corners"};

struct Geometry {
    Shape in;
    std::vector<int64_t> axes, sizes;
};
const Geometry kGeometries[] = {
    {{2, 3, 5, 6}, {2, 3}, {9, 13}},      // up on both spatial axes
    {{2, 3, 5, 6}, {3, 2}, {4, 2}},       // down, axes listed in reverse
    {{2, 3, 5, 6}, {1, 3}, {7, 3}},       // one up, one down, a channel axis
    {{1, 2, 4, 7}, {0, 1, 2, 3}, {2, 1, 5, 3}},
    {{3, 1, 6, 1}, {2, 3}, {1, 4}},       // to and from length 1
};

}  // namespace

TEST(InterpolateSpec, NearestEveryCoordinateAndRoundingMode) {
    uint32_t seed = 1;
    for (const char* coord : kCoords)
        for (const char* mode : {"round_prefer_floor", "round_prefer_ceil", "floor", "ceil", "simple"})
            for (const auto& g : kGeometries)
                check({"nearest", coord, mode}, g.in, g.axes, g.sizes, seed++);
}

TEST(InterpolateSpec, LinearWithAndWithoutAntialias) {
    uint32_t seed = 100;
    for (const char* coord : kCoords)
        for (bool aa : {false, true})
            for (const auto& g : kGeometries) {
                Spec s{"linear", coord};
                s.antialias = aa;
                check(s, g.in, g.axes, g.sizes, seed++);
            }
}

TEST(InterpolateSpec, LinearOnnxAndCubic) {
    uint32_t seed = 200;
    for (const char* coord : kCoords)
        for (const auto& g : kGeometries) {
            check({"linear_onnx", coord}, g.in, g.axes, g.sizes, seed++);
            check({"cubic", coord}, g.in, g.axes, g.sizes, seed++);
            Spec soft{"cubic", coord};
            soft.cube = -0.5f;
            check(soft, g.in, g.axes, g.sizes, seed++);
        }
}
