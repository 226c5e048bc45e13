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

/// MaxPool 1 (values), 8 and 14 (values and indices; index_element_type, axis, dilations; 14: ceil_torch).
Outputs max_pool(const Node& node, const Inputs& in);
/// AvgPool 1 and 14 (14: ceil_torch); attrs exclude-pad, kernel, strides, pads, rounding_type, auto_pad.
Outputs avg_pool(const Node& node, const Inputs& in);
/// AdaptiveAvgPool-8 / AdaptiveMaxPool-8: (data [N, C, D1..DK] with K in 1..3, output_shape 1-D of K integers);
/// output [N, C, output_shape]; the max also gives the indices (index_element_type i32 or i64, default i64).
Outputs adaptive_avg_pool(const Node& node, const Inputs& in);
Outputs adaptive_max_pool(const Node& node, const Inputs& in);

}  // namespace shape_infer
}  // namespace ovcl
