#include "plan.hpp"

#include <algorithm>
#include <cstdint>
#include <map>
#include <set>

#include "ops/variables_infer.hpp"

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
            for (size_t bytes : step.config.scratch) {  // a tensor of its own, alive at this step only
                Value scratch;
                scratch.type = element::u8;
                scratch.shape = Shape{bytes};
                scratch.bytes = bytes;
                plan->values.push_back(scratch);
                step.scratch.push_back(plan->values.size() - 1);
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

    // 2. Concats whose inputs can be written in place.
    const size_t alignment = base_alignment(device);
    plan->sub_buffers = device.sub_buffers;
    const std::map<size_t, Part> parts =
        device.sub_buffers ? place_concats_in_place(*plan, alias_root, alignment) : std::map<size_t, Part>{};

    // 3. Memory plan. A storage root is a value that is neither a view nor an in-place Concat input;
    // it is alive from the first step that writes it (or any of its parts) to the last that reads
    // it (or any of its views and parts). Inputs are written before step 0; outputs are read after
    // the last step; a scratch buffer lives at its step only.
    auto root = [&](size_t v) {  // through views: a storage root or an in-place Concat input
        while (alias_root.count(v))
            v = alias_root.at(v);
        return v;
    };
    auto storage = [&](size_t v) {
        v = root(v);
        const auto p = parts.find(v);
        return p == parts.end() ? v : p->second.whole;
    };
    const size_t end = plan->steps.size();
    std::map<size_t, Block> lifetimes;  // storage root -> its block
    auto touch = [&](size_t v, size_t s) {
        if (plan->values[v].where != Value::Where::SLOT)
            return;
        const size_t r = storage(v);
        const auto it = lifetimes.try_emplace(r, Block{s, s, plan->values[r].bytes}).first;
        it->second.first = std::min(it->second.first, s);
        it->second.last = std::max(it->second.last, s);
    };
    for (size_t v : plan->parameter_values)
        touch(v, 0);
    for (size_t s = 0; s < plan->steps.size(); ++s) {
        for (size_t v : plan->steps[s].inputs)
            touch(v, s);
        for (size_t v : plan->steps[s].outputs)
            touch(v, s);
        for (size_t v : plan->steps[s].scratch)
            touch(v, s);
    }
    for (size_t v : plan->result_values)
        touch(v, end);

    std::vector<Block> blocks;
    for (const auto& [r, block] : lifetimes)
        blocks.push_back(block);
    const size_t max_arena = device.max_alloc_size ? static_cast<size_t>(device.max_alloc_size) : SIZE_MAX;
    const BlockLayout layout =
        device.sub_buffers ? place_blocks(blocks, alignment, max_arena) : share_whole_buffers(blocks);
    plan->arena_bytes = layout.arena_bytes;
    size_t b = 0;
    for (const auto& [r, block] : lifetimes) {
        plan->values[r].index = plan->slots.size();
        plan->slots.push_back(layout.placements[b++]);
    }
    for (const auto& [v, part] : parts) {
        Slot slot = plan->slots[plan->values[part.whole].index];
        slot.offset += part.offset;
        slot.bytes = plan->values[v].bytes;
        plan->values[v].index = plan->slots.size();
        plan->slots.push_back(slot);
    }
    for (const auto& alias : alias_root)
        plan->values[alias.first].index = plan->values[root(alias.first)].index;
    for (const Slot& slot : plan->slots)
        plan->slot_bytes.push_back(slot.bytes);

    for (size_t bytes : plan->arena_bytes)
        plan->peak_bytes += bytes;
    plan->live_set_bytes = largest_live_set(blocks);
    for (const Value& v : plan->values)
        if (v.where == Value::Where::SLOT)
            plan->tensors_bytes += v.bytes;

    // 4. Which constants go to the device.
    plan->constant_on_device = constants_on_device(*plan);
    for (size_t i = 0; i < plan->constants.size(); ++i)
        if (plan->constant_on_device[i])
            plan->constants_bytes += plan->constants[i].get_byte_size();
    return plan;
}

}  // namespace gpu
}  // namespace ovcl
