// NumPy .npy files to and from ovcl::Tensor: the format the CLI reads inputs from and
// writes outputs to, so results can be checked with a two-line Python script.
//
// Reads format versions 1.0, 2.0 and 3.0; writes 1.0 (2.0 when the header needs more than
// 65535 bytes). Little-endian, C order only. Element types: <f2 <f4 <f8 |i1 <i2 <i4 <i8
// |u1 <u2 <u4 <u8 |b1 (booleans).
#pragma once

#include <string>

#include "ovcl/element_type.hpp"
#include "ovcl/tensor.hpp"

namespace ovcl {
namespace npy {

/// Reads a .npy file. Throws InvalidArgument naming the file and what is wrong for a missing
/// or malformed file (bad magic, truncated header, unsupported dtype, big-endian data,
/// Fortran order, data shorter than the shape needs, extents that overflow).
Tensor read(const std::string& path);

/// Parses the bytes of a .npy file; `source` names it in error messages.
Tensor parse(const std::string& bytes, const std::string& source);

/// Writes `tensor` (any layout; strided views are copied densely) to `path`.
/// Throws InvalidArgument when the file cannot be written.
void write(const std::string& path, const Tensor& tensor);

/// The bytes of a .npy file holding `tensor`.
std::string serialize(const Tensor& tensor);

/// NumPy's dtype string for an element type ("<f4"); throws InvalidArgument when none.
std::string descr(element::Type type);

}  // namespace npy
}  // namespace ovcl
