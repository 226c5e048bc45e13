// GatherTree-1: beam-search paths from per-step ids and parent beams.
#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace shape_infer {

Outputs gather_tree(const Node& node, const Inputs& in) {
    check_input_count(node, in, 4, 4);
    check_type(node, in, 0, {element::i32, element::i64, element::f16, element::f32, element::f64});
    for (size_t i = 1; i < 4; ++i)
        merge_types(node, in, 0, i);
    const char* names[] = {"step_ids", "parent_idx", "max_seq_len", "end_token"};
    const size_t ranks[] = {3, 3, 1, 0};
    for (size_t i = 0; i < 4; ++i)
        if (in[i].shape.rank_is_static() && in[i].shape.size() != ranks[i])
            raise<ModelError>(node.describe(), ": ", names[i], " must have rank ", ranks[i], ", got ", in[i].shape);
    PartialShape out;
    if (!PartialShape::merge(out, in[0].shape, in[1].shape))
        raise<ModelError>(node.describe(), ": parent_idx ", in[1].shape, " must be shaped like step_ids ", in[0].shape);
    if (out.rank_is_static() && in[2].shape.rank_is_static() && !out[1].compatible(in[2].shape[0]))
        raise<ModelError>(node.describe(), ": max_seq_len ", in[2].shape, " must have one entry per batch of ", out);
    return {{in[0].type, out}};
}

}  // namespace shape_infer
}  // namespace ovcl
