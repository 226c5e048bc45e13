#include "plugin/runtime_kernels.hpp"

#include "ops/gpu_env.hpp"
#include "ovcl/ops.hpp"
#include "plan/op_cache.hpp"
#include "plan/plan.hpp"
#include "tuning/tuning.hpp"

namespace ovcl {
namespace gpu {

namespace {
// `node` over Parameters of the inputs' shapes (Constants stay: configure packs weights from them).
std::shared_ptr<Node> with_static_inputs(const Node& node, const std::vector<RuntimeKernels::Input>& inputs) {
    OutputVector args;
    for (size_t i = 0; i < node.get_input_size(); ++i) {
        const Output<Node>& in = node.input_value(i);
        if (in.node->is_constant())
            args.push_back(in);
        else
            args.emplace_back(op::parameter(inputs[i].type, inputs[i].shape), 0);
    }
    auto copy = std::make_shared<Node>(node.get_type_name(), node.get_version(), args, node.get_attributes());
    copy->copy_name_from(node);
    copy->get_rt_info() = node.get_rt_info();
    copy->validate_and_infer_types();
    return copy;
}
}  // namespace

RuntimeKernels::RuntimeKernels(std::shared_ptr<DeviceContext> device, const Config& config)
    : m_device(std::move(device)), m_config(config) {}

std::shared_ptr<const RuntimeKernels::Entry> RuntimeKernels::entry(const Node& node, const std::vector<Input>& inputs) {
    auto e = std::make_shared<Entry>();
    try {
        e->node = with_static_inputs(node, inputs);
    } catch (const Exception&) {  // inputs its shape inference refuses: host_ref reports them, naming the node
        return nullptr;
    }
    const auto key = OpCache::key_of(*e->node);
    if (!key)
        return nullptr;
    std::lock_guard<std::mutex> lock(m_mutex);  // requests of every stream share the entries
    if (auto it = m_entries.find(*key); it != m_entries.end())
        return it->second;
    if (m_entries.size() >= kMaxEntries || m_constant_bytes > kMaxConstantBytes) {
        m_entries.clear();
        m_constant_bytes = 0;
    }
    for (size_t i = 0; i < e->node->get_output_size(); ++i)
        if (e->node->get_output_partial_shape(i).is_dynamic())
            return nullptr;  // an output shape that depends on the values (NonZero): the host's
    const DeviceInfo device = m_config.planning_device(m_device->device);
    e->validation = device_runs(*e->node, device, m_config.host_ops);
    if (e->validation.supported && !is_view_op(*e->node)) {
        const tuning::Scope tuning(m_config.tuning_mode, m_config.cache_dir, *m_device);
        e->config = tuning::configure(*find_gpu_op(*e->node), *e->node, device);
        for (const auto& c : e->config.constants) {
            e->constants.push_back(make_buffer(m_device->context, c.get_byte_size(),
                                               CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, const_cast<void*>(c.data())));
            m_constant_bytes += c.get_byte_size();
        }
    } else {
        e->validation.supported = false;
    }
    m_entries.emplace(*key, e);
    return e;
}

std::optional<TensorVector> RuntimeKernels::run(const Node& node, const std::vector<Input>& inputs,
                                                const cl::CommandQueue& queue, std::string* impl) {
    const auto e = entry(node, inputs);
    if (!e || !e->validation.supported)
        return std::nullopt;
    if (impl)
        *impl = e->config.impl_name;
    TensorVector host;
    std::vector<cl::Buffer> device;
    for (const auto& in : inputs) {
        host.push_back(in.host);
        device.push_back(in.device);
    }
    return run_configured(*e->node, e->config, e->constants, host,
                          {m_device->context, queue, *m_device->programs, m_config.cache_dir}, device);
}

}  // namespace gpu
}  // namespace ovcl
