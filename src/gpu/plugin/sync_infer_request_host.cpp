// Host steps of a GPU plan: the ops the device does not run (or not at the shapes the plan knows), between the
// kernels of the same in-order queue.
#include "plugin/sync_infer_request.hpp"

#include "host_ref/shape_ops.hpp"
#include "runtime/host_variable_state.hpp"
#include "runtime/stage_profiling.hpp"

namespace ovcl {
namespace gpu {

void InferRequest::mark_values_kept_on_device() {
    const Plan& plan = *m_plan->plan;
    m_keep_on_device.assign(plan.values.size(), false);
    std::vector<bool> other_reader(plan.values.size(), false);
    // An Assign adopts a value on the device as it is (run_variable_at_run_time).
    for (const auto& step : plan.steps)
        for (size_t v : step.inputs)
            other_reader[v] = other_reader[v] || (step.kind != Step::Kind::ASSIGN &&
                                                  (step.kind != Step::Kind::HOST || !step.kernels_at_run_time));
    for (size_t v : plan.result_values)
        other_reader[v] = true;
    for (const auto& step : plan.steps)
        if (step.kind == Step::Kind::HOST && step.kernels_at_run_time)
            for (size_t v : step.outputs)
                m_keep_on_device[v] = plan.values[v].data_dependent && !other_reader[v];
}

bool InferRequest::run_kernels_at_run_time(const Step& step, TensorVector& outputs) {
    // Values in the arenas stay there: the kernels read them in place, after the commands before them on the queue.
    const Plan& plan = *m_plan->plan;
    std::vector<RuntimeKernels::Operand> inputs;
    size_t uploads = 0, on_device = 0;  // bytes
    for (size_t v : step.inputs) {
        const Value& val = plan.values[v];
        RuntimeKernels::Operand in;
        in.type = val.type;
        in.shape = val.shape;
        if (val.where == Value::Where::CONSTANT) {
            in.host = plan.constants[val.index];
        } else if (val.where != Value::Where::HOST) {
            in.device = m_slots[val.index];  // in its slot, even when a host step has read it back already
            in.in_slot = true;
            on_device += val.bytes;
        } else if (m_device_values.at(v).device()) {
            in = m_device_values[v];
            on_device += shape_size(in.shape) * in.type.size();
        } else {
            in.host = m_host_values.at(v);
            uploads += in.host.get_byte_size();
        }
        if (in.host) {
            in.type = in.host.get_element_type();
            in.shape = in.host.get_shape();
        }
        inputs.push_back(std::move(in));
    }
    if (uploads > on_device && !step.compute_bound)
        return false;  // host_ref does it without moving more bytes than the inputs on the device (beam indices)
    RuntimeKernels::Outputs where;  // a static output the device reads goes straight into its slot
    for (size_t v : step.outputs) {
        const Value& val = plan.values[v];
        where.keep.push_back(m_keep_on_device.at(v));
        where.targets.push_back(val.where == Value::Where::SLOT && val.bytes ? m_slots[val.index] : cl::Buffer());
    }
    const size_t s = static_cast<size_t>(&step - plan.steps.data());
    auto result = m_model->runtime_kernels().run(*step.node, inputs, where, m_queue, &m_host_impl[s]);
    if (!result)
        return false;
    if (result->status())
        m_status.push_back({s, result->status, result->status_error});
    for (size_t i = 0; i < inputs.size(); ++i)
        if (inputs[i].host && plan.values[step.inputs[i]].where != Value::Where::CONSTANT)
            m_bytes.to_device += inputs[i].host.get_byte_size();
    outputs.clear();
    for (size_t i = 0; i < result->outputs.size(); ++i) {
        auto& out = result->outputs[i];
        if (out.device()) {
            if (plan.values[step.outputs[i]].where != Value::Where::SLOT)
                m_device_values.at(step.outputs[i]) = out;
            outputs.emplace_back();
            continue;
        }
        m_bytes.to_host += out.host.get_byte_size();
        outputs.push_back(out.host);
    }
    return true;
}

void InferRequest::run_variable_at_run_time(const Step& step) {
    // Passes the variable's buffer on in place, both ways: a KV cache's value is never copied into a slot and back.
    const Plan& plan = *m_plan->plan;
    const size_t in = step.inputs.empty() ? 0 : step.inputs[0], out = step.outputs.at(0);
    if (step.kind == Step::Kind::ASSIGN) {
        const RuntimeKernels::Operand& value = m_device_values.at(in);
        if (value.device()) {
            m_device_variables->adopt(step.variable_id, value.type, value.shape, value.device);
            m_device_values.at(out) = value;
            return;
        }
    } else if (plan.values[out].data_dependent) {
        if (const auto held = m_device_variables->lend(step.variable_id)) {
            if (held->type != plan.values[out].type)
                raise<Exception>(step.node->describe(), ": variable '", step.variable_id, "' holds a ", held->type,
                                 " tensor; the ReadValue reads ", plan.values[out].type);
            m_device_values.at(out) = RuntimeKernels::Operand{Tensor(), held->buffer, held->type, held->shape};
            return;
        }
    }
    run_host_step(step);  // a value on the host, an init value: DeviceVariables::run_on_host
}

void InferRequest::run_host_step(const Step& step) {
    // Waits only for the device values it reads (the queue is in order: the last read ends after every command
    // before it), so a host step that reads none overlaps the kernels still running. Values that only host steps
    // read stay on the host (Value HOST); those the device reads too are written without blocking, and later host
    // steps read the host copy.
    const Plan& plan = *m_plan->plan;
    const size_t s = static_cast<size_t>(&step - plan.steps.data());
    auto t0 = StageClock::now();
    m_host_impl[s].clear();
    TensorVector outputs;
    if (step.node->get_type_name() == "ShapeOf") {
        outputs = {shape_of_input(step)};
    } else if (!step.kernels_at_run_time || !run_kernels_at_run_time(step, outputs)) {
        outputs = run_on_host(step, t0);
        m_host_impl[s].clear();
    }
    for (size_t i = 0; i < outputs.size(); ++i) {
        const Value& val = plan.values[step.outputs[i]];
        if (!outputs[i] && (val.where == Value::Where::SLOT || m_device_values.at(step.outputs[i]).device()))
            continue;  // left on the device: in its slot, or for the run-time kernels that read it
        if (!val.data_dependent && outputs[i].get_shape() != val.shape)
            raise<Exception>(step.node->describe(), ": host step produced ", outputs[i].get_shape(), ", planned ",
                             val.shape);
        m_host_values.at(step.outputs[i]) = outputs[i];  // for the host steps and outputs that read it
        if (val.where == Value::Where::HOST)
            continue;
        m_bytes.to_device += val.bytes;
        if (!val.bytes)
            continue;
        m_staging.push_back(outputs[i]);  // alive until the write is done (the inference's end)
        check(m_queue.enqueueWriteBuffer(m_slots[val.index], CL_FALSE, 0, val.bytes, outputs[i].data()),
              "clEnqueueWriteBuffer", [&] { return "output of host step " + step.node->describe(); });
    }
    m_host_times[s] = since(t0);
}

Tensor InferRequest::shape_of_input(const Step& step) const {
    const size_t v = step.inputs.at(0);
    const Value& val = m_plan->plan->values[v];
    const Shape shape = m_device_values.at(v).device() ? m_device_values[v].shape
                        : m_host_values.at(v)           ? m_host_values[v].get_shape()
                        : val.where == Value::Where::CONSTANT ? m_plan->plan->constants.at(val.index).get_shape()
                                                               : val.shape;
    Tensor out(step.node->get_output_element_type(0), Shape{shape.size()});
    host_ref::write_shape(shape, out);
    return out;
}

TensorVector InferRequest::run_on_host(const Step& step, std::chrono::steady_clock::time_point& t0) {
    const Plan& plan = *m_plan->plan;
    TensorVector inputs;
    cl::Event last_read;
    for (size_t v : step.inputs) {
        const Value& val = plan.values[v];
        if (val.where == Value::Where::CONSTANT) {
            inputs.push_back(plan.constants[val.index]);
            continue;
        }
        if (val.where == Value::Where::HOST && !m_host_values.at(v) && m_device_values.at(v).device()) {
            const RuntimeKernels::Operand& d = m_device_values[v];  // left there by a run-time kernel step
            Tensor t(d.type, d.shape);
            m_bytes.to_host += t.get_byte_size();
            if (t.get_byte_size())
                check(m_queue.enqueueReadBuffer(d.device, CL_FALSE, 0, t.get_byte_size(), t.data(), nullptr,
                                                &last_read),
                      "clEnqueueReadBuffer", [&] { return "input of host step " + step.node->describe(); });
            m_host_values[v] = t;
            inputs.push_back(t);
            continue;
        }
        if (val.where == Value::Where::HOST || m_host_values.at(v)) {
            inputs.push_back(m_host_values.at(v));
            continue;
        }
        Tensor t(val.type, val.shape);
        m_bytes.to_host += val.bytes;
        if (val.bytes)
            check(m_queue.enqueueReadBuffer(m_slots[val.index], CL_FALSE, 0, val.bytes, t.data(), nullptr, &last_read),
                  "clEnqueueReadBuffer", [&] { return "input of host step " + step.node->describe(); });
        inputs.push_back(t);
    }
    if (last_read())
        check(last_read.wait(), "clWaitForEvents", [&] { return "inputs of host step " + step.node->describe(); });
    t0 = StageClock::now();  // the device's work before it is in its own events
    EvalContext ctx{m_variables.get(), &m_cancel};
    const std::string& type = step.node->get_type_name();
    return m_device_variables && (type == "ReadValue" || type == "Assign")
               ? m_device_variables->run_on_host(*step.node, inputs, ctx)
               : evaluate_node(*step.node, inputs, ctx);
}

}  // namespace gpu
}  // namespace ovcl
