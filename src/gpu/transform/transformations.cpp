#include "transform/transformations.hpp"

#include <algorithm>
#include <array>
#include <map>
#include <optional>
#include <set>
#include <tuple>
#include <unordered_set>

#include "ovcl/op_registry.hpp"
#include "ovcl/ops.hpp"
#include "transform/fusions.hpp"
#include "transform/precision.hpp"

namespace ovcl {
namespace gpu {

namespace {

bool foldable(const Node& n) {
    const std::string& t = n.get_type_name();
    if (t == "Parameter" || t == "Result" || t == "Constant" || t == "ReadValue" || t == "Assign")
        return false;
    if (!n.spec().evaluate)
        return false;
    for (const auto& in : n.input_values())
        if (!in.node->is_constant())
            return false;
    return true;
}

// A Constant holding `value` that keeps the folded output's names.
std::shared_ptr<Node> constant_for(const Node& folded, size_t port, const Tensor& value) {
    auto c = op::constant(value);
    c->set_friendly_name(folded.get_output_size() == 1 ? folded.get_friendly_name()
                                                       : folded.get_friendly_name() + "." + std::to_string(port));
    c->output_names(0) = folded.output_names(port);
    c->get_rt_info()["fused_names"] = folded.get_friendly_name();
    return c;
}

// The value of a shape computation whose every element is known (ShapeOf of a static shape, a Gather of its static
// dims), though some input is not constant.
std::optional<Tensor> known_shape_value(const Node& n) {
    if (n.get_output_size() != 1 || n.is_constant() || !n.get_output_partial_shape(0).is_static())
        return std::nullopt;
    const auto& value = n.get_output_shape_value(0);
    if (!value || std::any_of(value->begin(), value->end(), [](const auto& e) { return !e.has_value(); }))
        return std::nullopt;
    Tensor t(n.get_output_element_type(0), n.get_output_shape(0));
    if (t.get_size() != value->size())
        return std::nullopt;
    for (size_t i = 0; i < value->size(); ++i) {
        if (t.get_element_type() == element::i32)
            t.data<int32_t>()[i] = static_cast<int32_t>(*(*value)[i]);
        else if (t.get_element_type() == element::i64)
            t.data<int64_t>()[i] = *(*value)[i];
        else
            return std::nullopt;
    }
    return t;
}

// Constant folding in topological order. A node that reads a folded value, or a value whose shape changed, infers
// its types again at once, so a Reshape whose target shape folded is static before the ShapeOf after it is reached.
size_t fold_constants(Model& model) {
    size_t folded = 0;
    std::map<Output<Node>, Output<Node>> replaced;  // old port -> constant port
    std::unordered_set<const Node*> reshaped;       // nodes whose output types or shapes changed
    for (const auto& node : model.get_ordered_ops()) {
        bool stale = false;
        for (size_t i = 0; i < node->get_input_size(); ++i) {
            auto it = replaced.find(node->input_value(i));
            if (it != replaced.end()) {
                node->set_argument(i, it->second);
                stale = true;
            } else {
                stale = stale || reshaped.count(node->input_value(i).node.get());
            }
        }
        if (stale) {
            std::vector<std::tuple<element::Type, PartialShape, std::shared_ptr<const ShapeValue>>> before;
            for (size_t p = 0; p < node->get_output_size(); ++p)
                before.emplace_back(node->get_output_element_type(p), node->get_output_partial_shape(p),
                                    node->get_output_shape_value(p));
            node->validate_and_infer_types();
            const auto same_value = [](const auto& a, const auto& b) { return a == b || (a && b && *a == *b); };
            for (size_t p = 0; p < node->get_output_size(); ++p)
                if (p >= before.size() || std::get<0>(before[p]) != node->get_output_element_type(p) ||
                    std::get<1>(before[p]) != node->get_output_partial_shape(p) ||
                    !same_value(std::get<2>(before[p]), node->get_output_shape_value(p)))
                    reshaped.insert(node.get());
        }
        if (const auto v = known_shape_value(*node)) {  // ShapeOf of static dims, and what it passed on
            replaced[Output<Node>(node, 0)] = Output<Node>(constant_for(*node, 0, *v), 0);
            ++folded;
            continue;
        }
        if (!foldable(*node))
            continue;
        TensorVector inputs;
        for (const auto& in : node->input_values())
            inputs.push_back(in.node->get_constant_value());
        EvalContext ctx;
        const TensorVector values = evaluate_node(*node, inputs, ctx);
        for (size_t p = 0; p < values.size(); ++p)
            replaced[Output<Node>(node, p)] = Output<Node>(constant_for(*node, p, values[p]), 0);
        ++folded;
    }
    return folded;
}

}  // namespace

size_t transform_model(Model& model, const std::set<std::string>& host_ops, element::Type precision,
                       FusionHistory* history) {
    size_t folded = fold_constants(model);
    folded += convert_precision(model, precision);
    // A pass whose root op the model lacks is skipped too: each walks the whole graph.
    std::set<std::string> types;
    for (const auto& n : model.get_ordered_ops())
        types.insert(n->get_type_name());
    // Not among the learnt passes: a KV cache's prompt has none of these, its decode steps have them all.
    if (types.count("Transpose"))
        folded += transposes_as_reshapes(model, host_ops);
    using PassFn = size_t (*)(Model&, const std::set<std::string>&);
    // Normalisations first (their decomposition is element-wise ops), then per-channel scales into the convolution
    // weights, what the conv / matmul epilogue takes, then the element-wise DAGs that are left.
    const std::array<std::pair<PassFn, bool>, FusionHistory::kPasses> passes{{
        {decompose_group_normalization, types.count("GroupNormalization") != 0},
        {decompose_einsum, types.count("Einsum") != 0},
        {fuse_normalization, true},
        {fuse_rope, types.count("Concat") && types.count("Slice")},
        {fuse_grouped_attention, types.count("ScaledDotProductAttention") && types.count("Broadcast")},
        {fold_attention_transposes, types.count("ScaledDotProductAttention") && types.count("Transpose")},
        {fold_channel_scale, types.count("Convolution") || types.count("GroupConvolution")},
        {fuse_bias_activation, true},
        {fuse_eltwise, true},
    }};
    const bool learning = history && history->transformed < FusionHistory::kLearn;
    size_t fused = 0;
    for (size_t i = 0; i < passes.size(); ++i) {
        if (!passes[i].second || (history && history->skips(i)))
            continue;
        const size_t n = passes[i].first(model, host_ops);
        fused += n;
        if (learning)
            history->fused[i] += n;
    }
    if (learning)
        ++history->transformed;
    return folded + fused;
}

}  // namespace gpu
}  // namespace ovcl
