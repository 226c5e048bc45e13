#include "model_evaluator.hpp"

#include <chrono>
#include <map>

namespace ovcl {

ModelEvaluator::ModelEvaluator(std::shared_ptr<const Model> model) : m_model(std::move(model)) {
    if (!m_model)
        raise<InvalidArgument>("ModelEvaluator: the model is null");
    std::map<std::pair<const Node*, size_t>, size_t> slot_of;
    std::map<size_t, size_t> last_reader;  // slot -> step index
    for (const auto& node : m_model->get_ordered_ops()) {
        Step step;
        step.node = node;
        for (const auto& in : node->input_values()) {
            const size_t s = slot_of.at({in.node.get(), in.index});
            step.input_slots.push_back(s);
            last_reader[s] = m_steps.size();
        }
        step.first_output_slot = m_slot_count;
        for (size_t i = 0; i < node->get_output_size(); ++i)
            slot_of[{node.get(), i}] = m_slot_count++;
        m_steps.push_back(std::move(step));
    }
    for (const auto& p : m_model->get_parameters())
        m_param_slots.push_back(slot_of.at({p.get(), 0}));
    for (const auto& r : m_model->get_results()) {
        const size_t s = slot_of.at({r.get(), 0});
        m_result_slots.push_back(s);
        last_reader[s] = m_steps.size();  // results live to the end
    }
    for (const auto& [slot, step] : last_reader)
        if (step < m_steps.size())
            m_steps[step].release_after.push_back(slot);
}

TensorVector ModelEvaluator::evaluate(const TensorVector& inputs, EvalContext& ctx, std::vector<ProfilingInfo>* profile,
                                      const std::atomic<bool>* cancel) const {
    if (inputs.size() != m_param_slots.size())
        raise<InvalidArgument>("model '", m_model->get_friendly_name(), "' takes ", m_param_slots.size(),
                               " inputs, got ", inputs.size());
    if (!cancel)  // a body run by an op (If, Loop) stops with the request that runs the op
        cancel = ctx.cancel;
    std::vector<Tensor> slots(m_slot_count);
    for (size_t i = 0; i < inputs.size(); ++i)
        slots[m_param_slots[i]] = inputs[i];
    for (const Step& step : m_steps) {
        if (cancel && cancel->load(std::memory_order_relaxed))
            raise<Cancelled>("the inference was cancelled");
        const Node& node = *step.node;
        const std::string& type = node.get_type_name();
        if (type == "Parameter")
            continue;
        if (type == "Constant") {
            slots[step.first_output_slot] = node.get_constant_value();
            continue;
        }
        TensorVector in;
        in.reserve(step.input_slots.size());
        for (size_t s : step.input_slots)
            in.push_back(slots[s]);
        if (type == "Result") {
            slots[step.first_output_slot] = in.at(0);
        } else {
            const auto t0 = std::chrono::steady_clock::now();
            TensorVector out = evaluate_node(node, in, ctx);
            const auto t1 = std::chrono::steady_clock::now();
            for (size_t i = 0; i < out.size(); ++i)
                slots[step.first_output_slot + i] = std::move(out[i]);
            if (profile) {
                ProfilingInfo p;
                p.status = ProfilingInfo::Status::EXECUTED;
                p.real_time = std::chrono::duration_cast<std::chrono::microseconds>(t1 - t0);
                p.cpu_time = p.real_time;
                p.node_name = node.get_friendly_name();
                p.node_type = type;
                p.exec_type = "ref";
                profile->push_back(std::move(p));
            }
        }
        for (size_t s : step.release_after)
            slots[s] = Tensor();
    }
    TensorVector outputs;
    for (size_t s : m_result_slots)
        outputs.push_back(slots[s]);
    return outputs;
}

// Declared with the op registry, so that host_ref's control-flow ops run bodies without including this layer.
OpRegistry::BodyFn OpRegistry::plan_body(std::shared_ptr<const Model> body) const {
    auto evaluator = std::make_shared<const ModelEvaluator>(std::move(body));
    return [evaluator](const TensorVector& args, EvalContext& ctx) { return evaluator->evaluate(args, ctx); };
}

}  // namespace ovcl
