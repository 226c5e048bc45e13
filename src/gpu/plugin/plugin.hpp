#pragma once

#include <map>
#include <mutex>

#include "ocl/device_context.hpp"
#include "ovcl/plugin/iplugin.hpp"
#include "plugin/config.hpp"

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
    /// Keys of Config::table() and CONFIG_FILE (custom-kernel configs); an unknown DEVICE_ID is refused.
    void set_property(const AnyMap& properties) override;
    /// Device keys (FULL_DEVICE_NAME, ...) take DEVICE_ID among `arguments`.
    Any get_property(const std::string& name, const AnyMap& arguments) const override;
    /// The ops the device runs, and for each host step the reason (device_runs, plan.hpp).
    SupportedOpsMap query_model(const std::shared_ptr<const Model>& model, const AnyMap& properties) const override;
    QueryReport query_model_report(const std::shared_ptr<const Model>& model,
                                   const AnyMap& properties) const override;
    /// Takes extensions with an OpenCL kernel or a host function (the latter runs as a host step);
    /// NotImplemented for one with neither.
    void add_extension(const std::shared_ptr<const OpExtension>& extension) override;
    /// Imports what CompiledModel::export_model wrote (export_import.cpp).
    std::shared_ptr<ICompiledModel> import_model(std::istream& model, const AnyMap& properties) const override;
    std::shared_ptr<ICompiledModel> import_model(std::istream& model, const std::shared_ptr<IRemoteContext>& context,
                                                 const AnyMap& properties) const override;

    /// Remote contexts (src/gpu/plugin/remote_contexts.cpp): the plugin's own per device, or over the
    /// application's cl_context / cl_command_queue (include/ovcl/ocl/ocl.hpp names the keys).
    std::shared_ptr<ICompiledModel> compile_model(const std::shared_ptr<const Model>& model, const AnyMap& properties,
                                                  const std::shared_ptr<IRemoteContext>& context) const override;
    std::shared_ptr<IRemoteContext> create_context(const AnyMap& params) const override;
    std::shared_ptr<IRemoteContext> get_default_context(const AnyMap& params) const override;

private:
    /// What a get_property call reads from: the plugin and the call's configuration.
    struct Query {
        const Plugin& plugin;
        const Config& config;
        const DeviceInfo& device() const { return plugin.device_info(config.device_id); }
    };
    /// The plugin's own keys (RO, and CONFIG_FILE); SUPPORTED_PROPERTIES is these, then Config::table().
    static const PropertyTable<Query>& table();

    const DeviceInfo& device_info(int id) const;
    std::shared_ptr<DeviceContext> device_context(int id) const;
    /// The GPU.N index of an OpenCL device; throws NotFound when the plugin does not list it.
    int device_index(cl_device_id device, const std::string& where) const;
    /// Imports into `ctx` (null: the plugin's context of the device the properties name).
    std::shared_ptr<ICompiledModel> import_into(std::istream& model, const AnyMap& properties,
                                                const std::shared_ptr<IRemoteContext>& ctx) const;
    /// A clone of the model, transformed unless the config says not to.
    std::shared_ptr<Model> prepare_model(const Model& model, const Config& config) const;

    std::vector<DeviceInfo> m_devices;
    Config m_config;
    std::vector<std::string> m_config_files;  ///< CONFIG_FILE as set, in order
    mutable std::mutex m_mutex;
    mutable std::map<int, std::shared_ptr<DeviceContext>> m_contexts;
    mutable std::map<int, std::shared_ptr<IRemoteContext>> m_default_contexts;  ///< over m_contexts
};

}  // namespace gpu
}  // namespace ovcl
