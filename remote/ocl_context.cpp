#include "ocl_context.hpp"

#include "ocl_tensors.hpp"
#include "ovcl/ocl/ocl.hpp"

namespace ovcl {
namespace gpu {

OclContext::OclContext(std::shared_ptr<DeviceContext> device, int device_index)
    : m_device(std::move(device)), m_index(device_index), m_name("GPU." + std::to_string(device_index)) {
    m_queue = m_device->user_queue() ? m_device->user_queue : m_device->make_queue(false);
    m_params = {{ocl::key::CONTEXT_TYPE, std::string(ocl::value::OCL)},
                {ocl::key::OCL_CONTEXT, static_cast<void*>(m_device->context())},
                {ocl::key::OCL_DEVICE, static_cast<void*>(m_device->device.device())},
                {ocl::key::OCL_QUEUE, static_cast<void*>(m_queue())},
                {device::id.key, std::to_string(device_index)}};
}

std::shared_ptr<IRemoteTensor> OclContext::create_tensor(const element::Type& type, const Shape& shape,
                                                         const AnyMap& params) {
    auto self = std::static_pointer_cast<OclContext>(shared_from_this());
    auto mem_type = params.find(ocl::key::SHARED_MEM_TYPE);
    auto handle = params.find(ocl::key::MEM_HANDLE);
    for (const auto& [key, value] : params)
        if (key != ocl::key::SHARED_MEM_TYPE && key != ocl::key::MEM_HANDLE)
            raise<NotFound>(m_name, " create_tensor: unknown parameter ", key, " (known: ", ocl::key::SHARED_MEM_TYPE,
                            ", ", ocl::key::MEM_HANDLE, ")");
    if (mem_type != params.end() && mem_type->second.as<std::string>() != ocl::value::OCL_BUFFER)
        raise<InvalidArgument>(m_name, " create_tensor: ", ocl::key::SHARED_MEM_TYPE, "=",
                               mem_type->second.as<std::string>(), " is not supported (only ", ocl::value::OCL_BUFFER,
                               "; host-visible memory comes from create_host_tensor)");
    if (handle == params.end())
        return std::make_shared<OclBufferTensor>(self, type, shape);
    return std::make_shared<OclBufferTensor>(self, type, shape, static_cast<cl_mem>(handle->second.as<void*>()));
}

std::shared_ptr<ITensor> OclContext::create_host_tensor(const element::Type& type, const Shape& shape) {
    return std::make_shared<OclHostTensor>(std::static_pointer_cast<OclContext>(shared_from_this()), type, shape);
}

std::shared_ptr<OclContext> as_ocl_context(const std::shared_ptr<IRemoteContext>& context, const std::string& where) {
    if (!context)
        raise<InvalidArgument>(where, ": the remote context is null");
    auto ocl = std::dynamic_pointer_cast<OclContext>(context);
    if (!ocl)
        raise<InvalidArgument>(where, ": the remote context of ", context->get_device_name(),
                               " is not an OpenCL context of the GPU plugin");
    return ocl;
}

}  // namespace gpu
}  // namespace ovcl
