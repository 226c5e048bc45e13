#include "plugin/runtime_kernels.hpp"

#include <algorithm>

#include "ops/gpu_env.hpp"
#include "ops/movement_copy.hpp"
#include "ovcl/ops.hpp"
#include "plan/op_cache.hpp"
#include "plan/plan.hpp"
#include "shape_infer/tensor_values.hpp"
#include "tuning/tuning.hpp"

namespace ovcl {
namespace gpu {

namespace {
// A small integer tensor on the host: a target shape, axes, a slice's bounds that the run computed.
bool shape_like(const RuntimeKernels::Operand& in) {
    const element::Type t = in.host ? in.host.get_element_type() : element::dynamic;
    return !in.device() && t.is_integral() && t != element::boolean && in.host.get_size() <= 64;
}

// `node` over Parameters of the inputs' shapes (Constants stay: configure packs weights from them); with
// `shape_constants`, the shape-like inputs are Constants of their values, as a plan's would be.
std::shared_ptr<Node> with_static_inputs(const Node& node, const std::vector<RuntimeKernels::Operand>& inputs,
                                         bool shape_constants) {
    OutputVector args;
    for (size_t i = 0; i < node.get_input_size(); ++i) {
        const Output<Node>& in = node.input_value(i);
        if (in.node->is_constant())
            args.push_back(in);
        else if (shape_constants && shape_like(inputs[i]))
            args.push_back(op::constant(inputs[i].host));
        else
            args.emplace_back(op::parameter(inputs[i].type, inputs[i].shape), 0);
    }
    auto copy = std::make_shared<Node>(node.get_type_name(), node.get_version(), args, node.get_attributes());
    copy->copy_name_from(node);
    copy->get_rt_info() = node.get_rt_info();
    copy->validate_and_infer_types();
    return copy;
}

// A Gather along axis 0 of each index in order, 1-D, of data on the device: a KV cache's beam reorder when the beams
// keep their places (one beam, greedy decoding). Its output is its data: passed on as a view, not copied each token.
bool gathers_all_in_order(const Node& n, const std::vector<RuntimeKernels::Operand>& inputs) {
    if (n.get_type_name() != "Gather" || inputs.size() != 3 || !inputs[0].device() || !inputs[1].host ||
        !n.input_value(2).node->is_constant() || n.get_attr<int64_t>("batch_dims", 0) != 0 ||
        inputs[0].shape.empty() || inputs[1].shape.size() != 1)
        return false;
    const auto axis = tensor_values<int64_t>(n.input_value(2).node->get_constant_value());
    const auto rank = static_cast<int64_t>(inputs[0].shape.size());
    if (axis.size() != 1 || (axis[0] != 0 && axis[0] != -rank))
        return false;
    const auto indices = tensor_values<int64_t>(inputs[1].host);
    if (indices.size() != inputs[0].shape[0])
        return false;
    for (size_t i = 0; i < indices.size(); ++i)
        if (indices[i] != static_cast<int64_t>(i))
            return false;
    return true;
}

constexpr size_t kCopyRows = 16, kCopyRowBytes = 64;

bool sub_buffer(const cl::Buffer& b) {
    cl_mem parent = nullptr;
    return clGetMemObjectInfo(b(), CL_MEM_ASSOCIATED_MEMOBJECT, sizeof parent, &parent, nullptr) == CL_SUCCESS &&
           parent != nullptr;
}

// A Concat of values all on the device is copies into the output, one rectangle per input (rows: the dims before the
// axis) into a new buffer kept on the device: no kernel to configure for each new shape, as a KV cache's Concat would
// need at every token. None where an input is on the host, the shapes do not join, or the output goes to a slot or
// back to the host: the configured kernel does those.
std::optional<RuntimeKernels::Outcome> concat_by_copies(const Node& n,
                                                        const std::vector<RuntimeKernels::Operand>& inputs,
                                                        const cl::Context& context, const cl::CommandQueue& queue) {
    if (n.get_type_name() != "Concat" || inputs.empty() || inputs[0].type.size() == 0)
        return std::nullopt;
    const Shape& first = inputs[0].shape;
    const auto rank = static_cast<int64_t>(first.size());
    const int64_t attr = n.get_attr<int64_t>("axis", 0);
    if (rank == 0 || attr < -rank || attr >= rank)
        return std::nullopt;
    const auto axis = static_cast<size_t>(attr < 0 ? attr + rank : attr);
    Shape shape = first;
    shape[axis] = 0;
    for (const auto& in : inputs) {
        if (!in.device() || in.type != inputs[0].type || in.shape.size() != first.size())
            return std::nullopt;
        for (size_t d = 0; d < first.size(); ++d)
            if (d != axis && in.shape[d] != first[d])
                return std::nullopt;
        shape[axis] += in.shape[axis];
    }
    const auto rows = static_cast<size_t>(movement::product(first, 0, axis));
    const auto bytes_per_row = [&](const Shape& s) {
        return shape_size(s) / std::max<size_t>(rows, 1) * inputs[0].type.size();
    };
    const size_t row_bytes = bytes_per_row(shape);
    // Many short rows (a detector's boxes and scores side by side) are a kernel's work, not a driver's memcpy loop;
    // rows out of a sub-buffer are a command each.
    std::vector<bool> from_sub_buffer;
    std::vector<size_t> in_row_bytes;
    for (const auto& in : inputs) {
        from_sub_buffer.push_back(rows > 1 && sub_buffer(in.device));
        const size_t bytes = in_row_bytes.emplace_back(bytes_per_row(in.shape));
        if (rows > kCopyRows && ((bytes && bytes < kCopyRowBytes) || from_sub_buffer.back()))
            return std::nullopt;
    }
    RuntimeKernels::Outcome result;
    result.outputs.resize(1);
    RuntimeKernels::Operand& out = result.outputs[0];
    out.type = inputs[0].type;
    out.shape = shape;
    out.device = make_buffer(context, std::max<size_t>(rows * row_bytes, 1), CL_MEM_READ_WRITE);
    size_t offset = 0;  // bytes into each output row
    for (size_t i = 0; i < inputs.size(); ++i) {
        const RuntimeKernels::Operand& in = inputs[i];
        const size_t bytes = in_row_bytes[i];
        if (bytes && rows) {
            const auto what = [&] { return n.describe() + " at run time"; };
            if (rows == 1)
                check(queue.enqueueCopyBuffer(in.device, out.device, 0, offset, bytes), "clEnqueueCopyBuffer", what);
            else if (from_sub_buffer[i]) {
                // PoCL 3.1 crashes in a rectangle copy out of a sub-buffer, and one out of its parent at the slot's
                // offset reads stale data in a real decoder (PoCL keeps a buffer's latest contents per cl_mem).
                for (size_t r = 0; r < rows; ++r)
                    check(queue.enqueueCopyBuffer(in.device, out.device, r * bytes, r * row_bytes + offset, bytes),
                          "clEnqueueCopyBuffer", what);
            } else {
                const size_t from[3] = {0, 0, 0}, to[3] = {offset, 0, 0}, region[3] = {bytes, rows, 1};
                check(clEnqueueCopyBufferRect(queue(), in.device(), out.device(), from, to, region, bytes,
                                              bytes * rows, row_bytes, row_bytes * rows, 0, nullptr, nullptr),
                      "clEnqueueCopyBufferRect", what);
            }
        }
        offset += bytes;
    }
    return result;
}
}  // namespace

RuntimeKernels::RuntimeKernels(std::shared_ptr<DeviceContext> device, const Config& config)
    : m_device(std::move(device)), m_config(config) {}

std::shared_ptr<const RuntimeKernels::Entry> RuntimeKernels::entry(const Node& node,
                                                                  const std::vector<Operand>& inputs) {
    // Over Parameters first, so that values that change every run (indices picked by NonZero) share an entry; an op
    // that needs its shape-like inputs' values (Broadcast's target, Reshape's) takes them as Constants, and is
    // remembered as such, so that its next runs do not try without them first.
    const auto wants_values = [&] {
        std::lock_guard<std::mutex> lock(m_mutex);
        return m_wants_values.count(&node) > 0;
    };
    const auto last = [&](std::shared_ptr<const Entry> e) {
        if (e && e->validation.supported && !e->config.launches.empty()) {
            std::lock_guard<std::mutex> lock(m_mutex);
            m_last[&node] = {node.weak_from_this(), e};
        }
        return e;
    };
    if (wants_values())
        if (auto e = entry(node, inputs, true); e && e->validation.supported)
            return last(e);
    auto e = entry(node, inputs, false);
    if ((!e || !e->validation.supported) && std::any_of(inputs.begin(), inputs.end(), shape_like))
        if (auto with_values = entry(node, inputs, true); with_values && with_values->validation.supported) {
            {
                std::lock_guard<std::mutex> lock(m_mutex);
                m_wants_values.insert(&node);
            }
            return last(with_values);
        }
    return last(e);
}

std::optional<std::pair<std::shared_ptr<const RuntimeKernels::Entry>, OpConfig>> RuntimeKernels::rebound(
    const Node& node, const std::vector<Operand>& inputs) {
    std::shared_ptr<const Entry> e;
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        const auto it = m_last.find(&node);
        if (it == m_last.end() || it->second.first.lock().get() != &node)
            return std::nullopt;
        e = it->second.second;
    }
    std::vector<InputInfo> now;
    now.reserve(inputs.size());
    for (const auto& in : inputs)
        now.emplace_back(in.type, in.shape, in.host ? &in.host : nullptr);
    auto config = e->op->rebind(*e->node, e->config, now);
    if (!config)
        return std::nullopt;
    return std::make_pair(std::move(e), std::move(*config));
}

std::shared_ptr<const RuntimeKernels::Entry> RuntimeKernels::entry(const Node& node,
                                                                  const std::vector<Operand>& inputs,
                                                                  bool shape_constants) {
    auto e = std::make_shared<Entry>();
    try {
        e->node = with_static_inputs(node, inputs, shape_constants);
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
        m_wants_values.clear();  // nodes of plans perhaps gone, whose addresses others may take
        m_last.clear();
        m_constant_bytes = 0;
    }
    for (size_t i = 0; i < e->node->get_output_size(); ++i)
        if (e->node->get_output_partial_shape(i).is_dynamic())
            return nullptr;  // an output shape that depends on the values (NonZero): the host's
    const DeviceInfo device = m_config.planning_device(m_device->device);
    e->validation = is_view_op(*e->node) ? Validation::yes() : device_runs(*e->node, device, m_config.host_ops);
    if (e->validation.supported && !is_view_op(*e->node)) {
        const tuning::Scope tuning(m_config.tuning_mode, m_config.cache_dir, *m_device);
        e->op = find_gpu_op(*e->node);
        e->config = tuning::configure(*e->op, *e->node, device);
        ++m_configurations;
        // Copied even on a device in host memory (not in place, as CompiledModel::device_constant does): a run may
        // leave its kernels in flight after its entry is cleared from the map, and a copy outlives the host tensor.
        for (const auto& c : e->config.constants) {
            e->constants.push_back(make_buffer(m_device->context, c.get_byte_size(),
                                               CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, const_cast<void*>(c.data())));
            m_constant_bytes += c.get_byte_size();
        }
    }
    m_entries.emplace(*key, e);
    return e;
}

std::optional<RuntimeKernels::Outcome> RuntimeKernels::run(const Node& node, const std::vector<Operand>& inputs,
                                                           const Outputs& where, const cl::CommandQueue& queue,
                                                           std::string* impl) {
    const bool kept_new = where.keep.size() == 1 && where.keep[0] && (where.targets.empty() || !where.targets[0]());
    if (kept_new && node.get_output_size() == 1)
        if (auto copies = concat_by_copies(node, inputs, m_device->context, queue)) {
            if (impl)
                *impl = "copies";
            return copies;
        }
    // A beam reorder that keeps every beam in its place passes its data on: known from the inputs alone, so it is
    // not configured (a token's four of them in a decoder with two layers).
    const bool in_order = gathers_all_in_order(node, inputs);
    std::shared_ptr<const Entry> e;
    std::optional<OpConfig> rebound_config;
    if (!in_order) {
        if (auto r = rebound(node, inputs)) {
            e = std::move(r->first);
            rebound_config = std::move(r->second);
        } else {
            e = entry(node, inputs);
        }
    }
    if (!in_order && (!e || !e->validation.supported))
        return std::nullopt;
    Outcome result;
    std::vector<Operand>& out = result.outputs;
    if (in_order) {
        out.resize(1);
        out[0].type = inputs[0].type;
        out[0].shape = inputs[0].shape;
    } else {
        out.resize(e->node->get_output_size());
        for (size_t i = 0; i < out.size(); ++i) {
            out[i].type = e->node->get_output_element_type(i);
            out[i].shape = e->node->get_output_shape(i);
        }
    }
    const auto target = [&](size_t i) {
        return i < where.targets.size() && where.targets[i]() ? where.targets[i] : cl::Buffer();
    };
    const auto keep = [&](size_t i) { return i < where.keep.size() && where.keep[i]; };
    // The input's bytes with the output's shape: passed on, or copied when the input is a slot reused later.
    if (in_order || is_view_op(*e->node)) {
        if (!inputs.at(0).device() || out.size() != 1)
            return std::nullopt;
        const size_t bytes = shape_size(out[0].shape) * out[0].type.size();
        const auto what = [&] { return node.describe() + " at run time"; };
        if (target(0)() || keep(0)) {
            if (!target(0)() && !inputs[0].in_slot) {
                out[0].device = inputs[0].device;
            } else {
                out[0].device = target(0)() ? target(0) : make_buffer(m_device->context, bytes, CL_MEM_READ_WRITE);
                if (bytes)
                    check(queue.enqueueCopyBuffer(inputs[0].device, out[0].device, 0, 0, bytes),
                          "clEnqueueCopyBuffer", what);
            }
        } else {
            out[0].host = Tensor(out[0].type, out[0].shape);
            if (bytes)
                check(queue.enqueueReadBuffer(inputs[0].device, CL_TRUE, 0, bytes, out[0].host.data()),
                      "clEnqueueReadBuffer", what);
        }
        if (impl)
            *impl = "view";
        return result;
    }
    const OpConfig& config = rebound_config ? *rebound_config : e->config;
    if (impl)
        *impl = config.impl_name;
    const Node& n = *e->node;
    TensorVector host;
    DeviceIo io;
    for (const auto& in : inputs) {
        host.push_back(in.host);
        io.inputs.push_back(in.device);
    }
    for (size_t i = 0; i < out.size(); ++i) {
        io.targets.push_back(target(i));
        io.keep.push_back(keep(i));
    }
    const TensorVector read = run_configured(n, config, e->constants, host,
                                             {m_device->context, queue, *m_device->programs, m_config.cache_dir}, &io);
    for (size_t i = 0; i < out.size(); ++i) {
        out[i].host = read[i];
        out[i].device = io.kept[i];
    }
    result.status = io.status;
    result.status_error = config.status_error;
    return result;
}

}  // namespace gpu
}  // namespace ovcl
