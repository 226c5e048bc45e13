// How a request's ports are bound: which user tensors are host memory, remote device buffers or
// the plan's own buffers, and where each input and output lives in the plan's slots.
#include <sstream>

#include "ocl_tensors.hpp"
#include "plugin/sync_infer_request.hpp"

namespace ovcl {
namespace gpu {

void InferRequest::index_slots() {
    const Plan& plan = *m_plan->plan;
    // Every slot is a sub-buffer of its own (memory_plan.hpp), or in a plan without sub-buffers a whole buffer, so the
    // user's buffer can replace one slot: a value sharing that memory at other steps keeps its own. Not so for an
    // in-place Concat, whose inputs' producers write into its output's region: those slots stay.
    m_slot_pinned.assign(plan.slots.size(), false);
    for (const Step& step : plan.steps) {
        if (step.kind != Step::Kind::VIEW || step.node->get_type_name() != "Concat")
            continue;
        for (const auto* values : {&step.inputs, &step.outputs})
            for (size_t v : *values)
                if (plan.values[v].where == Value::Where::SLOT)
                    m_slot_pinned[plan.values[v].index] = true;
    }
    m_slot_uses.assign(plan.slot_bytes.size(), {});
    for (size_t s = 0; s < plan.steps.size(); ++s) {
        const Step& step = plan.steps[s];
        for (size_t k = 0; k < step.config.launches.size(); ++k) {
            const auto& args = step.config.launches[k].args;
            for (cl_uint i = 0; i < args.size(); ++i) {
                const KernelArg& a = args[i];
                if (a.kind != KernelArg::Kind::INPUT && a.kind != KernelArg::Kind::OUTPUT)
                    continue;
                const size_t v = a.kind == KernelArg::Kind::INPUT ? step.inputs.at(a.index) : step.outputs.at(a.index);
                const Value& val = plan.values.at(v);
                if (val.where == Value::Where::SLOT)
                    m_slot_uses[val.index].push_back({s, k, i});
            }
        }
    }
}

std::string InferRequest::describe() const {
    return "GPU infer request #" + std::to_string(m_id) + " of model '" +
           m_model->get_model_ports_owner()->get_friendly_name() + "'";
}

InferRequest::PortBinding::Kind InferRequest::kind_of(const Tensor& t, const std::string& port) const {
    std::shared_ptr<OclContext> ctx;
    PortBinding::Kind kind = PortBinding::Kind::HOST;
    if (auto r = std::dynamic_pointer_cast<OclBufferTensor>(t.get_impl())) {
        ctx = r->context();
        kind = PortBinding::Kind::REMOTE;
    } else if (auto h = std::dynamic_pointer_cast<OclHostTensor>(t.get_impl())) {
        ctx = h->context();
        kind = PortBinding::Kind::HOST_VISIBLE;
    } else if (auto other = std::dynamic_pointer_cast<IRemoteTensor>(t.get_impl())) {
        raise<InvalidArgument>(describe(), ": the remote tensor for ", port, " is a tensor of ",
                               other->get_device_name(), ", not an OpenCL buffer of the GPU plugin");
    } else {
        return kind;
    }
    const DeviceContext& mine = m_model->device();
    const bool same_context = ctx->cl_context()() == mine.context();
    if (kind == PortBinding::Kind::HOST_VISIBLE && !same_context)
        return PortBinding::Kind::HOST;  // host memory all the same: written and read like any host tensor
    auto handle = [](const void* p) {
        std::ostringstream os;
        os << p;
        return os.str();
    };
    if (!same_context)
        raise<InvalidArgument>(describe(), ": the remote tensor for ", port, " belongs to another OpenCL context (",
                               ctx->get_device_name(), ", cl_context ", handle(ctx->cl_context()()),
                               "); the compiled model runs in cl_context ", handle(mine.context()),
                               " (create tensors from compiled_model.get_context())");
    if (ctx->device_index() != m_model->config().device_id)
        raise<InvalidArgument>(describe(), ": the remote tensor for ", port, " is for device ", ctx->get_device_name(),
                               "; the compiled model runs on GPU.", m_model->config().device_id);
    return kind;
}

void InferRequest::set_tensor(const Output<Node>& port, const Tensor& tensor) {
    if (tensor) {
        const FoundPort p = find_port_or_throw(port);
        const Output<Node>& own = p.is_input() ? get_inputs()[p.idx] : get_outputs()[p.idx];
        kind_of(tensor, (p.is_input() ? "input " : "output ") + own.node->describe());
    }
    ISyncInferRequest::set_tensor(port, tensor);
}

void InferRequest::bind_ports() {
    const Plan& plan = *m_plan->plan;
    std::vector<cl::Buffer> wanted = m_own_slots;
    std::vector<bool> taken(wanted.size(), false);
    auto bind = [&](const Tensor& t, size_t v, const std::string& port) {
        PortBinding b;
        b.kind = kind_of(t, port);
        if (b.kind == PortBinding::Kind::HOST)
            return b;
        const Value& val = plan.values[v];
        if (val.type != t.get_element_type())
            raise<InvalidArgument>(describe(), ": the tensor for ", port, " is ", t.get_element_type(),
                                   ", the compiled model holds ", val.type, " there");
        if (b.kind == PortBinding::Kind::REMOTE) {
            b.buffer = std::static_pointer_cast<OclBufferTensor>(t.get_impl())->buffer();
        } else {
            b.host_visible = std::static_pointer_cast<OclHostTensor>(t.get_impl());
            b.buffer = b.host_visible->buffer();
        }
        // The user's buffer stands in for the value's sub-buffer unless another port took the value (an
        // output that is a view of an input, two outputs of one value), the value lies in an in-place
        // Concat, or an output's buffer is also an input's (the kernels must not write what they read).
        bool shared_with_input = false;
        for (const auto& in : m_in_bind)
            shared_with_input = shared_with_input || (in.buffer() && in.buffer() == b.buffer());
        b.direct = val.where == Value::Where::SLOT && val.bytes > 0 && !m_slot_pinned[val.index] &&
                   !taken[val.index] && !shared_with_input;
        if (b.direct) {
            taken[val.index] = true;
            wanted[val.index] = b.buffer;
        }
        return b;
    };
    m_in_bind.clear();
    m_out_bind.clear();
    for (size_t i = 0; i < plan.parameter_values.size(); ++i)
        m_in_bind.push_back(
            bind(m_input_tensors[i], plan.parameter_values[i], "input " + get_inputs()[i].node->describe()));
    for (size_t i = 0; i < plan.result_values.size(); ++i) {
        const Value& v = plan.values[plan.result_values[i]];
        Tensor& dst = m_output_tensors[i];
        if (v.where != Value::Where::HOST && dst.get_shape() != v.shape &&
            (dst.is<IRemoteTensor>() || dst.is<OclHostTensor>()))
            dst.set_shape(v.shape);  // a dynamic output: sized before its buffer is bound
        m_out_bind.push_back(bind(dst, plan.result_values[i], "output " + get_outputs()[i].node->describe()));
    }
    for (size_t slot = 0; slot < wanted.size(); ++slot) {
        if (m_slots[slot]() == wanted[slot]())
            continue;
        m_slots[slot] = wanted[slot];
        for (const ArgUse& u : m_slot_uses[slot])
            check(m_kernels[u.step][u.kernel].setArg(u.arg, m_slots[slot]), "clSetKernelArg",
                  [&] { return describe() + ": binding a tensor's buffer"; });
    }
}

bool InferRequest::restore_host_visible() {
    if (m_unmapped.empty())
        return false;
    for (const auto& t : m_unmapped)
        t->enqueue_map(m_queue, describe());
    m_unmapped.clear();
    return true;
}

void InferRequest::mark_remote_use() {
    auto mark = [&](const Tensor& t) {
        if (auto r = std::dynamic_pointer_cast<OclBufferTensor>(t.get_impl()))
            r->set_last_use(m_done);
    };
    for (const auto& t : m_input_tensors)
        mark(t);
    for (const auto& t : m_output_tensors)
        mark(t);
}

}  // namespace gpu
}  // namespace ovcl
