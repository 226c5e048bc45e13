// Per-stage timing entries ("Preprocess", "Upload", ...) that requests add to their
// profiling info, with node_type "Stage".
#pragma once

#include <array>
#include <chrono>
#include <vector>

#include "ovcl/profiling_info.hpp"

namespace ovcl {

/// The clock of stage times.
using StageClock = std::chrono::steady_clock;
/// The time from t0 to now.
inline std::chrono::microseconds since(StageClock::time_point t0) {
    return std::chrono::duration_cast<std::chrono::microseconds>(StageClock::now() - t0);
}

template <size_t N>
void append_stage_times(std::vector<ProfilingInfo>& out, const char* const (&names)[N],
                        const std::array<std::chrono::microseconds, N>& durations) {
    for (size_t s = 0; s < N; ++s) {
        ProfilingInfo p;
        p.status = ProfilingInfo::Status::EXECUTED;
        p.node_name = names[s];
        p.node_type = "Stage";
        p.exec_type = "host";
        p.real_time = p.cpu_time = durations[s];
        out.push_back(p);
    }
}

}  // namespace ovcl
