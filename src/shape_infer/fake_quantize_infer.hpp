// Shape and type inference of the fake_quantize ops.
#pragma once

#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace shape_infer {

/// FakeQuantize-1: X, input_low, input_high, output_low, output_high, all of one real type;
/// attrs levels (>= 2, required) and auto_broadcast (numpy, the default, or none). The output
/// shape is all five shapes broadcast together (X's shape when the ranges broadcast into it).
Outputs fake_quantize(const Node& node, const Inputs& in);
/// FakeConvert-13: (data, scale[, shift]) of one real type, scale and shift broadcasting onto data; attr
/// destination_type f8e4m3 or f8e5m2 (src/shape_infer/fake_quantize_convert_infer.cpp). The data's shape.
Outputs fake_convert(const Node& node, const Inputs& in);

}  // namespace shape_infer
}  // namespace ovcl
