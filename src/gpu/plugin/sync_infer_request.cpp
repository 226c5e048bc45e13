#include "plugin/sync_infer_request.hpp"

#include <algorithm>
#include <utility>

#include "ops/gpu_env.hpp"
#include "ocl_tensors.hpp"
#include "runtime/host_variable_state.hpp"
#include "runtime/stage_profiling.hpp"
#include "runtime/trace.hpp"

namespace ovcl {
namespace gpu {

namespace {
/// Records how long a stage took, however it ends.
class StageTimer {
public:
    explicit StageTimer(std::chrono::microseconds& out) : m_out(out) {}
    ~StageTimer() { m_out = since(m_t0); }

private:
    std::chrono::microseconds& m_out;
    StageClock::time_point m_t0 = StageClock::now();
};
}  // namespace

InferRequest::InferRequest(const std::shared_ptr<const CompiledModel>& compiled_model)
    : ISyncInferRequest(compiled_model),
      m_model(compiled_model),
      m_stream(compiled_model->assign_stream()),
      m_queue(m_stream.queue),
      m_events_on(compiled_model->config().common.perf_count || trace::enabled()),
      m_variables(std::make_shared<VariableStore>()) {
    static std::atomic<size_t> requests{0};
    m_id = requests++;
    const bool on_device = device_variables(compiled_model->config().host_ops);
    if (on_device)
        m_device_variables = std::make_shared<DeviceVariables>(compiled_model->device().context, m_queue);
    for (const auto& id : compiled_model->get_model_ports_owner()->get_variable_ids()) {
        if (on_device)
            m_states.push_back(std::make_shared<DeviceVariableState>(id, m_device_variables));
        else
            m_states.push_back(std::make_shared<HostVariableState>(id, m_variables));
    }
}

InferRequest::~InferRequest() {
    try {
        drain();  // nothing may still read from or write into the bound tensors
    } catch (...) {
    }
    release_buffers();  // before m_model, whose streams may hold the arenas' last references
}

void InferRequest::release_buffers() {
    // The stream's other requests may still run on these arenas: some drivers fault releasing memory that commands
    // in flight use, which the spec allows. Only a new plan or the request's end gets here.
    if (!m_arenas.empty() && m_queue())
        m_queue.finish();
    m_kernels.clear();
    m_status.clear();
    m_plan_status = 0;
    m_own_slots.clear();
    m_slots.clear();
    m_arenas.clear();
}

void InferRequest::prepare(const std::shared_ptr<const DevicePlan>& dp) {
    if (dp == m_plan)
        return;
    const Plan& plan = *dp->plan;
    const auto& ctx = m_model->device();
    m_plan = dp;  // buffer_of() reads the plan's constants
    try {
        release_buffers();
        RequestBuffers buffers = make_request_buffers(plan, m_stream.arenas.take(ctx.context, plan.arena_bytes));
        m_arenas = std::move(buffers.arenas);
        m_slots = std::move(buffers.slots);
        m_own_slots = m_slots;
        m_kernels.assign(plan.steps.size(), {});
        m_events.assign(plan.steps.size(), {});
        m_host_times.assign(plan.steps.size(), {});
        m_host_impl.assign(plan.steps.size(), {});
        m_host_values.assign(plan.values.size(), Tensor());
        m_device_values.assign(plan.values.size(), {});
        mark_values_kept_on_device();
        for (size_t s = 0; s < plan.steps.size(); ++s) {
            const Step& step = plan.steps[s];
            auto arg_buffer = [&](const KernelArg& a) -> cl::Buffer {
                if (a.kind == KernelArg::Kind::STATUS && (m_status.empty() || m_status.back().step != s))
                    m_status.push_back({s, make_buffer(ctx.context, sizeof(cl_int), CL_MEM_READ_WRITE),
                                        step.config.status_error});
                switch (a.kind) {
                case KernelArg::Kind::STATUS: return m_status.back().word;
                case KernelArg::Kind::INPUT: return buffer_of(plan.values.at(step.inputs.at(a.index)));
                case KernelArg::Kind::OUTPUT: return buffer_of(plan.values.at(step.outputs.at(a.index)));
                case KernelArg::Kind::SCRATCH: return buffer_of(plan.values.at(step.scratch.at(a.index)));
                default: return dp->constants.at(step.op_constants.at(a.index));
                }
            };
            for (const auto& launch : step.config.launches)
                m_kernels[s].push_back(make_kernel(*ctx.programs, launch, arg_buffer, m_model->config().cache_dir));
        }
        m_plan_status = m_status.size();
        index_slots();
    } catch (...) {
        m_plan.reset();  // half-made resources: the next inference prepares again
        throw;
    }
}

cl::Buffer InferRequest::buffer_of(const Value& v) const {
    return v.where == Value::Where::CONSTANT ? m_plan->constants.at(v.index) : m_slots.at(v.index);
}

cl::Event* InferRequest::event_slot(std::vector<cl::Event>& events) {
    if (!m_events_on)
        return nullptr;
    events.emplace_back();
    return &events.back();
}

void InferRequest::fence() {
    cl::Event marker;
    check(m_queue.enqueueMarkerWithWaitList(nullptr, &marker), "clEnqueueMarkerWithWaitList",
          "end of an inference");
    m_done = marker;
    check(m_queue.flush(), "clFlush", "end of an inference");
}

void InferRequest::settle_after_failure() noexcept {
    // Commands enqueued before the failure still read the user's tensors (non-blocking writes) and
    // write our buffers: the error reaches the user only once the device is done with them.
    try {
        fence();
        m_done.wait();
    } catch (...) {
        m_queue.finish();  // no marker: wait for the whole stream instead
    }
}

void InferRequest::drain() {
    if (!m_done())
        return;
    const cl_int waited = m_done.wait();
    if (waited == CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST) {
        // A command of the previous inference failed: that inference reported it (or was cancelled),
        // and its buffers are free all the same.
        cl_int status = CL_COMPLETE;
        if (m_done.getInfo(CL_EVENT_COMMAND_EXECUTION_STATUS, &status) == CL_SUCCESS && status < 0)
            return;
    }
    check(waited, "clWaitForEvents", "a previous inference");
}

void InferRequest::infer_preprocess() {
    StageTimer timer(m_durations[PREPROCESS]);
    m_cancel = false;
    convert_batched_tensors();
    check_tensors();
    std::vector<Shape> shapes;
    for (const auto& t : m_input_tensors)
        shapes.push_back(t.get_shape());
    std::vector<std::optional<Shape>> held;  // a KV cache's length is part of what the plan is for
    for (const auto& id : m_model->dynamic_variables())
        held.push_back(m_device_variables->held_shape(id));
    prepare(m_model->plan_for(shapes, held));
    bind_ports();
}

void InferRequest::upload() {
    StageTimer timer(m_durations[UPLOAD]);
    drain();  // a cancelled or failed run may have left commands on our buffers
    const Plan& plan = *m_plan->plan;
    m_staging.clear();
    m_write_events.clear();
    m_bytes = {};
    std::fill(m_host_values.begin(), m_host_values.end(), Tensor());  // none of a failed run's
    std::fill(m_device_values.begin(), m_device_values.end(), RuntimeKernels::Operand());
    m_status.resize(m_plan_status);  // the last run's run-time kernels' words
    try {
        // Remote buffers another queue last used (a model whose output feeds this one): wait for it on the device.
        std::vector<cl::Event> others;
        for (const auto* tensors : {&m_input_tensors, &m_output_tensors})
            for (const auto& t : *tensors)
                if (auto r = std::dynamic_pointer_cast<OclBufferTensor>(t.get_impl()))
                    for (const auto& e : in_flight({r->last_use()}))
                        others.push_back(e);
        if (!others.empty())
            check(m_queue.enqueueBarrierWithWaitList(&others), "clEnqueueBarrierWithWaitList",
                  [&] { return describe() + ": waiting for remote tensors' last users"; });
        for (auto* binds : {&m_in_bind, &m_out_bind})  // the device owns host-visible memory from here on
            for (const auto& b : *binds)
                if (b.host_visible && b.host_visible->mapped()) {
                    b.host_visible->enqueue_unmap(m_queue, describe());
                    m_unmapped.push_back(b.host_visible);
                }
        for (size_t i = 0; i < plan.parameter_values.size(); ++i) {
            const Value& v = plan.values[plan.parameter_values[i]];
            if (v.where == Value::Where::HOST) {  // only host steps read it
                m_host_values.at(plan.parameter_values[i]) = host_input(i, v);
                continue;
            }
            if (v.bytes == 0)
                continue;
            if (m_in_bind[i].kind != PortBinding::Kind::HOST) {
                if (!m_in_bind[i].direct)  // the slot is shared in the memory plan: a device-side copy
                    check(m_queue.enqueueCopyBuffer(m_in_bind[i].buffer, m_slots.at(v.index), 0, 0, v.bytes, nullptr,
                                                    event_slot(m_write_events)),
                          "clEnqueueCopyBuffer", [&] { return describe() + ": input " + std::to_string(i); });
                continue;
            }
            m_bytes.to_device += v.bytes;
            Tensor src = m_input_tensors[i];
            if (!src.is_continuous()) {  // a ROI: packed here, kept alive until the write is done
                Tensor dense(src.get_element_type(), src.get_shape());
                src.copy_to(dense);
                m_staging.push_back(dense);
                src = dense;
            }
            check(m_queue.enqueueWriteBuffer(m_slots.at(v.index), CL_FALSE, 0, v.bytes, src.data(), nullptr,
                                             event_slot(m_write_events)),
                  "clEnqueueWriteBuffer", [&] { return "input " + std::to_string(i); });
            m_host_values.at(plan.parameter_values[i]) = src;  // host steps read it here, not back from the device
        }
        for (const auto& s : m_status)
            check(m_queue.enqueueFillBuffer(s.word, cl_int{0}, 0, sizeof(cl_int)), "clEnqueueFillBuffer",
                  [&] { return "status of " + plan.steps[s.step].node->describe(); });
    } catch (...) {
        restore_host_visible();
        settle_after_failure();
        throw;
    }
}

Tensor InferRequest::host_input(size_t i, const Value& v) {
    const Tensor& src = m_input_tensors[i];
    if (m_in_bind[i].kind == PortBinding::Kind::HOST) {
        if (src.is_continuous())
            return src;
        Tensor dense(src.get_element_type(), src.get_shape());  // host_ref reads dense tensors
        src.copy_to(dense);
        return dense;
    }
    Tensor t(v.type, v.shape);  // a device buffer: read back (after the barrier on its last users)
    m_bytes.to_host += v.bytes;
    if (v.bytes)
        check(m_queue.enqueueReadBuffer(m_in_bind[i].buffer, CL_TRUE, 0, v.bytes, t.data()), "clEnqueueReadBuffer",
              [&] { return describe() + ": input " + std::to_string(i); });
    return t;
}

void InferRequest::run_variable_step(size_t s) {
    const Plan& plan = *m_plan->plan;
    const Step& step = plan.steps[s];
    const auto sized_by_run = [&](size_t v) { return plan.values[v].data_dependent; };
    if (std::any_of(step.inputs.begin(), step.inputs.end(), sized_by_run) ||
        std::any_of(step.outputs.begin(), step.outputs.end(), sized_by_run)) {
        run_variable_at_run_time(step);
        return;
    }
    const std::string where = step.node->describe();
    if (step.kind == Step::Kind::ASSIGN) {
        const Value& in = plan.values[step.inputs[0]];
        m_device_variables->enqueue_write(step.variable_id, where, in.type, in.shape, buffer_of(in),
                                          event_slot(m_events[s]));
        return;
    }
    const Value& out = plan.values[step.outputs[0]];
    cl::Buffer init;
    if (!step.inputs.empty())
        init = buffer_of(plan.values[step.inputs[0]]);
    m_device_variables->enqueue_read(step.variable_id, where, out.type, out.shape, buffer_of(out),
                                     step.inputs.empty() ? nullptr : &init, event_slot(m_events[s]));
}

void InferRequest::start_pipeline() {
    StageTimer timer(m_durations[START]);
    const Plan& plan = *m_plan->plan;
    try {
        for (size_t s = 0; s < plan.steps.size(); ++s) {
            if (m_cancel)
                raise<Cancelled>("the inference was cancelled");
            const Step& step = plan.steps[s];
            if (step.kind == Step::Kind::HOST) {
                run_host_step(step);
                continue;
            }
            m_events[s].clear();
            if (step.kind == Step::Kind::READ_VALUE || step.kind == Step::Kind::ASSIGN) {
                run_variable_step(s);
                continue;
            }
            for (size_t k = 0; k < m_kernels[s].size(); ++k)
                enqueue_kernel(m_queue, m_kernels[s][k], step.config.launches[k], event_slot(m_events[s]));
        }
        download();
        std::fill(m_host_values.begin(), m_host_values.end(), Tensor());  // the outputs have their copies
        std::fill(m_device_values.begin(), m_device_values.end(), RuntimeKernels::Operand());
    } catch (...) {
        restore_host_visible();
        settle_after_failure();
        mark_remote_use();
        throw;
    }
    // Mapped back after the kernels: data() is valid once the inference completes.
    if (!restore_host_visible() && m_last_read()) {
        // The in-order queue completes the last read after everything before it: its event ends the
        // inference, and a marker command is saved.
        m_done = m_last_read;
        check(m_queue.flush(), "clFlush", "end of an inference");
    } else {
        fence();
    }
    mark_remote_use();
}

void InferRequest::download() {
    const Plan& plan = *m_plan->plan;
    m_read_events.clear();
    m_staged_outputs.clear();
    m_last_read = cl::Event();
    m_status_words.assign(m_status.size(), 0);
    for (size_t i = 0; i < m_status.size(); ++i)  // done before the inference ends (an in-order queue)
        check(m_queue.enqueueReadBuffer(m_status[i].word, CL_FALSE, 0, sizeof(cl_int), &m_status_words[i]),
              "clEnqueueReadBuffer", [&] {
                  return "status of " + plan.steps[m_status[i].step].node->describe() +
                         (i < m_plan_status ? "" : " at run time");
              });
    // Every command here records its event (the last one ends the inference, start_pipeline).
    auto event = [&]() -> cl::Event* {
        cl::Event* e = event_slot(m_read_events);
        return e ? e : &m_last_read;
    };
    auto done = [&](cl::Event* e) {
        if (e != &m_last_read)
            m_last_read = *e;
    };
    for (size_t i = 0; i < plan.result_values.size(); ++i) {
        const Value& v = plan.values[plan.result_values[i]];
        Tensor& dst = m_output_tensors[i];
        if (v.where == Value::Where::HOST) {
            write_host_value(m_host_values.at(plan.result_values[i]), dst, m_out_bind[i].kind != PortBinding::Kind::HOST,
                             i);
            continue;
        }
        if (dst.get_shape() != v.shape)
            dst.set_shape(v.shape);  // dynamic outputs take the computed shape (before we write into it)
        if (m_out_bind[i].kind != PortBinding::Kind::HOST) {
            const PortBinding& b = m_out_bind[i];
            if (v.bytes == 0 || (b.direct && v.where == Value::Where::SLOT))
                continue;  // the kernels wrote into the tensor's own buffer
            if (v.where == Value::Where::CONSTANT) {  // a constant output: written once per inference
                m_bytes.to_device += v.bytes;
                cl::Event* e = event();
                check(m_queue.enqueueWriteBuffer(b.buffer, CL_FALSE, 0, v.bytes, plan.constants[v.index].data(),
                                                 nullptr, e),
                      "clEnqueueWriteBuffer", [&] { return describe() + ": constant output " + std::to_string(i); });
                done(e);
            } else {  // the slot is shared in the memory plan: a device-side copy
                cl::Event* e = event();
                check(m_queue.enqueueCopyBuffer(m_slots[v.index], b.buffer, 0, 0, v.bytes, nullptr, e),
                      "clEnqueueCopyBuffer", [&] { return describe() + ": output " + std::to_string(i); });
                done(e);
            }
            continue;
        }
        if (v.where == Value::Where::CONSTANT || v.bytes == 0)
            continue;  // postprocess copies constants
        m_bytes.to_host += v.bytes;
        Tensor target = dst;
        if (!dst.is_continuous()) {
            target = Tensor(v.type, v.shape);
            m_staged_outputs.emplace_back(target, dst);
        }
        cl::Event* e = event();
        check(m_queue.enqueueReadBuffer(m_slots[v.index], CL_FALSE, 0, v.bytes, target.data(), nullptr, e),
              "clEnqueueReadBuffer", [&] { return "output " + std::to_string(i); });
        done(e);
    }
}

void InferRequest::write_host_value(const Tensor& value, Tensor& dst, bool device_buffer, size_t output) {
    if (!value)
        raise<Exception>(describe(), ": output ", output, " has no value (its host step did not run)");
    if (dst.get_shape() != value.get_shape())
        dst.set_shape(value.get_shape());
    if (!device_buffer) {
        value.copy_to(dst);
        return;
    }
    // The buffer after set_shape, which may have replaced it.
    const cl::Buffer buffer = dst.is<OclHostTensor>() ? std::static_pointer_cast<OclHostTensor>(dst.get_impl())->buffer()
                                                      : std::static_pointer_cast<OclBufferTensor>(dst.get_impl())->buffer();
    m_bytes.to_device += value.get_byte_size();
    if (value.get_byte_size())  // blocking: the value is replaced by the next inference
        check(m_queue.enqueueWriteBuffer(buffer, CL_TRUE, 0, value.get_byte_size(), value.data()),
              "clEnqueueWriteBuffer", [&] { return describe() + ": output " + std::to_string(output); });
}

void InferRequest::wait_pipeline() {
    StageTimer timer(m_durations[WAIT]);
    if (restore_host_visible())  // start_pipeline did not run (a cancel): host-visible tensors come back
        fence();
    if (!m_done())
        return;
    const cl_int waited = m_done.wait();
    // A failed command makes the wait return CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST; the
    // event's own status says what the device reported, so read it before giving up.
    if (waited != CL_SUCCESS && waited != CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST)
        check(waited, "clWaitForEvents", "waiting for the inference");  // m_done kept: the next drain waits again
    // The device is done with this inference, and whatever it reports is reported here: nothing is
    // left for the next inference's drain.
    const cl::Event done = std::exchange(m_done, cl::Event());
    cl_int status = CL_COMPLETE;
    check(done.getInfo(CL_EVENT_COMMAND_EXECUTION_STATUS, &status), "clGetEventInfo", "inference status");
    if (status < 0)
        check(status, "the device", "running the inference");
    check(waited, "clWaitForEvents", "waiting for the inference");
}

void InferRequest::infer_postprocess() {
    StageTimer timer(m_durations[POSTPROCESS]);
    const Plan& plan = *m_plan->plan;
    for (size_t i = 0; i < plan.result_values.size(); ++i) {
        const Value& v = plan.values[plan.result_values[i]];
        if (v.where == Value::Where::CONSTANT && m_out_bind[i].kind == PortBinding::Kind::HOST)
            plan.constants[v.index].copy_to(m_output_tensors[i]);
    }
    for (auto& [staging, dst] : m_staged_outputs)
        staging.copy_to(dst);
    m_staged_outputs.clear();
    m_staging.clear();
    if (trace::enabled())
        trace_device_commands();
    for (size_t i = 0; i < m_status_words.size(); ++i)
        if (m_status_words[i] != 0)
            raise<ModelError>(plan.steps[m_status[i].step].node->describe(), ": ", m_status[i].error);
}

void InferRequest::enqueue() {
    std::lock_guard<std::mutex> lock(m_stream.enqueue_mutex);
    upload();
    start_pipeline();
}

void InferRequest::infer() {
    infer_preprocess();
    enqueue();
    wait_pipeline();
    infer_postprocess();
}

std::vector<std::shared_ptr<IVariableState>> InferRequest::query_state() const { return m_states; }

}  // namespace gpu
}  // namespace ovcl
