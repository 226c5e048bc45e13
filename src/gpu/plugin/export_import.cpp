// GPU export_model / import_model (blob layout: runtime/blob_format.hpp, docs/model_cache.md).
// Besides the common header the blob holds the transformed model as IR ("model.xml",
// "model.bin"), the binaries of every OpenCL program the compiled model's plans use
// ("gpu.programs") and the input shapes of those plans ("gpu.plans"). Import puts the binaries
// into the device's program cache before any plan is built, so a static model, or a dynamic one
// run with the exported shapes, compiles no kernel.
#include <algorithm>
#include <set>

#include "ocl_context.hpp"
#include "ovcl/plugin/iremote_context.hpp"
#include "plugin/compiled_model.hpp"
#include "plugin/plugin.hpp"
#include "runtime/blob_format.hpp"
#include "transform/fusions.hpp"

namespace ovcl {
namespace gpu {

namespace {

constexpr const char* kPrograms = "gpu.programs";
constexpr const char* kPlans = "gpu.plans";

/// Keys whose value shapes the compiled code: fixed by the blob, an import cannot change them.
const std::vector<std::string>& compile_keys() {
    static const std::vector<std::string> keys = {hint::inference_precision.key, disable_transformations.key,
                                                  "GPU_KERNELS", "GPU_SUB_BUFFERS", "OVCL_GPU_HOST_OPS"};
    return keys;
}

std::map<std::string, std::string> config_text(const Config& config) {
    std::map<std::string, std::string> out;
    for (const auto& key : Config::table().names())
        if (key != cache_dir.key && key != device::id.key)  // where it runs and caches is the importer's choice
            out[key] = config.get(key).to_string();
    return out;
}

/// The IR reader turns a layer's rt_info into {"value": text}; the plugin's passes and reports
/// read "fused_names" as plain text, as fusions.cpp wrote it.
void restore_fused_names(Model& model) {
    for (const auto& n : model.get_ordered_ops()) {
        auto& rt = n->get_rt_info();
        auto it = rt.find("fused_names");
        if (it == rt.end() || !it->second.is<AnyMap>())
            continue;
        const auto& fields = it->second.as<AnyMap>();
        auto value = fields.find("value");
        if (value != fields.end())
            it->second = value->second.to_string();
    }
}

std::string shapes_section(const std::vector<std::vector<Shape>>& signatures) {
    blob::ByteWriter w;
    w.u32(static_cast<uint32_t>(signatures.size()));
    for (const auto& shapes : signatures) {
        w.u32(static_cast<uint32_t>(shapes.size()));
        for (const auto& s : shapes) {
            w.u32(static_cast<uint32_t>(s.size()));
            for (size_t d : s)
                w.u64(d);
        }
    }
    return w.take();
}

std::vector<std::vector<Shape>> read_shapes(std::string_view data, const std::string& who) {
    blob::ByteReader r(data, who + ": section " + kPlans);
    std::vector<std::vector<Shape>> out(r.count(4));
    for (auto& shapes : out) {
        shapes.resize(r.count(4));
        for (auto& s : shapes) {
            s.resize(r.count(8));
            for (auto& d : s)
                d = r.u64();
        }
    }
    return out;
}

std::vector<ProgramCache::Binary> read_programs(std::string_view data, const std::string& who) {
    blob::ByteReader r(data, who + ": section " + kPrograms);
    std::vector<ProgramCache::Binary> out(r.count(32));
    for (auto& b : out) {
        b.stem = std::string(r.bytes());
        b.options = std::string(r.bytes());
        b.source_hash = std::string(r.bytes());
        const std::string_view bin = r.bytes();
        b.binary.assign(bin.begin(), bin.end());
    }
    return out;
}

}  // namespace

void CompiledModel::export_model(std::ostream& out) const {
    blob::Header h;
    h.library_version = blob::library_version();
    h.plugin = get_plugin()->get_device_name();
    h.device_name =
        get_plugin()->get_property(device::full_name.key, {{device::id.key, std::to_string(m_config.device_id)}})
            .as<std::string>();
    h.architecture = m_device->device.architecture();
    h.driver_version = m_device->device.driver_version;
    h.model_name = m_model->get_friendly_name();
    h.config = config_text(m_config);
    blob::Writer w(h);

    blob::add_model(w, *m_model);

    std::vector<std::vector<Shape>> signatures;
    std::set<std::pair<std::string, std::string>> programs;  // (stem, options) of every plan built so far
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        for (const auto& [key, dp] : m_plans) {
            std::vector<Shape> inputs;
            for (const auto& s : key.inputs)
                if (s.is_static())
                    inputs.push_back(s.to_shape());
            // Plans for other variable shapes, or whose shapes stay partly dynamic: built again when used.
            if (inputs.size() == key.inputs.size() &&
                std::find(signatures.begin(), signatures.end(), inputs) == signatures.end())
                signatures.push_back(inputs);
            for (const auto& step : dp->plan->steps)
                for (const auto& launch : step.config.launches)
                    programs.emplace(launch.source, launch.program_options());
        }
    }
    blob::ByteWriter pw;
    pw.u32(static_cast<uint32_t>(programs.size()));
    for (const auto& [stem, options] : programs) {
        const ProgramCache::Binary b = m_device->programs->binary(stem, options);
        pw.bytes(b.stem);
        pw.bytes(b.options);
        pw.bytes(b.source_hash);
        pw.bytes({reinterpret_cast<const char*>(b.binary.data()), b.binary.size()});
    }
    w.add(kPrograms, pw.take());
    w.add(kPlans, shapes_section(signatures));
    w.write(out);
}

std::shared_ptr<ICompiledModel> Plugin::import_model(std::istream& in, const AnyMap& properties) const {
    return import_into(in, properties, nullptr);
}

std::shared_ptr<ICompiledModel> Plugin::import_into(std::istream& in, const AnyMap& properties,
                                                    const std::shared_ptr<IRemoteContext>& remote) const {
    const std::string who = get_device_name() + " import_model";
    AnyMap props = properties;
    const bool from_cache = blob::take_loaded_from_cache(props);
    const Config importer(props, m_config);
    const DeviceInfo& device = device_info(importer.device_id);

    const blob::Reader blob(in, who);
    const blob::Header& h = blob.header();
    blob.expect("plugin", h.plugin, get_device_name());
    blob.expect("library version", h.library_version, blob::library_version());
    blob.expect("device architecture", h.architecture, device.architecture());
    blob.expect("driver version", h.driver_version, device.driver_version);

    // What shaped the compiled code comes from the blob; the rest (profiling, hints, streams,
    // device id, cache dir) from the importer.
    AnyMap compiled_with;
    for (const auto& key : compile_keys()) {
        auto it = h.config.find(key);
        if (it == h.config.end())
            raise<InvalidArgument>(who, ": the blob's configuration has no ", key);
        compiled_with[key] = it->second;
        if (props.count(key)) {
            const std::string asked = Config({{key, props.at(key)}}, Config()).get(key).to_string();
            if (asked != it->second)
                raise<InvalidArgument>(who, ": the blob was compiled with ", key, "=", it->second,
                                       ", the import asks for ", asked);
        }
    }
    const Config config(compiled_with, importer);

    register_fused_ops();  // the transformed model may hold the plugin's fused op types
    const std::shared_ptr<Model> model = blob::read_model(blob);
    restore_fused_names(*model);

    auto ctx = remote ? as_ocl_context(remote, who)->device() : device_context(config.device_id);
    for (const auto& b : read_programs(blob.section(kPrograms), who))
        ctx->programs->add(b);  // a binary the device refuses is simply built from source later
    const auto signatures = read_shapes(blob.section(kPlans), who);

    const ProgramCache::Deferral binaries_after_warm_up(*ctx->programs);
    const size_t built_before = ctx->programs->stats().compiled;
    auto compiled = std::make_shared<CompiledModel>(model, model, std::static_pointer_cast<const Plugin>(shared_from_this()),
                                                    ctx, config);
    if (model->is_dynamic())
        for (const auto& shapes : signatures)  // the plans the exporter had, built now from the loaded binaries
            if (shapes.size() == model->get_parameters().size())
                compiled->plan_for(shapes);
    compiled->set_loaded_from_cache(from_cache);
    if (remote)
        compiled->set_context(remote);
    // A program made from a binary holds its kernels' code (the exporter took it after its own warm-up, so PoCL's
    // has the work-group functions): the warm-up inference would only repeat the first one. It runs when some
    // program had to be built from source (a binary refused, another kernel source).
    if (ctx->programs->stats().compiled != built_before)
        compiled->warm_up();
    return compiled;
}

std::shared_ptr<ICompiledModel> Plugin::import_model(std::istream& in, const std::shared_ptr<IRemoteContext>& context,
                                                     const AnyMap& properties) const {
    const auto ocl = as_ocl_context(context, get_device_name() + " import_model");
    AnyMap props = properties;
    props[device::id.key] = std::to_string(ocl->device_index());  // the blob runs on the context's device
    return import_into(in, props, ocl);
}

}  // namespace gpu
}  // namespace ovcl
