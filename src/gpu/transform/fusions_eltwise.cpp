// FusedEltwise (fusions.hpp): its registry entry (shape inference and host evaluation through the nodes it stands
// for) and the fusion of element-wise DAGs.
#include <algorithm>
#include <map>

#include "ops/eltwise.hpp"
#include "ovcl/ops.hpp"
#include "transform/fusions.hpp"
#include "transform/fusions_graph.hpp"

namespace ovcl {
namespace gpu {

namespace {

const char* const kType = "FusedEltwise";

// "<Type>-<version>:<operands>" -> its parts; operands "i<k>" or "t<m>".
struct Encoded {
    std::string type;
    int64_t version = 1;
    std::vector<std::string> operands;
};

Encoded parse(const Node& fused, size_t j) {
    const std::string text = fused.get_attr_text("op" + std::to_string(j));
    const size_t dash = text.find('-'), colon = text.find(':');
    if (dash == std::string::npos || colon == std::string::npos || colon < dash)
        raise<ModelError>(fused.describe(), ": malformed op", j, " '", text, "'");
    Encoded e;
    e.type = text.substr(0, dash);
    e.version = std::stoll(text.substr(dash + 1, colon - dash - 1));
    for (size_t p = colon + 1; p < text.size();) {
        const size_t comma = std::min(text.find(',', p), text.size());
        e.operands.push_back(text.substr(p, comma - p));
        p = comma + 1;
    }
    return e;
}

OutputVector parameters_for(const std::vector<std::pair<element::Type, PartialShape>>& inputs) {
    OutputVector params;
    for (const auto& [type, shape] : inputs)
        params.emplace_back(op::parameter(type, shape), 0);
    return params;
}

}  // namespace

std::vector<OutputInfo> fused_eltwise_infer(const Node& node, const std::vector<InputInfo>& in) {
    std::vector<std::pair<element::Type, PartialShape>> inputs;
    for (const auto& i : in)
        inputs.emplace_back(i.type, i.shape);
    const NodeVector nodes = unfold_fused_eltwise(node, parameters_for(inputs));
    return {{nodes.back()->get_output_element_type(0), nodes.back()->get_output_partial_shape(0)}};
}

// The host references of the nodes, in order, on the actual inputs.
void fused_eltwise_ref(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx) {
    std::vector<std::pair<element::Type, PartialShape>> inputs;
    for (const auto& t : in)
        inputs.emplace_back(t.get_element_type(), PartialShape(t.get_shape()));
    const OutputVector params = parameters_for(inputs);
    const NodeVector nodes = unfold_fused_eltwise(node, params);
    std::map<const Node*, Tensor> values;
    for (size_t k = 0; k < params.size(); ++k)
        values[params[k].node.get()] = in.at(k);
    for (const auto& n : nodes) {
        TensorVector args;
        for (const auto& v : n->input_values())
            args.push_back(values.at(v.node.get()));
        values[n.get()] = evaluate_node(*n, args, ctx).at(0);
    }
    values.at(nodes.back().get()).copy_to(out.at(0));
}

namespace {

bool is_member(const NodeVector& members, const std::shared_ptr<Node>& n) {
    return std::find(members.begin(), members.end(), n) != members.end();
}

// The distinct values `members` read from outside, in order of first use; `memory` counts those the kernel reads
// from memory (single-value Constants are literals).
OutputVector external_inputs(const NodeVector& members, size_t* memory = nullptr) {
    OutputVector ext;
    for (const auto& m : members)
        for (const auto& in : m->input_values())
            if (!is_member(members, in.node) && std::find(ext.begin(), ext.end(), in) == ext.end())
                ext.push_back(in);
    if (memory) {
        double v = 0;
        *memory = static_cast<size_t>(
            std::count_if(ext.begin(), ext.end(), [&](const Output& o) { return !scalar_constant(o, v); }));
    }
    return ext;
}

std::shared_ptr<Node> fused_node(const NodeVector& members) {
    const OutputVector ext = external_inputs(members);
    Attributes attrs{{"ops", std::to_string(members.size())}};
    for (size_t j = 0; j < members.size(); ++j) {
        const auto& n = members[j];
        std::string operands;
        for (const auto& in : n->input_values()) {
            operands += operands.empty() ? "" : ",";
            if (is_member(members, in.node))
                operands += "t" + std::to_string(std::find(members.begin(), members.end(), in.node) - members.begin());
            else
                operands += "i" + std::to_string(std::find(ext.begin(), ext.end(), in) - ext.begin());
        }
        const std::string key = "op" + std::to_string(j);
        attrs.emplace_back(key, n->get_type_name() + "-" + std::to_string(n->get_version()) + ":" + operands);
        for (const auto& [name, value] : n->get_attributes())
            attrs.emplace_back(key + "." + name, value);
    }
    return std::make_shared<Node>(kType, 1, ext, attrs);
}

}  // namespace

NodeVector unfold_fused_eltwise(const Node& fused, const OutputVector& inputs) {
    const auto count = fused.get_attr<int64_t>("ops");
    if (count < 1 || inputs.size() != fused.get_input_size())
        raise<ModelError>(fused.describe(), ": ", count, " nodes on ", inputs.size(), " inputs");
    NodeVector nodes;
    for (size_t j = 0; j < static_cast<size_t>(count); ++j) {
        const Encoded e = parse(fused, j);
        OutputVector args;
        for (const std::string& ref : e.operands) {
            const size_t k = ref.size() > 1 ? std::stoul(ref.substr(1)) : SIZE_MAX;
            if (ref[0] == 'i' && k < inputs.size())
                args.push_back(inputs[k]);
            else if (ref[0] == 't' && k < nodes.size())
                args.emplace_back(nodes[k], 0);
            else
                raise<ModelError>(fused.describe(), ": op", j, " reads '", ref, "'");
        }
        const std::string prefix = "op" + std::to_string(j) + ".";
        Attributes attrs;
        for (const auto& [name, value] : fused.get_attributes())
            if (name.compare(0, prefix.size(), prefix) == 0)
                attrs.emplace_back(name.substr(prefix.size()), value);
        auto n = std::make_shared<Node>(e.type, e.version, args, attrs);
        n->set_friendly_name(fused.get_friendly_name() + "/" + e.type + "_" + std::to_string(j));
        n->validate_and_infer_types();
        nodes.push_back(n);
    }
    return nodes;
}

size_t fuse_eltwise(Model& model, const std::set<std::string>& host_ops) {
    register_fused_ops();
    const NodeVector order = model.get_ordered_ops();
    Consumers consumers(order);
    std::map<const Node*, size_t> position;
    for (size_t i = 0; i < order.size(); ++i)
        position[order[i].get()] = i;
    std::map<const Node*, bool> fusable;
    auto candidate = [&](const std::shared_ptr<Node>& n) {
        auto it = fusable.find(n.get());
        if (it == fusable.end())
            it = fusable.emplace(n.get(), !host_ops.count(n->get_type_name()) && fusable_eltwise(*n).supported).first;
        return it->second;
    };

    size_t fused = 0;
    for (auto it = order.rbegin(); it != order.rend(); ++it) {  // consumers first: each DAG grows from its result
        if (!position.count(it->get()) || !candidate(*it))
            continue;
        NodeVector members{*it};
        for (bool grew = true; grew && members.size() < kMaxFusedEltwiseOps;) {
            grew = false;
            for (size_t m = 0; m < members.size() && !grew; ++m)
                for (const auto& in : members[m]->input_values()) {
                    const auto& p = in.node;
                    if (is_member(members, p) || !position.count(p.get()) || !candidate(p) ||
                        !consumers.all_in(Output(p, 0), members))
                        continue;
                    NodeVector with = members;
                    with.push_back(p);
                    size_t memory = 0;
                    external_inputs(with, &memory);
                    if (memory > kMaxFusedEltwiseInputs)
                        continue;
                    members = std::move(with);
                    grew = true;
                    break;
                }
        }
        if (members.size() < 2)
            continue;
        std::sort(members.begin(), members.end(),
                  [&](const auto& a, const auto& b) { return position.at(a.get()) < position.at(b.get()); });
        for (const auto& m : members)
            position.erase(m.get());  // replaced: no other DAG takes them
        replace_by_fused(fused_node(members), members, consumers);
        ++fused;
    }
    if (fused)
        model.validate_nodes_and_infer_types();
    return fused;
}

}  // namespace gpu
}  // namespace ovcl
