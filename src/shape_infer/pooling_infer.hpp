// Shape and type inference of the pooling ops, and their window geometry for static shapes (shared with
// the host reference and the device kernels).
#pragma once

#include "shape_infer/convolution_infer.hpp"
#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace shape_infer {

enum class Rounding { Floor, Ceil, CeilTorch };
/// rounding_type: floor (default), ceil, and from version 14 ceil_torch.
Rounding parse_rounding(const Node& node);

/// MaxPool / AvgPool geometry for a static data shape: kernel, strides, dilations (1 where the op has
/// none), effective pads (auto_pad applied) and the output extents (rounding applied).
Window pooling_window(const Node& node, const Shape& data);

}  // namespace shape_infer
}  // namespace ovcl
