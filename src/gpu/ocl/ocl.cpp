#include "ocl/ocl.hpp"

#include <algorithm>
#include <limits>
#include <sstream>
#include <vector>

namespace ovcl {
namespace gpu {

const char* cl_error_name(cl_int err) {
    switch (err) {
#define OVCL_CL_ERR(e) \
    case e:            \
        return #e;
        OVCL_CL_ERR(CL_SUCCESS)
        OVCL_CL_ERR(CL_DEVICE_NOT_FOUND)
        OVCL_CL_ERR(CL_DEVICE_NOT_AVAILABLE)
        OVCL_CL_ERR(CL_COMPILER_NOT_AVAILABLE)
        OVCL_CL_ERR(CL_MEM_OBJECT_ALLOCATION_FAILURE)
        OVCL_CL_ERR(CL_OUT_OF_RESOURCES)
        OVCL_CL_ERR(CL_OUT_OF_HOST_MEMORY)
        OVCL_CL_ERR(CL_PROFILING_INFO_NOT_AVAILABLE)
        OVCL_CL_ERR(CL_MEM_COPY_OVERLAP)
        OVCL_CL_ERR(CL_IMAGE_FORMAT_MISMATCH)
        OVCL_CL_ERR(CL_IMAGE_FORMAT_NOT_SUPPORTED)
        OVCL_CL_ERR(CL_BUILD_PROGRAM_FAILURE)
        OVCL_CL_ERR(CL_MAP_FAILURE)
        OVCL_CL_ERR(CL_MISALIGNED_SUB_BUFFER_OFFSET)
        OVCL_CL_ERR(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST)
        OVCL_CL_ERR(CL_COMPILE_PROGRAM_FAILURE)
        OVCL_CL_ERR(CL_LINKER_NOT_AVAILABLE)
        OVCL_CL_ERR(CL_LINK_PROGRAM_FAILURE)
        OVCL_CL_ERR(CL_DEVICE_PARTITION_FAILED)
        OVCL_CL_ERR(CL_KERNEL_ARG_INFO_NOT_AVAILABLE)
        OVCL_CL_ERR(CL_INVALID_VALUE)
        OVCL_CL_ERR(CL_INVALID_DEVICE_TYPE)
        OVCL_CL_ERR(CL_INVALID_PLATFORM)
        OVCL_CL_ERR(CL_INVALID_DEVICE)
        OVCL_CL_ERR(CL_INVALID_CONTEXT)
        OVCL_CL_ERR(CL_INVALID_QUEUE_PROPERTIES)
        OVCL_CL_ERR(CL_INVALID_COMMAND_QUEUE)
        OVCL_CL_ERR(CL_INVALID_HOST_PTR)
        OVCL_CL_ERR(CL_INVALID_MEM_OBJECT)
        OVCL_CL_ERR(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR)
        OVCL_CL_ERR(CL_INVALID_IMAGE_SIZE)
        OVCL_CL_ERR(CL_INVALID_SAMPLER)
        OVCL_CL_ERR(CL_INVALID_BINARY)
        OVCL_CL_ERR(CL_INVALID_BUILD_OPTIONS)
        OVCL_CL_ERR(CL_INVALID_PROGRAM)
        OVCL_CL_ERR(CL_INVALID_PROGRAM_EXECUTABLE)
        OVCL_CL_ERR(CL_INVALID_KERNEL_NAME)
        OVCL_CL_ERR(CL_INVALID_KERNEL_DEFINITION)
        OVCL_CL_ERR(CL_INVALID_KERNEL)
        OVCL_CL_ERR(CL_INVALID_ARG_INDEX)
        OVCL_CL_ERR(CL_INVALID_ARG_VALUE)
        OVCL_CL_ERR(CL_INVALID_ARG_SIZE)
        OVCL_CL_ERR(CL_INVALID_KERNEL_ARGS)
        OVCL_CL_ERR(CL_INVALID_WORK_DIMENSION)
        OVCL_CL_ERR(CL_INVALID_WORK_GROUP_SIZE)
        OVCL_CL_ERR(CL_INVALID_WORK_ITEM_SIZE)
        OVCL_CL_ERR(CL_INVALID_GLOBAL_OFFSET)
        OVCL_CL_ERR(CL_INVALID_EVENT_WAIT_LIST)
        OVCL_CL_ERR(CL_INVALID_EVENT)
        OVCL_CL_ERR(CL_INVALID_OPERATION)
        OVCL_CL_ERR(CL_INVALID_GL_OBJECT)
        OVCL_CL_ERR(CL_INVALID_BUFFER_SIZE)
        OVCL_CL_ERR(CL_INVALID_MIP_LEVEL)
        OVCL_CL_ERR(CL_INVALID_GLOBAL_WORK_SIZE)
        OVCL_CL_ERR(CL_INVALID_PROPERTY)
#undef OVCL_CL_ERR
    default:
        return "unknown OpenCL error";
    }
}

void raise_ocl_error(cl_int err, const char* call, const std::string& context) {
    std::ostringstream os;
    os << call << " failed with " << cl_error_name(err) << " (" << err << ")";
    if (!context.empty())
        os << ": " << context;
    throw OclError(err, os.str());
}

namespace {

/// The smallest CL_DEVICE_MAX_MEM_ALLOC_SIZE of the context's devices.
size_t max_alloc_size(const cl::Context& context) {
    size_t limit = std::numeric_limits<size_t>::max();
    std::vector<cl::Device> devices;
    if (context.getInfo(CL_CONTEXT_DEVICES, &devices) == CL_SUCCESS)
        for (const cl::Device& d : devices) {
            cl_ulong bytes = 0;
            if (d.getInfo(CL_DEVICE_MAX_MEM_ALLOC_SIZE, &bytes) == CL_SUCCESS && bytes > 0)
                limit = std::min<size_t>(limit, static_cast<size_t>(bytes));
        }
    return limit;
}

}  // namespace

cl::Buffer make_buffer(const cl::Context& context, size_t bytes, cl_mem_flags flags, void* host) {
    cl_int err = CL_SUCCESS;
    // The spec's limit, checked here because NVIDIA's driver creates larger buffers and fails later, in whichever
    // command first uses one.
    if (const size_t limit = max_alloc_size(context); bytes > limit)
        check(CL_INVALID_BUFFER_SIZE, "clCreateBuffer",
              std::to_string(bytes) + " bytes, over CL_DEVICE_MAX_MEM_ALLOC_SIZE (" + std::to_string(limit) + ")");
    if (bytes == 0)  // an empty tensor: a 1-byte buffer with nothing to copy in
        flags &= ~static_cast<cl_mem_flags>(CL_MEM_COPY_HOST_PTR | CL_MEM_USE_HOST_PTR);
    cl::Buffer buffer(context, flags, std::max<size_t>(bytes, 1), bytes ? host : nullptr, &err);
    check(err, "clCreateBuffer", std::to_string(bytes) + " bytes");
    return buffer;
}

}  // namespace gpu
}  // namespace ovcl
