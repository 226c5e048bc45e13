#include "ovcl/core.hpp"

#include <pugixml.hpp>

#include <cstdlib>
#include <filesystem>
#include <algorithm>
#include <fstream>
#include <functional>
#include <mutex>

#include <unistd.h>

#include "extension/extension_registry.hpp"
#include "runtime/file_read.hpp"
#include "model_cache.hpp"
#include "ovcl/extension.hpp"
#include "ovcl/ir.hpp"
#include "ovcl/plugin/icompiled_model.hpp"
#include "ovcl/plugin/iremote_context.hpp"
#include "plugin_library.hpp"

namespace ovcl {

namespace {

struct DeviceName {
    std::string base;  ///< "GPU"
    std::string id;    ///< "1" for "GPU.1", empty otherwise
};

DeviceName parse_device(const std::string& name) {
    if (name.empty())
        raise<InvalidArgument>("device name is empty");
    const auto dot = name.find('.');
    if (dot == std::string::npos)
        return {name, ""};
    DeviceName d{name.substr(0, dot), name.substr(dot + 1)};
    if (d.base.empty() || d.id.empty())
        raise<InvalidArgument>("bad device name '", name, "' (expected NAME or NAME.ID)");
    return d;
}

AnyMap with_device_id(const DeviceName& d, AnyMap props) {
    if (!d.id.empty()) {
        auto it = props.find(device::id.key);
        if (it != props.end() && it->second.as<std::string>() != d.id)
            raise<InvalidArgument>("device ", d.base, ".", d.id, " given with a different DEVICE_ID=",
                                   it->second.as<std::string>());
        props[device::id.key] = d.id;
    }
    return props;
}

bool supports_property(const IPlugin& plugin, const std::string& name) {
    try {
        for (const auto& p : plugin.get_property(supported_properties.key, {}).as<std::vector<PropertyName>>())
            if (p == name)
                return true;
    } catch (const Exception&) {
    }
    return false;
}

AnyMap device_id_of(const AnyMap& config) {
    auto it = config.find(device::id.key);
    return it == config.end() ? AnyMap{} : AnyMap{*it};
}

bool supports_export(const IPlugin& plugin, const AnyMap& config) {
    try {
        const auto caps =
            plugin.get_property(device::capabilities.key, device_id_of(config)).as<std::vector<std::string>>();
        return std::find(caps.begin(), caps.end(), device::capability::EXPORT_IMPORT) != caps.end();
    } catch (const Exception&) {
        return false;
    }
}

/// What the plugin gets: the call's properties, with CACHE_DIR only for a plugin that has the
/// key itself (the GPU plugin keeps its program binaries there too).
AnyMap for_plugin(const IPlugin& plugin, AnyMap config, const std::string& cache_dir) {
    config.erase(ovcl::cache_dir.key);
    if (!cache_dir.empty() && supports_property(plugin, ovcl::cache_dir.key))
        config[ovcl::cache_dir.key] = cache_dir;
    return config;
}

/// The name of a model's cache entry: the model, the library, the device (its caching
/// properties: architecture, driver, ...) and every setting that shapes the compiled model
/// (the call's properties and the plugin's own, CACHE_DIR aside).
std::string cache_key(const IPlugin& plugin, const std::string& device, const std::string& model_hash,
                      const AnyMap& config) {
    detail::Hasher h;
    h.add("ovcl-model-cache").add(get_version().build_number).add(device).add(model_hash);
    const AnyMap id = device_id_of(config);
    std::vector<PropertyName> caching;
    try {
        caching = plugin.get_property(caching_properties.key, id).as<std::vector<PropertyName>>();
    } catch (const Exception&) {
    }
    for (const auto& name : caching)
        h.add(name).add(plugin.get_property(name, id).to_string());
    // The effective configuration: the call's values over the plugin's, in key order.
    std::map<std::string, std::string> effective;
    std::vector<PropertyName> all;
    try {
        all = plugin.get_property(supported_properties.key, {}).as<std::vector<PropertyName>>();
    } catch (const Exception&) {
    }
    for (const auto& name : all)
        if (name.is_mutable())
            effective[name] = plugin.get_property(name, id).to_string();
    for (const auto& [key, value] : config)
        effective[key] = value.to_string();
    effective.erase(ovcl::cache_dir.key);
    for (const auto& [key, value] : effective)
        h.add(key).add(value);
    return h.hex();
}

}  // namespace

class CoreImpl {
public:
    struct Entry {
        std::string library;
        AnyMap config;  ///< from plugins.xml / register_plugin, applied on load
        SoPtr<IPlugin> plugin;
    };

    SoPtr<IPlugin> get_plugin(const std::string& base) {
        std::lock_guard<std::mutex> lock(m_mutex);
        auto it = m_plugins.find(base);
        if (it == m_plugins.end()) {
            std::string known;
            for (const auto& [name, e] : m_plugins)
                known += (known.empty() ? "" : ", ") + name;
            raise<NotFound>("device ", base, " is not registered (registered: ", known.empty() ? "none" : known,
                            ")");
        }
        Entry& e = it->second;
        if (!e.plugin) {
            SoPtr<IPlugin> p = load_plugin(e.library);
            p->set_device_name(base);
            if (!e.config.empty())
                p->set_property(e.config);
            e.plugin = p;
        }
        return e.plugin;
    }

    void add(const std::string& device, const std::string& library, AnyMap config) {
        if (device.empty() || device.find('.') != std::string::npos)
            raise<InvalidArgument>("cannot register a plugin as device '", device,
                                   "': the name must be non-empty and have no '.'");
        std::lock_guard<std::mutex> lock(m_mutex);
        if (m_plugins.count(device))
            raise<InvalidArgument>("device ", device, " is already registered (library ", m_plugins[device].library,
                                   ")");
        m_plugins[device] = Entry{library, std::move(config), {}};
    }

    void unload(const std::string& device) {
        std::lock_guard<std::mutex> lock(m_mutex);
        auto it = m_plugins.find(device);
        if (it == m_plugins.end() || !it->second.plugin)
            raise<NotFound>("device ", device, " is not loaded");
        it->second.plugin = {};
    }

    /// CACHE_DIR for a device: its own, else the Core-wide one ("" when neither is set).
    std::string cache_dir(const std::string& base) const {
        std::lock_guard<std::mutex> lock(m_mutex);
        auto it = m_device_cache_dirs.find(base);
        return it != m_device_cache_dirs.end() ? it->second : m_cache_dir;
    }
    /// Takes CACHE_DIR out of `props` into the Core-wide (base "") or the device's setting.
    void take_cache_dir(const std::string& base, AnyMap& props) {
        auto it = props.find(ovcl::cache_dir.key);
        if (it == props.end())
            return;
        std::lock_guard<std::mutex> lock(m_mutex);
        (base.empty() ? m_cache_dir : m_device_cache_dirs[base]) = it->second.to_string();
        props.erase(it);
    }

    std::vector<std::string> names() const {
        std::lock_guard<std::mutex> lock(m_mutex);
        std::vector<std::string> v;
        for (const auto& [name, e] : m_plugins)
            v.push_back(name);
        return v;
    }

private:
    mutable std::mutex m_mutex;
    std::map<std::string, Entry> m_plugins;
    std::string m_cache_dir;
    std::map<std::string, std::string> m_device_cache_dirs;
};

namespace {

/// compile_model with CACHE_DIR: import the entry for this model, device and configuration when
/// there is one, else compile and store. Without CACHE_DIR, or for a plugin that cannot export,
/// just compile. `model` is only called on a miss.
CompiledModel compile_cached(CoreImpl& impl, const std::string& device_name, const AnyMap& properties,
                             const std::function<std::string()>& model_hash,
                             const std::function<std::shared_ptr<const Model>()>& model) {
    const DeviceName d = parse_device(device_name);
    auto plugin = impl.get_plugin(d.base);
    AnyMap config = with_device_id(d, properties);
    auto it = config.find(ovcl::cache_dir.key);
    const std::string dir = it != config.end() ? it->second.to_string() : impl.cache_dir(d.base);
    const AnyMap plugin_config = for_plugin(*plugin, config, dir);
    auto compile = [&] { return CompiledModel(SoPtr<ICompiledModel>{plugin.so, plugin->compile_model(model(), plugin_config)}); };
    if (dir.empty() || !supports_export(*plugin, config))
        return compile();

    const detail::ModelCache cache(dir);
    const std::string key = cache_key(*plugin, d.base, model_hash(), plugin_config);
    if (auto in = cache.open(key)) {
        AnyMap import_config = plugin_config;
        import_config[loaded_from_cache.key] = true;
        try {
            return CompiledModel(SoPtr<ICompiledModel>{plugin.so, plugin->import_model(*in, import_config)});
        } catch (const std::exception&) {
            // Corrupt, truncated or stale for this device: drop it and compile afresh (as OpenVINO does).
            in.reset();
            cache.remove(key);
        }
    }
    CompiledModel compiled = compile();
    try {
        cache.store(key, [&](std::ostream& out) { compiled.export_model(out); });
    } catch (const Exception&) {
        // A model the plugin cannot export this time is still compiled; it is just not cached.
    }
    return compiled;
}

}  // namespace

Core::Core(const std::string& xml_config_file) : m_impl(std::make_shared<CoreImpl>()) {
    std::string xml = xml_config_file;
    if (xml.empty()) {
        const char* env = std::getenv("OVCL_PLUGINS_XML");
        xml = env && *env ? env : runtime_library_dir() + "/plugins.xml";
        if (::access(xml.c_str(), R_OK) != 0) {  // no open: a FIFO must not block here
            if (env && *env)
                raise<NotFound>("OVCL_PLUGINS_XML names ", xml, ", which cannot be read");
            return;  // no installed plugins: the application registers its own
        }
    }
    register_plugins(xml);
}

Core::~Core() = default;

std::map<std::string, Version> Core::get_versions(const std::string& device_name) const {
    const DeviceName d = parse_device(device_name);
    return {{d.base, m_impl->get_plugin(d.base)->get_version()}};
}

std::shared_ptr<Model> Core::read_model(const std::string& model_path, const std::string& bin_path) const {
    return ir::read_model(model_path, bin_path);
}

std::shared_ptr<Model> Core::read_model(const std::string& model_xml, const Tensor& weights) const {
    return ir::read_model_from_memory(model_xml, weights);
}

CompiledModel Core::compile_model(const std::shared_ptr<const Model>& model, const std::string& device_name,
                                  const AnyMap& properties) {
    if (!model)
        raise<InvalidArgument>("compile_model: the model is null");
    return compile_cached(*m_impl, device_name, properties, [&] { return detail::model_hash(*model); }, [&] { return model; });
}

CompiledModel Core::compile_model(const std::string& model_path, const std::string& device_name,
                                  const AnyMap& properties) {
    // Cached by the bytes of the files, so a hit does not even read the model.
    return compile_cached(
        *m_impl, device_name, properties, [&] { return detail::ir_files_hash(model_path); },
        [&] { return std::shared_ptr<const Model>(read_model(model_path)); });
}

CompiledModel Core::compile_model(const std::shared_ptr<const Model>& model, const RemoteContext& context,
                                  const AnyMap& properties) {
    if (!model)
        raise<InvalidArgument>("compile_model: the model is null");
    if (!context)
        raise<InvalidArgument>("compile_model: the remote context is empty");
    const DeviceName d = parse_device(context.get_device_name());
    auto plugin = m_impl->get_plugin(d.base);
    return CompiledModel(SoPtr<ICompiledModel>{
        plugin.so, plugin->compile_model(model, with_device_id(d, properties), context.get_impl().ptr)});
}

CompiledModel Core::import_model(std::istream& model, const std::string& device_name, const AnyMap& properties) {
    const DeviceName d = parse_device(device_name);
    auto plugin = m_impl->get_plugin(d.base);
    AnyMap config = with_device_id(d, properties);
    auto it = config.find(ovcl::cache_dir.key);
    const std::string dir = it != config.end() ? it->second.to_string() : m_impl->cache_dir(d.base);
    return CompiledModel(
        SoPtr<ICompiledModel>{plugin.so, plugin->import_model(model, for_plugin(*plugin, config, dir))});
}

CompiledModel Core::import_model(std::istream& model, const RemoteContext& context, const AnyMap& properties) {
    if (!context)
        raise<InvalidArgument>("import_model: the remote context is empty");
    const DeviceName d = parse_device(context.get_device_name());
    auto plugin = m_impl->get_plugin(d.base);
    return CompiledModel(SoPtr<ICompiledModel>{
        plugin.so, plugin->import_model(model, context.get_impl().ptr, with_device_id(d, properties))});
}

SupportedOpsMap Core::query_model(const std::shared_ptr<const Model>& model, const std::string& device_name,
                                  const AnyMap& properties) const {
    if (!model)
        raise<InvalidArgument>("query_model: the model is null");
    const DeviceName d = parse_device(device_name);
    return m_impl->get_plugin(d.base)->query_model(model, with_device_id(d, properties));
}

QueryReport Core::query_model_report(const std::shared_ptr<const Model>& model, const std::string& device_name,
                                     const AnyMap& properties) const {
    if (!model)
        raise<InvalidArgument>("query_model_report: the model is null");
    const DeviceName d = parse_device(device_name);
    return m_impl->get_plugin(d.base)->query_model_report(model, with_device_id(d, properties));
}

void Core::set_property(const AnyMap& properties) {
    AnyMap rest = properties;
    m_impl->take_cache_dir("", rest);  // CACHE_DIR is Core's: model caching, for every device
    if (rest.empty())
        return;
    for (const auto& name : m_impl->names())
        m_impl->get_plugin(name)->set_property(rest);
}

void Core::set_property(const std::string& device_name, const AnyMap& properties) {
    const DeviceName d = parse_device(device_name);
    AnyMap rest = properties;
    m_impl->take_cache_dir(d.base, rest);
    if (!rest.empty() || properties.empty())
        m_impl->get_plugin(d.base)->set_property(with_device_id(d, rest));
}

Any Core::get_property(const std::string& device_name, const std::string& name, const AnyMap& arguments) const {
    const DeviceName d = parse_device(device_name);
    auto plugin = m_impl->get_plugin(d.base);
    if (name == ovcl::cache_dir.key) {
        const std::string dir = m_impl->cache_dir(d.base);
        if (!dir.empty() || !supports_property(*plugin, name))
            return dir;
    }
    return plugin->get_property(name, with_device_id(d, arguments));
}

std::vector<std::string> Core::get_available_devices() const {
    std::vector<std::string> out;
    for (const auto& name : m_impl->names()) {
        std::vector<std::string> ids;
        try {
            ids = m_impl->get_plugin(name)->get_property(available_devices.key, {}).as<std::vector<std::string>>();
        } catch (const Exception&) {
            continue;  // a plugin whose runtime or device is missing offers no device, as in OpenVINO
        }
        if (ids.empty())
            ids.emplace_back();
        for (const auto& id : ids)
            out.push_back(id.empty() ? name : name + "." + id);
    }
    return out;
}

void Core::register_plugin(const std::string& plugin, const std::string& device_name, const AnyMap& properties) {
    m_impl->add(device_name, resolve_plugin_path(plugin), properties);
}

void Core::register_plugins(const std::string& xml_config_file) {
    const std::string text = detail::read_regular_file(xml_config_file, detail::kMaxTextFileBytes, "plugins file");
    pugi::xml_document doc;
    const pugi::xml_parse_result parsed = doc.load_buffer(text.data(), text.size());
    if (!parsed)
        raise<InvalidArgument>("plugins file ", xml_config_file, ": ", parsed.description(), " at offset ",
                               parsed.offset);
    const pugi::xml_node plugins = doc.child("ie").child("plugins");
    if (!plugins)
        raise<InvalidArgument>("plugins file ", xml_config_file, ": no <ie><plugins> element");
    const auto slash = xml_config_file.rfind('/');
    const std::string dir = slash == std::string::npos ? "." : xml_config_file.substr(0, slash);
    for (const pugi::xml_node p : plugins.children("plugin")) {
        const std::string name = p.attribute("name").as_string();
        const std::string location = p.attribute("location").as_string();
        if (name.empty() || location.empty())
            raise<InvalidArgument>("plugins file ", xml_config_file, ": a <plugin> needs name and location attributes");
        AnyMap config;
        for (const pugi::xml_node prop : p.child("properties").children("property")) {
            const std::string key = prop.attribute("key").as_string();
            if (key.empty())
                raise<InvalidArgument>("plugins file ", xml_config_file, ": plugin ", name,
                                       " has a <property> without a key");
            config[key] = std::string(prop.attribute("value").as_string());
        }
        const std::string path = location.front() == '/' ? location : dir + "/" + location;
        m_impl->add(name, path, std::move(config));
    }
}

void Core::unload_plugin(const std::string& device_name) { m_impl->unload(parse_device(device_name).base); }

void Core::add_extension(const std::string& path) {
    const std::string ext = std::filesystem::path(path).extension().string();
    if (ext != ".xml")
        raise<NotImplemented>("add_extension: '", path, "' is not a custom-kernel config (.xml); extension ",
                              "libraries are not supported: register ops from C++ with add_extension(OpExtension)");
    add_extension(read_kernel_config(path));
}

void Core::add_extension(const OpExtension& extension) { register_extension(extension); }

void Core::add_extension(const std::vector<OpExtension>& extensions) { register_extensions(extensions); }

void Core::add_extension(const OpExtension& extension, const std::string& device_name) {
    ext::compile_extension(extension);
    const DeviceName d = parse_device(device_name);
    m_impl->get_plugin(d.base)->add_extension(std::make_shared<const OpExtension>(extension));
    register_extension(extension);
}

RemoteContext Core::create_context(const std::string& device_name, const AnyMap& params) {
    const DeviceName d = parse_device(device_name);
    auto plugin = m_impl->get_plugin(d.base);
    return RemoteContext(SoPtr<IRemoteContext>{plugin.so, plugin->create_context(with_device_id(d, params))});
}

RemoteContext Core::get_default_context(const std::string& device_name) {
    const DeviceName d = parse_device(device_name);
    auto plugin = m_impl->get_plugin(d.base);
    return RemoteContext(SoPtr<IRemoteContext>{plugin.so, plugin->get_default_context(with_device_id(d, {}))});
}

}  // namespace ovcl
