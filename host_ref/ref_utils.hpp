// Helpers shared by the host reference kernels.
#pragma once

#include <cstdint>
#include <vector>

#include "ovcl/except.hpp"
#include "ovcl/node.hpp"
#include "ovcl/op_registry.hpp"
#include "ovcl/tensor.hpp"

namespace ovcl {
namespace host_ref {

/// Reads an integer (or real) tensor of any element type as int64 values.
std::vector<int64_t> to_i64(const Tensor& t);
/// Reads a tensor of any numeric element type as double values.
std::vector<double> to_f64(const Tensor& t);
/// A dense f32 copy of a real tensor (f16/f32/f64), for kernels that compute in f32.
Tensor to_f32(const Tensor& t);
/// Writes f32 values (a dense f32 tensor) into dst, converting to dst's element type.
void from_f32(const Tensor& src_f32, Tensor& dst);
/// The element strides (not bytes) to read `from` as if broadcast (numpy rules) to `to`:
/// 0 on broadcast axes; `from` is right-aligned against `to`.
Strides broadcast_strides(const Shape& from, const Shape& to);
/// Calls f(offset) for every element in C order, walking `strides` over `shape`.
template <typename F>
void for_each_offset(const Shape& shape, const Strides& strides, F&& f) {
    const size_t rank = shape.size();
    const size_t n = shape_size(shape);
    if (n == 0)
        return;
    Coordinate idx(rank, 0);
    size_t off = 0;
    for (size_t k = 0; k < n; ++k) {
        f(off);
        for (size_t ax = rank; ax-- > 0;) {
            off += strides[ax];
            if (++idx[ax] < shape[ax])
                break;
            off -= strides[ax] * shape[ax];
            idx[ax] = 0;
        }
    }
}

}  // namespace host_ref
}  // namespace ovcl
