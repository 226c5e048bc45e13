// The geometry of an Interpolate node as the kernels of kernels_cl/interpolate.cl see it: the tensor folded
// into [outer, A0, A1, A2, A3, inner], with the taps (source offsets and weights) of every output coordinate
// of the tabled axes A0..A3, taken from host_ref's own per-axis maps.
#pragma once

#include <string>
#include <vector>

#include "ovcl/node.hpp"

namespace ovcl {
namespace gpu {
namespace interpolate {

constexpr size_t kTabled = 4;    ///< A0..A3
constexpr size_t kMaxTaps = 32;  ///< taps per output along one axis

/// One source element of an output coordinate along a tabled axis.
struct Tap {
    int64_t index;  ///< source element offset (index times the axis's input stride); -1: zero padding (nearest)
    float weight;
};

/// A tabled axis: extents and the taps of each output coordinate.
struct TabledAxis {
    size_t in_len = 1, out_len = 1;
    bool identity = true;  ///< untouched axes (out_len == in_len): output o reads input o
    std::vector<std::vector<Tap>> taps;
};

/// The tensor folded into [outer, A0, A1, A2, A3, inner] (see kernels_cl/interpolate.cl).
struct Plan {
    bool nearest = false, padded = false;
    size_t outer = 1, inner = 1, in_plane = 1;
    std::vector<TabledAxis> axes;
};

/// The plan of an Interpolate-4/11 node with static shapes; `why` says what the kernels cannot do (then the
/// plan is incomplete). Throws ModelError on invalid attributes.
Plan make_plan(const Node& node, std::string& why);

}  // namespace interpolate
}  // namespace gpu
}  // namespace ovcl
