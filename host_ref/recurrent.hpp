// Host reference kernels of the recurrent cells and sequences (RNN, GRU, LSTM). Gate orders are
// OpenVINO's: GRU z, r, h; LSTM f, i, c, o. The clip bounds every gate's pre-activation (not the LSTM
// cell state fed to h); clip <= 0 means none. Computed in f32 (f16 and f64 through f32), as OpenVINO CPU
// does. Where the specification is silent or OpenVINO CPU departs from it, these follow the CPU:
// - a sequence of length 0 ends in zero final states (not its initial ones), as well as zero outputs;
// - LSTMCell-1 ignores the peepholes P, input_forget and weights_format (it reads W, R, B as f, i, c, o
//   whatever weights_format says), exactly like LSTMCell-4, where ov::op::v0::LSTMCell documents peepholes;
// - activation names are matched without regard to case, and extra activations are ignored.
// OpenVINO CPU ignores sequence_lengths in a model with any dynamic dimension (every sequence runs to the end);
// these honour them always, as the specification and OpenVINO CPU with static shapes do.
// A sequence length outside [0, seq_length] is an error naming the node (OpenVINO CPU computes the outputs
// but returns zero final states for lengths past the end).
#pragma once

#include "host_ref/ref_utils.hpp"

namespace ovcl {
namespace host_ref {
void rnn_cell(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void gru_cell(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void lstm_cell(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void rnn_sequence(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void gru_sequence(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void lstm_sequence(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
}  // namespace host_ref
}  // namespace ovcl
