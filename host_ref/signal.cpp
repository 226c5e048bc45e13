#include "host_ref/signal.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

#include "host_ref/unary.hpp"
#include "shape_infer/signal_infer.hpp"

namespace ovcl {
namespace host_ref {
namespace signal_detail {

namespace {
constexpr double kTwoPi = 6.283185307179586476925286766559;
}  // namespace

ComplexTensor read_complex(const Tensor& t) {
    const auto v = to_f64(t);
    ComplexTensor c{t.get_shape(), std::vector<Complex>(v.size() / 2)};
    c.shape.pop_back();
    for (size_t i = 0; i < c.v.size(); ++i)
        c.v[i] = Complex(v[2 * i], v[2 * i + 1]);
    return c;
}

ComplexTensor read_real(const Tensor& t) {
    const auto v = to_f64(t);
    return {t.get_shape(), std::vector<Complex>(v.begin(), v.end())};
}

ComplexTensor dft_axis(const ComplexTensor& in, size_t axis, size_t length, size_t bins, int sign) {
    const auto [outer, inner] = outer_inner(in.shape, axis);
    const size_t extent = in.shape[axis], used = std::min(extent, length);
    ComplexTensor out{in.shape, {}};
    out.shape[axis] = bins;
    out.v.assign(outer * bins * inner, Complex());
    // Twiddles indexed by k * t mod length: exact angles however long the axis.
    std::vector<Complex> w(length);
    for (size_t m = 0; m < length; ++m)
        w[m] = std::polar(1.0, sign * kTwoPi * static_cast<double>(m) / static_cast<double>(length));
    for (size_t o = 0; o < outer; ++o)
        for (size_t k = 0; k < bins; ++k) {
            Complex* dst = out.v.data() + (o * bins + k) * inner;
            for (size_t t = 0, m = 0; t < used; ++t, m = (m + k) % length) {
                const Complex* src = in.v.data() + (o * extent + t) * inner;
                for (size_t i = 0; i < inner; ++i)
                    dst[i] += src[i] * w[m];
            }
        }
    return out;
}

ComplexTensor hermitian_axis(const ComplexTensor& in, size_t axis, size_t length) {
    const auto [outer, inner] = outer_inner(in.shape, axis);
    const size_t extent = in.shape[axis];
    ComplexTensor out{in.shape, {}};
    out.shape[axis] = length;
    out.v.assign(outer * length * inner, Complex());
    for (size_t o = 0; o < outer; ++o)
        for (size_t k = 0; k < length; ++k) {
            const bool mirrored = k > length / 2;
            const size_t j = mirrored ? length - k : k;
            if (j >= extent)
                continue;
            const Complex* src = in.v.data() + (o * extent + j) * inner;
            Complex* dst = out.v.data() + (o * length + k) * inner;
            for (size_t i = 0; i < inner; ++i)
                dst[i] = mirrored ? std::conj(src[i]) : src[i];
        }
    return out;
}

void store(const std::vector<double>& values, Tensor& dst) {
    const size_t n = dst.get_size();
    OVCL_CHECK(values.size() >= n, Exception, "signal: ", values.size(), " values for ", n, " output elements");
    convert_elements(values.data(), element::f64, dst.data(), dst.get_element_type(), n);
}

}  // namespace signal_detail

namespace {
using namespace signal_detail;
using shape_infer::FftKind;

// The DFT family: each named axis in the order given, the halved one (the last) of RDFT on the way in and of
// IRDFT on the way out; IRDFT transforms the other axes first, as the Hermitian extension needs.
void fourier(const Node& node, const TensorVector& in, TensorVector& out, FftKind kind, bool inverse) {
    const bool has_size = in.size() > 2;
    const auto size = has_size ? std::optional<std::vector<int64_t>>(to_i64(in[2])) : std::nullopt;
    const auto plan = shape_infer::fft_plan(node, kind, PartialShape(in.at(0).get_shape()), to_i64(in.at(1)), size,
                                            has_size);
    ComplexTensor c = kind == FftKind::real_to_complex ? read_real(in[0]) : read_complex(in[0]);
    double volume = 1;
    for (size_t i = 0; i < plan.axes.size(); ++i) {
        const auto axis = static_cast<size_t>(plan.axes[i]);
        const auto length = static_cast<size_t>(plan.lengths[i].get_length());
        const bool last = i + 1 == plan.axes.size();
        if (last && kind == FftKind::complex_to_real)
            c = hermitian_axis(c, axis, length);
        size_t bins = length;
        if (last && kind == FftKind::real_to_complex)
            bins = static_cast<size_t>(shape_infer::rdft_bins(static_cast<int64_t>(length)));
        c = dft_axis(c, axis, length, bins, inverse ? 1 : -1);
        volume *= static_cast<double>(length);
    }
    const double scale = inverse && volume > 0 ? 1.0 / volume : 1.0;
    const bool real_out = kind == FftKind::complex_to_real;
    std::vector<double> values(c.v.size() * (real_out ? 1 : 2));
    for (size_t i = 0; i < c.v.size(); ++i) {
        if (real_out) {
            values[i] = c.v[i].real() * scale;
        } else {
            values[2 * i] = c.v[i].real() * scale;
            values[2 * i + 1] = c.v[i].imag() * scale;
        }
    }
    store(values, out.at(0));
}
}  // namespace

void dft(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    fourier(node, in, out, FftKind::complex, false);
}
void idft(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    fourier(node, in, out, FftKind::complex, true);
}
void rdft(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    fourier(node, in, out, FftKind::real_to_complex, false);
}
void irdft(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    fourier(node, in, out, FftKind::complex_to_real, true);
}

}  // namespace host_ref
}  // namespace ovcl
