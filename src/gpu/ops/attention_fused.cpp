// Shape inference and host references of the fused attention types (fused_ops.def): FusedAttention, grouped-query
// attention with K and V expanded by Unsqueeze, Broadcast and Reshape, and FusedTransposedAttention,
// ScaledDotProductAttention with the Transposes around it (transform/fusions_attention.cpp). Both run the ops they
// stand for, the Transposes of their orders included.
#include <algorithm>
#include <map>
#include <utility>

#include "ops/attention_fused.hpp"
#include "ops/fused_ops.hpp"
#include "ovcl/ops.hpp"

namespace ovcl {
namespace gpu {

namespace {

Tensor order_tensor(const std::vector<size_t>& order) {
    Tensor t(element::i64, Shape{order.size()});
    std::copy(order.begin(), order.end(), t.data<int64_t>());
    return t;
}

// The orders of inputs 0, 1, 2 and of the result; FusedAttention's K and V are expanded, not transposed.
void check_orders(const Node& node) {
    if (grouped_attention(node))
        for (const char* name : {"k_order", "v_order"})
            if (node.has_attr(name))
                raise<ModelError>(node.describe(), ": FusedAttention takes no ", name,
                                  " (its K and V are expanded to the query's heads, not transposed)");
}

}  // namespace

bool grouped_attention(const Node& node) { return node.get_type_name() == "FusedAttention"; }

std::shared_ptr<Node> attention_stand_in(const Node& fused, const std::string& type) {
    static const std::map<std::string, std::pair<int64_t, const char*>> ops{
        {"Unsqueeze", {1, ""}},        {"Broadcast", {3, "mode"}},
        {"Reshape", {1, "special_zero"}}, {"Transpose", {1, ""}},
        {"ScaledDotProductAttention", {13, "causal"}}};
    thread_local std::map<std::pair<std::string, std::string>, std::shared_ptr<Node>> made;
    const auto& [version, attr] = ops.at(type);
    const std::string value = *attr ? fused.get_attr_text(attr) : std::string();
    auto& n = made[{type, value}];
    if (!n) {
        Attributes attrs;
        if (*attr)
            attrs.emplace_back(attr, value);
        n = std::make_shared<Node>(type, version, OutputVector{}, attrs);
    }
    n->set_friendly_name(fused.get_friendly_name());
    return n;
}

std::vector<size_t> attention_order(const Node& node, const std::string& name, size_t rank) {
    const auto order = node.get_attr<std::vector<int64_t>>(name, {});
    if (order.empty())
        return {};
    std::vector<size_t> out;
    std::vector<bool> seen(rank, false);
    for (int64_t a : order) {
        if (a < 0 || a >= static_cast<int64_t>(rank) || seen[static_cast<size_t>(a)])
            raise<ModelError>(node.describe(), ": ", name, " '", node.get_attr_text(name), "' is no permutation of ",
                              rank, " axes");
        seen[static_cast<size_t>(a)] = true;
        out.push_back(static_cast<size_t>(a));
    }
    if (out.size() != rank || out.back() != rank - 1)
        raise<ModelError>(node.describe(), ": ", name, " '", node.get_attr_text(name), "' is no permutation of ",
                          rank, " axes that keeps the last axis last");
    return out;
}

// The ops a fused attention node stands for, on its inputs: the Transposes of its orders, for FusedAttention the
// Unsqueeze, Broadcast and Reshape of K and of V (their shape inferences, with the targets' values where they are
// known), ScaledDotProductAttention, the Transpose of its result.
std::vector<OutputInfo> fused_attention_infer(const Node& node, const std::vector<InputInfo>& in) {
    const bool grouped = grouped_attention(node);
    const size_t first = grouped ? 3 + kGroupedTargets : 3;
    if (in.size() < first || in.size() > first + 2)
        raise<ModelError>(node.describe(), ": expects ", first, " to ", first + 2, " inputs (q, k, v, ",
                          grouped ? "the Broadcast and Reshape targets of K and of V, " : "",
                          "the mask, the scale), got ", in.size());
    check_orders(node);
    const auto as_input = [](const OutputInfo& o) { return InputInfo(o.type, o.shape, nullptr, o.shape_value); };
    const auto transposed = [&](const InputInfo& x, const char* name) {
        const auto axes =
            x.shape.rank_is_static() ? attention_order(node, name, x.shape.size()) : std::vector<size_t>{};
        if (axes.empty())
            return x;
        const Tensor order = order_tensor(axes);
        const auto t = attention_stand_in(node, "Transpose");
        return as_input(t->spec().infer(*t, {x, InputInfo(element::i64, order.get_shape(), &order)}).at(0));
    };
    std::vector<InputInfo> sdpa;
    for (size_t i = 0; i < 3; ++i)
        sdpa.push_back(transposed(in[i], kAttentionOrders[i]));
    if (grouped) {
        const auto a = node.get_attr<int64_t>("axis");
        for (size_t i : {1, 2})
            if (in[i].shape.rank_is_static() && (a < 1 || a + 2 > static_cast<int64_t>(in[i].shape.size())))
                raise<ModelError>(node.describe(), ": axis ", a, " is no axis after a batch axis of input ", i, " ",
                                  in[i].shape);
        Tensor axis(element::i64, Shape{1});
        axis.data<int64_t>()[0] = a;
        const auto unsqueeze = attention_stand_in(node, "Unsqueeze"), broadcast = attention_stand_in(node, "Broadcast");
        const auto reshape = attention_stand_in(node, "Reshape");
        for (size_t i : {1, 2}) {
            const auto u = unsqueeze->spec().infer(*unsqueeze, {in[i], InputInfo(element::i64, Shape{1}, &axis)});
            const auto b = broadcast->spec().infer(*broadcast, {as_input(u.at(0)), in[2 * i + 1]});
            sdpa[i] = as_input(reshape->spec().infer(*reshape, {as_input(b.at(0)), in[2 * i + 2]}).at(0));
        }
    }
    sdpa.insert(sdpa.end(), in.begin() + static_cast<std::ptrdiff_t>(first), in.end());
    const auto attention = attention_stand_in(node, "ScaledDotProductAttention");
    auto out = attention->spec().infer(*attention, sdpa);
    const InputInfo result = transposed(as_input(out.at(0)), "out_order");
    out.at(0).shape = result.shape;
    return out;
}

void fused_attention_ref(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx) {
    check_orders(node);
    std::map<const Node*, Tensor> values;
    NodeVector order;
    const auto parameter = [&](const Tensor& t) {
        auto p = op::parameter(t.get_element_type(), t.get_shape());
        values[p.get()] = t;
        return Output<Node>(p, 0);
    };
    const auto transposed = [&](const Output<Node>& x, const char* name) {
        const auto axes = attention_order(node, name, x.get_partial_shape().size());
        if (axes.empty())
            return x;
        auto t = op::make("Transpose", {x, op::constant(order_tensor(axes))});
        order.push_back(t);
        return Output<Node>(t, 0);
    };
    const bool grouped = grouped_attention(node);
    OutputVector sdpa_inputs;
    for (size_t i = 0; i < 3; ++i)
        sdpa_inputs.push_back(transposed(parameter(in.at(i)), kAttentionOrders[i]));
    if (grouped) {
        const auto axis = op::constant<int64_t>(element::i64, Shape{1}, {node.get_attr<int64_t>("axis")});
        for (size_t i : {1, 2}) {
            auto u = op::make("Unsqueeze", {sdpa_inputs[i], axis});
            auto b =
                op::make("Broadcast", {u, op::constant(in.at(2 * i + 1))}, {{"mode", node.get_attr_text("mode")}}, 3);
            auto r = op::make("Reshape", {b, op::constant(in.at(2 * i + 2))},
                              {{"special_zero", node.get_attr_text("special_zero")}});
            order.insert(order.end(), {u, b, r});
            sdpa_inputs[i] = Output<Node>(r, 0);
        }
    }
    for (size_t i = grouped ? 3 + kGroupedTargets : 3; i < in.size(); ++i)
        sdpa_inputs.push_back(parameter(in[i]));
    auto sdpa = op::make("ScaledDotProductAttention", sdpa_inputs, {{"causal", node.get_attr_text("causal")}}, 13);
    order.push_back(sdpa);
    transposed(Output<Node>(sdpa, 0), "out_order");
    evaluate_in_order(order, values, ctx).copy_to(out.at(0));
}

}  // namespace gpu
}  // namespace ovcl
