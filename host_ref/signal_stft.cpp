// STFT-15 and ISTFT-16 on the DFT helpers of signal.cpp.
#include <algorithm>
#include <cmath>

#include "host_ref/signal.hpp"
#include "ovcl/detail/checked_math.hpp"

namespace ovcl {
namespace host_ref {

namespace {
using namespace signal_detail;

// The window centred in a frame of `size` points (zeros either side).
std::vector<double> frame_window(const Tensor& window, size_t size) {
    const auto w = to_f64(window);
    std::vector<double> out(size, 0.0);
    std::copy(w.begin(), w.end(), out.begin() + static_cast<std::ptrdiff_t>((size - w.size()) / 2));
    return out;
}

std::pair<size_t, size_t> frame_of(const TensorVector& in) {
    return {static_cast<size_t>(to_i64(in.at(2)).at(0)), static_cast<size_t>(to_i64(in.at(3)).at(0))};
}
}  // namespace

void stft(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const auto [size, step] = frame_of(in);
    const Shape& s = in.at(0).get_shape();
    const size_t batch = s.size() == 2 ? s[0] : 1, length = s.back();
    const size_t frames = (length - size) / step + 1, bins = size / 2 + 1;
    const auto signal = to_f64(in[0]);
    const auto window = frame_window(in.at(1), size);
    ComplexTensor c{Shape{batch, frames, size}, std::vector<Complex>(batch * frames * size)};
    for (size_t b = 0; b < batch; ++b)
        for (size_t f = 0; f < frames; ++f)
            for (size_t t = 0; t < size; ++t)
                c.v[(b * frames + f) * size + t] = signal[b * length + f * step + t] * window[t];
    c = dft_axis(c, 2, size, bins, -1);
    const bool transpose = node.get_attr<bool>("transpose_frames");
    std::vector<double> values(c.v.size() * 2);
    for (size_t b = 0; b < batch; ++b)
        for (size_t f = 0; f < frames; ++f)
            for (size_t k = 0; k < bins; ++k) {
                const Complex v = c.v[(b * frames + f) * bins + k];
                const size_t o = transpose ? (b * bins + k) * frames + f : (b * frames + f) * bins + k;
                values[2 * o] = v.real();
                values[2 * o + 1] = v.imag();
            }
    store(values, out.at(0));
}

void istft(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const auto [size, step] = frame_of(in);
    ComplexTensor c = read_complex(in.at(0));  // [batch?, bins, frames]
    if (c.shape.size() == 2)
        c.shape.insert(c.shape.begin(), 1);
    const size_t batch = c.shape[0], bins = c.shape[1], frames = c.shape[2];
    // Each frame's spectrum [batch, frames, bins] to its real signal [batch, frames, size].
    ComplexTensor spectra{Shape{batch, frames, bins}, std::vector<Complex>(c.v.size())};
    for (size_t b = 0; b < batch; ++b)
        for (size_t k = 0; k < bins; ++k)
            for (size_t f = 0; f < frames; ++f)
                spectra.v[(b * frames + f) * bins + k] = c.v[(b * bins + k) * frames + f];
    const ComplexTensor signals = dft_axis(hermitian_axis(spectra, 2, size), 2, size, size, 1);
    const auto window = frame_window(in.at(1), size);

    const bool center = node.get_attr<bool>("center"), normalized = node.get_attr<bool>("normalized");
    const size_t full = checked::add(checked::mul(frames - 1, step), size), margin = center ? size / 2 : 0;
    const size_t length = out.at(0).get_shape().back();
    // Only the samples the output shows are overlap-added: a signal_length may cut a long signal short.
    const size_t limit = std::min(full, checked::add(margin, length));
    const double gain = (normalized ? std::sqrt(static_cast<double>(size)) : 1.0) / static_cast<double>(size);
    std::vector<double> values(batch * length, 0.0), sum(limit), norm(limit);
    for (size_t b = 0; b < batch; ++b) {
        std::fill(sum.begin(), sum.end(), 0.0);
        std::fill(norm.begin(), norm.end(), 0.0);
        for (size_t f = 0; f < frames && f * step < limit; ++f) {
            const Complex* frame = signals.v.data() + (b * frames + f) * size;
            for (size_t t = 0; t < size && f * step + t < limit; ++t) {
                sum[f * step + t] += frame[t].real() * window[t];
                norm[f * step + t] += window[t] * window[t];
            }
        }
        for (size_t i = 0; i + margin < limit; ++i)
            if (norm[i + margin] != 0)
                values[b * length + i] = sum[i + margin] * gain / norm[i + margin];
    }
    store(values, out.at(0));
}

}  // namespace host_ref
}  // namespace ovcl
