// The OpenCL side of the GPU plugin's remote API (like OpenVINO's ov::intel_gpu::ocl): typed
// wrappers over RemoteContext and RemoteTensor that speak in cl_context / cl_device_id /
// cl_command_queue / cl_mem. Header-only: everything goes through the property maps of the
// generic API, so an application needs the OpenCL headers but ovcl_runtime does not link OpenCL.
#pragma once

#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 120
#endif
#include <CL/cl.h>

#include <string>

#include "ovcl/core.hpp"
#include "ovcl/remote_context.hpp"

namespace ovcl {
namespace ocl {

/// Property keys and values of GPU contexts and tensors (OpenVINO's names). Handles travel as void*.
namespace key {
inline constexpr const char* CONTEXT_TYPE = "CONTEXT_TYPE";                    ///< "OCL"
inline constexpr const char* OCL_CONTEXT = "OCL_CONTEXT";                      ///< cl_context
inline constexpr const char* OCL_CONTEXT_DEVICE_ID = "OCL_CONTEXT_DEVICE_ID";  ///< index among the context's devices
inline constexpr const char* OCL_DEVICE = "OCL_DEVICE";                        ///< cl_device_id (read only)
inline constexpr const char* OCL_QUEUE = "OCL_QUEUE";                          ///< cl_command_queue
inline constexpr const char* SHARED_MEM_TYPE = "SHARED_MEM_TYPE";
inline constexpr const char* MEM_HANDLE = "MEM_HANDLE";  ///< cl_mem
}  // namespace key
namespace value {
inline constexpr const char* OCL = "OCL";
inline constexpr const char* OCL_BUFFER = "OCL_BUFFER";            ///< device memory (a cl_mem)
inline constexpr const char* OCL_HOST_BUFFER = "OCL_HOST_BUFFER";  ///< host-visible (CL_MEM_ALLOC_HOST_PTR)
}  // namespace value

namespace detail {
inline void* handle(const AnyMap& params, const char* name) {
    auto it = params.find(name);
    if (it == params.end())
        raise<NotFound>("the remote object has no ", name, " property");
    return it->second.as<void*>();
}
}  // namespace detail

/// A device buffer tensor: get() is its cl_mem (valid while the tensor lives).
class ClBufferTensor : public RemoteTensor {
public:
    ClBufferTensor() = default;
    explicit ClBufferTensor(const RemoteTensor& t) : RemoteTensor(t) {
        if (get_params().at(key::SHARED_MEM_TYPE).as<std::string>() != value::OCL_BUFFER)
            raise<InvalidArgument>("the remote tensor is not an OpenCL buffer");
    }
    cl_mem get() const { return static_cast<cl_mem>(detail::handle(get_params(), key::MEM_HANDLE)); }
    operator cl_mem() const { return get(); }  // NOLINT
};

/// An OpenCL context of the GPU plugin: the plugin's own (Core::get_default_context), one over the
/// application's cl_context, or one over its in-order cl_command_queue (inference then runs on that
/// queue: one stream, and start_async returns once everything is enqueued).
class ClContext : public RemoteContext {
public:
    ClContext() = default;
    /// device_id: which of the context's devices runs the models (OCL_CONTEXT_DEVICE_ID).
    ClContext(Core& core, cl_context context, int device_id = 0)
        : RemoteContext(core.create_context("GPU", {{key::CONTEXT_TYPE, std::string(value::OCL)},
                                                    {key::OCL_CONTEXT, static_cast<void*>(context)},
                                                    {key::OCL_CONTEXT_DEVICE_ID, device_id}})) {}
    ClContext(Core& core, cl_command_queue queue)
        : RemoteContext(core.create_context("GPU", {{key::CONTEXT_TYPE, std::string(value::OCL)},
                                                    {key::OCL_QUEUE, static_cast<void*>(queue)}})) {}
    /// A generic context of the GPU plugin seen as an OpenCL one.
    explicit ClContext(const RemoteContext& context) : RemoteContext(context) {
        auto it = get_params().find(key::CONTEXT_TYPE);
        if (it == get_params().end() || it->second.as<std::string>() != value::OCL)
            raise<InvalidArgument>("the remote context of ", get_device_name(), " is not an OpenCL context");
    }

    cl_context get() const { return static_cast<cl_context>(detail::handle(get_params(), key::OCL_CONTEXT)); }
    operator cl_context() const { return get(); }  // NOLINT
    cl_device_id get_device() const {
        return static_cast<cl_device_id>(detail::handle(get_params(), key::OCL_DEVICE));
    }
    /// The user's queue for a context made from one; otherwise the context's own queue, the one
    /// its tensors' copy_to uses.
    cl_command_queue get_queue() const {
        return static_cast<cl_command_queue>(detail::handle(get_params(), key::OCL_QUEUE));
    }

    /// A new device buffer of this context.
    ClBufferTensor create_tensor(const element::Type& type, const Shape& shape) {
        return ClBufferTensor(RemoteContext::create_tensor(type, shape));
    }
    /// Wraps the application's buffer (not owned; retained while the tensor lives). It must belong
    /// to this cl_context and hold at least the tensor's bytes.
    ClBufferTensor create_tensor(const element::Type& type, const Shape& shape, cl_mem buffer) {
        return ClBufferTensor(RemoteContext::create_tensor(
            type, shape,
            {{key::SHARED_MEM_TYPE, std::string(value::OCL_BUFFER)}, {key::MEM_HANDLE, static_cast<void*>(buffer)}}));
    }
};

}  // namespace ocl

/// OpenVINO's spelling: ov::intel_gpu::ocl::ClContext is ovcl::intel_gpu::ocl::ClContext.
namespace intel_gpu {
namespace ocl = ::ovcl::ocl;
}  // namespace intel_gpu
}  // namespace ovcl
