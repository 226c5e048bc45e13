// Host reference kernels of the matmul ops: MatMul-1 for f32, f16 (computed in f32, accumulated in f64),
// i32 and i64 (wrapping two's-complement arithmetic, as the types themselves would).
#pragma once

#include "host_ref/ref_utils.hpp"

namespace ovcl {
namespace host_ref {

/// A batched product: A is [batch_a.., M, K] ([.., K, M] when transpose_a), B is [batch_b.., K, N] ([.., N, K]
/// when transpose_b); batch axes broadcast (numpy) to batch_out; C is [batch_out.., M, N].
struct MatMulDims {
    Shape batch_a, batch_b, batch_out;
    size_t M = 1, K = 1, N = 1;
    bool transpose_a = false, transpose_b = false;
};
/// The product dimensions of MatMul operands of shapes a and b (1-D operands as a row / a column).
MatMulDims matmul_dims(const Shape& a, const Shape& b, bool transpose_a, bool transpose_b);

void matmul_f32(const float* a, const float* b, float* c, const MatMulDims& d);
void matmul_i32(const int32_t* a, const int32_t* b, int32_t* c, const MatMulDims& d);
void matmul_i64(const int64_t* a, const int64_t* b, int64_t* c, const MatMulDims& d);

}  // namespace host_ref
}  // namespace ovcl
