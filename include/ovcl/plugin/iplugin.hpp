// The device plugin interface (OpenVINO's ov::IPlugin): a plugin library exports a create
// function with OVCL_DEFINE_PLUGIN_CREATE_FUNCTION, and Core loads it with dlopen.
#pragma once

#include <istream>
#include <memory>
#include <string>

#include "ovcl/any.hpp"
#include "ovcl/model.hpp"
#include "ovcl/properties.hpp"
#include "ovcl/version.hpp"

namespace ovcl {

class ICompiledModel;
class IRemoteContext;
struct OpExtension;

class IPlugin : public std::enable_shared_from_this<IPlugin> {
public:
    virtual ~IPlugin() = default;

    const std::string& get_device_name() const { return m_device_name; }
    void set_device_name(std::string name) { m_device_name = std::move(name); }
    const Version& get_version() const { return m_version; }
    void set_version(Version v) { m_version = std::move(v); }

    virtual std::shared_ptr<ICompiledModel> compile_model(const std::shared_ptr<const Model>& model,
                                                          const AnyMap& properties) const = 0;
    /// Compiles for the context's device; the default throws NotImplemented.
    virtual std::shared_ptr<ICompiledModel> compile_model(const std::shared_ptr<const Model>& model,
                                                          const AnyMap& properties,
                                                          const std::shared_ptr<IRemoteContext>& context) const;
    /// Unknown keys throw NotFound; bad values throw InvalidArgument.
    virtual void set_property(const AnyMap& properties) = 0;
    virtual Any get_property(const std::string& name, const AnyMap& arguments) const = 0;
    /// Which ops of the model this device runs: op friendly name -> device name. Lenient with
    /// unknown properties.
    virtual SupportedOpsMap query_model(const std::shared_ptr<const Model>& model,
                                        const AnyMap& properties) const = 0;

    /// Every op of the model with the device that runs it (OpQuery::host: on the host inside the
    /// compiled model), or the reason it is refused. The default derives it from query_model
    /// ("not supported by <device>"); plugins that know why (the op's types, shapes, attributes)
    /// override it.
    virtual QueryReport query_model_report(const std::shared_ptr<const Model>& model, const AnyMap& properties) const;

    /// Makes an extension op usable on this device (Core::add_extension with a device name).
    /// The extension is already checked; a plugin that cannot run it (or any extension) throws
    /// NotImplemented, as the default does.
    virtual void add_extension(const std::shared_ptr<const OpExtension>& extension);

    virtual std::shared_ptr<IRemoteContext> create_context(const AnyMap& params) const;
    virtual std::shared_ptr<IRemoteContext> get_default_context(const AnyMap& params) const;
    virtual std::shared_ptr<ICompiledModel> import_model(std::istream& model, const AnyMap& properties) const;
    virtual std::shared_ptr<ICompiledModel> import_model(std::istream& model,
                                                         const std::shared_ptr<IRemoteContext>& context,
                                                         const AnyMap& properties) const;

protected:
    /// The supported-ops map of a report: the ops with a device.
    static SupportedOpsMap supported_ops(const QueryReport& report);

private:
    std::string m_device_name;
    Version m_version;
};

}  // namespace ovcl

/// The symbol Core looks up in a plugin library.
#define OVCL_CREATE_PLUGIN_SYMBOL "ovcl_create_plugin"

/// Defines the exported create function of a plugin library:
/// OVCL_DEFINE_PLUGIN_CREATE_FUNCTION(my::Plugin, ovcl::Version{"1.0", "my plugin"})
#define OVCL_DEFINE_PLUGIN_CREATE_FUNCTION(PluginType, version)                                   \
    extern "C" __attribute__((visibility("default"))) void ovcl_create_plugin(                   \
        std::shared_ptr<::ovcl::IPlugin>& plugin) {                                             \
        plugin = std::make_shared<PluginType>();                                                 \
        plugin->set_version(version);                                                            \
    }
