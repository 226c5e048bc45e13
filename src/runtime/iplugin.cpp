#include "ovcl/plugin/iplugin.hpp"

#include "ovcl/extension.hpp"
#include "ovcl/plugin/icompiled_model.hpp"
#include "ovcl/plugin/iremote_context.hpp"

namespace ovcl {

std::shared_ptr<ICompiledModel> IPlugin::compile_model(const std::shared_ptr<const Model>&, const AnyMap&,
                                                       const std::shared_ptr<IRemoteContext>&) const {
    raise<NotImplemented>("device ", m_device_name, " does not support remote contexts");
}

QueryReport IPlugin::query_model_report(const std::shared_ptr<const Model>& model, const AnyMap& properties) const {
    const SupportedOpsMap supported = query_model(model, properties);
    QueryReport report;
    for (const auto& op : model->get_ordered_ops()) {
        auto it = supported.find(op->get_friendly_name());
        report[op->get_friendly_name()] =
            it != supported.end() ? OpQuery{it->second, ""} : OpQuery{"", "not supported by " + m_device_name};
    }
    return report;
}

SupportedOpsMap IPlugin::supported_ops(const QueryReport& report) {
    SupportedOpsMap supported;
    for (const auto& [op, answer] : report)
        if (!answer.device.empty())
            supported[op] = answer.device;
    return supported;
}

void IPlugin::add_extension(const std::shared_ptr<const OpExtension>& extension) {
    raise<NotImplemented>("device ", m_device_name, " does not support extensions (asked for ",
                          extension ? extension->type : std::string("a null extension"), ")");
}

std::shared_ptr<IRemoteContext> IPlugin::create_context(const AnyMap&) const {
    raise<NotImplemented>("device ", m_device_name, " does not support remote contexts");
}

std::shared_ptr<IRemoteContext> IPlugin::get_default_context(const AnyMap&) const {
    raise<NotImplemented>("device ", m_device_name, " does not support remote contexts");
}

std::shared_ptr<ICompiledModel> IPlugin::import_model(std::istream&, const AnyMap&) const {
    raise<NotImplemented>("device ", m_device_name, " does not support import_model");
}

std::shared_ptr<ICompiledModel> IPlugin::import_model(std::istream&, const std::shared_ptr<IRemoteContext>&,
                                                      const AnyMap&) const {
    raise<NotImplemented>("device ", m_device_name, " does not support import_model with a remote context");
}

void* IRemoteTensor::data() {
    raise<NotImplemented>("the remote tensor on ", get_device_name(), " has no host address: use copy_to");
}

void IRemoteTensor::copy_from(const std::shared_ptr<const ITensor>&) {
    raise<NotImplemented>("copy_from is not implemented for remote tensors of ", get_device_name());
}

void IRemoteTensor::copy_to(const std::shared_ptr<ITensor>&) const {
    raise<NotImplemented>("copy_to is not implemented for remote tensors of ", get_device_name());
}

std::shared_ptr<ITensor> IRemoteContext::create_host_tensor(const element::Type& type, const Shape& shape) {
    return make_host_tensor(type, shape);
}

}  // namespace ovcl
