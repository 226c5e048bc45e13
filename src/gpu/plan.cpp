#include "plan.hpp"

#include <algorithm>
#include <map>

#include "ops/variables_infer.hpp"

namespace ovcl {
namespace gpu {

namespace {

// Buffers are handed out by size (best fit among the free ones) and returned when their
// last reader has run.
class SlotAllocator {
public:
    explicit SlotAllocator(std::vector<size_t>& sizes) : m_sizes(sizes) {}
    size_t take(size_t bytes) {
        auto best = m_free.end();
        for (auto it = m_free.begin(); it != m_free.end(); ++it)
            if (m_sizes[*it] >= bytes && (best == m_free.end() || m_sizes[*it] < m_sizes[*best]))
                best = it;
        if (best == m_free.end() && !m_free.empty()) {  // grow the largest free slot instead of adding one
            best = std::max_element(m_free.begin(), m_free.end(),
                                    [&](size_t a, size_t b) { return m_sizes[a] < m_sizes[b]; });
            m_sizes[*best] = bytes;
        }
        if (best == m_free.end()) {
            m_sizes.push_back(bytes);
            return m_sizes.size() - 1;
        }
        const size_t slot = *best;
        m_free.erase(best);
        return slot;
    }
    void give_back(size_t slot) { m_free.push_back(slot); }

private:
    std::vector<size_t>& m_sizes;
    std::vector<size_t> m_free;
};

}  // namespace

bool device_variables(const Config& config) {
    return !config.host_ops.count("ReadValue") && !config.host_ops.count("Assign");
}

Validation device_runs(const Node& node, const DeviceInfo& device, const Config& config) {
    const std::string& type = node.get_type_name();
    if (config.host_ops.count(type))
        return Validation::no("forced to the host (OVCL_GPU_HOST_OPS)");
    if (type == "ReadValue" || type == "Assign")
        return device_variables(config) ? Validation::yes() : Validation::no("its variable is kept on the host");
    return validate_node(node, device);
}

std::shared_ptr<Plan> Plan::build(std::shared_ptr<Model> model, const DeviceInfo& device, const Config& config) {
    auto plan = std::make_shared<Plan>();
    plan->model = model;
    const NodeVector order = model->get_ordered_ops();
    std::map<std::pair<const Node*, size_t>, size_t> value_of;
    std::map<size_t, size_t> alias_root;  // view outputs share their input's value storage

    auto add_value = [&](const Node& n, size_t port) {
        Value v;
        v.type = n.get_output_element_type(port);
        v.shape = n.get_output_shape(port);
        v.bytes = shape_size(v.shape) * v.type.size();
        plan->values.push_back(v);
        value_of[{&n, port}] = plan->values.size() - 1;
        return plan->values.size() - 1;
    };

    // 1. Values and steps.
    for (const auto& node : order) {
        const std::string& type = node->get_type_name();
        if (type == "Result")
            continue;
        if (type == "Constant") {
            const size_t v = add_value(*node, 0);
            plan->values[v].where = Value::Where::CONSTANT;
            plan->values[v].index = plan->constants.size();
            plan->constants.push_back(node->get_constant_value());
            continue;
        }
        Step step;
        step.node = node;
        for (const auto& in : node->input_values())
            step.inputs.push_back(value_of.at({in.node.get(), in.index}));
        for (size_t p = 0; p < node->get_output_size(); ++p)
            step.outputs.push_back(add_value(*node, p));
        if (type == "Parameter") {
            plan->parameter_values.push_back(step.outputs[0]);
            continue;
        }
        if ((type == "ReadValue" || type == "Assign") && device_variables(config)) {
            step.kind = type == "ReadValue" ? Step::Kind::READ_VALUE : Step::Kind::ASSIGN;
            step.variable_id = shape_infer::variable_decl(*node).id;
            step.config.impl_name = type == "ReadValue" ? "variable_read" : "variable_write";
            if (type == "Assign") {  // the output is the input: no copy, no slot
                Value& in = plan->values[step.inputs[0]];
                Value& out = plan->values[step.outputs[0]];
                if (in.where == Value::Where::SLOT) {
                    alias_root[step.outputs[0]] = step.inputs[0];
                } else {
                    out.where = Value::Where::CONSTANT;
                    out.index = in.index;
                }
            }
            plan->steps.push_back(std::move(step));
            continue;
        }
        Validation v = device_runs(*node, device, config);
        if (!v.supported) {
            step.kind = Step::Kind::HOST;
            step.reason = v.reason;
        } else if (is_view_op(*node) && plan->values[step.inputs[0]].where == Value::Where::SLOT) {
            step.kind = Step::Kind::VIEW;
            alias_root[step.outputs[0]] = step.inputs[0];
        } else if (is_view_op(*node)) {
            step.kind = Step::Kind::HOST;  // a view of a constant: copied once on the host
            step.reason = "view of a constant";
        } else {
            step.config = find_gpu_op(type)->configure(*node, device);
            for (auto& c : step.config.constants) {
                step.op_constants.push_back(plan->constants.size());
                plan->constants.push_back(c);
            }
        }
        plan->steps.push_back(std::move(step));
    }
    // Parameters come in model order, whatever the topological order did.
    plan->parameter_values.clear();
    for (const auto& p : model->get_parameters())
        plan->parameter_values.push_back(value_of.at({p.get(), 0}));
    for (const auto& r : model->get_results()) {
        const Output& in = r->input_value(0);
        plan->result_values.push_back(value_of.at({in.node.get(), in.index}));
    }

    // 2. Memory plan: last reader of each storage root; results live to the end.
    auto root = [&](size_t v) {
        while (alias_root.count(v))
            v = alias_root.at(v);
        return v;
    };
    const size_t end = plan->steps.size();
    std::map<size_t, size_t> last_use;  // root value -> step index
    for (size_t s = 0; s < plan->steps.size(); ++s) {
        for (size_t v : plan->steps[s].inputs)
            last_use[root(v)] = std::max(last_use[root(v)], s);
        for (size_t v : plan->steps[s].outputs)
            last_use.emplace(root(v), s);  // written, perhaps never read
    }
    for (size_t v : plan->result_values)
        last_use[root(v)] = end;

    SlotAllocator slots(plan->slot_bytes);
    std::map<size_t, std::vector<size_t>> dies_after;  // step -> roots
    auto place = [&](size_t v) {
        Value& val = plan->values[v];
        if (val.where != Value::Where::SLOT || alias_root.count(v))
            return;
        val.index = slots.take(val.bytes);
        dies_after[last_use[v]].push_back(v);  // an input no step reads is freed after step 0
    };
    for (size_t v : plan->parameter_values)
        place(v);
    for (size_t s = 0; s < plan->steps.size(); ++s) {  // Parameters have no step: placed above
        for (size_t v : plan->steps[s].outputs)
            place(v);
        for (size_t v : dies_after[s])
            slots.give_back(plan->values[v].index);
    }
    for (const auto& alias : alias_root)
        plan->values[alias.first].index = plan->values[root(alias.first)].index;
    for (size_t b : plan->slot_bytes)
        plan->peak_bytes += b;
    return plan;
}

}  // namespace gpu
}  // namespace ovcl
