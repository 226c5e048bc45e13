#pragma once

#include <chrono>
#include <string>

namespace ovcl {

/// Per-op (or per-stage) timing of one inference, as ov::ProfilingInfo.
struct ProfilingInfo {
    enum class Status { NOT_RUN, OPTIMIZED_OUT, EXECUTED };
    Status status = Status::NOT_RUN;
    std::chrono::microseconds real_time{0};  ///< wall time (device time for kernels)
    std::chrono::microseconds cpu_time{0};   ///< host time spent
    std::string node_name;
    std::string exec_type;  ///< implementation: "ref", an OpenCL kernel name, ...
    std::string node_type;
};

}  // namespace ovcl
