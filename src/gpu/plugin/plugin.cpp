#include "plugin/plugin.hpp"

#include <algorithm>
#include <set>
#include <sstream>

#include "ops/gpu_op.hpp"
#include "ops/op_list.hpp"
#include "ovcl/extension.hpp"
#include "plan/plan.hpp"
#include "plugin/compiled_model.hpp"
#include "transform/precision.hpp"
#include "transform/transformations.hpp"

namespace ovcl {
namespace gpu {

namespace {
constexpr const char* kDriverVersion = "GPU_DRIVER_VERSION";  ///< CL_DRIVER_VERSION of the device (RO)
constexpr const char* kConfigFile = "CONFIG_FILE";  ///< custom-kernel configs, ';'-separated (RW)

std::vector<std::string> split_paths(const std::string& text) {
    std::vector<std::string> out;
    std::stringstream in(text);
    for (std::string part; std::getline(in, part, ';');)
        if (part.find_first_not_of(" \t") != std::string::npos)
            out.push_back(part);
    return out;
}

// CONFIG_FILE (custom-kernel configs, docs/extensions.md): registers the files' extension ops and
// returns the properties without the key; the files are appended to `remembered` when given.
AnyMap take_config_files(const AnyMap& properties, std::vector<std::string>* remembered) {
    AnyMap rest = properties;
    auto it = rest.find(kConfigFile);
    if (it == rest.end())
        return rest;
    const std::vector<std::string> files = split_paths(it->second.to_string());
    for (const auto& f : files)
        register_extensions(read_kernel_config(f));
    if (remembered)
        for (const auto& f : files)
            if (std::find(remembered->begin(), remembered->end(), f) == remembered->end())
                remembered->push_back(f);
    rest.erase(kConfigFile);
    return rest;
}

// SUPPORTED_OPERATIONS: the op table's GPU column, as this configuration's plans place the ops.
std::vector<std::string> supported_operations_of(const Config& config) {
    std::vector<std::string> out;
    for (SupportedOp op : op_table_runners()) {
        if (op.type == "Parameter" || op.type == "Constant" || op.type == "Result")
            op.runner = "io";
        else if (op.type == "ReadValue" || op.type == "Assign")
            op.runner = device_variables(config.host_ops) ? "copy" : "host";
        else if (config.host_ops.count(op.type))
            op.runner = "host";
        out.push_back(op.entry());
    }
    return out;
}

// An op that neither the device nor the host can run fails the compilation, not the first inference.
void check_runnable(const Model& model, const DeviceInfo& device, const Config& config) {
    const bool dynamic = model.is_dynamic();  // validated per input shape later: only "has a kernel" is known now
    for (const auto& n : model.get_ordered_ops()) {
        if (n->spec().evaluate)
            continue;
        const std::string& t = n->get_type_name();
        if (t == "Parameter" || t == "Constant" || t == "Result" || t == "ReadValue" || t == "Assign")
            continue;
        const Validation v = dynamic ? Validation{find_gpu_op(*n) != nullptr, "no OpenCL kernel"}
                                                    : device_runs(*n, device, config.host_ops);
        if (!v.supported)
            raise<NotImplemented>("GPU cannot run model '", model.get_friendly_name(), "': ", n->describe(),
                                  " has no host implementation and the device refuses it: ", v.reason);
    }
}
}  // namespace

void Plugin::add_extension(const std::shared_ptr<const OpExtension>& extension) {
    if (!extension)
        raise<InvalidArgument>("GPU add_extension: the extension is null");
    if (!extension->kernel && !extension->host)
        raise<NotImplemented>("GPU cannot run extension op '", extension->type,
                              "': it has neither an OpenCL kernel nor a host implementation");
}

Plugin::Plugin() {
    set_device_name("GPU");
    m_devices = enumerate_devices();
    if (m_devices.empty())
        raise<Exception>("GPU: no OpenCL device found (install an OpenCL runtime: a GPU vendor's driver, or "
                         "pocl-opencl-icd for the CPU)");
}

const DeviceInfo& Plugin::device_info(int id) const {
    if (id < 0 || static_cast<size_t>(id) >= m_devices.size())
        raise<NotFound>("GPU: no device GPU.", id, " (there are ", m_devices.size(), ")");
    return m_devices[static_cast<size_t>(id)];
}

std::shared_ptr<DeviceContext> Plugin::device_context(int id) const {
    const DeviceInfo& info = device_info(id);
    std::lock_guard<std::mutex> lock(m_mutex);
    auto& ctx = m_contexts[id];
    if (!ctx)
        ctx = std::make_shared<DeviceContext>(info);
    return ctx;
}

std::shared_ptr<Model> Plugin::prepare_model(const Model& model, const Config& config) const {
    auto clone = model.clone();
    if (!config.disable_transformations)
        transform_model(*clone, config.host_ops, config.inference_precision);
    else  // the precision is how the model runs, not an optimisation: converted regardless (as OpenVINO does)
        convert_precision(*clone, config.inference_precision);
    return clone;
}

std::shared_ptr<ICompiledModel> Plugin::compile_model(const std::shared_ptr<const Model>& model,
                                                      const AnyMap& properties) const {
    if (!model)
        raise<InvalidArgument>("GPU compile_model: the model is null");
    const Config config(take_config_files(properties, nullptr), m_config);
    auto ctx = device_context(config.device_id);
    auto prepared = prepare_model(*model, config);
    check_runnable(*prepared, ctx->device, config);
    const ProgramCache::Deferral binaries_after_warm_up(*ctx->programs);
    auto compiled = std::make_shared<CompiledModel>(model, prepared,
                                                    std::static_pointer_cast<const Plugin>(shared_from_this()), ctx, config);
    compiled->warm_up();
    return compiled;
}

void Plugin::set_property(const AnyMap& properties) {
    std::vector<std::string> files = m_config_files;
    Config next(take_config_files(properties, &files), m_config);
    device_info(next.device_id);  // an unknown device is refused now
    m_config = next;
    m_config_files = files;
}

const PropertyTable<Plugin::Query>& Plugin::table() {
    constexpr auto RO = PropertyMutability::RO;
    static const PropertyTable<Query> rows("GPU", {
        {supported_properties.key, RO,
         [](const Query&) -> Any { return concat(table().names(), Config::table().names()); }},
        {available_devices.key, RO,
         [](const Query& q) -> Any {
             std::vector<std::string> ids;
             for (size_t i = 0; i < q.plugin.m_devices.size(); ++i)
                 ids.push_back(std::to_string(i));
             return ids;
         }},
        {device::full_name.key, RO,
         [](const Query& q) -> Any {
             const DeviceInfo& d = q.device();
             return d.name + " (" + d.platform_name + ", " + d.device_version + ")";
         }},
        {device::architecture.key, RO, [](const Query& q) -> Any { return q.device().architecture(); }},
        {device::type.key, RO,
         [](const Query& q) -> Any { return q.device().integrated ? device::Type::INTEGRATED : device::Type::DISCRETE; }},
        {device::capabilities.key, RO,
         [](const Query& q) -> Any {
             // FP16 means half arithmetic (cl_khr_fp16, DeviceInfo::fp16), as OpenVINO's GPU reports it; f16
             // models run everywhere, their tensors stored as half and computed in float where it is missing.
             std::vector<std::string> caps{device::capability::FP32};
             if (q.device().fp16)  // an unknown device is refused, as by every device key
                 caps.push_back(device::capability::FP16);
             caps.push_back(device::capability::EXPORT_IMPORT);
             return caps;
         }},
        {range_for_async_infer_requests.key, RO,
         [](const Query& q) -> Any {
             q.device();  // an unknown device is refused
             // Past THROUGHPUT's optimal count (two requests per stream) more requests in flight only queue up.
             Config throughput = q.config;
             throughput.common.performance_mode = hint::PerformanceMode::THROUGHPUT;
             return std::tuple<unsigned, unsigned, unsigned>{1, throughput.optimal_requests(), 1};
         }},
        // what a model cache entry must match besides the model and config
        {caching_properties.key, RO,
         [](const Query&) -> Any {
             return std::vector<PropertyName>{
                 {device::architecture.key, RO}, {device::full_name.key, RO}, {kDriverVersion, RO}};
         }},
        {kDriverVersion, RO, [](const Query& q) -> Any { return q.device().driver_version; }},
        {supported_operations.key, RO,
         [](const Query& q) -> Any {
             q.device();  // an unknown device is refused
             return supported_operations_of(q.config);
         }},
        {kConfigFile, PropertyMutability::RW,  // applied by take_config_files, before the Config
         [](const Query& q) -> Any {
             std::string files;
             for (const auto& f : q.plugin.m_config_files)
                 files += (files.empty() ? "" : ";") + f;
             return files;
         }},
    });
    return rows;
}

Any Plugin::get_property(const std::string& name, const AnyMap& arguments) const {
    const Config config(arguments, m_config, /*lenient=*/true);
    if (const auto* row = table().find(name))
        return row->get(Query{*this, config});
    device_info(config.device_id);  // an unknown device is refused before an unknown key
    return config.get(name);
}

namespace {
bool has_dynamic_shape(const Node& n) {
    for (size_t i = 0; i < n.get_input_size(); ++i)
        if (n.get_input_partial_shape(i).is_dynamic())
            return true;
    for (size_t i = 0; i < n.get_output_size(); ++i)
        if (n.get_output_partial_shape(i).is_dynamic())
            return true;
    return false;
}

// What compile will do with `n`. A node with dynamic shapes is planned per input signature when the
// model runs: its kernel runs it unless that signature's shapes are refused, so query reports the kernel.
Validation query_runs(const Node& n, const DeviceInfo& device, const std::set<std::string>& host_ops) {
    if (!has_dynamic_shape(n) || host_ops.count(n.get_type_name()))
        return device_runs(n, device, host_ops);
    if (find_gpu_op(n))
        return Validation::yes();
    return Validation::no("no OpenCL kernel for " + n.get_type_name() + "-" + std::to_string(n.get_version()));
}
}  // namespace

QueryReport Plugin::query_model_report(const std::shared_ptr<const Model>& model, const AnyMap& properties) const {
    if (!model)
        raise<InvalidArgument>("GPU query_model: the model is null");
    const Config config(take_config_files(properties, nullptr), m_config,
                        /*lenient=*/true);
    const DeviceInfo& device = device_info(config.device_id);
    const std::string name = get_device_name() + "." + std::to_string(config.device_id);
    auto transformed = prepare_model(*model, config);
    QueryReport report;
    std::set<std::string> present;
    for (const auto& n : transformed->get_ordered_ops()) {
        present.insert(n->get_friendly_name());
        const std::string& t = n->get_type_name();
        if (t == "Parameter" || t == "Constant" || t == "Result") {
            report[n->get_friendly_name()] = {name, ""};
            continue;
        }
        // An op the device refuses runs on the host inside the compiled model when it has a host implementation
        // (check_runnable): supported, as OpenVINO's query_model means it, but not as a kernel.
        const Validation v = query_runs(*n, device, config.host_ops);
        if (v.supported)
            report[n->get_friendly_name()] = OpQuery{name, ""};
        else if (n->spec().evaluate || t == "ReadValue" || t == "Assign")
            report[n->get_friendly_name()] = OpQuery{name, v.reason, true};
        else
            report[n->get_friendly_name()] = OpQuery{"", v.reason + "; no host implementation either"};
        auto fused = n->get_rt_info().find("fused_names");  // ops fused into n (fusions.hpp) run where n runs
        if (t.rfind("Fused", 0) == 0 && fused != n->get_rt_info().end() && fused->second.is<std::string>()) {
            std::stringstream names(fused->second.as<std::string>());
            for (std::string part; std::getline(names, part, ',');) {
                report[part] = report[n->get_friendly_name()];
                present.insert(part);
            }
        }
    }
    QueryReport original;  // report on the user's op names; folded ops ran at compile time
    for (const auto& n : model->get_ordered_ops()) {
        auto it = report.find(n->get_friendly_name());
        original[n->get_friendly_name()] =
            it != report.end() && present.count(n->get_friendly_name()) ? it->second : OpQuery{name, ""};
    }
    return original;
}

SupportedOpsMap Plugin::query_model(const std::shared_ptr<const Model>& model, const AnyMap& properties) const {
    return supported_ops(query_model_report(model, properties));
}

}  // namespace gpu
}  // namespace ovcl
