// Shape and type inference of the convolution ops, and the sliding-window geometry (effective pads and
// output extents for static shapes) that the host reference and the device kernels share with it, so the
// three can never disagree. The pooling family reuses the window helpers.
#pragma once

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace shape_infer {

enum class AutoPad { Explicit, Valid, SameUpper, SameLower };
/// The node's auto_pad attribute: explicit (also "notset", the default), valid, same_upper, same_lower.
AutoPad parse_auto_pad(const Node& node);

/// A per-spatial-axis integer attribute of `n` values, each >= min_value. A missing or empty attribute
/// gives n copies of `fallback`, or a ModelError when there is none (a required attribute).
std::vector<int64_t> spatial_attr(const Node& node, const std::string& name, size_t n,
                                  std::optional<int64_t> fallback, int64_t min_value);

/// Sliding-window geometry over static spatial extents (one entry per spatial axis).
struct Window {
    std::vector<int64_t> kernel, strides, dilations;
    std::vector<int64_t> pads_begin, pads_end;  ///< effective: auto_pad already applied
    std::vector<int64_t> output;                ///< output spatial extents
};

/// Integer division rounding towards minus / plus infinity (b > 0); neither can overflow.
inline int64_t floor_div(int64_t a, int64_t b) { return a / b - (a % b != 0 && a < 0 ? 1 : 0); }
inline int64_t ceil_div(int64_t a, int64_t b) { return a / b + (a % b != 0 && a > 0 ? 1 : 0); }
/// Extent of a kernel of k taps spaced d apart. Extents from attributes can be anything an IR says,
/// so the geometry's arithmetic is checked (checked_math.hpp): an overflow is a ModelError, not a wrap.
inline int64_t dilated(int64_t k, int64_t d) { return checked::add(checked::mul(checked::sub(k, int64_t{1}), d), int64_t{1}); }
/// in + pads_begin + pads_end, checked.
inline int64_t padded(int64_t in, int64_t pb, int64_t pe) { return checked::add(checked::add(in, pb), pe); }

/// Maps a dimension through a non-decreasing function of its extent (bounds map to bounds).
template <typename F>
Dimension map_dim(const Dimension& dim, F f) {
    if (dim.is_static())
        return Dimension(std::max<int64_t>(0, f(dim.get_length())));
    const int64_t lo = std::max<int64_t>(0, f(dim.get_min_length()));
    if (dim.get_max_length() == Dimension::inf)
        return Dimension(lo, Dimension::inf);
    return Dimension(lo, std::max(lo, f(dim.get_max_length())));
}

/// Convolution / GroupConvolution geometry for static data and filter shapes (kernel = trailing filter dims).
Window convolution_window(const Node& node, const Shape& data, const Shape& filter);
/// ConvolutionBackpropData geometry; output_shape: the values of input 3 when present. The output element
/// at spatial position y is element y + pads_begin of the full (unpadded) transposed convolution.
Window backprop_window(const Node& node, const Shape& data, const Shape& filter,
                       const std::optional<std::vector<int64_t>>& output_shape, bool grouped = false);

}  // namespace shape_infer
}  // namespace ovcl
