// Helpers shared by the host reference kernels.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>
#include <vector>

#include "ovcl/except.hpp"
#include "ovcl/node.hpp"
#include "ovcl/op_registry.hpp"
#include "ovcl/tensor.hpp"
#include "op_table/op_functions.hpp"  // the row functions every family defines

namespace ovcl {
namespace host_ref {

/// Reads an integer (or real) tensor of any element type as int64 values.
std::vector<int64_t> to_i64(const Tensor& t);
/// Reads a tensor of any numeric element type as double values.
std::vector<double> to_f64(const Tensor& t);
/// The element counts of `shape` before and after `axis`: the outer and inner extents of a walk along it.
std::pair<size_t, size_t> outer_inner(const Shape& shape, size_t axis);
/// A dense f32 copy of a real tensor (f16/f32/f64), for kernels that compute in f32.
Tensor to_f32(const Tensor& t);
/// Writes f32 values (a dense f32 tensor) into dst, converting to dst's element type.
void from_f32(const Tensor& src_f32, Tensor& dst);
/// The element strides (not bytes) to read `from` as if broadcast (numpy rules) to `to`:
/// 0 on broadcast axes; `from` is right-aligned against `to`.
Strides broadcast_strides(const Shape& from, const Shape& to);

/// A half-open range [lo, hi) of loop positions.
struct IndexRange {
    int64_t lo = 0, hi = 0;
};
/// The positions j in [0, count) for which j * step + offset lies in [0, limit) (step > 0). Sliding-window
/// kernels compute it once per tap or window, which keeps bounds checks out of their inner loops.
IndexRange valid_range(int64_t offset, int64_t step, int64_t limit, int64_t count);

/// The element count of a three-axis extent (the spatial axes of a window geometry).
inline size_t volume(const size_t (&d)[3]) { return d[0] * d[1] * d[2]; }

/// Fills the spatial arrays of a window geometry (in, out, kernel, strides, dilations, pads_begin; three
/// entries each) from data [N, C, spatial..] and a window of one entry per spatial axis. The axes are
/// right-aligned: 1-D and 2-D windows leave the leading entries at their defaults (extent 1, no padding).
template <typename Geometry, typename Window>
void set_spatial_window(Geometry& g, const Shape& data, const Window& win) {
    const size_t n = win.kernel.size(), shift = 3 - n;
    for (size_t i = 0; i < n; ++i) {
        g.in[shift + i] = data[2 + i];
        g.out[shift + i] = static_cast<size_t>(win.output[i]);
        g.kernel[shift + i] = static_cast<size_t>(win.kernel[i]);
        g.strides[shift + i] = win.strides[i];
        g.dilations[shift + i] = win.dilations[i];
        g.pads_begin[shift + i] = win.pads_begin[i];
    }
}

/// Integer types other than boolean (stored as char).
template <typename T>
constexpr bool is_int_v = std::is_integral_v<T> && !std::is_same_v<T, char>;
/// An unsigned type at least as wide as int: integer results computed in it wrap instead of overflowing
/// (signed overflow is UB) and never promote to int.
template <typename T>
using wrap_t = std::conditional_t<(sizeof(T) < sizeof(unsigned)), unsigned, std::make_unsigned_t<T>>;
/// To and from the wrapping type: wrap<T>(uw(x) + uw(y)) is x + y modulo 2^bits.
template <typename T>
T wrap(wrap_t<T> v) {
    return static_cast<T>(v);
}
template <typename T>
wrap_t<T> uw(T v) {
    return static_cast<wrap_t<T>>(v);
}

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

/// Calls f(coordinate) for every element of `shape` in C order (the i-th call is flat element i).
template <typename F>
void for_each_coordinate(const Shape& shape, F&& f) {
    const size_t n = shape_size(shape);
    Coordinate c(shape.size(), 0);
    for (size_t k = 0; k < n; ++k) {
        f(static_cast<const Coordinate&>(c));
        for (size_t ax = shape.size(); ax-- > 0;) {
            if (++c[ax] < shape[ax])
                break;
            c[ax] = 0;
        }
    }
}

}  // namespace host_ref
}  // namespace ovcl
