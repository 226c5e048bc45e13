// Host reference kernels of DeformableConvolution-1 and -8. Output (n, o, y, x) sums, over the input channels
// of o's group and the taps (i, j), filter[o, c, i, j] * mask * data[n, c] sampled at
// (y * stride - pad + i * dilation + dy, x * stride - pad + j * dilation + dx), where (dy, dx) are the offsets
// of the channel's deformable group for that tap (channels 2 * tap and 2 * tap + 1) and the mask is 1 without
// the mask input. Sampling is bilinear. With bilinear_interpolation_pad a point inside (-1, H) x (-1, W)
// interpolates with zeros beyond the edge; without it (and in v1) a point outside [0, H) x [0, W) reads zero and
// one inside takes its far neighbours clamped to the edge (so the last row and column repeat) - what OpenVINO
// CPU does; the specification only says the values outside are zeros. Computed in double; f16/f32/f64.
#include "host_ref/ref_utils.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "host_ref/unary.hpp"
#include "shape_infer/convolution_infer.hpp"
#include "shape_infer/deformable_conv_infer.hpp"

namespace ovcl {
namespace host_ref {

namespace {

// Bilinear sample of one [h, w] plane at (y, x); `pad`: bilinear_interpolation_pad (see the header).
double sample(const double* plane, int64_t h, int64_t w, double y, double x, bool pad) {
    if (pad ? (y <= -1 || y >= static_cast<double>(h) || x <= -1 || x >= static_cast<double>(w))
            : !(y >= 0 && y < static_cast<double>(h) && x >= 0 && x < static_cast<double>(w)))
        return 0.0;
    const double fy = std::floor(y), fx = std::floor(x), dy = y - fy, dx = x - fx;
    const auto y0 = static_cast<int64_t>(fy), x0 = static_cast<int64_t>(fx);
    const auto at = [&](int64_t r, int64_t c) {
        if (!pad) {
            r = std::min(r, h - 1);
            c = std::min(c, w - 1);
        }
        return r < 0 || r >= h || c < 0 || c >= w ? 0.0 : plane[r * w + c];
    };
    return (1 - dy) * ((1 - dx) * at(y0, x0) + dx * at(y0, x0 + 1)) +
           dy * ((1 - dx) * at(y0 + 1, x0) + dx * at(y0 + 1, x0 + 1));
}

void run(const Node& node, const TensorVector& in, TensorVector& out, bool v8) {
    for (const Tensor& t : in)
        if (!t.get_element_type().is_real())
            raise<NotImplemented>(node.describe(), ": the host reference supports real types, not ",
                                  t.get_element_type());
    const Shape& ds = in.at(0).get_shape();
    const Shape& fs = in.at(2).get_shape();
    const auto win = shape_infer::convolution_window(node, ds, fs);
    const auto groups = shape_infer::deformable_groups(node);
    const bool pad = v8 && node.get_attr<bool>("bilinear_interpolation_pad", false);
    const bool masked = in.size() > 3;
    const auto x = to_f64(in[0]), offsets = to_f64(in[1]), filter = to_f64(in[2]);
    const std::vector<double> mask = masked ? to_f64(in[3]) : std::vector<double>{};
    const auto H = static_cast<int64_t>(ds[2]), W = static_cast<int64_t>(ds[3]);
    const size_t batch = ds[0], channels = ds[1], outs = fs[0], group_in = fs[1], kh = fs[2], kw = fs[3];
    const size_t OH = static_cast<size_t>(win.output[0]), OW = static_cast<size_t>(win.output[1]);
    const size_t taps = kh * kw, plane = OH * OW;
    const size_t per_deformable = channels / static_cast<size_t>(groups.deformable);
    const size_t group_out = outs / static_cast<size_t>(groups.group);
    const size_t dg_count = static_cast<size_t>(groups.deformable);
    // Shape inference checked these; a mismatch here would read out of bounds.
    if (group_in * static_cast<size_t>(groups.group) != channels || channels % dg_count != 0 ||
        outs % static_cast<size_t>(groups.group) != 0 || offsets.size() != batch * dg_count * taps * 2 * plane ||
        (masked && mask.size() != batch * dg_count * taps * plane))
        raise<ModelError>(node.describe(), ": data ", ds, ", offsets ", in[1].get_shape(), " and filter ", fs,
                          " do not fit together");
    std::vector<double> y(batch * outs * plane, 0.0);
    for (size_t n = 0; n < batch; ++n)
        for (size_t o = 0; o < outs; ++o)
            for (size_t ci = 0; ci < group_in; ++ci) {
                const size_t c = o / group_out * group_in + ci, dg = c / per_deformable;
                const double* image = x.data() + (n * channels + c) * static_cast<size_t>(H * W);
                for (size_t t = 0; t < taps; ++t) {
                    const double wv = filter[(o * group_in + ci) * taps + t];
                    const size_t i = t / kw, j = t % kw;
                    const double* dyx = offsets.data() + ((n * dg_count + dg) * taps + t) * 2 * plane;
                    const double* m = masked ? mask.data() + ((n * dg_count + dg) * taps + t) * plane : nullptr;
                    for (size_t p = 0; p < plane; ++p) {
                        const auto oy = static_cast<int64_t>(p / OW), ox = static_cast<int64_t>(p % OW);
                        const double sy = static_cast<double>(oy * win.strides[0] - win.pads_begin[0] +
                                                              static_cast<int64_t>(i) * win.dilations[0]) +
                                          dyx[p];
                        const double sx = static_cast<double>(ox * win.strides[1] - win.pads_begin[1] +
                                                              static_cast<int64_t>(j) * win.dilations[1]) +
                                          dyx[plane + p];
                        y[(n * outs + o) * plane + p] += wv * sample(image, H, W, sy, sx, pad) * (m ? m[p] : 1.0);
                    }
                }
            }
    Tensor f64(element::f64, out.at(0).get_shape());
    std::copy(y.begin(), y.end(), f64.data<double>());
    convert_elements(f64.data(), element::f64, out[0].data(), out[0].get_element_type(), y.size());
}

}  // namespace

void deformable_convolution(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    run(node, in, out, false);
}

void deformable_convolution_v8(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    run(node, in, out, true);
}

}  // namespace host_ref
}  // namespace ovcl
