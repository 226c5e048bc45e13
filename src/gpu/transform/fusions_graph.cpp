#include "transform/fusions_graph.hpp"

#include <algorithm>

#include "host_ref/ref_utils.hpp"
#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace gpu {

Consumers::Consumers(const NodeVector& order) {
    for (const auto& n : order)
        for (size_t i = 0; i < n->get_input_size(); ++i)
            m_uses[n->input_value(i)].emplace_back(n, i);
}

const std::vector<Consumers::Use>& Consumers::of(const Output<Node>& port) const {
    static const std::vector<Use> none;
    auto it = m_uses.find(port);
    return it == m_uses.end() ? none : it->second;
}

std::shared_ptr<Node> Consumers::only(const Output<Node>& port) const {
    const auto& uses = of(port);
    if (uses.size() != 1 || uses[0].first->get_type_name() == "Result")
        return nullptr;
    return uses[0].first;
}

bool Consumers::all_in(const Output<Node>& port, const std::vector<std::shared_ptr<Node>>& inside) const {
    const auto& uses = of(port);
    return !uses.empty() && std::all_of(uses.begin(), uses.end(), [&](const Use& u) {
        return std::find(inside.begin(), inside.end(), u.first) != inside.end();
    });
}

void Consumers::redirect(const Output<Node>& from, const Output<Node>& to) {
    auto it = m_uses.find(from);
    if (it == m_uses.end())
        return;
    const std::vector<Use> uses = std::move(it->second);
    m_uses.erase(it);
    for (const auto& [consumer, index] : uses) {
        consumer->set_argument(index, to);
        m_uses[to].emplace_back(consumer, index);
    }
}

void Consumers::replace_reader(const NodeVector& old, const std::shared_ptr<Node>& reader) {
    const auto replaced = [&](const Use& u) { return std::find(old.begin(), old.end(), u.first) != old.end(); };
    for (auto& [port, uses] : m_uses)
        uses.erase(std::remove_if(uses.begin(), uses.end(), replaced), uses.end());
    for (size_t i = 0; i < reader->get_input_size(); ++i)
        m_uses[reader->input_value(i)].emplace_back(reader, i);
}

FusionWalk::FusionWalk(Model& m) : model(m), order((register_fused_ops(), m.get_ordered_ops())), consumers(order) {
    for (size_t i = 0; i < order.size(); ++i)
        position[order[i].get()] = i;
}

size_t FusionWalk::done(size_t changed) {
    if (changed && same_output != changed)
        model.validate_nodes_and_infer_types();
    return changed;
}

void FusionWalk::replace(const std::shared_ptr<Node>& fused, const NodeVector& nodes) {
    const Output<Node> was(nodes.back(), 0);
    const element::Type type = was.get_element_type();
    const PartialShape shape = was.get_partial_shape();
    replace_by_fused(fused, nodes, consumers);
    same_output += fused->get_output_size() == 1 && fused->get_output_element_type(0) == type &&
                   fused->get_output_partial_shape(0) == shape;
}

void FusionWalk::sort_in_order(NodeVector& nodes) const {
    std::sort(nodes.begin(), nodes.end(),
              [&](const auto& a, const auto& b) { return position.at(a.get()) < position.at(b.get()); });
}

void FusionWalk::replace_taken(const std::shared_ptr<Node>& fused, const NodeVector& nodes) {
    for (const auto& n : nodes)
        position.erase(n.get());
    replace(fused, nodes);
}

void replace_by_fused(const std::shared_ptr<Node>& fused, const NodeVector& nodes, Consumers& consumers) {
    std::string names;
    for (const auto& n : nodes) {
        const auto& rt = n->get_rt_info();
        auto it = rt.find("fused_names");
        const bool own = it != rt.end() && it->second.is<std::string>() && !n->is_constant();
        names += (names.empty() ? "" : ",") + (own ? it->second.as<std::string>() : n->get_friendly_name());
    }
    const auto& last = nodes.back();
    fused->validate_and_infer_types();
    fused->set_friendly_name(last->get_friendly_name());
    fused->output_names(0) = last->output_names(0);
    fused->get_rt_info() = last->get_rt_info();
    fused->get_rt_info()["fused_names"] = names;
    consumers.redirect(Output<Node>(last, 0), Output<Node>(fused, 0));
    consumers.replace_reader(nodes, fused);
}

std::shared_ptr<Node> channel_constant(const Node& binary, const Output<Node>& producer, size_t axis) {
    if (!numpy_binary(binary))
        return nullptr;
    const size_t other = binary.input_value(0) == producer ? 1 : 0;
    if (binary.input_value(1 - other) != producer)
        return nullptr;
    const Output<Node>& c = binary.input_value(other);
    return channel_shaped(c, producer.get_element_type(), producer.get_partial_shape(), axis) ? c.node : nullptr;
}

bool numpy_binary(const Node& n) {
    return n.get_input_size() == 2 && n.get_attr<std::string>("auto_broadcast", "numpy") == "numpy";
}

bool scalar_constant(const Output<Node>& port, double& value) {
    if (!port.node || !port.node->is_constant())
        return false;
    const Tensor& t = port.node->get_constant_value();
    if (t.get_size() != 1 || t.get_element_type() == element::boolean || !t.get_element_type().is_static())
        return false;
    value = host_ref::to_f64(t).at(0);
    return true;
}

std::optional<std::vector<int64_t>> integer_constant(const Output<Node>& port) {
    if (!port.node || !port.node->is_constant())
        return std::nullopt;
    const Tensor& t = port.node->get_constant_value();
    return shape_infer::const_i64(InputInfo(t.get_element_type(), t.get_shape(), &t));
}

}  // namespace gpu
}  // namespace ovcl
