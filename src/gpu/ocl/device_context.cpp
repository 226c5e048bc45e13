#include "ocl/device_context.hpp"

namespace ovcl {
namespace gpu {

DeviceContext::DeviceContext(const DeviceInfo& info) : device(info) {
    cl_int err = CL_SUCCESS;
    context = cl::Context(device.device, nullptr, nullptr, nullptr, &err);
    check(err, "clCreateContext", device.name);
    programs = std::make_shared<ProgramCache>(context, device);
}

DeviceContext::DeviceContext(const DeviceInfo& info, cl::Context existing, cl::CommandQueue queue)
    : device(info), context(std::move(existing)), user_queue(std::move(queue)) {
    programs = std::make_shared<ProgramCache>(context, device);
}

cl::CommandQueue DeviceContext::make_queue(bool profiling) const {
    cl_int err = CL_SUCCESS;
    cl::CommandQueue q(context, device.device, profiling ? CL_QUEUE_PROFILING_ENABLE : cl_command_queue_properties{0},
                       &err);
    check(err, "clCreateCommandQueue", device.name);
    return q;
}

}  // namespace gpu
}  // namespace ovcl
