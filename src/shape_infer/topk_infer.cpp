#include "shape_infer/topk_infer.hpp"

#include <string>

namespace ovcl {
namespace shape_infer {

TopKAttrs topk_attrs(const Node& node) {
    TopKAttrs a;
    a.axis = node.get_attr<int64_t>("axis");
    const auto mode = node.get_attr<std::string>("mode");
    if (mode != "max" && mode != "min")
        raise<ModelError>(node.describe(), ": attribute mode='", mode, "' is not one of max, min");
    a.max = mode == "max";
    static const std::pair<const char*, TopKAttrs::Sort> sorts[] = {
        {"value", TopKAttrs::Sort::value}, {"index", TopKAttrs::Sort::index}, {"none", TopKAttrs::Sort::none}};
    a.sort = pick(node, "sort", node.get_attr<std::string>("sort"), sorts);
    a.index_type = index_type_attr(node, "index_element_type", element::i32);
    if (node.get_version() >= 11)
        a.stable = node.get_attr<bool>("stable", false);
    return a;
}

Outputs topk(const Node& node, const Inputs& in) {
    check_input_count(node, in, 2, 2);
    const TopKAttrs attrs = topk_attrs(node);
    check_type(node, in, 0, {});
    if (in[0].type == element::boolean)
        raise<ModelError>(node.describe(), ": the data input must be numeric, not boolean");
    check_integer(node, in, 1);
    if (in[1].shape.rank_is_static() && in[1].shape.size() != 0)
        raise<ModelError>(node.describe(), ": k must be a scalar, got shape ", in[1].shape);

    PartialShape out = in[0].shape;
    if (out.rank_is_static()) {
        if (out.size() == 0)
            raise<ModelError>(node.describe(), ": the data input must have a rank of at least 1");
        const auto axis = static_cast<size_t>(normalize_axis(node, attrs.axis, static_cast<int64_t>(out.size())));
        const Dimension dim = out[axis];
        if (const auto k = const_i64(in[1])) {
            if (k->size() != 1)
                raise<ModelError>(node.describe(), ": k must hold one value, got ", k->size());
            const int64_t kv = k->front();
            if (kv < 0)
                raise<ModelError>(node.describe(), ": k must be non-negative, got ", kv);
            // The specification leaves k > dim undefined; a wrong-sized answer would be silent, so refuse it.
            if (dim.get_max_length() != Dimension::inf && kv > dim.get_max_length())
                raise<ModelError>(node.describe(), ": k=", kv, " exceeds the extent ", dim, " of axis ", axis);
            out[axis] = Dimension(kv);
        } else {
            out[axis] = Dimension(0, dim.get_max_length());
        }
    }
    return {{in[0].type, out}, {attrs.index_type, out}};
}

}  // namespace shape_infer
}  // namespace ovcl
