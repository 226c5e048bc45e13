// What the pre/post-processing tests share: small models, running a built model on a device, and the
// hand-written references the results are checked against (bilinear and nearest resize with
// OpenVINO's half_pixel coordinates, BT.601 NV12 conversion as OpenVINO's NV12toRGB defines it).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "common/export_test_utils.hpp"
#include "common/test_utils.hpp"
#include "gpu/gpu_test_utils.hpp"
#include "ovcl/core.hpp"
#include "ovcl/ops.hpp"
#include "ovcl/preprocess/pre_post_process.hpp"

namespace ovcl {
namespace test {

/// f32 `shape` input "data" -> Result "out": the output is the preprocessed input itself.
inline std::shared_ptr<Model> identity_model(const Shape& shape, element::Type type = element::f32) {
    auto p = op::parameter(type, shape, "data");
    return std::make_shared<Model>(NodeVector{op::result(Output<Node>(p, 0), "out")}, NodeVector{p}, "identity");
}

/// "data" -> Relu -> "out" (Relu keeps an op on the model's side of the preprocessing).
inline std::shared_ptr<Model> relu_model(const Shape& shape) {
    auto p = op::parameter(element::f32, shape, "data");
    auto r = op::make("Relu", {Output<Node>(p, 0)});
    r->output_names(0) = {"out"};
    return std::make_shared<Model>(NodeVector{op::result(Output<Node>(r, 0), "out")}, NodeVector{p}, "relu");
}

/// Compiles `model` on `device` (with `props`), feeds `inputs` in order, returns every output.
inline TensorVector run_on(const std::shared_ptr<Model>& model, const std::string& device, const TensorVector& inputs,
                           const AnyMap& props = {}) {
    Core core;
    CompiledModel compiled = core.compile_model(model, device, props);
    return infer(compiled, inputs);
}

/// Skips a GPU instance of a device-parameterized test when there is no OpenCL device.
#define OVCL_REQUIRE_DEVICE(device)                  \
    if ((device) == std::string("GPU")) {            \
        OVCL_REQUIRE_GPU();                          \
    }

/// The value at (n, y, x, c) of an NHWC tensor held as doubles.
struct Image {
    size_t n = 1, h = 0, w = 0, c = 0;
    std::vector<double> v;
    double at(size_t b, size_t y, size_t x, size_t ch) const { return v[((b * h + y) * w + x) * c + ch]; }
    double& at(size_t b, size_t y, size_t x, size_t ch) { return v[((b * h + y) * w + x) * c + ch]; }
};

inline Image image_of(const Tensor& nhwc) {
    const Shape s = nhwc.get_shape();
    return Image{s[0], s[1], s[2], s[3], values(nhwc)};
}

/// OpenVINO's half_pixel source coordinate of output index `o` for a resize `in` -> `out`.
inline double half_pixel(size_t o, size_t in, size_t out) {
    return (static_cast<double>(o) + 0.5) * static_cast<double>(in) / static_cast<double>(out) - 0.5;
}

/// Bilinear resize (Interpolate "linear", half_pixel, no antialias: taps outside the image drop out and the
/// rest renormalize, which for two taps is the edge value): written out per output pixel.
inline Image resize_linear(const Image& a, size_t oh, size_t ow) {
    Image r{a.n, oh, ow, a.c, std::vector<double>(a.n * oh * ow * a.c)};
    const auto taps = [](double x, size_t len, size_t& i0, size_t& i1, double& f) {
        x = std::min(std::max(x, 0.0), static_cast<double>(len - 1));
        i0 = static_cast<size_t>(std::floor(x));
        i1 = std::min(i0 + 1, len - 1);
        f = x - static_cast<double>(i0);
    };
    for (size_t b = 0; b < a.n; ++b)
        for (size_t y = 0; y < oh; ++y)
            for (size_t x = 0; x < ow; ++x)
                for (size_t ch = 0; ch < a.c; ++ch) {
                    size_t y0, y1, x0, x1;
                    double fy, fx;
                    taps(half_pixel(y, a.h, oh), a.h, y0, y1, fy);
                    taps(half_pixel(x, a.w, ow), a.w, x0, x1, fx);
                    const double top = a.at(b, y0, x0, ch) * (1 - fx) + a.at(b, y0, x1, ch) * fx;
                    const double bottom = a.at(b, y1, x0, ch) * (1 - fx) + a.at(b, y1, x1, ch) * fx;
                    r.at(b, y, x, ch) = top * (1 - fy) + bottom * fy;
                }
    return r;
}

/// Nearest resize (half_pixel, round_prefer_floor: a .5 fraction goes down), clamped into the image.
inline Image resize_nearest(const Image& a, size_t oh, size_t ow) {
    Image r{a.n, oh, ow, a.c, std::vector<double>(a.n * oh * ow * a.c)};
    const auto pick = [](double x, size_t len) {
        const double fl = std::floor(x);
        const double rounded = x - fl == 0.5 ? fl : std::round(x);
        return static_cast<size_t>(std::min(std::max(rounded, 0.0), static_cast<double>(len - 1)));
    };
    for (size_t b = 0; b < a.n; ++b)
        for (size_t y = 0; y < oh; ++y)
            for (size_t x = 0; x < ow; ++x)
                for (size_t ch = 0; ch < a.c; ++ch)
                    r.at(b, y, x, ch) = a.at(b, pick(half_pixel(y, a.h, oh), a.h), pick(half_pixel(x, a.w, ow), a.w), ch);
    return r;
}

/// NV12 -> RGB (or BGR) as OpenVINO's NV12toRGB: BT.601 video range, clamped to [0, 255], rounded half to
/// even for u8 (as OpenVINO CPU does).
/// `y`: [N, H, W] luma; `uv`: [N, H/2, W/2, 2] interleaved U, V.
inline Image nv12_to_rgb(const std::vector<double>& y, const std::vector<double>& uv, size_t n, size_t h, size_t w,
                         bool bgr, bool round_u8) {
    Image r{n, h, w, 3, std::vector<double>(n * h * w * 3)};
    for (size_t b = 0; b < n; ++b)
        for (size_t i = 0; i < h; ++i)
            for (size_t j = 0; j < w; ++j) {
                const size_t ui = ((b * (h / 2) + i / 2) * (w / 2) + j / 2) * 2;
                const float c = static_cast<float>(y[(b * h + i) * w + j]) - 16.f;
                const float d = static_cast<float>(uv[ui]) - 128.f;
                const float e = static_cast<float>(uv[ui + 1]) - 128.f;
                const auto clip = [&](float a) {
                    const float v = std::min(std::max(a, 0.f), 255.f);
                    return static_cast<double>(round_u8 ? std::nearbyint(v) : v);
                };
                const double red = clip(1.164f * c + 1.596f * e);
                const double green = clip(1.164f * c - 0.391f * d - 0.813f * e);
                const double blue = clip(1.164f * c + 2.018f * d);
                r.at(b, i, j, 0) = bgr ? blue : red;
                r.at(b, i, j, 1) = green;
                r.at(b, i, j, 2) = bgr ? red : blue;
            }
    return r;
}

/// An NHWC image as a tensor of `type`, or transposed to NCHW.
inline Tensor tensor_of(const Image& a, element::Type type, bool nchw) {
    Shape s = nchw ? Shape{a.n, a.c, a.h, a.w} : Shape{a.n, a.h, a.w, a.c};
    std::vector<double> v(a.v.size());
    for (size_t b = 0; b < a.n; ++b)
        for (size_t y = 0; y < a.h; ++y)
            for (size_t x = 0; x < a.w; ++x)
                for (size_t ch = 0; ch < a.c; ++ch)
                    v[nchw ? ((b * a.c + ch) * a.h + y) * a.w + x : ((b * a.h + y) * a.w + x) * a.c + ch] =
                        a.at(b, y, x, ch);
    return make_tensor(type, s, v);
}

/// Random u8 values in [lo, hi] as a tensor.
inline Tensor random_u8(const Shape& shape, uint32_t seed, double lo = 0, double hi = 255) {
    return random_tensor(element::u8, shape, lo, hi, seed);
}

/// The message of the ovcl::InvalidArgument `f` throws (fails the test when it throws nothing or another type).
template <typename F>
std::string error_of(F&& f) {
    try {
        f();
    } catch (const InvalidArgument& e) {
        return e.what();
    } catch (const std::exception& e) {
        ADD_FAILURE() << "expected InvalidArgument, got: " << e.what();
        return e.what();
    }
    ADD_FAILURE() << "expected InvalidArgument, nothing was thrown";
    return "";
}

inline const std::vector<std::string> kDevices{"REF", "GPU"};

}  // namespace test
}  // namespace ovcl
