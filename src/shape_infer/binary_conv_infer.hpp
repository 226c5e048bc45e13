// Shape and type inference of BinaryConvolution-1: a 2-D convolution of real data [N, C, H, W] with a
// boolean filter [O, C, KH, KW] (an IR's u1 constant, unpacked by the reader), in mode xnor-popcount.
// The output has the data's element type and the shape of the plain Convolution with the same
// strides, pads, dilations and auto_pad.
#pragma once

#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace shape_infer {

/// The mode attribute; xnor-popcount is the only one there is (ModelError naming the node otherwise).
void check_binary_conv_mode(const Node& node);

}  // namespace shape_infer
}  // namespace ovcl
