// Host reference kernels of the interpolate ops (Interpolate-4 and Interpolate-11).
#pragma once

#include <cstddef>
#include <vector>

#include "host_ref/ref_utils.hpp"
#include "shape_infer/interpolate_infer.hpp"

namespace ovcl {
namespace host_ref {

/// One source element of an output coordinate along one axis, with its weight.
struct InterpolateTap {
    size_t index;
    float weight;
};
/// For every output coordinate of one axis, the source taps that make it.
using InterpolateAxisTaps = std::vector<std::vector<InterpolateTap>>;

/// The taps of one interpolated axis (every mode but nearest): `in_len` is the padded input
/// extent, `scale` the axis's scale (given, or out_len / in_len in sizes mode) and `aa` the
/// linear mode's antialias factor (1 when off).
InterpolateAxisTaps interpolate_taps(const shape_infer::InterpolateAttrs& attrs, size_t in_len, size_t out_len,
                                     float scale, float aa);
/// The source index of every output coordinate of one axis in nearest mode.
std::vector<size_t> interpolate_nearest_map(const shape_infer::InterpolateAttrs& attrs, size_t in_len,
                                            size_t out_len, float scale);

}  // namespace host_ref
}  // namespace ovcl
