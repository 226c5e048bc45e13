// Shape and type inference of Eye.
#include "shape_infer/infer_utils.hpp"

#include <vector>

namespace ovcl {
namespace shape_infer {

Outputs eye(const Node& node, const Inputs& in) {
    check_input_count(node, in, 3, 4);
    for (size_t i = 0; i < in.size(); ++i)
        check_integer(node, in, i);
    for (size_t i = 0; i < 3; ++i) {
        const PartialShape& s = in[i].shape;
        if (s.rank_is_static() && !(s.size() == 0 || (s.size() == 1 && s[0].compatible(Dimension(1)))))
            raise<ModelError>(node.describe(), ": input ", i, " must be a scalar, got shape ", s);
    }
    const auto type = node.get_attr<element::Type>("output_type");
    if (!type.is_static())
        raise<ModelError>(node.describe(), ": output_type must be a static element type, not ", type);
    std::vector<Dimension> out;
    if (in.size() == 4) {
        const PartialShape& b = in[3].shape;
        if (b.rank_is_static() && b.size() != 1)
            raise<ModelError>(node.describe(), ": batch_shape must be 1-D, got ", b);
        const auto v = const_i64(in[3]);
        if (!v)
            return {{type, PartialShape::dynamic()}};
        for (int64_t d : *v) {
            if (d < 0)
                raise<ModelError>(node.describe(), ": batch dimension ", d, " must not be negative");
            out.emplace_back(d);
        }
    }
    for (size_t i = 0; i < 2; ++i) {
        const auto v = const_i64(in[i]);
        if (v && v->size() == 1 && v->at(0) < 0)
            raise<ModelError>(node.describe(), ": ", i == 0 ? "num_rows " : "num_columns ", v->at(0),
                              " must not be negative");
        out.push_back(v && v->size() == 1 ? Dimension(v->at(0)) : Dimension::dynamic());
    }
    return {{type, PartialShape(out)}};
}

}  // namespace shape_infer
}  // namespace ovcl
