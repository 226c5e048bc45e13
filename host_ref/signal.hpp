// Host reference kernels of the signal-processing ops (DFT-7, IDFT-7, RDFT-9, IRDFT-9, STFT-15, ISTFT-16).
// Complex tensors carry a trailing axis of 2 (real, imaginary). Each transformed axis is a direct sum in
// double, O(n * N) for n output elements and N points on the axis (an FFT is a later optimisation); f16 and
// f32 are read and written in their own type. IDFT and IRDFT divide by the product of the transform lengths;
// STFT centres a short window in its frame; ISTFT overlap-adds the windowed inverse transforms and divides
// by the sum of the squared windows (0 where that is 0), times sqrt(frame_size) when normalized.
// Where OpenVINO 2026.4 CPU deviates, this follows the specification:
//  - RDFT zero-pads an axis whose signal_size exceeds the data (CPU refuses), and takes -1 as "keep" (CPU
//    fails to compile RDFT and IRDFT with a -1 signal_size);
//  - IRDFT zero-pads a half spectrum shorter than its signal_size needs (CPU reads the next row's values);
//  - ISTFT's signal_length 0 gives an empty signal (CPU crashes); a negative one and data without frames are
//    refused; the data's last axis must be 2 (CPU shape inference does not check it).
#pragma once

#include <complex>
#include <vector>

#include "host_ref/ref_utils.hpp"

namespace ovcl {
namespace host_ref {

namespace signal_detail {
using Complex = std::complex<double>;
/// Dense complex values in C order over `shape` (the complex axis of 2 left out).
struct ComplexTensor {
    Shape shape;
    std::vector<Complex> v;
};
/// A complex tensor [.., 2] as complex values, or a real tensor as complex values with no imaginary part.
ComplexTensor read_complex(const Tensor& t);
ComplexTensor read_real(const Tensor& t);
/// out[.., k, ..] = sum over t < min(extent, length) of in[.., t, ..] * exp(sign * 2 pi i k t / length) for
/// k < bins: the input cropped or zero-padded to `length` points, the first `bins` of the transform.
ComplexTensor dft_axis(const ComplexTensor& in, size_t axis, size_t length, size_t bins, int sign);
/// The full spectrum of `length` points along `axis` from its first half (k <= length / 2, zero past the
/// input's extent): the rest are the conjugates of their mirrors, so its inverse transform is real.
ComplexTensor hermitian_axis(const ComplexTensor& in, size_t axis, size_t length);
/// Writes double values into dst (as many as it holds), converting to its element type.
void store(const std::vector<double>& values, Tensor& dst);
}  // namespace signal_detail
}  // namespace host_ref
}  // namespace ovcl
