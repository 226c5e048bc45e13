// Host reference kernels of the transpose ops.
#pragma once

#include "host_ref/ref_utils.hpp"

namespace ovcl {
namespace host_ref {
/// Permutes the axes of the dense C-order array `src` (shape `in_shape`, elements of `elem_size` bytes) into
/// `dst`: dst has shape in_shape[order[0]], in_shape[order[1]], ...; `order` is a permutation of [0, rank).
void transpose_bytes(const void* src, void* dst, size_t elem_size, const Shape& in_shape,
                     const std::vector<size_t>& order);

}  // namespace host_ref
}  // namespace ovcl
