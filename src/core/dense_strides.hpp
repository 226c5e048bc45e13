// Byte strides of a dense tensor: host tensors and the OpenCL remote tensors lay theirs out alike.
#pragma once

#include "ovcl/element_type.hpp"
#include "ovcl/shape.hpp"

namespace ovcl {

/// The byte strides of a dense C-order tensor of `shape` and `type`.
inline Strides dense_byte_strides(const Shape& shape, element::Type type) {
    Strides st = row_major_strides(shape);
    for (auto& v : st)
        v *= type.size();
    return st;
}

}  // namespace ovcl
