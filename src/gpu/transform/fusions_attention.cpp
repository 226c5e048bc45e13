// The attention fusions (fusions.hpp).
// FusedAttention: grouped-query attention as PyTorch models write it (LLaMA's and Qwen's repeat_kv:
// k[:, :, None].expand(B, Hkv, G, S, D).reshape(B, Hkv * G, S, D)) and OpenVINO's frontend converts it:
//   ScaledDotProductAttention(q, Reshape(Broadcast(Unsqueeze(k, a), tk), sk), Reshape(Broadcast(Unsqueeze(v, a),
//   tv), sv), [mask], [scale])
// with the same axis a, Broadcast mode and special_zero for K and V. The fused node keeps the targets as inputs: its
// host reference runs the ops it stands for on them, and the device runs it only where they are known and expand
// the axis alone (ops/attention.cpp); the attention kernel then reads K and V head h / G in place of a copy G times
// the size, made anew for every token of a decoder.
// Transposes around the attention: multi-head attention splits heads by Reshape [B, L, H, E] then Transpose
// [0, 2, 1, 3] of Q, K and V, and merges them back by the same Transpose of the result then Reshape (BERT-likes,
// T5, Whisper, Wav2Vec2, GPT-2, Stable Diffusion's UNet; the result's alone in LLaMA). The attention kernel reads
// and writes those layouts with strides: four copies of a layer's activations fewer.
#include "ops/attention_fused.hpp"
#include "ovcl/ops.hpp"
#include "transform/fusions.hpp"
#include "transform/fusions_graph.hpp"

namespace ovcl {
namespace gpu {

namespace {

struct Expand {
    Output<Node> data, broadcast_target, reshape_target;
    int64_t axis = 0;
    std::string mode;
    bool special_zero = false;
    NodeVector nodes;  ///< Unsqueeze, Broadcast, Reshape
};

// `port` = Reshape(Broadcast(Unsqueeze(data, axis), target), shape) that inserts a static group axis after a batch
// axis of data and merges it into that one.
bool match_expand(const Output<Node>& port, const Consumers& consumers, Expand& e) {
    const auto reshape = port.node;
    if (reshape->get_type_name() != "Reshape" || reshape->get_input_size() != 2)
        return false;
    const auto broadcast = reshape->input_value(0).node;
    if (broadcast->get_type_name() != "Broadcast" || broadcast->get_input_size() != 2)
        return false;
    const auto unsqueeze = broadcast->input_value(0).node;
    if (unsqueeze->get_type_name() != "Unsqueeze")
        return false;
    e.data = unsqueeze->input_value(0);
    const PartialShape& ds = e.data.get_partial_shape();
    const auto a = integer_constant(unsqueeze->input_value(1));
    if (ds.rank_is_dynamic() || !a || a->size() != 1)
        return false;
    const auto rank = static_cast<int64_t>(ds.size());
    e.axis = a->front() < 0 ? a->front() + rank + 1 : a->front();
    // The group axis follows a batch axis of the attention's operand (not L or S, E).
    const PartialShape& bs = broadcast->get_output_partial_shape(0);
    if (e.axis < 1 || e.axis > rank - 2 || bs.rank_is_dynamic() || bs.size() != ds.size() + 1 ||
        bs[e.axis].is_dynamic() || reshape->get_output_partial_shape(0).rank_is_dynamic() ||
        reshape->get_output_partial_shape(0).size() != ds.size())
        return false;
    for (const auto& n : {unsqueeze, broadcast})
        if (consumers.of(Output<Node>(n, 0)).size() != 1)
            return false;
    e.broadcast_target = broadcast->input_value(1);
    e.reshape_target = reshape->input_value(1);
    e.mode = broadcast->get_attr<std::string>("mode", "numpy");
    e.special_zero = reshape->get_attr<bool>("special_zero");
    e.nodes = {unsqueeze, broadcast, reshape};
    return e.mode == "numpy" || e.mode == "bidirectional";
}

}  // namespace

size_t fuse_grouped_attention(Model& model, const std::set<std::string>& host_ops) {
    for (const char* type : {"ScaledDotProductAttention", "Unsqueeze", "Broadcast", "Reshape"})
        if (host_ops.count(type))
            return 0;
    FusionWalk walk(model);
    size_t fused = 0;
    for (const auto& sdpa : walk.order) {
        if (sdpa->get_type_name() != "ScaledDotProductAttention" || !walk.position.count(sdpa.get()))
            continue;
        Expand k, v;
        if (!match_expand(sdpa->input_value(1), walk.consumers, k) ||
            !match_expand(sdpa->input_value(2), walk.consumers, v) || k.axis != v.axis || k.mode != v.mode ||
            k.special_zero != v.special_zero)
            continue;
        NodeVector nodes = k.nodes;
        nodes.insert(nodes.end(), v.nodes.begin(), v.nodes.end());
        nodes.push_back(sdpa);
        walk.sort_in_order(nodes);
        const bool closed = std::all_of(nodes.begin(), nodes.end() - 1, [&](const auto& n) {
            return walk.position.count(n.get()) && walk.consumers.all_in(Output<Node>(n, 0), nodes);
        });
        if (!closed)
            continue;
        OutputVector inputs{sdpa->input_value(0), k.data, v.data, k.broadcast_target, k.reshape_target,
                            v.broadcast_target, v.reshape_target};
        for (size_t i = 3; i < sdpa->get_input_size(); ++i)
            inputs.push_back(sdpa->input_value(i));
        Attributes attrs{{"causal", sdpa->get_attr<bool>("causal") ? "true" : "false"},
                         {"axis", std::to_string(k.axis)},
                         {"mode", k.mode},
                         {"special_zero", k.special_zero ? "true" : "false"}};
        walk.replace_taken(std::make_shared<Node>("FusedAttention", 1, inputs, attrs), nodes);
        ++fused;
    }
    return walk.done(fused);
}

namespace {

// A Transpose whose order (a Constant) keeps the last axis last: the attention kernel reads or writes the rows of
// its data with strides.
bool foldable_transpose(const std::shared_ptr<Node>& t, const FusionWalk& walk) {
    if (!t || t->get_type_name() != "Transpose" || !walk.position.count(t.get()))
        return false;
    const auto order = integer_constant(t->input_value(1));
    const PartialShape& data = t->get_input_partial_shape(0);
    return order && order->size() >= 2 && data.rank_is_static() && data.size() == order->size() &&
           order->back() == static_cast<int64_t>(order->size()) - 1;
}

}  // namespace

size_t fold_attention_transposes(Model& model, const std::set<std::string>& host_ops) {
    for (const char* type : {"ScaledDotProductAttention", "Transpose"})
        if (host_ops.count(type))
            return 0;
    FusionWalk walk(model);
    size_t fused = 0;
    for (const auto& attention : walk.order) {
        const std::string& type = attention->get_type_name();
        if ((type != "ScaledDotProductAttention" && type != "FusedAttention") ||
            !walk.position.count(attention.get()))
            continue;
        // FusedAttention's K and V are expanded, not transposed: its query and result only.
        const size_t operands = type == "FusedAttention" ? 1 : 3;
        NodeVector nodes{attention};
        OutputVector inputs = attention->input_values();
        Attributes attrs = attention->get_attributes();
        for (size_t i = 0; i < operands; ++i) {
            const auto t = attention->input_value(i).node;
            if (foldable_transpose(t, walk) && walk.consumers.only(Output<Node>(t, 0)) == attention &&
                !attention->has_attr(kAttentionOrders[i])) {
                inputs[i] = t->input_value(0);
                attrs.emplace_back(kAttentionOrders[i], op::list(*integer_constant(t->input_value(1))));
                nodes.push_back(t);
            }
        }
        const auto reader = walk.consumers.only(Output<Node>(attention, 0));
        if (foldable_transpose(reader, walk) && !attention->has_attr("out_order")) {
            attrs.emplace_back("out_order", op::list(*integer_constant(reader->input_value(1))));
            nodes.push_back(reader);
        }
        if (nodes.size() == 1)
            continue;
        walk.sort_in_order(nodes);
        const std::string fused_type = type == "FusedAttention" ? type : "FusedTransposedAttention";
        walk.replace_taken(std::make_shared<Node>(fused_type, 1, inputs, attrs), nodes);
        ++fused;
    }
    return walk.done(fused);
}

}  // namespace gpu
}  // namespace ovcl
