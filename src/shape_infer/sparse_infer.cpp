#include "shape_infer/sparse_infer.hpp"

#include <algorithm>
#include <numeric>
#include <set>

namespace ovcl {
namespace shape_infer {

SparseFill sparse_fill_empty_rows_plan(const Node& node, int64_t rows, const std::vector<int64_t>& indices) {
    if (rows < 0)
        raise<ModelError>(node.describe(), ": dense_shape[0] ", rows, " must not be negative");
    SparseFill f;
    f.empty.assign(static_cast<size_t>(rows), true);
    std::vector<int64_t> kept;
    for (size_t e = 0; e * 2 + 1 < indices.size(); ++e) {
        const int64_t r = indices[2 * e], c = indices[2 * e + 1];
        if (r < 0 || c < 0)
            raise<ModelError>(node.describe(), ": index (", r, ", ", c, ") is negative");
        if (r >= rows)
            continue;
        f.empty[static_cast<size_t>(r)] = false;
        kept.push_back(static_cast<int64_t>(e));
    }
    for (int64_t r = 0; r < rows; ++r)
        if (f.empty[static_cast<size_t>(r)])
            kept.push_back(-1 - r);  // a filler for row r
    const auto at = [&](int64_t k) {
        return k >= 0 ? std::make_pair(indices[static_cast<size_t>(2 * k)], indices[static_cast<size_t>(2 * k + 1)])
                      : std::make_pair(-1 - k, int64_t{0});
    };
    std::stable_sort(kept.begin(), kept.end(), [&](int64_t a, int64_t b) { return at(a) < at(b); });
    for (int64_t k : kept) {
        f.source.push_back(k >= 0 ? k : -1);
        f.position.push_back(at(k));
    }
    return f;
}

namespace {
// The plan's length without the plan: the entries in rows below `rows`, plus a filler per row none of them
// is in. No per-row memory: dense_shape comes from the IR and may be 2^62.
int64_t output_entries(const Node& node, int64_t rows, const std::vector<int64_t>& indices) {
    std::set<int64_t> used;
    int64_t kept = 0;
    for (size_t e = 0; e * 2 + 1 < indices.size(); ++e) {
        const int64_t r = indices[2 * e], c = indices[2 * e + 1];
        if (r < 0 || c < 0)
            raise<ModelError>(node.describe(), ": index (", r, ", ", c, ") is negative");
        if (r < rows) {
            ++kept;
            used.insert(r);
        }
    }
    return checked::add(kept, rows - static_cast<int64_t>(used.size()));
}
}  // namespace

Outputs sparse_fill_empty_rows(const Node& node, const Inputs& in) {
    check_input_count(node, in, 4, 4);
    check_type(node, in, 0, {});
    merge_types(node, in, 0, 3);
    check_integer(node, in, 1);
    merge_types(node, in, 1, 2);
    const char* names[] = {"values", "dense_shape", "indices", "default_value"};
    const size_t ranks[] = {1, 1, 2, 0};
    for (size_t i = 0; i < 4; ++i)
        if (in[i].shape.rank_is_static() && in[i].shape.size() != ranks[i])
            raise<ModelError>(node.describe(), ": ", names[i], " must have rank ", ranks[i], ", got ", in[i].shape);
    const PartialShape &values = in[0].shape, &dense = in[1].shape, &idx = in[2].shape;
    if (dense.rank_is_static() && !dense[0].compatible(Dimension(2)))
        raise<ModelError>(node.describe(), ": dense_shape must hold 2 values, got ", dense);
    if (idx.rank_is_static() && (!idx[1].compatible(Dimension(2)) || (values.rank_is_static() && !idx[0].compatible(values[0]))))
        raise<ModelError>(node.describe(), ": indices ", idx, " must be [N, 2] for values ", values);
    Dimension rows = Dimension::dynamic(), entries = Dimension::dynamic();
    const auto shape = const_i64(in[1]);
    if (shape && shape->size() == 2) {
        if (shape->at(0) < 0 || shape->at(1) < 0)
            raise<ModelError>(node.describe(), ": dense_shape (", shape->at(0), ", ", shape->at(1), ") must not be negative");
        rows = Dimension(shape->at(0));
        if (const auto v = const_i64(in[2]))
            entries = Dimension(output_entries(node, shape->at(0), *v));
        else if (values.rank_is_static() && values[0].get_max_length() != Dimension::inf)
            entries = Dimension(shape->at(0), checked::add(values[0].get_max_length(), shape->at(0)));
        else
            entries = Dimension(shape->at(0), Dimension::inf);
    }
    return {{in[2].type, PartialShape{entries, 2}}, {in[0].type, PartialShape{entries}}, {element::boolean, PartialShape{rows}}};
}

}  // namespace shape_infer
}  // namespace ovcl
