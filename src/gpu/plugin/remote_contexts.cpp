// The GPU plugin's remote-context entry points: default contexts, contexts over the application's
// OpenCL objects, and compiling for a context.
#include <sstream>

#include "ocl_context.hpp"
#include "ovcl/ocl/ocl.hpp"
#include "plugin/compiled_model.hpp"
#include "plugin/plugin.hpp"

namespace ovcl {
namespace gpu {

namespace {
template <typename T>
T handle_param(const AnyMap& params, const char* key) {
    auto it = params.find(key);
    return it == params.end() ? nullptr : static_cast<T>(it->second.as<void*>());
}
}  // namespace

int Plugin::device_index(cl_device_id device, const std::string& where) const {
    for (size_t i = 0; i < m_devices.size(); ++i)
        if (m_devices[i].device() == device)
            return static_cast<int>(i);
    raise<NotFound>(where, ": the OpenCL device ", static_cast<const void*>(device), " is not one of the ",
                    m_devices.size(), " devices GPU lists");
}

std::shared_ptr<IRemoteContext> Plugin::get_default_context(const AnyMap& params) const {
    const Config config(params, m_config);
    auto device = device_context(config.device_id);
    std::lock_guard<std::mutex> lock(m_mutex);
    auto& ctx = m_default_contexts[config.device_id];
    if (!ctx)
        ctx = std::make_shared<OclContext>(device, config.device_id);
    return ctx;
}

std::shared_ptr<IRemoteContext> Plugin::create_context(const AnyMap& params) const {
    const std::string where = get_device_name() + " create_context";
    for (const auto& [key, value] : params)
        if (key != ocl::key::CONTEXT_TYPE && key != ocl::key::OCL_CONTEXT && key != ocl::key::OCL_CONTEXT_DEVICE_ID &&
            key != ocl::key::OCL_QUEUE && key != device::id.key)
            raise<NotFound>(where, ": unknown parameter ", key, " (known: ", ocl::key::CONTEXT_TYPE, ", ",
                            ocl::key::OCL_CONTEXT, ", ", ocl::key::OCL_CONTEXT_DEVICE_ID, ", ", ocl::key::OCL_QUEUE,
                            ", ", device::id.key, ")");
    auto type = params.find(ocl::key::CONTEXT_TYPE);
    if (type != params.end() && type->second.as<std::string>() != ocl::value::OCL)
        raise<InvalidArgument>(where, ": ", ocl::key::CONTEXT_TYPE, "=", type->second.as<std::string>(),
                               " is not supported (only ", ocl::value::OCL, ")");
    auto user_context = handle_param<cl_context>(params, ocl::key::OCL_CONTEXT);
    auto user_queue = handle_param<cl_command_queue>(params, ocl::key::OCL_QUEUE);
    auto id_param = params.find(device::id.key);

    if (!user_context && !user_queue) {  // a context of the plugin's making, apart from the default one
        const Config config(params.count(device::id.key) ? AnyMap{*id_param} : AnyMap{}, m_config);
        const DeviceInfo& info = device_info(config.device_id);
        return std::make_shared<OclContext>(std::make_shared<DeviceContext>(info), config.device_id);
    }

    cl_device_id device = nullptr;
    cl::CommandQueue queue;
    if (user_queue) {
        cl_context of_queue = nullptr;
        cl_command_queue_properties props = 0;
        std::ostringstream handle;
        handle << static_cast<const void*>(user_queue);
        const std::string what = where + " over cl_command_queue " + handle.str();
        check(clGetCommandQueueInfo(user_queue, CL_QUEUE_CONTEXT, sizeof(of_queue), &of_queue, nullptr),
              "clGetCommandQueueInfo", what);
        check(clGetCommandQueueInfo(user_queue, CL_QUEUE_DEVICE, sizeof(device), &device, nullptr),
              "clGetCommandQueueInfo", what);
        check(clGetCommandQueueInfo(user_queue, CL_QUEUE_PROPERTIES, sizeof(props), &props, nullptr),
              "clGetCommandQueueInfo", what);
        if (props & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE)
            raise<InvalidArgument>(what, ": the queue is out-of-order; inference needs an in-order queue");
        if (user_context && user_context != of_queue)
            raise<InvalidArgument>(where, ": ", ocl::key::OCL_QUEUE, " belongs to another cl_context than ",
                                   ocl::key::OCL_CONTEXT);
        user_context = of_queue;
        queue = cl::CommandQueue(user_queue, /*retainObject=*/true);
    } else {
        std::vector<cl_device_id> devices;
        size_t bytes = 0;
        check(clGetContextInfo(user_context, CL_CONTEXT_DEVICES, 0, nullptr, &bytes), "clGetContextInfo", where);
        devices.resize(bytes / sizeof(cl_device_id));
        check(clGetContextInfo(user_context, CL_CONTEXT_DEVICES, bytes, devices.data(), nullptr), "clGetContextInfo",
              where);
        auto idx = params.find(ocl::key::OCL_CONTEXT_DEVICE_ID);
        const int64_t i = idx == params.end() ? 0 : idx->second.as<int64_t>();
        if (i < 0 || static_cast<size_t>(i) >= devices.size())
            raise<InvalidArgument>(where, ": ", ocl::key::OCL_CONTEXT_DEVICE_ID, "=", i, " but the cl_context has ",
                                   devices.size(), " device(s)");
        device = devices[static_cast<size_t>(i)];
    }
    const int index = device_index(device, where);
    if (id_param != params.end() && id_param->second.as<std::string>() != std::to_string(index))
        raise<InvalidArgument>(where, ": the OpenCL device is GPU.", index, ", not GPU.",
                               id_param->second.as<std::string>());
    auto ctx = std::make_shared<DeviceContext>(device_info(index), cl::Context(user_context, /*retainObject=*/true),
                                               queue);
    return std::make_shared<OclContext>(ctx, index);
}

std::shared_ptr<ICompiledModel> Plugin::compile_model(const std::shared_ptr<const Model>& model,
                                                      const AnyMap& properties,
                                                      const std::shared_ptr<IRemoteContext>& context) const {
    if (!model)
        raise<InvalidArgument>("GPU compile_model: the model is null");
    const auto ocl = as_ocl_context(context, get_device_name() + " compile_model");
    AnyMap props = properties;
    auto id = props.find(device::id.key);
    if (id != props.end() && id->second.as<std::string>() != std::to_string(ocl->device_index()))
        raise<InvalidArgument>("GPU compile_model: DEVICE_ID=", id->second.as<std::string>(),
                               " but the remote context is for ", ocl->get_device_name());
    props[device::id.key] = std::to_string(ocl->device_index());
    const Config config(props, m_config);
    const ProgramCache::Deferral binaries_after_warm_up(*ocl->device()->programs);
    auto compiled = std::make_shared<CompiledModel>(model, prepare_model(*model, config),
                                                    std::static_pointer_cast<const Plugin>(shared_from_this()),
                                                    ocl->device(), config);
    compiled->set_context(ocl);
    compiled->warm_up();
    return compiled;
}

}  // namespace gpu
}  // namespace ovcl
