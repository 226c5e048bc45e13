#include "host_ref/color_convert.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace ovcl {
namespace host_ref {

namespace {

// Reads the planes of each image as f32, converts, and stores [N, H, W, 3] in the output's type.
void convert(const Node& node, const TensorVector& in, TensorVector& out, bool i420, bool bgr) {
    const element::Type type = out.at(0).get_element_type();
    if (type != element::u8 && type != element::f32 && type != element::f16)
        raise<NotImplemented>(node.describe(), ": the host reference supports u8, f16 and f32, not ", type);
    const Shape& os = out[0].get_shape();
    const size_t batch = os[0], h = os[1], w = os[2], luma = h * w, chroma = luma / 4;
    std::vector<std::vector<float>> planes;
    for (const Tensor& t : in) {
        const Tensor f = to_f32(t);
        planes.emplace_back(f.data<const float>(), f.data<const float>() + f.get_size());
    }
    // Per image: where Y, U and V start and how far apart the U (and V) samples are.
    const auto image = [&](size_t n, const float*& y, const float*& u, const float*& v, size_t& step) {
        if (planes.size() == 1) {  // [N, H * 3 / 2, W, 1]: Y, then interleaved UV (NV12) or U then V (I420)
            y = planes[0].data() + n * (luma + 2 * chroma);
            u = y + luma;
            v = i420 ? u + chroma : u + 1;
        } else {
            y = planes[0].data() + n * luma;
            u = planes[1].data() + n * chroma * (i420 ? 1 : 2);
            v = i420 ? planes.at(2).data() + n * chroma : u + 1;
        }
        step = i420 ? 1 : 2;
    };
    std::vector<float> rgb(batch * luma * 3);
    for (size_t n = 0; n < batch; ++n) {
        const float *y = nullptr, *u = nullptr, *v = nullptr;
        size_t step = 1;
        image(n, y, u, v, step);
        for (size_t r = 0; r < h; ++r)
            for (size_t c = 0; c < w; ++c) {
                const size_t k = (r / 2 * (w / 2) + c / 2) * step;
                const float yc = y[r * w + c] - Yuv420::kLumaOffset;
                const float uc = u[k] - Yuv420::kChromaOffset, vc = v[k] - Yuv420::kChromaOffset;
                float* dst = rgb.data() + ((n * h + r) * w + c) * 3;
                for (size_t ch = 0; ch < 3; ++ch) {
                    const float value = Yuv420::kLuma * yc + Yuv420::kU[ch] * uc + Yuv420::kV[ch] * vc;
                    dst[bgr ? 2 - ch : ch] = std::min(std::max(value, 0.0f), 255.0f);
                }
            }
    }
    if (type == element::u8) {
        auto* d = out[0].data<uint8_t>();
        for (size_t i = 0; i < rgb.size(); ++i)
            d[i] = static_cast<uint8_t>(std::nearbyint(rgb[i]));
        return;
    }
    Tensor f32(element::f32, os);
    std::copy(rgb.begin(), rgb.end(), f32.data<float>());
    from_f32(f32, out[0]);
}

}  // namespace

void nv12_to_rgb(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    convert(node, in, out, false, false);
}
void nv12_to_bgr(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    convert(node, in, out, false, true);
}
void i420_to_rgb(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    convert(node, in, out, true, false);
}
void i420_to_bgr(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    convert(node, in, out, true, true);
}

}  // namespace host_ref
}  // namespace ovcl
