// Host reference kernels of the CTC ops. The greedy decoders take each step's first largest class, drop
// repeats of the previous step's class (when merging) and blanks, and pad with -1. CTCGreedyDecoder's
// sequence ends at its first zero seq_mask entry (blank: the last class). CTCLoss is the negative log of
// the summed probability of the alignments (Graves' forward recursion in double over the log-softmax of
// the logits): +inf when none fits; without ctc_merge_repeated a label cannot repeat on consecutive steps
// (each step is a label of its own). Labels equal to blank_index are states of the blank class; OpenVINO
// CPU's value for such a target depends on where the label sits, so it is not matched. Lengths outside
// [0, T], a label_length over its logit_length and labels outside [0, C) are errors naming the node.
#pragma once

#include "host_ref/ref_utils.hpp"

namespace ovcl {
namespace host_ref {
void ctc_greedy_decoder(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void ctc_greedy_decoder_seq_len(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void ctc_loss(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
}  // namespace host_ref
}  // namespace ovcl
