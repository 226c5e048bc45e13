// REF export_model / import_model (blob layout: runtime/blob_format.hpp, docs/model_cache.md):
// the common header and the model as IR ("model.xml", "model.bin"). REF compiles nothing, so
// import is reading the IR back; the blob still refuses another plugin or library version.
#include <cstring>
#include <sstream>

#include "compiled_model.hpp"
#include "ovcl/ir.hpp"
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
    for (const auto& key : Config::rw_properties())
        h.config[key] = m_config.get(key).to_string();
    blob::Writer w(h);
    std::ostringstream xml, bin;
    ir::serialize(*m_model, xml, bin);
    w.add("model.xml", xml.str());
    w.add("model.bin", bin.str());
    w.write(out);
}

std::shared_ptr<ICompiledModel> Plugin::import_model(std::istream& in, const AnyMap& properties) const {
    const std::string who = get_device_name() + " import_model";
    AnyMap props = properties;
    bool from_cache = false;
    if (auto it = props.find(loaded_from_cache.key); it != props.end()) {  // set by Core's model cache
        from_cache = read_property<bool>(it->first, it->second);
        props.erase(it);
    }
    // Nothing in REF's configuration shapes the model: it runs with the importer's settings.
    const Config config(props, m_config);

    const blob::Reader blob(in, who);
    const blob::Header& h = blob.header();
    blob.expect("plugin", h.plugin, get_device_name());
    blob.expect("library version", h.library_version, blob::library_version());
    blob.expect("device architecture", h.architecture, get_property(device::architecture.key, {}).as<std::string>());

    const std::string_view bin = blob.section("model.bin");
    Tensor weights;
    if (!bin.empty()) {
        weights = Tensor(element::u8, Shape{bin.size()});
        std::memcpy(weights.data(), bin.data(), bin.size());
    }
    std::shared_ptr<Model> model;
    try {
        model = ir::read_model_from_memory(std::string(blob.section("model.xml")), weights);
    } catch (const Exception& e) {
        raise<InvalidArgument>(who, ": the blob's model cannot be read: ", e.what());
    }
    auto compiled =
        std::make_shared<CompiledModel>(model, std::static_pointer_cast<const Plugin>(shared_from_this()), config);
    compiled->set_loaded_from_cache(from_cache);
    return compiled;
}

}  // namespace ref
}  // namespace ovcl
