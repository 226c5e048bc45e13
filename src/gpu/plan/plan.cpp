#include "plan/plan.hpp"

#include <algorithm>
#include <cstdint>
#include <map>
#include <set>

#include "shape_infer/variables_infer.hpp"
#include "tuning/tuning.hpp"

namespace ovcl {
namespace gpu {

size_t base_alignment(const DeviceInfo& device) {
    constexpr size_t kMinAlignment = 128;  // long16, which vector loads may assume
    cl_uint bits = 0;
    if (device.device() && device.device.getInfo(CL_DEVICE_MEM_BASE_ADDR_ALIGN, &bits) == CL_SUCCESS)
        return std::max<size_t>(bits / 8, kMinAlignment);
    return kMinAlignment;
}

namespace {

/// An input of an in-place Concat: its bytes lie at `offset` in the Concat's output `whole`.
struct Part {
    size_t whole;
    size_t offset;
};

/// Turns device Concats into views where every input can be written by its producer straight into
/// its place in the output: the output is one run of the inputs one after the other (every dim
/// before the axis is 1), each place starts at an aligned offset (a sub-buffer origin), and each
/// input is an ordinary tensor of a kernel or host step. Copies stay for an input that is a model
/// input or output, a view or variable, already in another in-place Concat, or given twice, and
/// for a Concat whose output is a model output (a bound output buffer must receive the whole).
std::map<size_t, Part> place_concats_in_place(Plan& plan, const std::map<size_t, size_t>& alias_root,
                                              size_t alignment) {
    auto root = [&](size_t v) {
        while (alias_root.count(v))
            v = alias_root.at(v);
        return v;
    };
    std::map<size_t, size_t> producer;  // value -> step
    for (size_t s = 0; s < plan.steps.size(); ++s)
        for (size_t v : plan.steps[s].outputs)
            producer[v] = s;
    std::set<size_t> model_outputs;
    for (size_t v : plan.result_values)
        model_outputs.insert(root(v));

    std::map<size_t, Part> parts;
    for (Step& step : plan.steps) {
        if (step.kind != Step::Kind::KERNELS || step.node->get_type_name() != "Concat")
            continue;
        const size_t whole = step.outputs[0];
        const Shape& shape = plan.values[whole].shape;
        const int64_t axis = step.node->get_attr<int64_t>("axis");
        const size_t a = static_cast<size_t>(axis < 0 ? axis + static_cast<int64_t>(shape.size()) : axis);
        bool ok = !model_outputs.count(whole) && a < shape.size();
        for (size_t d = 0; ok && d < a; ++d)
            ok = shape[d] == 1;
        std::set<size_t> seen;
        size_t offset = 0;
        for (size_t v : step.inputs) {
            if (!ok)
                break;
            const Value& val = plan.values[v];
            const auto p = producer.find(v);
            ok = val.where == Value::Where::SLOT && val.bytes > 0 && offset % alignment == 0 &&
                 !alias_root.count(v) && !parts.count(v) && !model_outputs.count(v) && seen.insert(v).second &&
                 p != producer.end() &&
                 (plan.steps[p->second].kind == Step::Kind::KERNELS || plan.steps[p->second].kind == Step::Kind::HOST);
            offset += val.bytes;
        }
        if (!ok)
            continue;
        offset = 0;
        for (size_t v : step.inputs) {
            parts[v] = Part{whole, offset};
            offset += plan.values[v].bytes;
        }
        step.kind = Step::Kind::VIEW;
        step.config = OpConfig{};
        step.scratch.clear();
    }
    return parts;
}

// Plan::constant_on_device: the constants a device command reads. Kernels read values through their INPUT and
// OUTPUT arguments and their own constants; variable steps copy between device buffers. Host steps read
// Plan::constants on the host, and a constant model output is written from the host copy.
std::vector<bool> constants_on_device(const Plan& plan) {
    std::vector<bool> on_device(plan.constants.size(), false);
    const auto mark = [&](size_t value) {
        const Value& v = plan.values.at(value);
        if (v.where == Value::Where::CONSTANT)
            on_device.at(v.index) = true;
    };
    for (const Step& step : plan.steps) {
        for (size_t c : step.op_constants)
            on_device.at(c) = true;
        if (step.kind == Step::Kind::HOST)
            continue;
        if (step.kind != Step::Kind::KERNELS) {  // variable copies, views: every value they touch
            for (size_t v : step.inputs)
                mark(v);
            for (size_t v : step.outputs)
                mark(v);
            continue;
        }
        for (const KernelLaunch& launch : step.config.launches)
            for (const KernelArg& a : launch.args) {
                if (a.kind == KernelArg::Kind::INPUT)
                    mark(step.inputs.at(a.index));
                else if (a.kind == KernelArg::Kind::OUTPUT)
                    mark(step.outputs.at(a.index));
            }
    }
    return on_device;
}

}  // namespace

bool device_variables(const std::set<std::string>& host_ops) {
    return !host_ops.count("ReadValue") && !host_ops.count("Assign");
}

Validation device_runs(const Node& node, const DeviceInfo& device, const std::set<std::string>& host_ops) {
    const std::string& type = node.get_type_name();
    if (host_ops.count(type))
        return Validation::no("forced to the host (OVCL_GPU_HOST_OPS)");
    if (type == "ReadValue" || type == "Assign")
        return device_variables(host_ops) ? Validation::yes() : Validation::no("its variable is kept on the host");
    return validate_node(node, device);
}

namespace {

// Ops whose every output element takes many multiply-adds: run as kernels even when their shapes are known only at
// run time, as the upload and download of their tensors cost far less than the host reference's loops.
bool compute_bound(const Node& node) {
    static const std::set<std::string> types = {
        "Convolution", "GroupConvolution", "ConvolutionBackpropData", "GroupConvolutionBackpropData",
        "FusedConvolution", "FusedGroupConvolution", "MatMul", "FusedMatMul", "Einsum", "ScaledDotProductAttention",
        "RNNSequence", "GRUSequence", "LSTMSequence", "ROIAlign"};
    return types.count(node.get_type_name()) > 0;
}

// Plan::build's steps, in order, over the state they share.
class PlanBuilder {
public:
    PlanBuilder(std::shared_ptr<Model> model, const DeviceInfo& device, const std::set<std::string>& host_ops,
                OpCache* ops)
        : m_plan(std::make_shared<Plan>()), m_device(device), m_host_ops(host_ops), m_ops(ops) {
        m_plan->model = std::move(model);
    }

    std::shared_ptr<Plan> build() {
        add_values_and_steps();
        order_ports();
        keep_host_values_on_host();
        m_plan->sub_buffers = m_device.sub_buffers;
        if (m_device.sub_buffers)
            m_parts = place_concats_in_place(*m_plan, m_alias_root, base_alignment(m_device));
        place_in_arenas();
        choose_device_constants();
        return m_plan;
    }

private:
    size_t add_value(const Node& n, size_t port) {
        Value v;
        v.type = n.get_output_element_type(port);
        if (n.get_output_partial_shape(port).is_static()) {
            v.shape = n.get_output_shape(port);
            v.bytes = shape_size(v.shape) * v.type.size();
        } else {
            v.where = Value::Where::HOST;
            v.data_dependent = true;
        }
        m_plan->values.push_back(v);
        m_value_of[{&n, port}] = m_plan->values.size() - 1;
        return m_plan->values.size() - 1;
    }

    // A value per node output; a step per node but Constants (plan constants), Results and
    // Parameters (values written by the request).
    void add_values_and_steps() {
        for (const auto& node : m_plan->model->get_ordered_ops()) {
            const std::string& type = node->get_type_name();
            if (type == "Result")
                continue;
            if (type == "Constant") {
                const size_t v = add_value(*node, 0);
                m_plan->values[v].where = Value::Where::CONSTANT;
                m_plan->values[v].index = m_plan->constants.size();
                m_plan->constants.push_back(node->get_constant_value());
                continue;
            }
            Step step;
            step.node = node;
            for (const auto& in : node->input_values())
                step.inputs.push_back(m_value_of.at({in.node.get(), in.index}));
            for (size_t p = 0; p < node->get_output_size(); ++p)
                step.outputs.push_back(add_value(*node, p));
            if (type == "Parameter")
                continue;
            // A variable in a device buffer is read and written there whatever its shape: a ReadValue of a shape
            // only the run knows lends the buffer to the steps after it, an Assign adopts its value's (plan.hpp).
            if ((type == "ReadValue" || type == "Assign") && device_variables(m_host_ops))
                add_variable_step(step);
            else if (const char* why = data_dependent(step)) {
                step.kind = Step::Kind::HOST;
                step.reason = why;
                step.kernels_at_run_time = !m_host_ops.count(type) && (is_view_op(*node) || find_gpu_op(*node));
                step.compute_bound = step.kernels_at_run_time && compute_bound(*node);
            } else if (shape_arithmetic_on_host_values(step)) {
                step.kind = Step::Kind::HOST;
                step.reason = "arithmetic on shapes the host computed at run time";
            } else {
                add_op_step(step);
            }
            if (step.kind == Step::Kind::HOST)
                m_host_made.insert(step.outputs.begin(), step.outputs.end());
            m_plan->steps.push_back(std::move(step));
        }
    }

    // A few integers computed from values host steps made (a Gather of a ShapeOf of a run-sized tensor, a Concat of
    // such dims) for a step that reads them as a shape: computed where they are, not uploaded to be read back.
    bool shape_arithmetic_on_host_values(const Step& step) const {
        bool from_host = false;
        for (size_t v : step.inputs) {
            if (m_host_made.count(v))
                from_host = true;
            else if (m_plan->values[v].where != Value::Where::CONSTANT)
                return false;
        }
        for (size_t v : step.outputs) {
            const Value& out = m_plan->values[v];
            if (!out.type.is_integral() || out.type == element::boolean || shape_size(out.shape) > 64)
                return false;
        }
        return from_host && step.node->spec().evaluate;
    }

    // Why a step must run on the host whatever the device supports: a shape it touches is known only at run time.
    const char* data_dependent(const Step& step) const {
        const auto host = [&](size_t v) { return m_plan->values[v].where == Value::Where::HOST; };
        if (std::any_of(step.inputs.begin(), step.inputs.end(), host))
            return "an input's shape is known only at run time (data-dependent)";
        if (std::any_of(step.outputs.begin(), step.outputs.end(), host))
            return "its output shape depends on the input values (data-dependent)";
        return nullptr;
    }

    void add_variable_step(Step& step) {
        const bool read = step.node->get_type_name() == "ReadValue";
        step.kind = read ? Step::Kind::READ_VALUE : Step::Kind::ASSIGN;
        step.variable_id = shape_infer::variable_decl(*step.node).id;
        step.config.impl_name = read ? "variable_read" : "variable_write";
        if (read)
            return;
        // Assign's output is its input: no copy, no slot.
        Value& in = m_plan->values[step.inputs[0]];
        Value& out = m_plan->values[step.outputs[0]];
        if (in.data_dependent || out.data_dependent) {
            return;  // the request passes the run's value on
        } else if (in.where == Value::Where::SLOT) {
            m_alias_root[step.outputs[0]] = step.inputs[0];
        } else {
            out.where = Value::Where::CONSTANT;
            out.index = in.index;
        }
    }

    // A kernel step, a view of its input, or a host step with the reason the device refused it.
    void add_op_step(Step& step) {
        const Node& node = *step.node;
        const std::optional<std::string> key = m_ops ? OpCache::key_of(node) : std::nullopt;
        const Validation v =
            m_ops ? m_ops->validation(node, key, m_device, m_host_ops) : device_runs(node, m_device, m_host_ops);
        if (!v.supported) {
            step.kind = Step::Kind::HOST;
            step.reason = v.reason;
        } else if (is_view_op(node) && m_plan->values[step.inputs[0]].where == Value::Where::SLOT) {
            step.kind = Step::Kind::VIEW;
            m_alias_root[step.outputs[0]] = step.inputs[0];
        } else if (is_view_op(node)) {
            step.kind = Step::Kind::HOST;  // a view of a constant: copied once on the host
            step.reason = "view of a constant";
        } else {
            step.config =
                m_ops ? m_ops->configuration(node, key, m_device) : tuning::configure(*find_gpu_op(node), node, m_device);
            for (auto& c : step.config.constants) {
                step.op_constants.push_back(m_plan->constants.size());
                m_plan->constants.push_back(c);
            }
            for (size_t bytes : step.config.scratch) {  // a tensor of its own, alive at this step only
                Value scratch;
                scratch.type = element::u8;
                scratch.shape = Shape{bytes};
                scratch.bytes = bytes;
                m_plan->values.push_back(scratch);
                step.scratch.push_back(m_plan->values.size() - 1);
            }
        }
    }

    // A model input or host step's output that only host steps and model outputs read stays on the host: a chain
    // of host steps then downloads its inputs once and uploads what the device reads once, instead of a round trip
    // per step, and an input that only host steps read never goes to the device.
    void keep_host_values_on_host() {
        Plan& plan = *m_plan;
        std::vector<bool> host_only(plan.values.size(), false);
        for (size_t v : plan.parameter_values)
            host_only[v] = plan.values[v].where == Value::Where::SLOT;
        for (const Step& step : plan.steps)
            if (step.kind == Step::Kind::HOST)
                for (size_t v : step.outputs)
                    host_only[v] = plan.values[v].where == Value::Where::SLOT;
        for (const Step& step : plan.steps)
            if (step.kind != Step::Kind::HOST)
                for (size_t v : step.inputs)
                    host_only[v] = false;
        for (size_t v = 0; v < plan.values.size(); ++v)
            if (host_only[v])
                plan.values[v].where = Value::Where::HOST;
    }

    // Parameters and results in model order, whatever the topological order did.
    void order_ports() {
        for (const auto& p : m_plan->model->get_parameters())
            m_plan->parameter_values.push_back(m_value_of.at({p.get(), 0}));
        for (const auto& r : m_plan->model->get_results()) {
            const Output<Node>& in = r->input_value(0);
            m_plan->result_values.push_back(m_value_of.at({in.node.get(), in.index}));
        }
    }

    size_t root(size_t v) const {  // through views: a storage root or an in-place Concat input
        while (m_alias_root.count(v))
            v = m_alias_root.at(v);
        return v;
    }
    size_t storage(size_t v) const {
        v = root(v);
        const auto p = m_parts.find(v);
        return p == m_parts.end() ? v : p->second.whole;
    }

    // The memory plan. A storage root is a value that is neither a view nor an in-place Concat
    // input; it is alive from the first step that writes it (or any of its parts) to the last that
    // reads it (or any of its views and parts). Inputs are written before step 0; outputs are read
    // after the last step; a scratch buffer lives at its step only.
    std::map<size_t, Block> lifetimes() const {
        std::map<size_t, Block> out;  // storage root -> its block
        auto touch = [&](size_t v, size_t s) {
            if (m_plan->values[v].where != Value::Where::SLOT)
                return;
            const size_t r = storage(v);
            const auto it = out.try_emplace(r, Block{s, s, m_plan->values[r].bytes}).first;
            it->second.first = std::min(it->second.first, s);
            it->second.last = std::max(it->second.last, s);
        };
        for (size_t v : m_plan->parameter_values)
            touch(v, 0);
        for (size_t s = 0; s < m_plan->steps.size(); ++s)
            for (const auto* ids : {&m_plan->steps[s].inputs, &m_plan->steps[s].outputs, &m_plan->steps[s].scratch})
                for (size_t v : *ids)
                    touch(v, s);
        for (size_t v : m_plan->result_values)
            touch(v, m_plan->steps.size());
        return out;
    }

    // Slots in the arenas for every storage root, then for Concat parts and views inside them.
    void place_in_arenas() {
        Plan& plan = *m_plan;
        const std::map<size_t, Block> blocks_of = lifetimes();
        std::vector<Block> blocks;
        for (const auto& [r, block] : blocks_of)
            blocks.push_back(block);
        const size_t max_arena = m_device.max_alloc_size ? static_cast<size_t>(m_device.max_alloc_size) : SIZE_MAX;
        const BlockLayout layout = m_device.sub_buffers ? place_blocks(blocks, base_alignment(m_device), max_arena)
                                                        : share_whole_buffers(blocks);
        plan.arena_bytes = layout.arena_bytes;
        size_t b = 0;
        for (const auto& [r, block] : blocks_of) {
            plan.values[r].index = plan.slots.size();
            plan.slots.push_back(layout.placements[b++]);
        }
        for (const auto& [v, part] : m_parts) {
            Slot slot = plan.slots[plan.values[part.whole].index];
            slot.offset += part.offset;
            slot.bytes = plan.values[v].bytes;
            plan.values[v].index = plan.slots.size();
            plan.slots.push_back(slot);
        }
        for (const auto& alias : m_alias_root)
            plan.values[alias.first].index = plan.values[root(alias.first)].index;
        for (const Slot& slot : plan.slots)
            plan.slot_bytes.push_back(slot.bytes);

        for (size_t bytes : plan.arena_bytes)
            plan.peak_bytes += bytes;
        plan.live_set_bytes = largest_live_set(blocks);
        for (const Value& v : plan.values)
            if (v.where == Value::Where::SLOT)
                plan.tensors_bytes += v.bytes;
    }

    void choose_device_constants() {
        Plan& plan = *m_plan;
        plan.constant_on_device = constants_on_device(plan);
        for (size_t i = 0; i < plan.constants.size(); ++i)
            if (plan.constant_on_device[i])
                plan.constants_bytes += plan.constants[i].get_byte_size();
    }

    std::shared_ptr<Plan> m_plan;
    std::set<size_t> m_host_made;  ///< values host steps produce
    const DeviceInfo& m_device;
    const std::set<std::string>& m_host_ops;
    OpCache* m_ops;
    std::map<std::pair<const Node*, size_t>, size_t> m_value_of;
    std::map<size_t, size_t> m_alias_root;  // view outputs share their input's value storage
    std::map<size_t, Part> m_parts;         // in-place Concat inputs
};

}  // namespace

std::shared_ptr<Plan> Plan::build(std::shared_ptr<Model> model, const DeviceInfo& device,
                                  const std::set<std::string>& host_ops, OpCache* ops) {
    return PlanBuilder(std::move(model), device, host_ops, ops).build();
}

}  // namespace gpu
}  // namespace ovcl
