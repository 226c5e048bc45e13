// GPU host class of the recurrent cells and sequences: kernels_cl/recurrent.cl (docs/kernels.md, "recurrent"). The
// input projection of every step is one GEMM into scratch; the recurrence runs either as one kernel looping over
// the steps (a work-group per batch row and direction) or as one launch per step. Semantics are host_ref's
// (host_ref/recurrent.cpp): gate orders, activations, clip, linear_before_reset, directions, sequence_lengths.
// W, R and B are packed once when they are Constants, else at run time. Refused (they run on the host): element
// types other than f32 and f16, sequence_lengths other than i32 / i64, a sequence of 0 steps, tensors of 2^31
// elements or more.
#pragma once

#include "ops/gpu_op.hpp"
#include "ops/tunable_op.hpp"

namespace ovcl {
namespace gpu {

/// RNNCell-1, GRUCell-3, LSTMCell-1/4, RNNSequence-5, GRUSequence-5, LSTMSequence-5. Candidates: "recurrent_loop"
/// (the state in local memory, one work-group per chain) and "recurrent_steps" (one launch per step).
OVCL_DECLARE_TUNABLE_GPU_OP(RecurrentOp);

}  // namespace gpu
}  // namespace ovcl
