// Per-axis coordinate maps of Interpolate: which source elements (and weights) make each
// output coordinate, for every mode. Every mode is separable, so one axis at a time suffices.
#include <algorithm>
#include <cmath>

#include "host_ref/interpolate.hpp"

namespace ovcl {
namespace host_ref {

namespace {

using Attrs = shape_infer::InterpolateAttrs;

// Float arithmetic as OpenVINO's reference does it, so halfway cases of nearest round alike.
// An axis whose scale is 1 or whose length does not change maps every coordinate to itself.
float source_coord(Attrs::Coord mode, float x, float scale, float out_len, float in_len) {
    if (scale == 1.0f || out_len == in_len)
        return x;
    switch (mode) {
    case Attrs::Coord::half_pixel: return (x + 0.5f) / scale - 0.5f;
    case Attrs::Coord::pytorch_half_pixel: return out_len > 1.0f ? (x + 0.5f) / scale - 0.5f : 0.0f;
    case Attrs::Coord::asymmetric: return x / scale;
    case Attrs::Coord::tf_half_pixel_for_nn: return (x + 0.5f) / scale;
    case Attrs::Coord::align_corners: return out_len == 1.0f ? 0.0f : x * (in_len - 1.0f) / (out_len - 1.0f);
    }
    return x;
}

int64_t round_nearest(Attrs::Nearest mode, float x, bool downsample) {
    switch (mode) {
    case Attrs::Nearest::round_prefer_floor:
        return static_cast<int64_t>(x - std::floor(x) == 0.5f ? std::floor(x) : std::round(x));
    case Attrs::Nearest::round_prefer_ceil: return static_cast<int64_t>(std::round(x));
    case Attrs::Nearest::floor: return static_cast<int64_t>(std::floor(x));
    case Attrs::Nearest::ceil: return static_cast<int64_t>(std::ceil(x));
    case Attrs::Nearest::simple: return downsample ? static_cast<int64_t>(std::ceil(x)) : static_cast<int64_t>(x);
    }
    return 0;
}

int64_t clamp_index(int64_t i, int64_t len) { return std::max<int64_t>(0, std::min(i, len - 1)); }

// Keys' cubic convolution weights of the four neighbours floor(c)-1 .. floor(c)+2 (s = c - floor(c)).
void cubic_weights(float s, float a, float w[4]) {
    const float s1 = s + 1.0f, t = 1.0f - s, t1 = 2.0f - s;
    w[0] = ((a * s1 - 5.0f * a) * s1 + 8.0f * a) * s1 - 4.0f * a;
    w[1] = ((a + 2.0f) * s - (a + 3.0f)) * s * s + 1.0f;
    w[2] = ((a + 2.0f) * t - (a + 3.0f)) * t * t + 1.0f;
    w[3] = ((a * t1 - 5.0f * a) * t1 + 8.0f * a) * t1 - 4.0f * a;
}

double pillow_filter(bool cubic, double a, double x) {
    x = std::fabs(x);
    if (!cubic)
        return x < 1.0 ? 1.0 - x : 0.0;
    if (x < 1.0)
        return ((a + 2.0) * x - (a + 3.0)) * x * x + 1.0;
    if (x < 2.0)
        return (((x - 5.0) * x + 8.0) * x - 4.0) * a;
    return 0.0;
}

// Pillow's resampling: a filter stretched by the downscale factor, centred on each output
// pixel's centre, normalised to sum 1; the coordinate transformation mode does not apply.
InterpolateAxisTaps pillow_taps(bool cubic, double a, size_t in_len, size_t out_len) {
    InterpolateAxisTaps taps(out_len);
    const double scale = static_cast<double>(in_len) / static_cast<double>(out_len);
    const double filterscale = std::max(scale, 1.0);
    const double support = (cubic ? 2.0 : 1.0) * filterscale;
    const auto in = static_cast<int64_t>(in_len);
    std::vector<double> w;
    for (size_t o = 0; o < out_len; ++o) {
        const double centre = (static_cast<double>(o) + 0.5) * scale;
        const int64_t lo = std::max<int64_t>(0, static_cast<int64_t>(centre - support + 0.5));
        const int64_t hi = std::min<int64_t>(in, static_cast<int64_t>(centre + support + 0.5));
        w.clear();
        double sum = 0.0;
        for (int64_t x = lo; x < hi; ++x) {
            w.push_back(pillow_filter(cubic, a, (static_cast<double>(x) - centre + 0.5) / filterscale));
            sum += w.back();
        }
        for (int64_t x = lo; x < hi; ++x) {
            const double v = w[static_cast<size_t>(x - lo)];
            taps[o].push_back({static_cast<size_t>(x), static_cast<float>(sum != 0.0 ? v / sum : v)});
        }
    }
    return taps;
}

}  // namespace

InterpolateAxisTaps interpolate_taps(const Attrs& attrs, size_t in_len, size_t out_len, float scale, float aa) {
    if (attrs.mode == Attrs::Mode::bilinear_pillow || attrs.mode == Attrs::Mode::bicubic_pillow)
        return pillow_taps(attrs.mode == Attrs::Mode::bicubic_pillow, attrs.cube_coeff, in_len, out_len);
    InterpolateAxisTaps taps(out_len);
    const auto in = static_cast<int64_t>(in_len);
    const auto fin = static_cast<float>(in_len), fout = static_cast<float>(out_len);
    // Linear mode looks r elements either side of the rounded centre: 2 when upscaling,
    // ceil(2 / aa) when the antialiasing triangle is stretched (never wider than the input).
    int64_t radius = 2;
    if (attrs.mode == Attrs::Mode::linear && !(scale > 1.0f))
        radius = static_cast<int64_t>(std::min(std::ceil(2.0f / aa), fin + 2.0f));
    for (size_t o = 0; o < out_len; ++o) {
        const float c = source_coord(attrs.coord, static_cast<float>(o), scale, fout, fin);
        auto& t = taps[o];
        switch (attrs.mode) {
        case Attrs::Mode::linear: {
            const auto centre = static_cast<int64_t>(std::round(c));
            float sum = 0.0f;
            for (int64_t i = centre - radius; i <= centre + radius; ++i) {
                if (i < 0 || i >= in)
                    continue;
                const float w = std::max(0.0f, 1.0f - std::fabs(aa * (c - static_cast<float>(i))));
                if (w > 0.0f) {
                    t.push_back({static_cast<size_t>(i), w});
                    sum += w;
                }
            }
            for (auto& tap : t)
                tap.weight /= sum;  // no taps at all: the output is 0, as OpenVINO's zero weight sum gives
            break;
        }
        case Attrs::Mode::linear_onnx: {
            const float cc = std::max(0.0f, std::min(c, fin - 1.0f));
            const int64_t i1 = std::min(static_cast<int64_t>(cc), in - 1), i2 = std::min(i1 + 1, in - 1);
            float d1 = std::fabs(cc - static_cast<float>(i1)), d2 = std::fabs(cc - static_cast<float>(i2));
            if (i1 == i2)
                d1 = d2 = 0.5f;
            t.push_back({static_cast<size_t>(i1), d2});
            t.push_back({static_cast<size_t>(i2), d1});
            break;
        }
        case Attrs::Mode::cubic: {
            const float base = std::floor(c);
            float w[4];
            cubic_weights(c - base, static_cast<float>(attrs.cube_coeff), w);
            for (int64_t k = 0; k < 4; ++k)
                t.push_back({static_cast<size_t>(clamp_index(static_cast<int64_t>(base) + k - 1, in)), w[k]});
            break;
        }
        default: break;
        }
    }
    return taps;
}

std::vector<size_t> interpolate_nearest_map(const Attrs& attrs, size_t in_len, size_t out_len, float scale) {
    std::vector<size_t> map(out_len);
    const auto fin = static_cast<float>(in_len), fout = static_cast<float>(out_len);
    for (size_t o = 0; o < out_len; ++o) {
        const float c = source_coord(attrs.coord, static_cast<float>(o), scale, fout, fin);
        const int64_t i = round_nearest(attrs.nearest, c, scale < 1.0f);
        map[o] = static_cast<size_t>(clamp_index(i, static_cast<int64_t>(in_len)));
    }
    return map;
}

}  // namespace host_ref
}  // namespace ovcl
