// The streams of a compiled model (NUM_STREAMS): each stream is an in-order OpenCL command
// queue plus a serial executor that enqueues into it, so the device sees each stream's
// inferences in order while several streams keep it busy. Requests are bound to a stream
// round-robin when they are created. With EXCLUSIVE_ASYNC_REQUESTS every compiled model on
// a device shares one set of streams.
#pragma once

#include <atomic>
#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "device_context.hpp"
#include "ovcl/plugin/itask_executor.hpp"

namespace ovcl {
namespace gpu {

struct Stream {
    cl::CommandQueue queue;
    std::shared_ptr<ITaskExecutor> executor;  ///< serial: one enqueue stage at a time
    std::string name;                         ///< "GPU.0 stream 1"
    int device_track = -1;                    ///< the queue's timeline track (when tracing)
    /// host steady_clock - device profiling clock, measured once (device timestamps -> timeline).
    std::chrono::nanoseconds host_minus_device{0};
};

class GpuStreams {
public:
    /// `profiling`: queues record event timestamps (PERF_COUNT or the timeline).
    GpuStreams(const DeviceContext& device, const std::string& name, int streams, bool profiling);
    /// One shared set per device context (EXCLUSIVE_ASYNC_REQUESTS), made on first use.
    static std::shared_ptr<GpuStreams> exclusive(const DeviceContext& device, const std::string& name,
                                                 bool profiling);

    size_t size() const { return m_streams.size(); }
    bool profiling() const { return m_profiling; }
    /// The stream for the next request (round-robin).
    const Stream& assign() { return *m_streams[m_next++ % m_streams.size()]; }

private:
    StreamsExecutor m_executor;
    std::vector<std::unique_ptr<Stream>> m_streams;
    std::atomic<size_t> m_next{0};
    bool m_profiling;
};

}  // namespace gpu
}  // namespace ovcl
