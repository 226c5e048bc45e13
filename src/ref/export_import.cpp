// REF export_model / import_model (blob layout: runtime/blob_format.hpp, docs/model_cache.md):
// the common header and the model as IR ("model.xml", "model.bin"). REF compiles nothing, so
// import is reading the IR back; the blob still refuses another plugin or library version.

#include "compiled_model.hpp"
#include "plugin.hpp"
#include "runtime/blob_format.hpp"

namespace ovcl {
namespace ref {

void CompiledModel::export_model(std::ostream& out) const {
    const auto& plugin = *get_plugin();
    blob::Header h;
    h.library_version = blob::library_version();
    h.plugin = plugin.get_device_name();
    h.device_name = plugin.get_property(device::full_name.key, {}).as<std::string>();
    h.architecture = plugin.get_property(device::architecture.key, {}).as<std::string>();
    h.model_name = m_model->get_friendly_name();
    for (const auto& key : Config::table().names())
        h.config[key] = m_config.get(key).to_string();
    blob::Writer w(h);
    blob::add_model(w, *m_model);
    w.write(out);
}

std::shared_ptr<ICompiledModel> Plugin::import_model(std::istream& in, const AnyMap& properties) const {
    const std::string who = get_device_name() + " import_model";
    AnyMap props = properties;
    const bool from_cache = blob::take_loaded_from_cache(props);
    // Nothing in REF's configuration shapes the model: it runs with the importer's settings.
    const Config config(props, m_config);

    const blob::Reader blob(in, who);
    const blob::Header& h = blob.header();
    blob.expect("plugin", h.plugin, get_device_name());
    blob.expect("library version", h.library_version, blob::library_version());
    blob.expect("device architecture", h.architecture, get_property(device::architecture.key, {}).as<std::string>());

    const std::shared_ptr<Model> model = blob::read_model(blob);
    auto compiled =
        std::make_shared<CompiledModel>(model, std::static_pointer_cast<const Plugin>(shared_from_this()), config);
    compiled->set_loaded_from_cache(from_cache);
    return compiled;
}

}  // namespace ref
}  // namespace ovcl
