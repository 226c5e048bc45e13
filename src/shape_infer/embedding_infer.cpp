// Shape and type inference of the embedding-bag ops: sums of rows of an embedding table.
#include "shape_infer/infer_utils.hpp"

#include <string>
#include <vector>

namespace ovcl {
namespace shape_infer {

namespace {
void check_rank(const Node& node, const Inputs& in, size_t i, size_t rank, const char* what) {
    const PartialShape& s = in[i].shape;
    if (s.rank_is_static() && s.size() != rank)
        raise<ModelError>(node.describe(), ": ", what, " must have rank ", rank, ", got ", s);
}

// [rows] + the table's trailing axes, the table's type; checks the table and the weights' type and shape.
Outputs table_rows(const Node& node, const Inputs& in, const Dimension& rows, size_t weights, const PartialShape& like) {
    check_type(node, in, 0, {});
    const PartialShape& t = in[0].shape;
    if (t.rank_is_static() && t.size() == 0)
        raise<ModelError>(node.describe(), ": the table must have rank 1 or more");
    if (weights < in.size()) {
        merge_types(node, in, 0, weights);
        if (!in[weights].shape.compatible(like))
            raise<ModelError>(node.describe(), ": per_sample_weights ", in[weights].shape, " must be shaped like the indices ",
                              like);
    }
    if (t.rank_is_dynamic())
        return {{in[0].type, PartialShape::dynamic()}};
    std::vector<Dimension> out{rows};
    out.insert(out.end(), t.begin() + 1, t.end());
    return {{in[0].type, PartialShape(out)}};
}

// EmbeddingBagOffsets-15 and EmbeddingBagPacked-15: reduction sum or mean, and per-sample weights with sum only.
void check_reduction(const Node& node, const Inputs& in, size_t weights) {
    const auto reduction = node.get_attr<std::string>("reduction", "sum");
    if (reduction != "sum" && reduction != "mean")
        raise<ModelError>(node.describe(), ": attribute reduction='", reduction, "' is not one of sum, mean");
    if (reduction == "mean" && weights < in.size())
        raise<ModelError>(node.describe(), ": per_sample_weights are taken with reduction sum only");
}

Dimension scalar_value(const Inputs& in, size_t i) {
    const auto v = const_i64(in[i]);
    return v && v->size() == 1 ? Dimension(v->at(0)) : Dimension::dynamic();
}
}  // namespace

Outputs embedding_bag_offsets_sum(const Node& node, const Inputs& in) {
    check_input_count(node, in, 3, 5);
    for (size_t i = 1; i < std::min<size_t>(in.size(), 4); ++i)
        check_integer(node, in, i);
    check_rank(node, in, 1, 1, "indices");
    check_rank(node, in, 2, 1, "offsets");
    if (in.size() > 3)
        check_rank(node, in, 3, 0, "default_index");
    check_reduction(node, in, 4);
    const Dimension bags = in[2].shape.rank_is_static() ? in[2].shape[0] : Dimension::dynamic();
    return table_rows(node, in, bags, 4, in[1].shape);
}

Outputs embedding_bag_packed_sum(const Node& node, const Inputs& in) {
    check_input_count(node, in, 2, 3);
    check_integer(node, in, 1);
    check_rank(node, in, 1, 2, "indices");
    check_reduction(node, in, 2);
    const Dimension bags = in[1].shape.rank_is_static() ? in[1].shape[0] : Dimension::dynamic();
    return table_rows(node, in, bags, 2, in[1].shape);
}

Outputs embedding_segments_sum(const Node& node, const Inputs& in) {
    check_input_count(node, in, 4, 6);
    for (size_t i = 1; i < std::min<size_t>(in.size(), 5); ++i)
        check_integer(node, in, i);
    check_rank(node, in, 1, 1, "indices");
    check_rank(node, in, 2, 1, "segment_ids");
    check_rank(node, in, 3, 0, "num_segments");
    if (in.size() > 4)
        check_rank(node, in, 4, 0, "default_index");
    if (!in[1].shape.compatible(in[2].shape))
        raise<ModelError>(node.describe(), ": segment_ids ", in[2].shape, " must be shaped like the indices ", in[1].shape);
    const Dimension segments = scalar_value(in, 3);
    if (segments.is_static() && segments.get_length() < 0)
        raise<ModelError>(node.describe(), ": num_segments ", segments.get_length(), " must not be negative");
    return table_rows(node, in, segments, 5, in[1].shape);
}

}  // namespace shape_infer
}  // namespace ovcl
