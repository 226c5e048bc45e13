// Shape and type inference of the matmul ops.
#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace shape_infer {

Outputs matmul(const Node& node, const Inputs& in) {
    check_input_count(node, in, 2, 2);
    const element::Type type = merge_types(node, in, 0, 1);
    if (type == element::boolean)
        raise<ModelError>(node.describe(), ": boolean inputs are not supported");
    const bool ta = node.get_attr<bool>("transpose_a", false);
    const bool tb = node.get_attr<bool>("transpose_b", false);
    const PartialShape& a = in[0].shape;
    const PartialShape& b = in[1].shape;
    if ((a.rank_is_static() && a.size() == 0) || (b.rank_is_static() && b.size() == 0))
        raise<ModelError>(node.describe(), ": inputs must have rank >= 1, got ", a, " and ", b);
    if (a.rank_is_dynamic() || b.rank_is_dynamic())
        return {{type, PartialShape::dynamic()}};

    // Transposition first (ignored for 1-D), then 1-D operands become a row ([1, K]) / a column ([K, 1]).
    std::vector<Dimension> da(a.begin(), a.end()), db(b.begin(), b.end());
    if (ta && da.size() > 1)
        std::swap(da[da.size() - 1], da[da.size() - 2]);
    if (tb && db.size() > 1)
        std::swap(db[db.size() - 1], db[db.size() - 2]);
    const bool a_vec = da.size() == 1, b_vec = db.size() == 1;
    if (a_vec)
        da.insert(da.begin(), Dimension(1));
    if (b_vec)
        db.push_back(Dimension(1));

    const Dimension& ka = da.back();
    const Dimension& kb = db[db.size() - 2];
    if (!ka.compatible(kb))
        raise<ModelError>(node.describe(), ": inner dimensions do not match: ", a, (ta ? " (transposed)" : ""),
                          " x ", b, (tb ? " (transposed)" : ""));
    const PartialShape batch = broadcast_numpy(node, PartialShape(std::vector<Dimension>(da.begin(), da.end() - 2)),
                                               PartialShape(std::vector<Dimension>(db.begin(), db.end() - 2)));
    std::vector<Dimension> out(batch.begin(), batch.end());
    if (!a_vec)
        out.push_back(da[da.size() - 2]);
    if (!b_vec)
        out.push_back(db.back());
    return {{type, PartialShape(out)}};
}

}  // namespace shape_infer
}  // namespace ovcl
