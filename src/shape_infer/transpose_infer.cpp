// Shape and type inference of the transpose ops.
#include "shape_infer/infer_utils.hpp"

#include "ovcl/ops.hpp"

namespace ovcl {
namespace shape_infer {

namespace {
// Throws unless `order` holds every integer of [0, rank) exactly once.
void check_permutation(const Node& node, const std::vector<int64_t>& order, int64_t rank) {
    if (static_cast<int64_t>(order.size()) != rank)
        raise<ModelError>(node.describe(), ": order has ", order.size(), " values for an input of rank ", rank);
    std::vector<bool> seen(order.size(), false);
    for (int64_t a : order) {
        if (a < 0 || a >= rank || seen[static_cast<size_t>(a)])
            raise<ModelError>(node.describe(), ": order ", op::list(order), " is not a permutation of [0, ", rank,
                              ")");
        seen[static_cast<size_t>(a)] = true;
    }
}
}  // namespace

Outputs transpose(const Node& node, const Inputs& in) {
    check_input_count(node, in, 2, 2);
    check_type(node, in, 0, {});
    check_integer(node, in, 1);
    const PartialShape& data = in[0].shape;
    const PartialShape& order_shape = in[1].shape;
    if (order_shape.rank_is_static() && order_shape.rank_length() != 1)
        raise<ModelError>(node.describe(), ": order must be a 1-D tensor, got shape ", order_shape);
    std::optional<int64_t> order_len;
    if (order_shape.rank_is_static() && order_shape[0].is_static())
        order_len = order_shape[0].get_length();
    const auto order = const_i64(in[1]);
    if (order)
        order_len = static_cast<int64_t>(order->size());

    if (data.rank_is_dynamic()) {
        if (order && !order->empty())
            check_permutation(node, *order, order_len.value());
        if (order_len && *order_len > 0)
            return {{in[0].type, PartialShape::dynamic(*order_len)}};
        return {{in[0].type, PartialShape::dynamic()}};
    }
    const int64_t rank = data.rank_length();
    if (order_len && *order_len != 0 && *order_len != rank)
        raise<ModelError>(node.describe(), ": order has ", *order_len, " values for an input of rank ", rank);
    std::vector<Dimension> out(static_cast<size_t>(rank));
    if (order_len && *order_len == 0) {
        for (size_t i = 0; i < out.size(); ++i)
            out[i] = data[out.size() - 1 - i];
        return {{in[0].type, PartialShape(out)}};
    }
    if (!order) {
        // Unknown permutation: an extent is known only when every input axis has it.
        bool uniform = rank > 0;
        for (size_t i = 1; i < data.size(); ++i)
            uniform = uniform && data[i] == data[0];
        for (auto& d : out)
            d = uniform ? data[0] : Dimension();
        return {{in[0].type, PartialShape(out)}};
    }
    check_permutation(node, *order, rank);
    for (size_t i = 0; i < out.size(); ++i)
        out[i] = data[static_cast<size_t>((*order)[i])];
    return {{in[0].type, PartialShape(out)}};
}

}  // namespace shape_infer
}  // namespace ovcl
