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

const char* const kType = "FusedEltwise";  // ops/fused_ops.def

}  // namespace

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
            std::count_if(ext.begin(), ext.end(), [&](const Output<Node>& o) { return !scalar_constant(o, v); }));
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

size_t fuse_eltwise(Model& model, const std::set<std::string>& host_ops) {
    FusionWalk walk(model);
    const NodeVector& order = walk.order;
    const Consumers& consumers = walk.consumers;
    const auto& position = walk.position;
    std::map<const Node*, bool> fusable;
    auto candidate = [&](const std::shared_ptr<Node>& n) {
        auto it = fusable.find(n.get());
        if (it == fusable.end())
            it = fusable.emplace(n.get(), !host_ops.count(n->get_type_name()) && fusable_eltwise(*n, /*dims_known_later=*/true).supported).first;
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
                        !consumers.all_in(Output<Node>(p, 0), members))
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
        walk.sort_in_order(members);
        walk.replace_taken(fused_node(members), members);
        ++fused;
    }
    return walk.done(fused);
}

}  // namespace gpu
}  // namespace ovcl
