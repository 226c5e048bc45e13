#pragma once

#include "config.hpp"
#include "ovcl/plugin/iplugin.hpp"

namespace ovcl {
namespace ref {

/// The REF device: every op with a host reference implementation, run on the host.
class Plugin : public IPlugin {
public:
    Plugin() { set_device_name("REF"); }
    using IPlugin::compile_model;
    std::shared_ptr<ICompiledModel> compile_model(const std::shared_ptr<const Model>& model,
                                                  const AnyMap& properties) const override;
    /// Keys of Config::table(), applied over the current values.
    void set_property(const AnyMap& properties) override { m_config = Config(properties, m_config); }
    Any get_property(const std::string& name, const AnyMap& arguments) const override;
    /// Every op with a host reference; the others with "no host implementation".
    SupportedOpsMap query_model(const std::shared_ptr<const Model>& model, const AnyMap& properties) const override;
    QueryReport query_model_report(const std::shared_ptr<const Model>& model,
                                   const AnyMap& properties) const override;
    /// Takes extensions with a host implementation; NotImplemented for kernel-only ones.
    void add_extension(const std::shared_ptr<const OpExtension>& extension) override;
    /// Imports what CompiledModel::export_model wrote (export_import.cpp).
    using IPlugin::import_model;
    std::shared_ptr<ICompiledModel> import_model(std::istream& model, const AnyMap& properties) const override;

    const Config& config() const { return m_config; }

private:
    /// The plugin's own RO keys; SUPPORTED_PROPERTIES is these, then Config::table().
    static const PropertyTable<Plugin>& table();

    Config m_config;
};

}  // namespace ref
}  // namespace ovcl
