// Shape and type inference of the CTC ops: CTCGreedyDecoder-1, CTCGreedyDecoderSeqLen-6 and CTCLoss-4.
#pragma once

#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace shape_infer {
/// CTCGreedyDecoder-1: (data [T, N, C], seq_mask [T, N]): [N, T, 1, 1] of the data's type.
Outputs ctc_greedy_decoder(const Node& node, const Inputs& in);
/// CTCGreedyDecoderSeqLen-6: (data [N, T, C], sequence_length [N], optional blank_index scalar):
/// decoded [N, T] (classes_index_type) and decoded_length [N] (sequence_length_type).
Outputs ctc_greedy_decoder_seq_len(const Node& node, const Inputs& in);
/// CTCLoss-4: (logits [N, T, C], logit_length [N], labels [N, T], label_length [N], optional blank_index
/// scalar): [N] of the logits' type.
Outputs ctc_loss(const Node& node, const Inputs& in);
}  // namespace shape_infer
}  // namespace ovcl
