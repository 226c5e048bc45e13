// Host reference of BinaryConvolution-1 (mode xnor-popcount): each output is 2 * P - B, where B counts the
// taps of the window (over channels and kernel) and P those whose data bit equals the filter bit; in real
// terms, the sum over the taps of (+1 or -1) * (+1 or -1). Filter bits are the boolean filter (an IR's u1
// constant, unpacked by the reader). Outputs are integers, exact in f32 and f16 (|y| <= C * KH * KW).
// Follows OpenVINO CPU, which deviates from the specification's 0/1 inputs:
//  - a data value is bit 1 when it is > 0, else bit 0 (NaN too); the specification's reference compares
//    the value with 0 and 1, so that e.g. 0.5 matches neither bit;
//  - padded taps: pad_value 1 is bit 1, pad_value 0 leaves padded taps out of the sum (they count in
//    neither P nor B, like zero padding of the +-1 values), any other pad_value is bit 0 (the reference:
//    0 is bit 0, values other than 0 and 1 match neither bit).
// OpenVINO CPU gives wrong, even run-to-run varying, results when C is not a multiple of 8; ovcl computes
// every C by the rules above.
#pragma once

#include "host_ref/ref_utils.hpp"

namespace ovcl {
namespace host_ref {
void binary_convolution(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
}  // namespace host_ref
}  // namespace ovcl
