// Host reference kernels of the concat_split ops: byte copies, so every element type works.
#pragma once

#include "host_ref/ref_utils.hpp"

namespace ovcl {
namespace host_ref {
/// Joins dense C-order arrays along `axis`; every shape equals the output's except at `axis`.
void concat_bytes(const std::vector<const void*>& srcs, const std::vector<Shape>& shapes, void* dst, size_t axis,
                  size_t elem_size);
/// Cuts a dense C-order array along `axis` into parts of the given shapes (equal except at `axis`).
void split_bytes(const void* src, const Shape& shape, size_t axis, const std::vector<void*>& dsts,
                 const std::vector<Shape>& part_shapes, size_t elem_size);

}  // namespace host_ref
}  // namespace ovcl
