// Host reference kernels of the shape_ops ops. Reshape, Squeeze and Unsqueeze only relabel the
// shape, so their kernels copy the bytes; ShapeOf writes the input's extents.
#pragma once

#include "host_ref/ref_utils.hpp"

namespace ovcl {
namespace host_ref {
/// Writes the extents of `shape` into the 1-D i32 or i64 tensor `dst`.
void write_shape(const Shape& shape, Tensor& dst);

}  // namespace host_ref
}  // namespace ovcl
