#pragma once

#include <map>
#include <mutex>

#include "config.hpp"
#include "device_context.hpp"
#include "ovcl/plugin/iplugin.hpp"

namespace ovcl {
namespace gpu {

/// The OpenCL device plugin: every OpenCL device is GPU.<index>; ops the device cannot run
/// go to host_ref inside the same compiled model.
class Plugin : public IPlugin {
public:
    /// Throws when there is no OpenCL runtime or device.
    Plugin();
    using IPlugin::compile_model;
    std::shared_ptr<ICompiledModel> compile_model(const std::shared_ptr<const Model>& model,
                                                  const AnyMap& properties) const override;
    void set_property(const AnyMap& properties) override;
    Any get_property(const std::string& name, const AnyMap& arguments) const override;
    SupportedOpsMap query_model(const std::shared_ptr<const Model>& model, const AnyMap& properties) const override;
    QueryReport query_model_report(const std::shared_ptr<const Model>& model,
                                   const AnyMap& properties) const override;
    /// Imports what CompiledModel::export_model wrote (export_import.cpp).
    std::shared_ptr<ICompiledModel> import_model(std::istream& model, const AnyMap& properties) const override;
    std::shared_ptr<ICompiledModel> import_model(std::istream& model, const std::shared_ptr<IRemoteContext>& context,
                                                 const AnyMap& properties) const override;

private:
    const DeviceInfo& device_info(int id) const;
    std::shared_ptr<DeviceContext> device_context(int id) const;
    /// A clone of the model, transformed unless the config says not to.
    std::shared_ptr<Model> prepare_model(const Model& model, const Config& config) const;

    std::vector<DeviceInfo> m_devices;
    Config m_config;
    mutable std::mutex m_mutex;
    mutable std::map<int, std::shared_ptr<DeviceContext>> m_contexts;
};

}  // namespace gpu
}  // namespace ovcl
