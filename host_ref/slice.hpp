// Host reference kernels of the slice ops (StridedSlice-1, Slice-8), and the index-table copy that
// every data-movement kernel of the slice, broadcast and pad families is built on.
#pragma once

#include "host_ref/ref_utils.hpp"

namespace ovcl {
namespace host_ref {

/// Per axis of an index space, the input offset (in elements) each index reads; -1 marks an index
/// whose elements are the fill value. The space's extents are the tables' lengths.
using AxisOffsets = std::vector<std::vector<int64_t>>;

/// Writes dst densely in C order over the index space of `offsets`: the element at (k0, k1, ...)
/// is src[offsets[0][k0] + offsets[1][k1] + ...], or *fill where any table says -1. Works on
/// element bytes, so any element type; fill points to one element of src's type (needed only when
/// some table has -1). dst must hold exactly as many elements as the space.
void copy_by_offsets(const Tensor& src, Tensor& dst, const AxisOffsets& offsets, const void* fill = nullptr);

}  // namespace host_ref
}  // namespace ovcl
