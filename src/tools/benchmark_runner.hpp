// The measurement loops of `ovcl benchmark`, on the public API only. Sync: one request,
// infer() in a loop. Async: every request started at once and restarted from its own callback
// until the limits are reached, so nireq inferences stay in flight with no thread in between.
// Both stop when every limit given is reached (benchmark_app: -niter and -t together means both).
#pragma once

#include <cstdint>
#include <vector>

#include "ovcl/infer_request.hpp"

namespace ovcl {
namespace cli {

struct RunLimits {
    uint64_t iterations = 0;  ///< 0: no iteration limit
    double seconds = 0;       ///< 0: no time limit
    double max_fps = 0;       ///< -max_irate: inference k starts k x batch / max_fps s after the first, at the earliest
    uint32_t batch = 1;
};

struct Measurement {
    std::vector<double> latencies_ms;  ///< one per inference, sorted ascending
    std::vector<std::vector<double>> per_request_ms;  ///< the same by request, in order
    double duration_ms = 0;            ///< from the first start to the last completion
    uint64_t iterations = 0;
};

/// Latency figures as benchmark_app reports them; `percentile` 50 gives the median.
struct LatencyStats {
    double percentile = 0, average = 0, min = 0, max = 0;
};
LatencyStats latency_stats(const std::vector<double>& sorted_ms, uint32_t percentile);

/// Shows how far the run is, when `enabled` (-progress): a bar redrawn in place on a terminal, a plain
/// line per 10% otherwise.
class Progress {
public:
    Progress(const RunLimits& limits, bool terminal, bool enabled);
    /// Called often; redraws at most every 100 ms.
    void update(uint64_t iterations, double elapsed_s);
    void finish(uint64_t iterations, double elapsed_s);

private:
    double fraction(uint64_t iterations, double elapsed_s) const;
    RunLimits m_limits;
    bool m_terminal;
    bool m_enabled;
    int m_last_step = -1;  ///< plain mode: the last 10% step printed
    double m_last_draw_s = -1;
};

/// The time of one inference (start to end of infer()), for "first inference took".
double time_first_inference(InferRequest& request, bool async);

Measurement run_sync(InferRequest& request, const RunLimits& limits, Progress& progress);
/// Rethrows the first error any request reports, after every request has stopped.
Measurement run_async(std::vector<InferRequest>& requests, const RunLimits& limits, Progress& progress);

}  // namespace cli
}  // namespace ovcl
