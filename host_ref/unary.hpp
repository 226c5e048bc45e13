// Host reference kernels of the unary ops. Reals compute in their own type (f16 in f32);
// integer inputs of the transcendental ops compute in double and round to nearest, as the
// OpenVINO specification asks for Sqrt and Tanh.
#pragma once

#include "host_ref/ref_utils.hpp"

namespace ovcl {
namespace host_ref {

/// Converts n elements of src (element type `from`) into dst (element type `to`) as OpenVINO CPU does:
/// reals to integers truncate toward zero into i32 (NaN and values outside [-2^31, 2^31) give INT32_MIN; an
/// f16 infinity is +-65504 for targets wider than 8 bits), then convert as integers; integers to integers wrap
/// modulo 2^bits; anything to boolean is x != 0 (NaN: false); boolean reads as 0/1.
void convert_elements(const void* src, element::Type from, void* dst, element::Type to, size_t n);

}  // namespace host_ref
}  // namespace ovcl
