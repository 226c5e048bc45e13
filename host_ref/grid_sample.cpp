// Host reference kernel of GridSample-9: every output pixel samples data at the grid's normalised (x, y)
// position ([-1, 1] spans the image: the centres of the corner pixels with align_corners, their outer edges
// without). Bilinear and nearest apply the padding mode to the position (border: clamp; reflection: mirror
// at the edges), then read outside pixels as zero; bicubic (A = -0.75) applies it to each of its 4x4 taps.
// Nearest rounds halves to even. Computed in double; grids are real, data any numeric type: integer outputs
// are stored as OpenVINO CPU does (i8/u8 round to nearest, wider integers truncate; both saturate).
#include "host_ref/ref_utils.hpp"

#include <cmath>
#include <limits>
#include <type_traits>
#include <vector>

#include "shape_infer/grid_sample_infer.hpp"

namespace ovcl {
namespace host_ref {

namespace {

using shape_infer::GridMode;
using shape_infer::GridPadding;

// One image plane [h, w] and the attributes that say how positions map onto it.
struct Plane {
    const double* v = nullptr;
    int64_t h = 0, w = 0;
    shape_infer::GridSampleAttrs a;

    // The pixel position of normalised coordinate g along an axis of `size` pixels.
    double unnormalise(double g, int64_t size) const {
        return a.align_corners ? (g + 1) / 2 * static_cast<double>(size - 1)
                               : ((g + 1) * static_cast<double>(size) - 1) / 2;
    }
    // Mirrors x into the image: about the corner pixels' centres with align_corners, else their outer edges.
    double reflect(double x, int64_t size) const {
        const double lo = a.align_corners ? 0.0 : -0.5;
        const double span = a.align_corners ? static_cast<double>(size - 1) : static_cast<double>(size);
        if (span <= 0)
            return 0.0;
        const double d = std::fabs(x - lo);
        const double flips = std::floor(d / span), rest = std::fmod(d, span);
        const double r = std::fmod(flips, 2.0) == 0 ? lo + rest : lo + span - rest;
        return std::fmin(std::fmax(r, 0.0), static_cast<double>(size - 1));
    }
    double pad(double x, int64_t size) const {
        if (a.padding == GridPadding::Border)
            return std::fmin(std::fmax(x, 0.0), static_cast<double>(size - 1));
        if (a.padding == GridPadding::Reflection)
            return reflect(x, size);
        return x;
    }
    // A pixel, zero outside the image.
    double at(int64_t y, int64_t x) const { return y < 0 || y >= h || x < 0 || x >= w ? 0.0 : v[y * w + x]; }
    // A position as an index: far-away (and NaN) positions become an index just as far outside the image,
    // so the cast cannot overflow.
    static int64_t index(double x, int64_t size) {
        if (!(x >= -4.0))
            return -4;
        return x > static_cast<double>(size + 4) ? size + 4 : static_cast<int64_t>(x);
    }
    // A bicubic tap: its index mapped into the image by the padding mode (zeros: zero outside).
    double tap(int64_t y, int64_t x) const {
        if (a.padding == GridPadding::Zeros)
            return at(y, x);
        return at(index(pad(static_cast<double>(y), h), h), index(pad(static_cast<double>(x), w), w));
    }

    double bilinear(double x, double y) const {
        const double x0 = std::floor(x), y0 = std::floor(y), fx = x - x0, fy = y - y0;
        const int64_t ix = index(x0, w), iy = index(y0, h);
        return (1 - fy) * ((1 - fx) * at(iy, ix) + fx * at(iy, ix + 1)) +
               fy * ((1 - fx) * at(iy + 1, ix) + fx * at(iy + 1, ix + 1));
    }
    double bicubic(double x, double y) const {
        const double x0 = std::floor(x), y0 = std::floor(y);
        double cx[4], cy[4];
        cubic_weights(x - x0, cx);
        cubic_weights(y - y0, cy);
        const int64_t ix = index(x0, w), iy = index(y0, h);
        double sum = 0;
        for (int64_t i = 0; i < 4; ++i) {
            double row = 0;
            for (int64_t j = 0; j < 4; ++j)
                row += cx[j] * tap(iy - 1 + i, ix - 1 + j);
            sum += cy[i] * row;
        }
        return sum;
    }
    // Keys' cubic convolution weights (A = -0.75) of the taps at -1, 0, 1, 2 for fraction t.
    static void cubic_weights(double t, double (&c)[4]) {
        constexpr double A = -0.75;
        const auto near = [](double d) { return ((A + 2) * d - (A + 3)) * d * d + 1; };
        const auto far = [](double d) { return ((A * d - 5 * A) * d + 8 * A) * d - 4 * A; };
        c[0] = far(t + 1);
        c[1] = near(t);
        c[2] = near(1 - t);
        c[3] = far(2 - t);
    }

    double sample(double gx, double gy) const {
        double x = unnormalise(gx, w), y = unnormalise(gy, h);
        if (a.mode == GridMode::Bicubic)
            return bicubic(x, y);
        x = pad(x, w);
        y = pad(y, h);
        if (a.mode == GridMode::Nearest)
            return at(index(std::nearbyint(y), h), index(std::nearbyint(x), w));
        return bilinear(x, y);
    }
};

// Integer outputs as OpenVINO CPU stores them: one-byte types round to nearest, wider ones truncate; both
// saturate.
void store(const std::vector<double>& y, Tensor& out) {
    dispatch_type(out.get_element_type(), [&](auto tag) {
        using T = decltype(tag);
        T* d = out.data<T>();
        for (size_t i = 0; i < y.size(); ++i) {
            if constexpr (is_int_v<T>) {
                const double v = sizeof(T) == 1 ? std::nearbyint(y[i]) : std::trunc(y[i]);
                constexpr auto lo = std::numeric_limits<T>::min(), hi = std::numeric_limits<T>::max();
                if (std::isnan(v))
                    d[i] = T(0);
                else
                    d[i] = v <= static_cast<double>(lo) ? lo : v >= static_cast<double>(hi) ? hi : static_cast<T>(v);
            } else if constexpr (std::is_same_v<T, float16>) {
                d[i] = float16(static_cast<float>(y[i]));
            } else {
                d[i] = static_cast<T>(y[i]);
            }
        }
    });
}

}  // namespace

void grid_sample(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const Shape& ds = in[0].get_shape();
    const Shape& gs = in[1].get_shape();
    const auto data = to_f64(in[0]), grid = to_f64(in[1]);
    const size_t n_count = ds[0], channels = ds[1], plane = ds[2] * ds[3], points = gs[1] * gs[2];
    Plane p;
    p.h = static_cast<int64_t>(ds[2]);
    p.w = static_cast<int64_t>(ds[3]);
    p.a = shape_infer::grid_sample_attrs(node);
    std::vector<double> y(n_count * channels * points);
    for (size_t n = 0; n < n_count; ++n)
        for (size_t c = 0; c < channels; ++c) {
            p.v = data.data() + (n * channels + c) * plane;
            for (size_t i = 0; i < points; ++i) {
                const double* g = grid.data() + (n * points + i) * 2;
                y[(n * channels + c) * points + i] = p.sample(g[0], g[1]);
            }
        }
    store(y, out.at(0));
}

}  // namespace host_ref
}  // namespace ovcl
