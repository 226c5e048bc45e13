// Shape and type inference of the signal-processing ops: the discrete Fourier transforms (DFT, IDFT, RDFT,
// IRDFT) and the short-time transforms (STFT, ISTFT). Complex tensors carry a trailing axis of 2 (real,
// imaginary); axes, signal sizes, frame sizes and steps are input values, read when known.
#pragma once

#include <optional>
#include <vector>

#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace shape_infer {

/// Which transform an FFT plan is for: they differ in how axes are counted and in the last axis' length.
enum class FftKind { complex, real_to_complex, complex_to_real };

/// The axes a DFT-family node transforms (normalised, in the order given; the last one is RDFT's and IRDFT's
/// halved axis) and the transform length along each: signal_size, or when it is absent or -1 the data's
/// extent (IRDFT's last axis: 2 * (extent - 1)). A length is dynamic when signal_size is given but unknown.
struct FftPlan {
    std::vector<int64_t> axes;
    std::vector<Dimension> lengths;
};
/// The bins RDFT keeps of n points on its halved axis: n / 2 + 1, and none of none (as OpenVINO).
inline int64_t rdft_bins(int64_t n) { return n == 0 ? 0 : n / 2 + 1; }
/// Validates axes against data (repeated, out of range, the complex axis, more axes than the rank allows)
/// and signal_size (one per axis, -1 or not negative); ModelError naming the node.
FftPlan fft_plan(const Node& node, FftKind kind, const PartialShape& data, const std::vector<int64_t>& axes,
                 const std::optional<std::vector<int64_t>>& signal_size, bool has_signal_size);

}  // namespace shape_infer
}  // namespace ovcl
