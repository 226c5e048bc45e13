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

/// DFT-7 and IDFT-7: (data [.., 2] real, axes 1-D, optional signal_size 1-D): data with the transformed axes
/// resized to the signal sizes.
Outputs dft(const Node& node, const Inputs& in);
/// RDFT-9: (real data, axes, optional signal_size): [.., 2], the last transformed axis n / 2 + 1.
Outputs rdft(const Node& node, const Inputs& in);
/// IRDFT-9: (data [.., 2], axes, optional signal_size): real, the last transformed axis 2 * (n - 1) unless given.
Outputs irdft(const Node& node, const Inputs& in);

/// STFT-15: (signal [L] or [B, L], window [W], frame_size, frame_step scalars; transpose_frames):
/// [B?, frames, frame_size / 2 + 1, 2], or [B?, frame_size / 2 + 1, frames, 2] transposed.
Outputs stft(const Node& node, const Inputs& in);
/// ISTFT-16: (data [B?, frame_size / 2 + 1, frames, 2], window, frame_size, frame_step, optional signal_length;
/// center, normalized): [B?, signal_length].
Outputs istft(const Node& node, const Inputs& in);
}  // namespace shape_infer
}  // namespace ovcl
