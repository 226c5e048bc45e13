// ovcl::Core: the entry point, as ov::Core. It reads models, finds device plugins (shared
// libraries named in plugins.xml next to the runtime, or registered by the application),
// compiles models for devices and holds properties per device.
#pragma once

#include <istream>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "ovcl/compiled_model.hpp"
#include "ovcl/model.hpp"
#include "ovcl/properties.hpp"
#include "ovcl/remote_context.hpp"
#include "ovcl/tensor.hpp"
#include "ovcl/version.hpp"

namespace ovcl {

class CoreImpl;
struct OpExtension;

class Core {
public:
    /// xml_config_file: a plugins.xml to register; empty means the plugins.xml installed next
    /// to the ovcl_runtime library (or named by the OVCL_PLUGINS_XML environment variable).
    explicit Core(const std::string& xml_config_file = "");
    ~Core();
    Core(const Core&) = delete;
    Core& operator=(const Core&) = delete;

    /// Versions of the plugins behind a device name ("GPU", "GPU.1", "REF").
    std::map<std::string, Version> get_versions(const std::string& device_name) const;

    /// Reads OpenVINO IR (.xml, with the .bin of the same stem unless bin_path is given).
    std::shared_ptr<Model> read_model(const std::string& model_path, const std::string& bin_path = "") const;
    /// Reads IR from an XML string and a weights tensor (may be empty when there are no constants).
    std::shared_ptr<Model> read_model(const std::string& model_xml, const Tensor& weights) const;

    CompiledModel compile_model(const std::shared_ptr<const Model>& model, const std::string& device_name,
                                const AnyMap& properties = {});
    CompiledModel compile_model(const std::string& model_path, const std::string& device_name,
                                const AnyMap& properties = {});
    CompiledModel compile_model(const std::shared_ptr<const Model>& model, const RemoteContext& context,
                                const AnyMap& properties = {});
    CompiledModel import_model(std::istream& model, const std::string& device_name, const AnyMap& properties = {});
    CompiledModel import_model(std::istream& model, const RemoteContext& context, const AnyMap& properties = {});

    /// OpenVINO's variadic forms: properties as arguments, `compile_model(model, "GPU",
    /// hint::performance_mode(hint::PerformanceMode::THROUGHPUT), enable_profiling(true))`.
    template <typename... Properties>
    util::EnableIfAllStringAny<CompiledModel, Properties...> compile_model(const std::shared_ptr<const Model>& model,
                                                                          const std::string& device_name,
                                                                          Properties&&... properties) {
        return compile_model(model, device_name, AnyMap{std::forward<Properties>(properties)...});
    }
    template <typename... Properties>
    util::EnableIfAllStringAny<CompiledModel, Properties...> compile_model(const std::string& model_path,
                                                                          const std::string& device_name,
                                                                          Properties&&... properties) {
        return compile_model(model_path, device_name, AnyMap{std::forward<Properties>(properties)...});
    }
    template <typename... Properties>
    util::EnableIfAllStringAny<CompiledModel, Properties...> compile_model(const std::shared_ptr<const Model>& model,
                                                                          const RemoteContext& context,
                                                                          Properties&&... properties) {
        return compile_model(model, context, AnyMap{std::forward<Properties>(properties)...});
    }
    template <typename... Properties>
    util::EnableIfAllStringAny<CompiledModel, Properties...> import_model(std::istream& model,
                                                                         const std::string& device_name,
                                                                         Properties&&... properties) {
        return import_model(model, device_name, AnyMap{std::forward<Properties>(properties)...});
    }

    SupportedOpsMap query_model(const std::shared_ptr<const Model>& model, const std::string& device_name,
                                const AnyMap& properties = {}) const;

    /// Every op with the device that runs it, or why the device refuses it (ovcl's addition,
    /// for `ovcl query`).
    QueryReport query_model_report(const std::shared_ptr<const Model>& model, const std::string& device_name,
                                   const AnyMap& properties = {}) const;
    template <typename... Properties>
    util::EnableIfAllStringAny<SupportedOpsMap, Properties...> query_model(const std::shared_ptr<const Model>& model,
                                                                          const std::string& device_name,
                                                                          Properties&&... properties) const {
        return query_model(model, device_name, AnyMap{std::forward<Properties>(properties)...});
    }

    /// Core-wide properties (CACHE_DIR, ...) apply to every device.
    void set_property(const AnyMap& properties);
    void set_property(const std::string& device_name, const AnyMap& properties);
    template <typename... Properties>
    util::EnableIfAllStringAny<void, Properties...> set_property(Properties&&... properties) {
        set_property(AnyMap{std::forward<Properties>(properties)...});
    }
    template <typename... Properties>
    util::EnableIfAllStringAny<void, Properties...> set_property(const std::string& device_name,
                                                                 Properties&&... properties) {
        set_property(device_name, AnyMap{std::forward<Properties>(properties)...});
    }
    Any get_property(const std::string& device_name, const std::string& name, const AnyMap& arguments = {}) const;
    template <typename T, PropertyMutability M>
    T get_property(const std::string& device_name, const Property<T, M>& p) const {
        return get_property(device_name, p.key).template as<T>();
    }

    /// Every device of every registered plugin that can be created ("GPU.0", "GPU.1", "REF").
    std::vector<std::string> get_available_devices() const;

    /// plugin: a library path, or a name ("ovcl_ref_plugin" -> libovcl_ref_plugin.so next to the runtime).
    void register_plugin(const std::string& plugin, const std::string& device_name, const AnyMap& properties = {});
    /// Registers every <plugin name location> of a plugins.xml (locations relative to the file).
    void register_plugins(const std::string& xml_config_file);
    void unload_plugin(const std::string& device_name);

    /// Extension ops (ovcl/extension.hpp, docs/extensions.md), registered process-wide so that
    /// read_model accepts them and every device that can run them does. `path`: a custom-kernel
    /// config (.xml), all of whose ops are checked before any is registered; a shared library of
    /// extensions is NotImplemented.
    void add_extension(const std::string& path);
    void add_extension(const OpExtension& extension);
    void add_extension(const std::vector<OpExtension>& extensions);
    /// Also hands the extension to `device_name`'s plugin first, which throws NotImplemented when
    /// it cannot run the op (then nothing is registered).
    void add_extension(const OpExtension& extension, const std::string& device_name);

    RemoteContext create_context(const std::string& device_name, const AnyMap& params);
    template <typename... Properties>
    util::EnableIfAllStringAny<RemoteContext, Properties...> create_context(const std::string& device_name,
                                                                           Properties&&... params) {
        return create_context(device_name, AnyMap{std::forward<Properties>(params)...});
    }
    RemoteContext get_default_context(const std::string& device_name);

private:
    std::shared_ptr<CoreImpl> m_impl;
};

}  // namespace ovcl
