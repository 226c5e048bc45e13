// Shape and type inference of the recurrent cells and sequences (RNN, GRU, LSTM). Every real input
// shares one element type; hidden_size must agree with W, R, B and the states (gates: RNN 1, GRU 3 (+1 bias
// row block with linear_before_reset), LSTM 4), and a sequence's num_directions axis with `direction`.
// Batch, sequence length and input size propagate dynamic; the hidden axis is hidden_size.
#pragma once

#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace shape_infer {
/// RNNCell-1: (X [B, I], H [B, hs], W [hs, I], R [hs, hs], B [hs] optional): Ho [B, hs].
Outputs rnn_cell(const Node& node, const Inputs& in);
/// GRUCell-3: (X, H, W [3hs, I], R [3hs, hs], B [3hs] or [4hs] with linear_before_reset): Ho [B, hs].
Outputs gru_cell(const Node& node, const Inputs& in);
/// LSTMCell-1 and -4: (X, H, C [B, hs], W [4hs, I], R [4hs, hs], B [4hs], -1 only: P [3hs]): Ho, Co [B, hs].
Outputs lstm_cell(const Node& node, const Inputs& in);
/// RNNSequence-5: (X [B, T, I], H [B, D, hs], lengths [B], W [D, hs, I], R [D, hs, hs], B [D, hs]):
/// Y [B, D, T, hs], Ho [B, D, hs]. D: 2 when bidirectional, else 1.
Outputs rnn_sequence(const Node& node, const Inputs& in);
/// GRUSequence-5: as RNNSequence with 3hs gate rows (B: 4hs with linear_before_reset).
Outputs gru_sequence(const Node& node, const Inputs& in);
/// LSTMSequence-5: (X, H, C [B, D, hs], lengths, W [D, 4hs, I], R [D, 4hs, hs], B [D, 4hs]): Y, Ho, Co.
Outputs lstm_sequence(const Node& node, const Inputs& in);
}  // namespace shape_infer
}  // namespace ovcl
