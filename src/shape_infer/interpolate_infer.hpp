// Shape and type inference of the interpolate ops (Interpolate-1, Interpolate-4 and Interpolate-11), and the
// parsed attributes that the host reference and device classes share with it.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace shape_infer {

/// Interpolate attributes as OpenVINO IR spells them, validated against the node's version.
struct InterpolateAttrs {
    enum class Mode { nearest, linear, linear_onnx, cubic, bilinear_pillow, bicubic_pillow };
    enum class Coord { half_pixel, pytorch_half_pixel, asymmetric, tf_half_pixel_for_nn, align_corners };
    enum class Nearest { round_prefer_floor, round_prefer_ceil, floor, ceil, simple };

    Mode mode = Mode::nearest;
    bool use_scales = false;  ///< shape_calculation_mode == "scales"
    Coord coord = Coord::half_pixel;
    Nearest nearest = Nearest::round_prefer_floor;
    bool antialias = false;
    double cube_coeff = -0.75;
    std::vector<int64_t> pads_begin;  ///< as given (resized to the rank by pads_for_rank)
    std::vector<int64_t> pads_end;

    /// Input ports: v4 is (data, sizes, scales[, axes]); v11 is (data, scales_or_sizes[, axes]).
    static size_t sizes_port() { return 1; }
    static size_t scales_port(const Node& node) { return node.get_version() >= 11 ? 1 : 2; }
    static size_t axes_port(const Node& node) { return node.get_version() >= 11 ? 2 : 3; }
};

/// Interpolate-1's attributes as the Interpolate-4/11 ones that compute it, but for the pads, which
/// interpolate_attrs reads for every version (interpolate_v1_infer.cpp).
InterpolateAttrs interpolate_v1_attrs(const Node& node);
/// Interpolate-1's axes attribute, checked and in ascending order (the order its sizes are taken in).
std::vector<int64_t> interpolate_v1_axes(const Node& node, size_t rank);
/// Parses and checks every Interpolate attribute; throws ModelError naming the node.
InterpolateAttrs interpolate_attrs(const Node& node);
/// pads resized to `rank` as OpenVINO does: cut when longer, zero-filled when shorter.
std::vector<int64_t> pads_for_rank(const std::vector<int64_t>& pads, size_t rank);
/// The interpolated axes: the axes input's value (checked: in [0, rank), no repeats), or
/// 0..rank-1 when the op has no axes input. nullopt when the axes input's value is unknown.
std::optional<std::vector<int64_t>> interpolate_axes(const Node& node, const Inputs& in, size_t rank);
/// The output extent of an axis of padded length `len` for a scale, as OpenVINO computes it.
int64_t interpolate_scaled_dim(int64_t len, float scale);

}  // namespace shape_infer
}  // namespace ovcl
