#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace shape_infer {

Outputs group_normalization(const Node& node, const Inputs& in) {
    check_input_count(node, in, 3, 3);
    const element::Type t = common_real_type(node, in);
    const PartialShape& d = in[0].shape;
    const int64_t groups = node.get_attr<int64_t>("num_groups");
    if (groups < 1)
        raise<ModelError>(node.describe(), ": num_groups ", groups, " must be at least 1");
    if (node.get_attr<double>("epsilon") < 0)
        raise<ModelError>(node.describe(), ": epsilon must not be negative");
    if (d.rank_is_static()) {
        if (d.size() < 2)
            raise<ModelError>(node.describe(), ": data of rank ", d.size(), "; expected 2 or more");
        if (d[1].is_static() && d[1].get_length() % groups != 0)
            raise<ModelError>(node.describe(), ": channels ", d[1].get_length(), " are not a multiple of num_groups ",
                              groups);
        for (size_t i = 1; i < 3; ++i)
            if (in[i].shape.rank_is_static() &&
                (in[i].shape.size() != 1 || !in[i].shape[0].compatible(d[1])))
                raise<ModelError>(node.describe(), ": input ", i, " has shape ", in[i].shape, "; expected [", d[1], "]");
    }
    return {{t, d}};
}

Outputs lrn(const Node& node, const Inputs& in) {
    check_input_count(node, in, 2, 2);
    check_real(node, in, 0);
    check_integer(node, in, 1);
    if (in[1].shape.rank_is_static() && in[1].shape.size() != 1)
        raise<ModelError>(node.describe(), ": axes must be 1-D, got ", in[1].shape);
    if (node.get_attr<int64_t>("size") < 1)
        raise<ModelError>(node.describe(), ": size ", node.get_attr<int64_t>("size"), " must be at least 1");
    if (const auto a = const_i64(in[1]); a && in[0].shape.rank_is_static())
        for (int64_t v : *a)
            normalize_axis(node, v, static_cast<int64_t>(in[0].shape.size()));
    return {{in[0].type, in[0].shape}};
}

Outputs grn(const Node& node, const Inputs& in) {
    check_input_count(node, in, 1, 1);
    check_real(node, in, 0);
    const PartialShape& d = in[0].shape;
    if (d.rank_is_static() && (d.size() < 2 || d.size() > 4))
        raise<ModelError>(node.describe(), ": data of rank ", d.size(), "; expected 2 to 4");
    return {{in[0].type, d}};
}

}  // namespace shape_infer
}  // namespace ovcl
