#include "ovcl/model.hpp"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "ovcl/ops.hpp"

namespace ovcl {

namespace {

// Iterative DFS post-order from the roots: producers before consumers. Detects cycles.
NodeVector topological(const NodeVector& roots) {
    NodeVector order;
    std::unordered_map<const Node*, int> state;  // 1: on stack, 2: done
    struct Frame {
        Node* node;
        size_t next;
    };
    for (const auto& root : roots) {
        if (state[root.get()] == 2)
            continue;
        std::vector<Frame> stack{{root.get(), 0}};
        state[root.get()] = 1;
        while (!stack.empty()) {
            Frame& f = stack.back();
            if (f.next < f.node->get_input_size()) {
                const Output<Node>& in = f.node->input_values()[f.next++];
                if (!in.node)
                    raise<ModelError>(f.node->describe(), ": input ", f.next - 1, " is not connected");
                int& s = state[in.node.get()];
                if (s == 1)
                    raise<ModelError>("the graph has a cycle through ", in.node->describe());
                if (s == 0) {
                    s = 1;
                    stack.push_back({in.node.get(), 0});
                }
            } else {
                state[f.node] = 2;
                order.push_back(f.node->shared_from_this());
                stack.pop_back();
            }
        }
    }
    return order;
}

}  // namespace

Model::Model(NodeVector results, NodeVector parameters, std::string name, NodeVector sinks)
    : m_name(std::move(name)),
      m_results(std::move(results)),
      m_parameters(std::move(parameters)),
      m_sinks(std::move(sinks)) {
    if (m_name.empty())
        m_name = "Model";
    check_graph();
    validate_nodes_and_infer_types();
}

Model::Model(Copied, NodeVector results, NodeVector parameters, std::string name, NodeVector sinks)
    : m_name(std::move(name)),
      m_results(std::move(results)),
      m_parameters(std::move(parameters)),
      m_sinks(std::move(sinks)) {}

Model::Model(const OutputVector& outputs, NodeVector parameters, std::string name)
    : Model(
          [&] {
              NodeVector r;
              for (const auto& o : outputs)
                  r.push_back(op::result(o));
              return r;
          }(),
          std::move(parameters), std::move(name)) {}

void Model::check_graph() {
    for (const auto& r : m_results)
        if (!r || r->get_type_name() != "Result")
            raise<ModelError>("model '", m_name, "': every result must be a Result node");
    for (const auto& p : m_parameters)
        if (!p || p->get_type_name() != "Parameter")
            raise<ModelError>("model '", m_name, "': every parameter must be a Parameter node");
    for (const auto& s : m_sinks)
        if (!s || s->get_type_name() != "Assign")
            raise<ModelError>("model '", m_name, "': every sink must be an Assign node");
    std::unordered_set<const Node*> params;
    for (const auto& p : m_parameters)
        if (!params.insert(p.get()).second)
            raise<ModelError>("model '", m_name, "': parameter ", p->describe(), " is listed twice");
    for (const auto& n : get_ordered_ops())
        if (n->get_type_name() == "Parameter" && !params.count(n.get()))
            raise<ModelError>("model '", m_name, "': ", n->describe(),
                              " is used but is not one of the model's parameters");
}

NodeVector Model::get_ordered_ops() const {
    NodeVector roots = m_results;
    roots.insert(roots.end(), m_sinks.begin(), m_sinks.end());
    NodeVector order = topological(roots);
    // Parameters that nothing uses still belong to the model: put them first.
    std::unordered_set<const Node*> seen;
    for (const auto& n : order)
        seen.insert(n.get());
    NodeVector unused;
    for (const auto& p : m_parameters)
        if (!seen.count(p.get()))
            unused.push_back(p);
    order.insert(order.begin(), unused.begin(), unused.end());
    return order;
}

OutputVector Model::inputs() const {
    OutputVector v;
    for (const auto& p : m_parameters)
        v.emplace_back(p, 0);
    return v;
}

OutputVector Model::outputs() const {
    OutputVector v;
    for (const auto& r : m_results)
        v.emplace_back(r, 0);
    return v;
}

Output<Node> Model::input() const {
    if (m_parameters.size() != 1)
        raise<InvalidArgument>("model '", m_name, "' has ", m_parameters.size(), " inputs: input() needs exactly one");
    return input(0);
}

Output<Node> Model::output() const {
    if (m_results.size() != 1)
        raise<InvalidArgument>("model '", m_name, "' has ", m_results.size(), " outputs: output() needs exactly one");
    return output(0);
}

Output<Node> Model::input(size_t i) const {
    if (i >= m_parameters.size())
        raise<NotFound>("model '", m_name, "' has no input ", i, " (it has ", m_parameters.size(), ")");
    return Output<Node>(m_parameters[i], 0);
}

Output<Node> Model::output(size_t i) const {
    if (i >= m_results.size())
        raise<NotFound>("model '", m_name, "' has no output ", i, " (it has ", m_results.size(), ")");
    return Output<Node>(m_results[i], 0);
}

namespace {
Output<Node> find_port(const NodeVector& nodes, const std::string& name, const std::string& what,
                 const std::string& model) {
    for (const auto& n : nodes) {
        Output<Node> port(n, 0);
        if (port.get_names().count(name))
            return port;
    }
    for (const auto& n : nodes)
        if (n->get_friendly_name() == name)
            return Output<Node>(n, 0);
    raise<NotFound>("model '", model, "' has no ", what, " named '", name, "'");
}
}  // namespace

Output<Node> Model::input(const std::string& name) const { return find_port(m_parameters, name, "input", m_name); }
Output<Node> Model::output(const std::string& name) const { return find_port(m_results, name, "output", m_name); }

size_t Model::get_parameter_index(const Output<Node>& port) const {
    for (size_t i = 0; i < m_parameters.size(); ++i)
        if (m_parameters[i] == port.node)
            return i;
    raise<NotFound>("port of ", port.node ? port.node->describe() : "null", " is not an input of model '",
                    m_name, "'");
}

size_t Model::get_result_index(const Output<Node>& port) const {
    for (size_t i = 0; i < m_results.size(); ++i)
        if (m_results[i] == port.node)
            return i;
    raise<NotFound>("port of ", port.node ? port.node->describe() : "null", " is not an output of model '",
                    m_name, "'");
}

std::vector<std::string> Model::get_variable_ids() const {
    std::vector<std::string> ids;
    for (const auto& n : get_ordered_ops()) {
        if (n->get_type_name() != "ReadValue" && n->get_type_name() != "Assign")
            continue;
        const auto id = n->get_attr<std::string>("variable_id");
        if (std::find(ids.begin(), ids.end(), id) == ids.end())
            ids.push_back(id);
    }
    return ids;
}

std::vector<std::pair<std::shared_ptr<Node>, size_t>> Model::get_consumers(const Output<Node>& port) const {
    std::vector<std::pair<std::shared_ptr<Node>, size_t>> out;
    for (const auto& n : get_ordered_ops())
        for (size_t i = 0; i < n->get_input_size(); ++i)
            if (n->input_value(i) == port)
                out.emplace_back(n, i);
    return out;
}

void Model::validate_nodes_and_infer_types() {
    for (const auto& n : get_ordered_ops())
        n->validate_and_infer_types();
}

void Model::reshape(const std::map<std::string, PartialShape>& shapes) {
    std::map<size_t, PartialShape> by_index;
    for (const auto& [name, shape] : shapes)
        by_index[get_parameter_index(input(name))] = shape;
    reshape(by_index);
}

void Model::reshape(const std::map<size_t, PartialShape>& shapes) {
    std::vector<std::string> saved;
    for (const auto& [i, shape] : shapes) {
        auto p = input(i).node;
        saved.push_back(p->get_attr_text("shape"));
        p->set_attr("shape", op::shape_attr(shape));
    }
    try {
        validate_nodes_and_infer_types();
    } catch (...) {  // restore the old shapes so the model stays valid
        size_t k = 0;
        for (const auto& entry : shapes)
            input(entry.first).node->set_attr("shape", saved[k++]);
        validate_nodes_and_infer_types();
        throw;
    }
}

bool Model::is_dynamic() const {
    for (const auto& n : get_ordered_ops())
        for (size_t i = 0; i < n->get_output_size(); ++i)
            if (n->get_output_partial_shape(i).is_dynamic())
                return true;
    return false;
}

std::shared_ptr<Model> Model::clone() const {
    std::unordered_map<const Node*, std::shared_ptr<Node>> map;
    for (const auto& n : get_ordered_ops()) {
        OutputVector ins;
        for (const auto& in : n->input_values())
            ins.emplace_back(map.at(in.node.get()), in.index);
        auto c = std::make_shared<Node>(n->get_type_name(), n->get_version(), ins, n->get_attributes());
        c->copy_name_from(*n);
        c->copy_spec_from(*n);
        c->get_rt_info() = n->get_rt_info();
        c->set_constant_value(n->get_constant_value());
        std::vector<Body> bodies = n->get_bodies();
        for (auto& b : bodies)
            b.model = b.model->clone();
        c->set_bodies(std::move(bodies));
        c->set_output_size(n->get_output_size());
        for (size_t i = 0; i < n->get_output_size(); ++i) {
            c->set_output_type(i, n->get_output_element_type(i), n->get_output_partial_shape(i));
            c->set_output_shape_value(i, n->get_output_shape_value(i));
            c->output_names(i) = n->output_names(i);
        }
        map[n.get()] = c;
    }
    auto pick = [&](const NodeVector& v) {
        NodeVector r;
        for (const auto& n : v)
            r.push_back(map.at(n.get()));
        return r;
    };
    std::shared_ptr<Model> m(new Model(Copied{}, pick(m_results), pick(m_parameters), m_name, pick(m_sinks)));
    m->m_rt_info = m_rt_info;
    return m;
}

}  // namespace ovcl
