// Host reference of BinaryConvolution-1 (mode xnor-popcount): each output is 2 * P - B, where B counts the
// taps of the window (over channels and kernel) and P those whose data bit equals the filter bit; in real
// terms, the sum over the taps of (+1 or -1) * (+1 or -1). Filter bits are the boolean filter (an IR's u1
// constant, unpacked by the reader). Outputs are integers, exact in f32 and f16 (|y| <= C * KH * KW).
// Follows OpenVINO CPU, which deviates from the specification's 0/1 inputs:
//  - a data value is bit 1 when it is > 0, else bit 0 (NaN too); the specification's reference compares
//    the value with 0 and 1, so that e.g. 0.5 matches neither bit;
//  - padded taps: pad_value 1 is bit 1, pad_value 0 leaves padded taps out of the sum (they count in
//    neither P nor B, like zero padding of the +-1 values), any other pad_value is bit 0 (the reference:
//    0 is bit 0, values other than 0 and 1 match neither bit).
// OpenVINO CPU gives wrong, even run-to-run varying, results when C is not a multiple of 8; ovcl computes
// every C by the rules above.
#include "host_ref/ref_utils.hpp"

#include <vector>

#include "shape_infer/binary_conv_infer.hpp"
#include "shape_infer/convolution_infer.hpp"

namespace ovcl {
namespace host_ref {

namespace {
// What a padded tap contributes: as a bit (0 or 1), or nothing at all.
enum class PadTap { Zero, One, Excluded };

PadTap pad_tap(const Node& node) {
    const auto v = node.get_attr<float>("pad_value");  // a float attribute, as in OpenVINO
    return v == 1.0f ? PadTap::One : v == 0.0f ? PadTap::Excluded : PadTap::Zero;
}
}  // namespace

void binary_convolution(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    shape_infer::check_binary_conv_mode(node);
    const Tensor& x = in.at(0);
    const Tensor& f = in.at(1);
    Tensor& y = out.at(0);
    if (!x.get_element_type().is_real() || y.get_element_type() != x.get_element_type())
        raise<NotImplemented>(node.describe(), ": the host reference supports real data, not ", x.get_element_type());
    if (f.get_element_type() != element::boolean)
        raise<ModelError>(node.describe(), ": the filter must be boolean (u1), not ", f.get_element_type());
    const Shape& ds = x.get_shape();
    const Shape& fs = f.get_shape();
    const auto win = shape_infer::convolution_window(node, ds, fs);
    if (ds.size() != 4 || fs.size() != 4 || fs[1] != ds[1])
        raise<ModelError>(node.describe(), ": data ", ds, " does not match filter ", fs);
    const Shape expected{ds[0], fs[0], static_cast<size_t>(win.output[0]), static_cast<size_t>(win.output[1])};
    if (y.get_shape() != expected)
        raise<Exception>(node.describe(), ": output tensor has shape ", y.get_shape(), ", expected ", expected);

    const std::vector<double> xv = to_f64(x);
    const std::vector<int64_t> fv = to_i64(f);
    const PadTap pad = pad_tap(node);
    const size_t N = ds[0], C = ds[1], O = fs[0], KH = fs[2], KW = fs[3];
    const auto H = static_cast<int64_t>(ds[2]), W = static_cast<int64_t>(ds[3]);
    const auto OH = static_cast<size_t>(win.output[0]), OW = static_cast<size_t>(win.output[1]);
    Tensor yf(element::f32, expected);
    float* yp = yf.data<float>();
    for (size_t n = 0; n < N; ++n)
        for (size_t o = 0; o < O; ++o)
            for (size_t oh = 0; oh < OH; ++oh)
                for (size_t ow = 0; ow < OW; ++ow) {
                    int64_t sum = 0;  // +1 per matching tap, -1 per other tap
                    for (size_t c = 0; c < C; ++c)
                        for (size_t kh = 0; kh < KH; ++kh)
                            for (size_t kw = 0; kw < KW; ++kw) {
                                const int64_t ih = static_cast<int64_t>(oh) * win.strides[0] - win.pads_begin[0] +
                                                   static_cast<int64_t>(kh) * win.dilations[0];
                                const int64_t iw = static_cast<int64_t>(ow) * win.strides[1] - win.pads_begin[1] +
                                                   static_cast<int64_t>(kw) * win.dilations[1];
                                bool bit = false;
                                if (ih >= 0 && ih < H && iw >= 0 && iw < W) {
                                    bit = xv[((n * C + c) * ds[2] + static_cast<size_t>(ih)) * ds[3] +
                                             static_cast<size_t>(iw)] > 0;
                                } else if (pad == PadTap::Excluded) {
                                    continue;
                                } else {
                                    bit = pad == PadTap::One;
                                }
                                const bool w = fv[((o * C + c) * KH + kh) * KW + kw] != 0;
                                sum += bit == w ? 1 : -1;
                            }
                    yp[((n * O + o) * OH + oh) * OW + ow] = static_cast<float>(sum);
                }
    from_f32(yf, y);
}

}  // namespace host_ref
}  // namespace ovcl
