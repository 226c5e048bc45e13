// Shape and type inference of the CTC ops: CTCGreedyDecoder-1, CTCGreedyDecoderSeqLen-6 and CTCLoss-4.
#include "shape_infer/infer_utils.hpp"

#include <string>

namespace ovcl {
namespace shape_infer {

namespace {

Dimension dim(const PartialShape& s, size_t i) { return s.rank_is_static() ? s[i] : Dimension::dynamic(); }

void check_rank(const Node& node, const Inputs& in, size_t i, size_t rank, const char* what) {
    const PartialShape& s = in[i].shape;
    if (s.rank_is_static() && s.size() != rank)
        raise<ModelError>(node.describe(), ": ", what, " ", s, " does not have rank ", rank);
}

// Merges `d` into `into`: two inputs that must agree on an extent.
void agree(const Node& node, Dimension& into, const Dimension& d, const char* what) {
    if (!Dimension::merge(into, into, d))
        raise<ModelError>(node.describe(), ": the inputs disagree on ", what, " (", into, " and ", d, ")");
}

// The optional blank_index input i: an integer scalar.
void check_blank(const Node& node, const Inputs& in, size_t i) {
    if (i >= in.size())
        return;
    check_integer(node, in, i);
    const PartialShape& s = in[i].shape;
    if (s.rank_is_static() && !(s.size() == 0 || (s.size() == 1 && s[0].compatible(1))))
        raise<ModelError>(node.describe(), ": blank_index must be a scalar, got ", s);
}

}  // namespace

Outputs ctc_greedy_decoder(const Node& node, const Inputs& in) {
    check_input_count(node, in, 2, 2);
    check_real(node, in, 0);
    check_real(node, in, 1);
    check_rank(node, in, 0, 3, "the data input");
    check_rank(node, in, 1, 2, "seq_mask");
    Dimension t = dim(in[0].shape, 0), n = dim(in[0].shape, 1);
    agree(node, t, dim(in[1].shape, 0), "T");
    agree(node, n, dim(in[1].shape, 1), "the batch");
    return {{in[0].type, PartialShape({n, t, 1, 1})}};
}

Outputs ctc_greedy_decoder_seq_len(const Node& node, const Inputs& in) {
    check_input_count(node, in, 2, 3);
    check_real(node, in, 0);
    check_integer(node, in, 1);
    check_rank(node, in, 0, 3, "the data input");
    check_rank(node, in, 1, 1, "sequence_length");
    check_blank(node, in, 2);
    Dimension n = dim(in[0].shape, 0);
    agree(node, n, dim(in[1].shape, 0), "the batch");
    return {{index_type_attr(node, "classes_index_type", element::i32), PartialShape({n, dim(in[0].shape, 1)})},
            {index_type_attr(node, "sequence_length_type", element::i32), PartialShape({n})}};
}

Outputs ctc_loss(const Node& node, const Inputs& in) {
    check_input_count(node, in, 4, 5);
    check_real(node, in, 0);
    check_rank(node, in, 0, 3, "logits");
    check_rank(node, in, 1, 1, "logit_length");
    check_rank(node, in, 2, 2, "labels");
    check_rank(node, in, 3, 1, "label_length");
    for (size_t i = 1; i < 4; ++i)
        check_integer(node, in, i);
    check_blank(node, in, 4);
    Dimension n = dim(in[0].shape, 0), t = dim(in[0].shape, 1);
    agree(node, n, dim(in[1].shape, 0), "the batch");
    agree(node, n, dim(in[2].shape, 0), "the batch");
    agree(node, n, dim(in[3].shape, 0), "the batch");
    agree(node, t, dim(in[2].shape, 1), "T");
    return {{in[0].type, PartialShape({n})}};
}

}  // namespace shape_infer
}  // namespace ovcl
