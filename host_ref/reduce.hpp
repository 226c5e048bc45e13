// Host reference kernels of the reduce ops, and the axis helpers the normalization ops share.
#pragma once

#include <vector>

#include "host_ref/ref_utils.hpp"

namespace ovcl {
namespace host_ref {

/// Axes given as (possibly negative) values, normalised against `rank`, sorted, without repeats.
/// Throws ModelError naming the node when one is out of range.
std::vector<size_t> reduction_axes_of(const Node& node, const std::vector<int64_t>& axes, size_t rank);
/// Element strides that map each element of `shape` (walked in C order) onto its slot in the
/// dense reduced tensor: 0 on the reduced axes, the keep_dims layout's strides elsewhere.
Strides reduction_slot_strides(const Shape& shape, const std::vector<size_t>& axes);
/// Number of elements of `shape` reduced into each slot (product of the reduced extents).
size_t reduction_count(const Shape& shape, const std::vector<size_t>& axes);

}  // namespace host_ref
}  // namespace ovcl
