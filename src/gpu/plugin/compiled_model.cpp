#include "plugin/compiled_model.hpp"

#include <cstdlib>
#include <cstring>

#include "ops/gpu_env.hpp"
#include "plugin/async_infer_request.hpp"
#include "plugin/plugin.hpp"
#include "plugin/sync_infer_request.hpp"
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

}  // namespace

CompiledModel::CompiledModel(const std::shared_ptr<const Model>& model, std::shared_ptr<Model> transformed,
                             const std::shared_ptr<const Plugin>& plugin, std::shared_ptr<DeviceContext> device,
                             const Config& config)
    : ICompiledModel(model, plugin), m_model(std::move(transformed)), m_device(std::move(device)), m_config(config) {
    setup_executors();
    if (!m_model->is_dynamic()) {
        std::vector<Shape> shapes;
        for (const auto& p : m_model->get_parameters())
            shapes.push_back(p->get_output_shape(0));
        plan_for(shapes);  // compile every program now, not at the first inference
    }
}

std::shared_ptr<const DevicePlan> CompiledModel::plan_for(const std::vector<Shape>& input_shapes) const {
    std::lock_guard<std::mutex> lock(m_mutex);
    for (auto it = m_plans.begin(); it != m_plans.end(); ++it)
        if (it->first == input_shapes) {
            m_plans.splice(m_plans.begin(), m_plans, it);
            return it->second;
        }
    auto plan = build(input_shapes);
    m_plans.emplace_front(input_shapes, plan);
    if (m_plans.size() > kMaxPlans)
        m_plans.pop_back();
    return plan;
}

std::shared_ptr<const DevicePlan> CompiledModel::build(const std::vector<Shape>& input_shapes) const {
    std::shared_ptr<Model> model = m_model;
    if (m_model->is_dynamic()) {  // specialise a copy for these shapes, then fold what became static
        model = m_model->clone();
        std::map<size_t, PartialShape> shapes;
        for (size_t i = 0; i < input_shapes.size(); ++i)
            shapes[i] = PartialShape(input_shapes[i]);
        model->reshape(shapes);
        if (!m_config.disable_transformations)  // the precision pass already ran on m_model (it is idempotent)
            transform_model(*model, m_config.host_ops, m_config.inference_precision);
        // What stays dynamic depends on the input values: host steps hold it (plan.hpp, Value HOST).
    }
    auto dp = std::make_shared<DevicePlan>();
    std::shared_ptr<Plan> plan;
    {  // the conv / MatMul kernel selector reads GPU_TUNING_MODE while ops are configured (tuning.hpp)
        const tuning::Scope tuning(m_config.tuning_mode, m_config.cache_dir, *m_device);
        plan = Plan::build(model, m_config.planning_device(m_device->device), m_config.host_ops);
    }
    for (size_t i = 0; i < plan->constants.size(); ++i) {
        const Tensor& c = plan->constants[i];
        if (!plan->constant_on_device[i]) {  // read on the host only, or through an op's own copy
            dp->constants.emplace_back();
            continue;
        }
        try {
            dp->constants.push_back(make_buffer(m_device->context, c.get_byte_size(),
                                                CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, c.data()));
        } catch (const OclError& e) {
            throw OclError(e.code(), std::string(e.what()) + " for a constant of " + constant_user(*plan, i));
        }
    }
    for (const auto& step : plan->steps)  // build programs now (memory and disk cache)
        for (const auto& launch : step.config.launches)
            m_device->programs->get(launch.source, launch.options, m_config.cache_dir);
    dp->plan = plan;
    return dp;
}

void CompiledModel::warm_up() const {
    if (m_model->is_dynamic() || m_device->user_queue())  // never enqueue on the application's queue behind its back
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
