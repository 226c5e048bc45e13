// Host reference kernels of the gather ops: byte copies, so every element type works.
#pragma once

#include "host_ref/ref_utils.hpp"

namespace ovcl {
namespace host_ref {

/// How index values outside [0, data.shape[axis]) are treated.
enum class GatherIndexMode {
    strict,           ///< Gather-1/7: any such index is an error
    wrap_or_zero,     ///< Gather-8: [-n, -1] counts from the end; anything else yields zeros
};

/// Gathers slices of the dense C-order `data` along `axis` (normalized) with `batch_dims` (normalized) leading
/// batch dimensions shared with `indices`; `out` has shape data[:axis] + indices_shape[batch_dims:] +
/// data[axis+1:]. Throws InvalidArgument for an invalid index in strict mode (nothing is written then).
void gather_bytes(const void* data, const Shape& data_shape, const std::vector<int64_t>& indices,
                  const Shape& indices_shape, void* out, size_t axis, size_t batch_dims, size_t elem_size,
                  GatherIndexMode mode);

}  // namespace host_ref
}  // namespace ovcl
