#include "plugin.hpp"

#include <thread>

#include "compiled_model.hpp"
#include "ovcl/extension.hpp"
#include "ovcl/op_registry.hpp"
#include "runtime/supported_ops.hpp"

namespace ovcl {
namespace ref {

namespace {
// Ops whose reference function is missing, as "Type 'name'" strings.
std::vector<std::string> unsupported_ops(const Model& model) {
    std::vector<std::string> out;
    for (const auto& n : model.get_ordered_ops())
        if (!n->spec().evaluate)
            out.push_back(n->describe());
    return out;
}

// SUPPORTED_OPERATIONS: every row of the op table with a host reference (not the types plugins or
// extensions add to the registry at run time: those are no opset's ops).
std::vector<std::string> supported_operations_of() {
    std::vector<std::string> out;
    auto add = [&out](const char* type, int64_t version) {
        const OpSpec* spec = OpRegistry::get().find_exact(type, version);
        if (spec && spec->evaluate)
            out.push_back(SupportedOp{type, version, "host_ref"}.entry());
    };
#define OVCL_OP(TYPE, VERSION, INFER, REF, GPU) add(#TYPE, VERSION);
#include "op_table/op_table.def"
#undef OVCL_OP
    return out;
}
}  // namespace

std::shared_ptr<ICompiledModel> Plugin::compile_model(const std::shared_ptr<const Model>& model,
                                                      const AnyMap& properties) const {
    if (!model)
        raise<InvalidArgument>("REF compile_model: the model is null");
    Config config(properties, m_config);
    const auto missing = unsupported_ops(*model);
    if (!missing.empty()) {
        std::string list;
        for (const auto& m : missing)
            list += (list.empty() ? "" : ", ") + m;
        raise<NotImplemented>("REF cannot run model '", model->get_friendly_name(), "': no host implementation for ",
                              list);
    }
    return std::make_shared<CompiledModel>(model, std::static_pointer_cast<const Plugin>(shared_from_this()), config);
}

void Plugin::add_extension(const std::shared_ptr<const OpExtension>& extension) {
    if (!extension)
        raise<InvalidArgument>("REF add_extension: the extension is null");
    if (!extension->host)
        raise<NotImplemented>("REF cannot run extension op '", extension->type,
                              "': it has no host implementation (REF runs every op on the host)");
}

const PropertyTable<Plugin>& Plugin::table() {
    constexpr auto RO = PropertyMutability::RO;
    static const PropertyTable<Plugin> rows("REF", {
        {supported_properties.key, RO,
         [](const Plugin&) -> Any { return concat(table().names(), Config::table().names()); }},
        {available_devices.key, RO, [](const Plugin&) -> Any { return std::vector<std::string>{}; }},
        {device::full_name.key, RO, [](const Plugin&) -> Any { return std::string("ovcl host reference (REF)"); }},
        {device::architecture.key, RO, [](const Plugin&) -> Any { return std::string("host"); }},
        {device::type.key, RO, [](const Plugin&) -> Any { return device::Type::INTEGRATED; }},
        {device::capabilities.key, RO,
         [](const Plugin&) -> Any {
             return std::vector<std::string>{device::capability::FP32, device::capability::EXPORT_IMPORT};
         }},
        {range_for_async_infer_requests.key, RO,
         [](const Plugin&) -> Any {
             const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
             return std::tuple<unsigned, unsigned, unsigned>{1, cores, 1};
         }},
        // what a model cache entry must match besides the model and config
        {caching_properties.key, RO,
         [](const Plugin&) -> Any { return std::vector<PropertyName>{{device::architecture.key, RO}}; }},
        {supported_operations.key, RO, [](const Plugin&) -> Any { return supported_operations_of(); }},
    });
    return rows;
}

Any Plugin::get_property(const std::string& name, const AnyMap& arguments) const {
    (void)arguments;
    if (const auto* row = table().find(name))
        return row->get(*this);
    return m_config.get(name);
}

QueryReport Plugin::query_model_report(const std::shared_ptr<const Model>& model, const AnyMap& properties) const {
    if (!model)
        raise<InvalidArgument>("REF query_model: the model is null");
    Config(properties, m_config, /*lenient=*/true);  // validates the values it knows
    QueryReport report;
    for (const auto& n : model->get_ordered_ops()) {
        if (n->spec().evaluate)
            report[n->get_friendly_name()] = {get_device_name(), ""};
        else
            report[n->get_friendly_name()] = {"", "no host implementation of " + n->get_type_name() + " (opset" +
                                                      std::to_string(n->get_version()) + ")"};
    }
    return report;
}

SupportedOpsMap Plugin::query_model(const std::shared_ptr<const Model>& model, const AnyMap& properties) const {
    return supported_ops(query_model_report(model, properties));
}

}  // namespace ref
}  // namespace ovcl

OVCL_DEFINE_PLUGIN_CREATE_FUNCTION(ovcl::ref::Plugin, (ovcl::Version{OVCL_VERSION, "ovcl REF plugin"}))
