// What every compiled model on one OpenCL device shares: the context and the programs.
#pragma once

#include <memory>

#include "program_cache.hpp"

namespace ovcl {
namespace gpu {

struct DeviceContext {
    DeviceInfo device;
    cl::Context context;
    std::shared_ptr<ProgramCache> programs;

    explicit DeviceContext(const DeviceInfo& info);
    /// An in-order queue of this device (profiling on when asked).
    cl::CommandQueue make_queue(bool profiling) const;
};

}  // namespace gpu
}  // namespace ovcl
