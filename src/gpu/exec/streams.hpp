// The streams of a compiled model (NUM_STREAMS): each stream is an in-order OpenCL command
// queue plus a serial executor that enqueues into it, so the device sees each stream's
// inferences in order while several streams keep it busy. Requests are bound to a stream
// round-robin when they are created. With EXCLUSIVE_ASYNC_REQUESTS every compiled model on
// a device shares one set of streams.
#pragma once

#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "ocl/device_context.hpp"
#include "ovcl/plugin/itask_executor.hpp"
#include "plan/stream_arenas.hpp"
#include "runtime/stage_thread.hpp"

namespace ovcl {
namespace gpu {

/// How a request's stages are spread over threads (async_infer_request.hpp, docs/async_pipeline.md).
enum class PipelineShape {
    /// A device with its own cores: host stages on the task executor, the enqueue stage on the
    /// stream, the wait on the wait executor, postprocess on the task executor again.
    STAGED,
    /// A device that runs on the host's cores (an OpenCL CPU device such as PoCL's): a thread hop
    /// buys no overlap there, only wake-ups that take CPU from the device. Preprocess, upload and
    /// enqueue run on the stream (on the caller's thread when the stream is idle), wait and
    /// postprocess on the wait executor (or on the thread blocked in wait()).
    MERGED,
};

struct Stream {
    cl::CommandQueue queue;
    std::shared_ptr<ITaskExecutor> executor;  ///< serial: one enqueue stage at a time
    std::shared_ptr<StageThread> thread;      ///< the thread behind `executor` (null on the application's queue)
    PipelineShape pipeline = PipelineShape::STAGED;
    std::string name;                         ///< "GPU.0 stream 1"
    int device_track = -1;                    ///< the queue's timeline track (when tracing)
    /// host steady_clock - device profiling clock, measured once (device timestamps -> timeline).
    std::chrono::nanoseconds host_minus_device{0};
    /// The memory plan's arenas, shared by the stream's requests (stream_arenas.hpp).
    mutable StreamArenas arenas;
    /// Held while one request enqueues a whole inference: commands of another request of the stream (a sync
    /// infer() on another thread) must not fall between them, since they share the arenas.
    mutable std::mutex enqueue_mutex;
};

class GpuStreams {
public:
    /// `profiling`: queues record event timestamps (PERF_COUNT or the timeline).
    GpuStreams(const DeviceContext& device, const std::string& name, int streams, bool profiling);
    /// One shared set per device context (EXCLUSIVE_ASYNC_REQUESTS), made on first use.
    static std::shared_ptr<GpuStreams> exclusive(const DeviceContext& device, const std::string& name,
                                                 bool profiling);
    /// One stream on the application's queue (a remote context made from a cl_command_queue). Its
    /// executor runs tasks on the calling thread, so start_async returns once everything is enqueued.
    static std::shared_ptr<GpuStreams> on_user_queue(const cl::CommandQueue& queue, const std::string& name);

    size_t size() const { return m_streams.size(); }
    bool profiling() const { return m_profiling; }
    /// The stream for the next request (round-robin).
    const Stream& assign() { return *m_streams[m_next++ % m_streams.size()]; }
    const Stream& stream(size_t i) const { return *m_streams.at(i); }

private:
    GpuStreams() = default;
    std::vector<std::unique_ptr<Stream>> m_streams;
    std::atomic<size_t> m_next{0};
    bool m_profiling = false;
};

}  // namespace gpu
}  // namespace ovcl
