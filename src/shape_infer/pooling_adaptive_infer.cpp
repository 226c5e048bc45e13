#include "shape_infer/pooling_infer.hpp"

#include <vector>

namespace ovcl {
namespace shape_infer {

namespace {
PartialShape adaptive_shape(const Node& node, const Inputs& in) {
    check_input_count(node, in, 2, 2);
    check_type(node, in, 0, {});
    check_integer(node, in, 1);
    const PartialShape &d = in[0].shape, &o = in[1].shape;
    if (d.rank_is_static() && (d.size() < 3 || d.size() > 5))
        raise<ModelError>(node.describe(), ": data of rank ", d.size(), "; expected 3 to 5");
    if (o.rank_is_static() && o.size() != 1)
        raise<ModelError>(node.describe(), ": output_shape must be 1-D, got ", o);
    if (d.rank_is_dynamic())
        return PartialShape::dynamic();
    std::vector<Dimension> out{d[0], d[1]};
    const auto v = const_i64(in[1]);
    if (v && v->size() != d.size() - 2)
        raise<ModelError>(node.describe(), ": output_shape holds ", v->size(), " extents for ", d.size() - 2,
                          " spatial axes");
    for (size_t i = 0; i + 2 < d.size(); ++i) {
        if (v && v->at(i) < 0)
            raise<ModelError>(node.describe(), ": output extent ", v->at(i), " must not be negative");
        out.push_back(v ? Dimension(v->at(i)) : Dimension::dynamic());
    }
    return PartialShape(out);
}
}  // namespace

Outputs adaptive_avg_pool(const Node& node, const Inputs& in) {
    check_real(node, in, 0);
    return {{in[0].type, adaptive_shape(node, in)}};
}

Outputs adaptive_max_pool(const Node& node, const Inputs& in) {
    const PartialShape s = adaptive_shape(node, in);
    const auto it = index_type_attr(node, "index_element_type");
    return {{in[0].type, s}, {it, s}};
}

}  // namespace shape_infer
}  // namespace ovcl
