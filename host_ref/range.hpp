// Host reference kernels of the range ops: Range-1 and Range-4.
#pragma once

#include "host_ref/ref_utils.hpp"

namespace ovcl {
namespace host_ref {

/// Fills dst (1-D) with start + i * step: in int64 arithmetic (wrapping) for integer types, in
/// double rounded once to the element type for real types.
void range_fill(Tensor& dst, double start, double step);
void range_fill(Tensor& dst, int64_t start, int64_t step);

}  // namespace host_ref
}  // namespace ovcl
