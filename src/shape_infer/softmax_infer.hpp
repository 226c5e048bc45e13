// Shape and type inference of the softmax ops.
#pragma once

#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace shape_infer {

/// Softmax-1 (axis in [0, rank)), Softmax-8 and LogSoftmax-5 (axis in [-rank, rank)); attr axis
/// defaults to 1. One real input; the output has its type and shape.
Outputs softmax(const Node& node, const Inputs& in);

}  // namespace shape_infer
}  // namespace ovcl
