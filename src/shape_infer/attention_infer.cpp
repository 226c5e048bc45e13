// Shape and type inference of ScaledDotProductAttention-13.
#include "shape_infer/infer_utils.hpp"

#include <vector>

namespace ovcl {
namespace shape_infer {

namespace {

PartialShape leading(const PartialShape& s, size_t drop) {
    return PartialShape(std::vector<Dimension>(s.begin(), s.end() - static_cast<std::ptrdiff_t>(drop)));
}

Dimension merge_dim(const Node& node, const Dimension& a, const Dimension& b, const char* what) {
    Dimension d;
    if (!Dimension::merge(d, a, b))
        raise<ModelError>(node.describe(), ": ", what, " differ (", a, " vs ", b, ")");
    return d;
}

// A mask extent must be 1 (broadcast) or match the scores' extent.
void check_mask_dim(const Node& node, const Dimension& mask, const Dimension& dim, const char* what) {
    if (mask != Dimension(1) && !mask.compatible(dim))
        raise<ModelError>(node.describe(), ": the attention mask's ", what, " extent ", mask, " is neither 1 nor ",
                          dim);
}

}  // namespace

Outputs sdpa(const Node& node, const Inputs& in) {
    check_input_count(node, in, 3, 5);
    const bool causal = node.get_attr<bool>("causal");
    for (size_t i = 0; i < 3; ++i)
        check_real(node, in, i);
    element::Type type = merge_types(node, in, 0, 1);
    if (in[2].type != element::dynamic && type != element::dynamic && in[2].type != type)
        raise<ModelError>(node.describe(), ": the value has element type ", in[2].type, "; expected ", type);
    if (type == element::dynamic)
        type = in[2].type;
    const bool has_mask = in.size() > 3 && !causal;
    if (has_mask && in[3].type != element::boolean && in[3].type != element::dynamic && type != element::dynamic &&
        in[3].type != type)
        raise<ModelError>(node.describe(), ": the attention mask has element type ", in[3].type, "; expected ", type,
                          " or boolean");
    if (in.size() > 4) {
        if (in[4].type != element::dynamic && type != element::dynamic && in[4].type != type)
            raise<ModelError>(node.describe(), ": the scale has element type ", in[4].type, "; expected ", type);
        const PartialShape& s = in[4].shape;
        if (s.rank_is_static() && !(s.size() == 0 || (s.size() == 1 && s[0].compatible(1))))
            raise<ModelError>(node.describe(), ": the scale must be a scalar or hold one element, got shape ", s);
    }

    const PartialShape &q = in[0].shape, &k = in[1].shape, &v = in[2].shape;
    const char* names[] = {"query", "key", "value"};
    for (size_t i = 0; i < 3; ++i)
        if (in[i].shape.rank_is_static() && in[i].shape.size() < 3)
            raise<ModelError>(node.describe(), ": the ", names[i], " must have a rank of at least 3, got ",
                              in[i].shape);
    Dimension L, E, S, Ev;
    PartialShape batch = q.rank_is_static() ? leading(q, 2) : PartialShape::dynamic();
    if (q.rank_is_static()) {
        L = q[q.size() - 2];
        E = q[q.size() - 1];
    }
    if (k.rank_is_static()) {
        batch = broadcast_numpy(node, batch, leading(k, 2));
        E = merge_dim(node, E, k[k.size() - 1], "the query and key embedding sizes");
        S = k[k.size() - 2];
    }
    if (v.rank_is_static()) {
        batch = broadcast_numpy(node, batch, leading(v, 2));
        S = merge_dim(node, S, v[v.size() - 2], "the key and value sequence lengths");
        Ev = v[v.size() - 1];
    }
    if (has_mask && in[3].shape.rank_is_static() && in[3].shape.size() != 0) {
        const PartialShape& m = in[3].shape;
        if (m.size() < 2)
            raise<ModelError>(node.describe(), ": the attention mask must be a scalar or have a rank of at least 2, "
                                               "got ", m);
        check_mask_dim(node, m[m.size() - 2], L, "target length (L)");
        check_mask_dim(node, m[m.size() - 1], S, "source length (S)");
        batch = broadcast_numpy(node, batch, leading(m, 2));
    }
    if (batch.rank_is_dynamic())
        return {{type, PartialShape::dynamic()}};
    std::vector<Dimension> out(batch.begin(), batch.end());
    out.push_back(L);
    out.push_back(Ev);
    return {{type, PartialShape(out)}};
}

}  // namespace shape_infer
}  // namespace ovcl
