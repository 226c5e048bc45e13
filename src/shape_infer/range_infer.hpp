// Shape and type inference of the range ops: Range-1 (output type of the inputs) and Range-4
// (inputs of any numeric types, output_type attribute).
#pragma once

#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace shape_infer {

/// The number of elements of start, start + step, ... before stop: max(ceil((stop - start) / step), 0),
/// computed in double. For an integer output type the values are first truncated toward zero (as
/// casting them to that type does). Throws ModelError for a zero or non-finite step and non-finite ends.
int64_t range_length(const Node& node, double start, double stop, double step, bool integral_output);

}  // namespace shape_infer
}  // namespace ovcl
