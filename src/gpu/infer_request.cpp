#include "infer_request.hpp"

#include "gpu_env.hpp"
#include "runtime/host_variable_state.hpp"
#include "runtime/stage_profiling.hpp"

namespace ovcl {
namespace gpu {

namespace {
using Clock = std::chrono::steady_clock;
std::chrono::microseconds since(Clock::time_point t0) {
    return std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - t0);
}
}  // namespace

InferRequest::InferRequest(const std::shared_ptr<const CompiledModel>& compiled_model)
    : ISyncInferRequest(compiled_model),
      m_model(compiled_model),
      m_queue(compiled_model->device().make_queue(compiled_model->config().common.perf_count)),
      m_variables(std::make_shared<VariableStore>()) {
    for (const auto& id : compiled_model->get_model_ports_owner()->get_variable_ids())
        m_states.push_back(std::make_shared<HostVariableState>(id, m_variables));
}

void InferRequest::prepare(const std::shared_ptr<const DevicePlan>& dp) {
    if (dp == m_plan)
        return;
    const Plan& plan = *dp->plan;
    const auto& ctx = m_model->device();
    m_plan = dp;  // buffer_of() reads the plan's constants
    try {
        m_slots.clear();
        for (size_t bytes : plan.slot_bytes)
            m_slots.push_back(make_buffer(ctx.context, bytes, CL_MEM_READ_WRITE));
        m_kernels.assign(plan.steps.size(), {});
        m_events.assign(plan.steps.size(), {});
        m_host_times.assign(plan.steps.size(), {});
        for (size_t s = 0; s < plan.steps.size(); ++s) {
            const Step& step = plan.steps[s];
            auto arg_buffer = [&](const KernelArg& a) -> cl::Buffer {
                switch (a.kind) {
                case KernelArg::Kind::INPUT: return buffer_of(plan.values.at(step.inputs.at(a.index)));
                case KernelArg::Kind::OUTPUT: return buffer_of(plan.values.at(step.outputs.at(a.index)));
                default: return dp->constants.at(step.op_constants.at(a.index));
                }
            };
            for (const auto& launch : step.config.launches)
                m_kernels[s].push_back(make_kernel(*ctx.programs, launch, arg_buffer, m_model->config().cache_dir));
        }
    } catch (...) {
        m_plan.reset();  // half-made resources: the next inference prepares again
        throw;
    }
}

cl::Buffer InferRequest::buffer_of(const Value& v) const {
    return v.where == Value::Where::CONSTANT ? m_plan->constants.at(v.index) : m_slots.at(v.index);
}

void InferRequest::infer_preprocess() {
    convert_batched_tensors();
    check_tensors();
    std::vector<Shape> shapes;
    for (const auto& t : m_input_tensors)
        shapes.push_back(t.get_shape());
    prepare(m_model->plan_for(shapes));
}

void InferRequest::upload() {
    const Plan& plan = *m_plan->plan;
    m_staging.clear();
    for (size_t i = 0; i < plan.parameter_values.size(); ++i) {
        const Value& v = plan.values[plan.parameter_values[i]];
        if (v.bytes == 0)
            continue;
        Tensor src = m_input_tensors[i];
        if (!src.is_continuous()) {  // a ROI: packed here, kept alive until the write is done
            Tensor dense(src.get_element_type(), src.get_shape());
            src.copy_to(dense);
            m_staging.push_back(dense);
            src = dense;
        }
        check(m_queue.enqueueWriteBuffer(m_slots.at(v.index), CL_FALSE, 0, v.bytes, src.data()),
              "clEnqueueWriteBuffer", "input " + std::to_string(i));
    }
}

void InferRequest::run_host_step(const Step& step) {
    const Plan& plan = *m_plan->plan;
    check(m_queue.finish(), "clFinish", "before host step " + step.node->describe());
    const auto t0 = Clock::now();
    TensorVector inputs;
    for (size_t v : step.inputs) {
        const Value& val = plan.values[v];
        if (val.where == Value::Where::CONSTANT) {
            inputs.push_back(plan.constants[val.index]);
            continue;
        }
        Tensor t(val.type, val.shape);
        if (val.bytes)
            check(m_queue.enqueueReadBuffer(m_slots[val.index], CL_TRUE, 0, val.bytes, t.data()), "clEnqueueReadBuffer",
                  "input of host step " + step.node->describe());
        inputs.push_back(t);
    }
    EvalContext ctx{m_variables.get()};
    const TensorVector outputs = evaluate_node(*step.node, inputs, ctx);
    for (size_t i = 0; i < outputs.size(); ++i) {
        const Value& val = plan.values[step.outputs[i]];
        if (outputs[i].get_shape() != val.shape)
            raise<Exception>(step.node->describe(), ": host step produced ", outputs[i].get_shape(), ", planned ",
                             val.shape);
        if (val.bytes)
            check(m_queue.enqueueWriteBuffer(m_slots[val.index], CL_TRUE, 0, val.bytes, outputs[i].data()),
                  "clEnqueueWriteBuffer", "output of host step " + step.node->describe());
    }
    m_host_times[static_cast<size_t>(&step - plan.steps.data())] = since(t0);
}

void InferRequest::start_pipeline() {
    const Plan& plan = *m_plan->plan;
    const bool profiling = m_model->config().common.perf_count;
    for (size_t s = 0; s < plan.steps.size(); ++s) {
        if (m_cancel)
            raise<Cancelled>("the inference was cancelled");
        const Step& step = plan.steps[s];
        if (step.kind == Step::Kind::HOST) {
            run_host_step(step);
            continue;
        }
        m_events[s].clear();
        for (size_t k = 0; k < m_kernels[s].size(); ++k) {
            cl::Event ev;
            enqueue_kernel(m_queue, m_kernels[s][k], step.config.launches[k], profiling ? &ev : nullptr);
            if (profiling)
                m_events[s].push_back(ev);
        }
    }
}

void InferRequest::wait_pipeline() { check(m_queue.finish(), "clFinish", "waiting for the inference"); }

void InferRequest::infer_postprocess() {
    const Plan& plan = *m_plan->plan;
    for (size_t i = 0; i < plan.result_values.size(); ++i) {
        const Value& v = plan.values[plan.result_values[i]];
        Tensor& dst = m_output_tensors[i];
        if (dst.get_shape() != v.shape)
            dst.set_shape(v.shape);  // dynamic outputs take the computed shape
        if (v.where == Value::Where::CONSTANT) {
            plan.constants[v.index].copy_to(dst);
            continue;
        }
        if (v.bytes == 0)
            continue;
        Tensor target = dst.is_continuous() ? dst : Tensor(v.type, v.shape);
        check(m_queue.enqueueReadBuffer(m_slots[v.index], CL_TRUE, 0, v.bytes, target.data()), "clEnqueueReadBuffer",
              "output " + std::to_string(i));
        if (target.data() != dst.data())
            target.copy_to(dst);
    }
    m_staging.clear();
}

void InferRequest::infer() {
    m_cancel = false;
    const std::array<void (InferRequest::*)(), NUM_STAGES> stages = {
        &InferRequest::infer_preprocess, &InferRequest::upload, &InferRequest::start_pipeline,
        &InferRequest::wait_pipeline, &InferRequest::infer_postprocess};
    try {
        for (size_t s = 0; s < stages.size(); ++s) {
            const auto t0 = Clock::now();
            (this->*stages[s])();
            m_durations[s] = since(t0);
        }
    } catch (...) {
        m_queue.finish();  // nothing of this run may still be writing into our buffers
        m_staging.clear();
        throw;
    }
}

std::vector<ProfilingInfo> InferRequest::get_profiling_info() const {
    if (!m_model->config().common.perf_count || !m_plan)
        return {};
    std::vector<ProfilingInfo> out;
    const Plan& plan = *m_plan->plan;
    for (size_t s = 0; s < plan.steps.size(); ++s) {
        const Step& step = plan.steps[s];
        ProfilingInfo p;
        p.node_name = step.node->get_friendly_name();
        p.node_type = step.node->get_type_name();
        if (step.kind == Step::Kind::VIEW) {
            p.status = ProfilingInfo::Status::OPTIMIZED_OUT;
            p.exec_type = "view";
        } else if (step.kind == Step::Kind::HOST) {
            p.status = ProfilingInfo::Status::EXECUTED;
            p.exec_type = "ref";
            p.real_time = p.cpu_time = m_host_times[s];
        } else {
            p.status = ProfilingInfo::Status::EXECUTED;
            p.exec_type = step.config.impl_name;
            cl_ulong total = 0;
            for (const auto& ev : m_events[s]) {
                cl_ulong start = 0, end = 0;
                if (ev.getProfilingInfo(CL_PROFILING_COMMAND_START, &start) == CL_SUCCESS &&
                    ev.getProfilingInfo(CL_PROFILING_COMMAND_END, &end) == CL_SUCCESS && end > start)
                    total += end - start;
            }
            p.real_time = std::chrono::microseconds(total / 1000);
        }
        out.push_back(p);
    }
    static const char* const names[NUM_STAGES] = {"Preprocess", "Upload", "StartPipeline", "WaitPipeline", "Postprocess"};
    append_stage_times(out, names, m_durations);
    return out;
}

std::vector<std::shared_ptr<IVariableState>> InferRequest::query_state() const { return m_states; }

}  // namespace gpu
}  // namespace ovcl
