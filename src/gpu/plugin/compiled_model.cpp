#include "plugin/compiled_model.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>

#include "ops/gpu_env.hpp"
#include "ovcl/ops.hpp"
#include "plugin/async_infer_request.hpp"
#include "plugin/plugin.hpp"
#include "plugin/sync_infer_request.hpp"
#include "shape_infer/variables_infer.hpp"
#include "transform/transformations.hpp"
#include "tuning/tuning.hpp"

namespace ovcl {
namespace gpu {

namespace {

/// The node that reads plan constant i (named in an error about its buffer).
std::string constant_user(const Plan& plan, size_t i) {
    for (const auto& step : plan.steps) {
        for (size_t c : step.op_constants)
            if (c == i)
                return step.node->describe();
        for (size_t v : step.inputs) {
            const Value& val = plan.values[v];
            if (val.where == Value::Where::CONSTANT && val.index == i)
                return step.node->describe();
        }
    }
    return "the model (constant " + std::to_string(i) + ")";
}

// The variables in device buffers whose ReadValue-6 has no static shape in `model`.
std::vector<std::string> dynamic_variables_of(const Model& model, const std::set<std::string>& host_ops) {
    std::vector<std::string> ids;
    if (!device_variables(host_ops))
        return ids;  // host variables: their ReadValues stay host steps of this run's shapes
    for (const auto& n : model.get_ordered_ops()) {
        if (n->get_type_name() != "ReadValue" || n->get_version() < 6 || n->get_output_partial_shape(0).is_static())
            continue;
        const std::string id = shape_infer::variable_decl(*n).id;
        if (std::find(ids.begin(), ids.end(), id) == ids.end())
            ids.push_back(id);
    }
    return ids;
}

// Replaces ReadValue `n` by a copy without its variable_shape attribute, so that its output takes the init
// value's shape.
void drop_declared_shape(const Model& model, const std::shared_ptr<Node>& n) {
    Attributes attrs;
    for (const auto& a : n->get_attributes())
        if (a.first != "variable_shape")
            attrs.push_back(a);
    auto copy = std::make_shared<Node>(n->get_type_name(), n->get_version(), n->input_values(), attrs);
    copy->copy_name_from(*n);
    copy->get_rt_info() = n->get_rt_info();
    copy->set_output_size(1);
    copy->set_output_type(0, n->get_output_element_type(0), n->get_output_partial_shape(0));
    copy->output_names(0) = n->output_names(0);
    for (const auto& [consumer, index] : model.get_consumers(Output<Node>(n, 0)))
        consumer->set_argument(index, Output<Node>(copy, 0));
}

// Gives each ReadValue of a dynamic variable the shape of what it yields. One that holds a value: that value's
// shape; its READ_VALUE step copies the variable and never its init value (whose shape is the empty cache's), so
// the init input goes. One that holds none yields its init value: the declared shape goes, and the init's shape
// (static once the inputs' are, after folding) is the output's. Everything after the ReadValue is then static, but
// for the dims a plan that serves many lengths keeps dynamic (plan_keys.hpp).
void specialise_read_values(Model& model, const std::vector<std::string>& ids,
                            const std::vector<std::optional<PartialShape>>& held) {
    std::map<std::string, std::optional<PartialShape>> shapes;
    for (size_t i = 0; i < ids.size(); ++i)
        shapes[ids[i]] = i < held.size() ? held[i] : std::nullopt;
    for (const auto& n : model.get_ordered_ops()) {
        if (n->get_type_name() != "ReadValue" || n->get_version() < 6)
            continue;
        const auto decl = shape_infer::variable_decl(*n);
        const auto it = shapes.find(decl.id);
        if (it == shapes.end())
            continue;
        const bool has_init = n->get_input_size() > 0;
        if (!it->second) {
            if (has_init && decl.has_shape)
                drop_declared_shape(model, n);
            continue;
        }
        const PartialShape declared = decl.has_shape ? decl.shape
                                      : has_init     ? n->get_input_partial_shape(0)
                                                     : PartialShape::dynamic();
        const PartialShape& shape = *it->second;
        if (!declared.compatible(shape))
            raise<Exception>(n->describe(), ": variable '", decl.id, "' holds a tensor of shape ", shape,
                             " that does not fit ", declared);
        if (!decl.type.is_static())
            n->set_attr("variable_type", n->get_output_element_type(0).get_type_name());
        n->set_attr("variable_shape", op::shape_attr(shape));
        n->set_arguments({});
    }
}

}  // namespace

CompiledModel::CompiledModel(const std::shared_ptr<const Model>& model, std::shared_ptr<Model> transformed,
                             const std::shared_ptr<const Plugin>& plugin, std::shared_ptr<DeviceContext> device,
                             const Config& config)
    : ICompiledModel(model, plugin),
      m_model(std::move(transformed)),
      m_device(std::move(device)),
      m_config(config),
      m_runtime_kernels(std::make_unique<RuntimeKernels>(m_device, m_config)) {
    setup_executors();
    m_dynamic = m_model->is_dynamic();
    if (m_dynamic) {  // a static model has one plan: nothing to share between plans
        size_t weights = 0;
        for (const auto& n : m_model->get_ordered_ops())
            if (n->is_constant())
                weights += n->get_constant_value().get_byte_size();
        m_ops = std::make_unique<OpCache>(2 * weights);  // room for the ops' packed copies of every weight, twice
    }
    m_dynamic_variables = dynamic_variables_of(*m_model, m_config.host_ops);
    if (!m_dynamic) {
        std::vector<Shape> shapes;
        for (const auto& p : m_model->get_parameters())
            shapes.push_back(p->get_output_shape(0));
        plan_for(shapes);  // compile every program now, not at the first inference
    }
}

std::shared_ptr<const DevicePlan> CompiledModel::plan_for(const std::vector<Shape>& input_shapes,
                                                          const std::vector<std::optional<Shape>>& variables) const {
    PlanKey key;
    for (const auto& s : input_shapes)
        key.inputs.emplace_back(s);
    for (const auto& v : variables)
        key.variables.push_back(v ? std::optional<PartialShape>(*v) : std::nullopt);
    key.variables.resize(m_dynamic_variables.size());  // not given: not set
    std::lock_guard<std::mutex> lock(m_mutex);
    auto found = m_plans.end();
    for (auto it = m_plans.begin(); it != m_plans.end(); ++it) {  // this key's own plan, else the most specific
        if (it->first == key) {
            found = it;
            break;
        }
        if (it->first.serves(key) && (found == m_plans.end() || it->first.dynamic_dims() < found->first.dynamic_dims()))
            found = it;
    }
    if (found != m_plans.end()) {
        m_plans.splice(m_plans.begin(), m_plans, found);
        return found->second;
    }
    PlanKey wanted = m_key_history.to_build(key);
    std::shared_ptr<const DevicePlan> plan;
    if (!(wanted == key) && m_general_plans) {
        try {
            plan = build(wanted);
        } catch (const OclError&) {
            throw;  // the device failed: so would the exact plan
        } catch (const Exception&) {
            m_general_plans = false;  // a plan for every length is only quicker: exact plans from now on
        }
    }
    if (!plan) {
        wanted = key;
        plan = build(wanted);
    }
    ++m_plans_built;
    m_plans.emplace_front(std::move(wanted), plan);
    if (m_plans.size() > kMaxPlans)
        m_plans.pop_back();
    return plan;
}

std::shared_ptr<const DevicePlan> CompiledModel::build(const PlanKey& key) const {
    std::shared_ptr<Model> model = m_model;
    if (m_dynamic) {  // specialise a copy for these shapes, then fold what became static
        model = m_model->clone();
        specialise_read_values(*model, m_dynamic_variables, key.variables);
        std::map<size_t, PartialShape> shapes;
        for (size_t i = 0; i < key.inputs.size(); ++i)
            shapes[i] = key.inputs[i];
        model->reshape(shapes);
        if (!m_config.disable_transformations)  // the precision pass already ran on m_model (it is idempotent)
            transform_model(*model, m_config.host_ops, m_config.inference_precision, &m_fusion_history);
        // What stays dynamic depends on the input values: host steps hold it (plan.hpp, Value HOST).
    }
    auto dp = std::make_shared<DevicePlan>();
    std::shared_ptr<Plan> plan;
    {  // the conv / MatMul kernel selector reads GPU_TUNING_MODE while ops are configured (tuning.hpp)
        const tuning::Scope tuning(m_config.tuning_mode, m_config.cache_dir, *m_device);
        plan = Plan::build(model, m_config.planning_device(m_device->device), m_config.host_ops, m_ops.get());
    }
    // Those of plans gone, once the map has doubled since the last sweep: the op cache keeps thousands alive when a
    // KV cache's every length configures its attention anew, and a sweep per plan walked them all per token.
    if (m_device_constants.size() >= 2 * m_device_constants_swept + 64) {
        for (auto it = m_device_constants.begin(); it != m_device_constants.end();)
            it = it->second.host.expired() ? m_device_constants.erase(it) : std::next(it);
        m_device_constants_swept = m_device_constants.size();
    }
    for (size_t i = 0; i < plan->constants.size(); ++i) {
        if (!plan->constant_on_device[i]) {  // read on the host only, or through an op's own copy
            dp->constants.emplace_back();
            continue;
        }
        try {
            dp->constants.push_back(device_constant(plan->constants[i]));
        } catch (const OclError& e) {
            throw OclError(e.code(), std::string(e.what()) + " for a constant of " + constant_user(*plan, i));
        }
    }
    for (const auto& step : plan->steps)  // build programs now (memory and disk cache)
        for (const auto& launch : step.config.launches)
            m_device->programs->get(launch.source, launch.program_options(), m_config.cache_dir);
    dp->plan = plan;
    return dp;
}

cl::Buffer CompiledModel::device_constant(const Tensor& host) const {
    const size_t bytes = host.get_byte_size();
    DeviceConstant& c = m_device_constants[host.data()];
    const auto held = c.host.lock();
    if (held && held == host.get_impl() && c.bytes == bytes)
        return c.buffer;
    // A device in host memory (PoCL, integrated GPUs) reads the constant where it is: no copy of the weights,
    // which an import would otherwise make of every byte it has just mapped.
    const bool in_place = m_device->device.integrated && host.is_continuous();
    c = DeviceConstant{host.get_impl(), bytes,
                       make_buffer(m_device->context, bytes,
                                   CL_MEM_READ_ONLY | (in_place ? CL_MEM_USE_HOST_PTR : CL_MEM_COPY_HOST_PTR),
                                   const_cast<void*>(host.data())),
                       in_place ? host.get_impl() : nullptr};
    return c.buffer;
}

void CompiledModel::warm_up() const {
    if (m_dynamic || m_device->user_queue())  // never enqueue on the application's queue behind its back
        return;
    if (const char* env = std::getenv("OVCL_GPU_WARMUP"); env && std::string(env) == "0")
        return;
    try {
        auto request = create_sync_infer_request();
        for (const auto& port : inputs()) {
            Tensor zeros(port.get_element_type(), port.get_shape());
            std::memset(zeros.data(), 0, zeros.get_byte_size());
            request->set_tensor(port, zeros);
        }
        request->infer();
    } catch (const OclError& e) {  // the driver failed: compile_model fails, naming the call
        throw OclError(e.code(), std::string(e.what()) + " (in compile_model's warm-up inference)");
    } catch (const std::exception&) {  // zeros the model cannot take (a shape computed from input values): not warmed
        return;
    }
}

std::shared_ptr<ISyncInferRequest> CompiledModel::create_sync_infer_request() const {
    return std::make_shared<InferRequest>(std::static_pointer_cast<const CompiledModel>(shared_from_this()));
}

std::shared_ptr<IAsyncInferRequest> CompiledModel::create_infer_request() const {
    auto sync = std::static_pointer_cast<InferRequest>(create_sync_infer_request());
    return std::make_shared<AsyncInferRequest>(sync, get_task_executor(), m_wait_executor, m_callback_executor);
}

std::shared_ptr<const Model> CompiledModel::get_runtime_model() const {
    std::vector<Shape> shapes;
    for (const auto& p : m_model->get_parameters()) {
        if (p->get_output_partial_shape(0).is_dynamic())
            raise<NotImplemented>("GPU: the runtime model of a dynamic model exists per input shape; run it first");
        shapes.push_back(p->get_output_shape(0));
    }
    const auto dp = plan_for(shapes);
    auto runtime = dp->plan->model->clone();
    std::map<std::string, const Step*> by_name;
    for (const auto& s : dp->plan->steps)
        by_name[s.node->get_friendly_name()] = &s;
    int64_t order = 0;
    for (const auto& n : runtime->get_ordered_ops()) {
        auto& rt = n->get_rt_info();
        rt["layerType"] = n->get_type_name();
        rt["execOrder"] = order++;
        auto it = by_name.find(n->get_friendly_name());
        std::string impl = "none";
        if (it != by_name.end())
            impl = it->second->kind == Step::Kind::HOST   ? "ref"
                   : it->second->kind == Step::Kind::VIEW ? "view"
                                                          : it->second->config.impl_name;
        rt["primitiveType"] = impl;
        rt["originalLayersNames"] = n->get_rt_info().count("fused_names")
                                        ? n->get_rt_info().at("fused_names").as<std::string>()
                                        : n->get_friendly_name();
        rt["runtimePrecision"] =
            n->get_output_size() ? n->get_output_element_type(0).get_type_name() : std::string("undefined");
    }
    return runtime;
}

std::shared_ptr<IRemoteContext> CompiledModel::get_context() const {
    std::lock_guard<std::mutex> lock(m_mutex);
    if (!m_context)
        m_context = get_plugin()->get_default_context({{device::id.key, std::to_string(m_config.device_id)}});
    return m_context;
}

void CompiledModel::set_property(const AnyMap& properties) {
    if (!properties.empty())
        raise<NotImplemented>("GPU: compiled model properties cannot change after compilation (",
                              properties.begin()->first, ")");
}

uint64_t CompiledModel::memory_figure(const std::string& name, size_t Plan::*field) const {
    std::shared_ptr<const DevicePlan> dp;
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        if (!m_plans.empty())
            dp = m_plans.front().second;  // a static model's only plan; the last one used of a dynamic model
    }
    if (!dp)
        raise<NotImplemented>("GPU: ", name, " of a dynamic model is known per input shape; run an inference first");
    return static_cast<uint64_t>((*dp->plan).*field);
}

const PropertyTable<CompiledModel>& CompiledModel::table() {
    constexpr auto RO = PropertyMutability::RO;
    using M = CompiledModel;
    auto memory = [](const char* key, size_t Plan::*field) {
        return PropertyRow<M>{key, RO, [key, field](const M& m) -> Any { return m.memory_figure(key, field); }};
    };
    static const PropertyTable<M> rows("GPU", {
        {supported_properties.key, RO,
         [](const M&) -> Any { return concat(table().names(), Config::table().names(PropertyMutability::RO)); }},
        {model_name.key, RO, [](const M& m) -> Any { return m.m_model->get_friendly_name(); }},
        {optimal_number_of_infer_requests.key, RO, [](const M& m) -> Any { return m.m_config.optimal_requests(); }},
        {execution_devices.key, RO,
         [](const M& m) -> Any {
             return std::vector<std::string>{m.get_plugin()->get_device_name() + "." +
                                             std::to_string(m.m_config.device_id)};
         }},
        {loaded_from_cache.key, RO, [](const M& m) -> Any { return m.m_loaded_from_cache; }},
        memory(gpu_memory::peak_bytes.key, &Plan::peak_bytes),
        memory(gpu_memory::live_set_bytes.key, &Plan::live_set_bytes),
        memory(gpu_memory::tensors_bytes.key, &Plan::tensors_bytes),
        memory(gpu_memory::constants_bytes.key, &Plan::constants_bytes),
    });
    return rows;
}

Any CompiledModel::get_property(const std::string& name) const {
    if (const auto* row = table().find(name))
        return row->get(*this);
    if (name == num_streams.key)  // the streams this model runs on, not the setting
        return static_cast<int32_t>(m_streams->size());
    return m_config.get(name);
}

}  // namespace gpu
}  // namespace ovcl
