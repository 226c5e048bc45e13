// The ops each pre/post-processing step inserts (ordinary registry ops, so every device runs them).
// Used by pre_post_process.cpp; color conversions live in color_convert.cpp.
#pragma once

#include <string>
#include <vector>

#include "ovcl/layout.hpp"
#include "ovcl/node.hpp"
#include "ovcl/preprocess/color_format.hpp"

namespace ovcl {
namespace preprocess {
namespace graph {

/// "input 'name' (#i)": how errors name a model port.
std::string port_label(const Output<Node>& port, const char* kind, size_t index);
/// The rank of `x`; throws InvalidArgument naming `where` when it is dynamic.
size_t rank_of(const Output<Node>& x, const std::string& where);
/// Transposes `x` (layout `from`) to layout `to`; errors name `where`.
Output<Node> to_layout(const Output<Node>& x, const Layout& from, const Layout& to, const std::string& where);

/// A 1-D i64 Constant.
Output<Node> i64s(const std::vector<int64_t>& values);
/// Convert to `type` (the port itself when it already has that type).
Output<Node> convert(const Output<Node>& x, element::Type type);
/// Transpose by `order` (the port itself for the identity).
Output<Node> transpose(const Output<Node>& x, const std::vector<int64_t>& order);
/// A numpy-broadcast binary op.
Output<Node> binary(const std::string& type, const Output<Node>& a, const Output<Node>& b);
/// A Constant of `x`'s type with `values` along axis `axis` of a rank-`rank` shape of ones ({1} for one value).
Output<Node> per_axis_constant(element::Type type, const std::vector<float>& values, size_t rank, size_t axis);
/// Gather-8 of `indices` along `axis`.
Output<Node> gather(const Output<Node>& x, const std::vector<int64_t>& indices, size_t axis);
/// Interpolate-11 of axes (h_axis, w_axis) to (height, width), OpenVINO's resize attributes (half_pixel,
/// round_prefer_floor, no antialias).
Output<Node> resize(const Output<Node>& x, ResizeAlgorithm algorithm, size_t h_axis, size_t w_axis, int64_t height,
              int64_t width);

/// NV12 -> RGB / BGR / GRAY as OpenVINO's NV12toRGB defines it (BT.601, video range):
/// c = y - 16, d = u - 128, e = v - 128; R = 1.164c + 1.596e, G = 1.164c - 0.391d - 0.813e,
/// B = 1.164c + 2.018d; clamped to [0, 255], rounded for integer types. `planes`: one [N, H*3/2, W, 1]
/// tensor or two ([N, H, W, 1], [N, H/2, W/2, 2]); the result is [N, H, W, 3] (GRAY: 1) of the planes' type.
/// `where` names the input and step in errors.
Output<Node> nv12_to(const OutputVector& planes, ColorFormat to, const std::string& where);

}  // namespace graph
}  // namespace preprocess
}  // namespace ovcl
