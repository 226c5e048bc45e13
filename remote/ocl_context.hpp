// The GPU plugin's remote context: one OpenCL context on one device (GPU.N). It is the plugin's own
// DeviceContext (get_default_context), or one made over the application's cl_context, or over its
// cl_command_queue (then the compiled models of the context run on that queue).
#pragma once

#include <memory>
#include <mutex>
#include <string>

#include "ocl/device_context.hpp"
#include "ovcl/plugin/iremote_context.hpp"

namespace ovcl {
namespace gpu {

class OclContext : public IRemoteContext {
public:
    /// `device_index`: N of GPU.N. A non-null `user_queue` is the application's queue (device->user_queue).
    OclContext(std::shared_ptr<DeviceContext> device, int device_index);

    const std::string& get_device_name() const override { return m_name; }
    const AnyMap& get_property() const override { return m_params; }
    /// params: empty (a new device buffer) or SHARED_MEM_TYPE=OCL_BUFFER + MEM_HANDLE=<cl_mem> (a wrapper).
    std::shared_ptr<IRemoteTensor> create_tensor(const element::Type& type, const Shape& shape,
                                                 const AnyMap& params = {}) override;
    /// A host-visible buffer (CL_MEM_ALLOC_HOST_PTR), mapped while the host owns it.
    std::shared_ptr<ITensor> create_host_tensor(const element::Type& type, const Shape& shape) override;

    const std::shared_ptr<DeviceContext>& device() const { return m_device; }
    int device_index() const { return m_index; }
    const cl::Context& cl_context() const { return m_device->context; }
    /// The queue of blocking tensor copies: the user's queue, or one of the context's own.
    const cl::CommandQueue& queue() const { return m_queue; }

private:
    std::shared_ptr<DeviceContext> m_device;
    int m_index;
    std::string m_name;
    AnyMap m_params;
    cl::CommandQueue m_queue;
};

/// `context` as the GPU plugin's context; throws InvalidArgument naming `where` when it is another
/// plugin's (or null).
std::shared_ptr<OclContext> as_ocl_context(const std::shared_ptr<IRemoteContext>& context, const std::string& where);

}  // namespace gpu
}  // namespace ovcl
