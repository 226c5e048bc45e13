#include "host_ref/convolution.hpp"

#include <algorithm>
#include <vector>

#include "shape_infer/convolution_infer.hpp"

namespace ovcl {
namespace host_ref {

namespace {

// dst[j] += w * src[j * stride] (StridedDst: dst[j * stride] += w * src[j]) for j in [0, n); the unit-stride
// case is split out so it vectorises.
template <bool StridedDst>
inline void axpy_strided(double* dst, const float* src, double w, int64_t n, int64_t stride) {
    if (stride == 1) {
        for (int64_t j = 0; j < n; ++j)
            dst[j] += w * src[j];
    } else if constexpr (StridedDst) {
        for (int64_t j = 0; j < n; ++j)
            dst[j * stride] += w * src[j];
    } else {
        for (int64_t j = 0; j < n; ++j)
            dst[j] += w * src[j * stride];
    }
}

// Walks the taps of the window with weights wp: for each tap and each row of the walked planes (extents `walk`)
// whose positions p meet the other planes (extents `reach`) at p * stride + tap offset, calls
// row(weight, walked row's first element, reached row's first element, length) on the run of the row that does.
template <typename Row>
void for_each_tap_row(const ConvGeometry& g, const size_t (&walk)[3], const size_t (&reach)[3], const float* wp,
                      Row&& row) {
    const auto WH = static_cast<int64_t>(walk[1]), WW = static_cast<int64_t>(walk[2]);
    const auto RH = static_cast<int64_t>(reach[1]), RW = static_cast<int64_t>(reach[2]);
    for (size_t kd = 0; kd < g.kernel[0]; ++kd) {
        const int64_t offd = static_cast<int64_t>(kd) * g.dilations[0] - g.pads_begin[0];
        const IndexRange rd =
            valid_range(offd, g.strides[0], static_cast<int64_t>(reach[0]), static_cast<int64_t>(walk[0]));
        for (size_t kh = 0; kh < g.kernel[1]; ++kh) {
            const int64_t offh = static_cast<int64_t>(kh) * g.dilations[1] - g.pads_begin[1];
            const IndexRange rh = valid_range(offh, g.strides[1], RH, WH);
            for (size_t kw = 0; kw < g.kernel[2]; ++kw) {
                const int64_t offw = static_cast<int64_t>(kw) * g.dilations[2] - g.pads_begin[2];
                const IndexRange rw = valid_range(offw, g.strides[2], RW, WW);
                const double wv = wp[(kd * g.kernel[1] + kh) * g.kernel[2] + kw];
                const int64_t r0 = rw.lo * g.strides[2] + offw;
                for (int64_t pd = rd.lo; pd < rd.hi; ++pd) {
                    const int64_t qd = pd * g.strides[0] + offd;
                    for (int64_t ph = rh.lo; ph < rh.hi; ++ph) {
                        const int64_t qh = ph * g.strides[1] + offh;
                        row(wv, (pd * WH + ph) * WW + rw.lo, (qd * RH + qh) * RW + r0, rw.hi - rw.lo);
                    }
                }
            }
        }
    }
}

// One output plane: the accumulated values as floats.
void store_plane(const std::vector<double>& acc, float* y) {
    for (size_t i = 0; i < acc.size(); ++i)
        y[i] = static_cast<float>(acc[i]);
}

ConvGeometry make_geometry(const Shape& data, const shape_infer::Window& win) {
    ConvGeometry g;
    g.batch = data[0];
    set_spatial_window(g, data, win);
    return g;
}

void check_real_types(const Node& node, const TensorVector& in, const TensorVector& out) {
    for (const Tensor* t : {&in.at(0), &in.at(1), &out.at(0)}) {
        const element::Type type = t->get_element_type();
        if (type != element::f32 && type != element::f16)
            raise<NotImplemented>(node.describe(), ": the host reference supports f32 and f16, not ", type);
    }
}

void check_output(const Node& node, const Tensor& y, const ConvGeometry& g, size_t channels) {
    Shape expected{g.batch, channels};
    const size_t n = y.get_shape().size() - 2;
    for (size_t i = 0; i < n; ++i)
        expected.push_back(g.out[3 - n + i]);
    if (y.get_shape() != expected)
        raise<Exception>(node.describe(), ": output tensor has shape ", y.get_shape(), ", expected ", expected);
}

// The geometry of a window whose filter is [G,] A, B, k.. (A, B: the output and input channels of a convolution,
// the input and output channels of a transposed one), checked against the data's channels and the output y.
ConvGeometry filter_geometry(const Node& node, const Shape& ds, const Shape& fs, const shape_infer::Window& win,
                             bool grouped, bool transposed, const Tensor& y) {
    ConvGeometry g = make_geometry(ds, win);
    const size_t a = grouped ? fs[1] : fs[0], b = grouped ? fs[2] : fs[1];
    g.groups = grouped ? fs[0] : 1;
    g.out_channels = transposed ? b : a;
    g.in_channels = transposed ? a : b;
    if (g.groups * g.in_channels != ds[1])
        raise<ModelError>(node.describe(), ": data ", ds, " does not match filter ", fs);
    check_output(node, y, g, g.groups * g.out_channels);
    return g;
}

// Converts to f32, runs the kernel and converts back; kernel(x, w, y) works on dense f32 buffers.
template <typename Kernel>
void run_f32(const TensorVector& in, TensorVector& out, Kernel&& kernel) {
    const Tensor x = to_f32(in[0]), w = to_f32(in[1]);
    Tensor& y = out[0];
    Tensor yf = y.get_element_type() == element::f32 ? y : Tensor(element::f32, y.get_shape());
    kernel(x.data<const float>(), w.data<const float>(), yf.data<float>());
    if (y.get_element_type() != element::f32)
        from_f32(yf, y);
}

void forward(const Node& node, const TensorVector& in, TensorVector& out, bool grouped) {
    check_real_types(node, in, out);
    const Shape& ds = in[0].get_shape();
    const Shape& fs = in[1].get_shape();
    const auto win = shape_infer::convolution_window(node, ds, fs);
    const ConvGeometry g = filter_geometry(node, ds, fs, win, grouped, false, out.at(0));
    run_f32(in, out, [&](const float* x, const float* w, float* y) { convolution_f32(x, w, y, g); });
}

// ConvolutionBackpropData (filter [C, O, k..]) and its grouped form (filter [G, C, O, k..]).
void backward(const Node& node, const TensorVector& in, TensorVector& out, bool grouped) {
    check_real_types(node, in, out);
    const Shape& ds = in[0].get_shape();
    const Shape& fs = in[1].get_shape();
    std::optional<std::vector<int64_t>> out_shape;
    if (in.size() > 2)
        out_shape = to_i64(in[2]);
    const auto win = shape_infer::backprop_window(node, ds, fs, out_shape, grouped);
    const ConvGeometry g = filter_geometry(node, ds, fs, win, grouped, true, out.at(0));
    run_f32(in, out, [&](const float* x, const float* w, float* y) { convolution_backprop_f32(x, w, y, g); });
}

}  // namespace

void convolution_f32(const float* x, const float* w, float* y, const ConvGeometry& g) {
    const size_t in_plane = volume(g.in), out_plane = volume(g.out), taps = volume(g.kernel);
    const size_t channels = g.groups * g.in_channels;
    std::vector<double> acc(out_plane);
    // Per output plane: for every input channel and tap, add the tap's weight times a shifted (strided)
    // input row to whole output rows, so the innermost loop runs over contiguous outputs.
    for (size_t n = 0; n < g.batch; ++n) {
        for (size_t grp = 0; grp < g.groups; ++grp) {
            for (size_t oc = 0; oc < g.out_channels; ++oc) {
                std::fill(acc.begin(), acc.end(), 0.0);
                const size_t o = grp * g.out_channels + oc;
                for (size_t ic = 0; ic < g.in_channels; ++ic) {
                    const float* xp = x + (n * channels + grp * g.in_channels + ic) * in_plane;
                    const float* wp = w + (o * g.in_channels + ic) * taps;
                    // Output rows walked, input rows reached.
                    for_each_tap_row(g, g.out, g.in, wp, [&](double wv, int64_t yr, int64_t xr, int64_t len) {
                        axpy_strided<false>(acc.data() + yr, xp + xr, wv, len, g.strides[2]);
                    });
                }
                store_plane(acc, y + (n * g.groups * g.out_channels + o) * out_plane);
            }
        }
    }
}

void convolution_backprop_f32(const float* x, const float* w, float* y, const ConvGeometry& g) {
    const size_t in_plane = volume(g.in), out_plane = volume(g.out), taps = volume(g.kernel);
    std::vector<double> acc(out_plane);
    // Scatter form: each input row times a tap's weight lands on an output row with the stride applied to
    // the output; the innermost loop runs over contiguous inputs.
    for (size_t n = 0; n < g.batch; ++n) {
        for (size_t o = 0; o < g.groups * g.out_channels; ++o) {
            const size_t grp = o / g.out_channels, oc = o % g.out_channels;
            std::fill(acc.begin(), acc.end(), 0.0);
            for (size_t ic = grp * g.in_channels; ic < (grp + 1) * g.in_channels; ++ic) {
                const float* xp = x + (n * g.groups * g.in_channels + ic) * in_plane;
                const float* wp = w + (ic * g.out_channels + oc) * taps;
                // Input rows walked, output rows reached.
                for_each_tap_row(g, g.in, g.out, wp, [&](double wv, int64_t xr, int64_t yr, int64_t len) {
                    axpy_strided<true>(acc.data() + yr, xp + xr, wv, len, g.strides[2]);
                });
            }
            store_plane(acc, y + (n * g.groups * g.out_channels + o) * out_plane);
        }
    }
}

void convolution(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    forward(node, in, out, false);
}

void group_convolution(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    forward(node, in, out, true);
}

void convolution_backprop_data(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    backward(node, in, out, false);
}

void group_convolution_backprop_data(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    backward(node, in, out, true);
}

}  // namespace host_ref
}  // namespace ovcl
