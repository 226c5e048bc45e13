// What every compiled model on one OpenCL device shares: the context and the programs.
#pragma once

#include <memory>

#include "ocl/program_cache.hpp"

namespace ovcl {
namespace gpu {

struct DeviceContext {
    DeviceInfo device;
    cl::Context context;
    std::shared_ptr<ProgramCache> programs;
    /// The application's in-order queue when a remote context was made from one (remote/): every
    /// compiled model of the context then runs on it, as one stream.
    cl::CommandQueue user_queue;

    explicit DeviceContext(const DeviceInfo& info);
    /// Over an existing context (the application's), which must hold `info`'s device.
    DeviceContext(const DeviceInfo& info, cl::Context existing, cl::CommandQueue queue = {});
    /// An in-order queue of this device (profiling on when asked).
    cl::CommandQueue make_queue(bool profiling) const;
};

}  // namespace gpu
}  // namespace ovcl
