// Host reference kernels of the broadcast ops: Broadcast-1, Broadcast-3 and Tile-1 (any element type).
#pragma once

#include "host_ref/ref_utils.hpp"

namespace ovcl {
namespace host_ref {

/// Broadcasts src into dst: data axis i lands on output axis out_axis[i] (increasing), where a
/// data dim of 1 repeats and any other equals the output's.
void broadcast_to(const Tensor& src, Tensor& dst, const std::vector<int64_t>& out_axis);
/// Repeats src `repeats` times along each axis (both right-aligned, padded with leading 1s).
void tile_to(const Tensor& src, Tensor& dst, const std::vector<int64_t>& repeats);

}  // namespace host_ref
}  // namespace ovcl
