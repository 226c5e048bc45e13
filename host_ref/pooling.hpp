// Host reference kernels of the pooling ops: MaxPool 1/8/14 (f32, f16, i32, i64, u8, i8; indices i32/i64)
// and AvgPool 1/14 (f32, f16, computed in f32 with f64 sums).
#pragma once

#include <cstddef>
#include <cstdint>

#include "host_ref/ref_utils.hpp"

namespace ovcl {
namespace host_ref {

/// Pooling geometry with the spatial axes right-aligned into three (leading unit axes); planes = N * C.
struct PoolGeometry {
    size_t planes = 1;
    size_t in[3] = {1, 1, 1}, out[3] = {1, 1, 1}, kernel[3] = {1, 1, 1};
    int64_t strides[3] = {1, 1, 1}, dilations[3] = {1, 1, 1}, pads_begin[3] = {0, 0, 0};
};

/// Max over each window; padding counts as -inf (the lowest value for integers), so a window entirely in
/// padding yields -inf (lowest) and the index of its plane's first element. The first maximum wins ties.
/// indices (may be null): flat positions in the whole input, reduced modulo index_modulo when non-zero.
template <typename T>
void max_pool_typed(const T* x, T* y, int64_t* indices, const PoolGeometry& g, int64_t index_modulo);
/// Mean over each window. Divisor: the whole kernel volume when pads_in_divisor, else the number of taps
/// inside the input; a window with a zero divisor yields 0.
void avg_pool_f32(const float* x, float* y, const PoolGeometry& g, bool pads_in_divisor);

}  // namespace host_ref
}  // namespace ovcl
