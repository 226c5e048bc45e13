#include "compiled_model.hpp"

#include "infer_request.hpp"
#include "plugin.hpp"

namespace ovcl {
namespace ref {

namespace {
std::shared_ptr<ITaskExecutor> make_executor(const std::string& device, const Config& config) {
    if (config.common.exclusive_async_requests)
        return get_shared_executor(device + "_exclusive", 1);
    return make_tbb_executor(device + "_streams", config.effective_streams());
}
}  // namespace

CompiledModel::CompiledModel(const std::shared_ptr<const Model>& model, const std::shared_ptr<const Plugin>& plugin,
                             const Config& config)
    : ICompiledModel(model, plugin, make_executor(plugin->get_device_name(), config)),
      m_model(model->clone()),
      m_evaluator(std::make_shared<ModelEvaluator>(m_model)),
      m_config(config) {}

std::shared_ptr<ISyncInferRequest> CompiledModel::create_sync_infer_request() const {
    return std::make_shared<InferRequest>(std::static_pointer_cast<const CompiledModel>(shared_from_this()));
}

std::shared_ptr<const Model> CompiledModel::get_runtime_model() const {
    auto runtime = m_model->clone();
    int64_t order = 0;
    for (const auto& n : runtime->get_ordered_ops()) {
        auto& rt = n->get_rt_info();
        rt["layerType"] = n->get_type_name();
        rt["execOrder"] = order++;
        rt["primitiveType"] = std::string("ref");
        rt["originalLayersNames"] = n->get_friendly_name();
        rt["runtimePrecision"] =
            n->get_output_size() ? n->get_output_element_type(0).get_type_name() : std::string("undefined");
    }
    return runtime;
}

void CompiledModel::set_property(const AnyMap& properties) {
    if (!properties.empty())
        raise<NotImplemented>("REF: compiled model properties cannot change after compilation (",
                              properties.begin()->first, ")");
}

const PropertyTable<CompiledModel>& CompiledModel::table() {
    constexpr auto RO = PropertyMutability::RO;
    using M = CompiledModel;
    static const PropertyTable<M> rows("REF", {
        {supported_properties.key, RO,
         [](const M&) -> Any { return concat(table().names(), Config::table().names(PropertyMutability::RO)); }},
        {model_name.key, RO, [](const M& m) -> Any { return m.m_model->get_friendly_name(); }},
        {optimal_number_of_infer_requests.key, RO,
         [](const M& m) -> Any { return static_cast<uint32_t>(m.m_config.effective_streams()); }},
        {execution_devices.key, RO,
         [](const M& m) -> Any { return std::vector<std::string>{m.get_plugin()->get_device_name()}; }},
        {loaded_from_cache.key, RO, [](const M& m) -> Any { return m.m_loaded_from_cache; }},
    });
    return rows;
}

Any CompiledModel::get_property(const std::string& name) const {
    if (const auto* row = table().find(name))
        return row->get(*this);
    return m_config.get(name);
}

}  // namespace ref
}  // namespace ovcl
