#include "ops/rearrange.hpp"

#include <string>
#include <vector>

#include "ops/movement_copy.hpp"

namespace ovcl {
namespace gpu {

namespace {

// The input seen under another shape, and the order of its axes in the output (the op is that transpose
// followed by a reshape, which is free).
struct TransposedView {
    Shape shape;
    std::vector<size_t> order;
};

TransposedView view_of(const Node& node) {
    const Shape in = node.get_input_shape(0);
    const std::string& type = node.get_type_name();
    TransposedView v;
    if (type == "ShuffleChannels") {  // [outer, group, C / group, inner] with the middle two swapped
        const auto rank = static_cast<int64_t>(in.size());
        const int64_t raw = node.get_attr<int64_t>("axis", 1);
        const auto axis = static_cast<size_t>(raw < 0 ? raw + rank : raw);
        const auto group = static_cast<size_t>(node.get_attr<int64_t>("group", 1));
        const auto outer = static_cast<size_t>(movement::product(in, 0, axis));
        const auto inner = static_cast<size_t>(movement::product(in, axis + 1, in.size()));
        v.shape = {outer, group, in[axis] / group, inner};
        v.order = {0, 2, 1, 3};
        return v;
    }
    const auto b = static_cast<size_t>(node.get_attr<int64_t>("block_size", 1));
    const bool blocks_first = node.get_attr<std::string>("mode", "blocks_first") == "blocks_first";
    const size_t k = in.size() - 2;  // spatial axes
    if (type == "DepthToSpace") {
        size_t c = in[1];
        for (size_t i = 0; i < k; ++i)
            c /= b;
        // blocks_first: [N, b.., C', D..]; depth_first: [N, C', b.., D..]; out: N, C', then D_i, b_i per axis.
        v.shape = {in[0]};
        if (!blocks_first)
            v.shape.push_back(c);
        v.shape.insert(v.shape.end(), k, b);
        if (blocks_first)
            v.shape.push_back(c);
        v.shape.insert(v.shape.end(), in.begin() + 2, in.end());
        v.order = {0, blocks_first ? k + 1 : 1};
        for (size_t i = 0; i < k; ++i) {
            v.order.push_back(k + 2 + i);
            v.order.push_back(blocks_first ? 1 + i : 2 + i);
        }
        return v;
    }
    // SpaceToDepth: [N, C, D_1/b, b, .., D_k/b, b]; out: N, then the blocks and C (blocks_first) or C and the
    // blocks (depth_first), then the D_i / b.
    v.shape = {in[0], in[1]};
    for (size_t i = 0; i < k; ++i) {
        v.shape.push_back(in[2 + i] / b);
        v.shape.push_back(b);
    }
    v.order = {0};
    if (!blocks_first)
        v.order.push_back(1);
    for (size_t i = 0; i < k; ++i)
        v.order.push_back(3 + 2 * i);
    if (blocks_first)
        v.order.push_back(1);
    for (size_t i = 0; i < k; ++i)
        v.order.push_back(2 + 2 * i);
    return v;
}

}  // namespace

Validation RearrangeOp::validate(const Node& node, const DeviceInfo&) const {
    // Shapes are static in a plan; attributes were checked by shape inference.
    return movement::check_sizes(node);
}

OpConfig RearrangeOp::configure(const Node& node, const DeviceInfo&) const {
    const TransposedView v = view_of(node);
    OpConfig config = movement::transpose_config(v.shape, node.get_input_element_type(0), v.order);
    config.impl_name = node.get_type_name() == "ShuffleChannels" ? "shuffle_" + config.impl_name
                                                                   : "rearrange_" + config.impl_name;
    return config;
}

}  // namespace gpu
}  // namespace ovcl
