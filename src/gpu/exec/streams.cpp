#include "exec/streams.hpp"

#include <cstdlib>
#include <map>
#include <mutex>

#include "runtime/trace.hpp"

namespace ovcl {
namespace gpu {

namespace {
/// Device timestamps are in the device's clock: one marker read against steady_clock gives the offset.
std::chrono::nanoseconds clock_offset(const cl::CommandQueue& queue) {
    cl::Event marker;
    check(queue.enqueueMarkerWithWaitList(nullptr, &marker), "clEnqueueMarkerWithWaitList", "clock calibration");
    check(marker.wait(), "clWaitForEvents", "clock calibration");
    const auto host = std::chrono::steady_clock::now().time_since_epoch();
    cl_ulong end = 0;
    if (marker.getProfilingInfo(CL_PROFILING_COMMAND_END, &end) != CL_SUCCESS || end == 0)
        return std::chrono::nanoseconds(0);
    return std::chrono::duration_cast<std::chrono::nanoseconds>(host) - std::chrono::nanoseconds(end);
}

/// MERGED on a device that runs on the host's cores; OVCL_GPU_PIPELINE=staged|merged overrides it
/// (to measure one against the other, and to test the staged pipeline on PoCL).
PipelineShape pipeline_for(const DeviceContext& device) {
    if (const char* env = std::getenv("OVCL_GPU_PIPELINE"); env && *env) {
        const std::string v = env;
        if (v == "staged" || v == "merged")
            return v == "staged" ? PipelineShape::STAGED : PipelineShape::MERGED;
        raise<InvalidArgument>("OVCL_GPU_PIPELINE='", v, "': expected 'staged' or 'merged'");
    }
    cl_device_type type = 0;
    check(device.device.device.getInfo(CL_DEVICE_TYPE, &type), "clGetDeviceInfo", "CL_DEVICE_TYPE");
    return (type & CL_DEVICE_TYPE_CPU) ? PipelineShape::MERGED : PipelineShape::STAGED;
}
}  // namespace

GpuStreams::GpuStreams(const DeviceContext& device, const std::string& name, int streams, bool profiling)
    : m_profiling(profiling) {
    if (streams < 1)
        raise<InvalidArgument>("GPU streams '", name, "': ", streams, " streams (at least 1)");
    const PipelineShape pipeline = pipeline_for(device);
    for (int i = 0; i < streams; ++i) {
        auto s = std::make_unique<Stream>();
        s->queue = device.make_queue(profiling);
        s->name = name + " stream " + std::to_string(i);
        s->pipeline = pipeline;
        // A stage thread, not a TBB arena (runtime/stage_thread.hpp). MERGED: start_async's caller
        // enqueues itself when the stream is idle, saving a hand-over per inference.
        s->thread = StageThread::make(s->name);
        s->executor = pipeline == PipelineShape::MERGED ? s->thread->caller_runs() : s->thread;
        if (profiling)
            s->host_minus_device = clock_offset(s->queue);
        if (trace::enabled())
            s->device_track = trace::new_track(trace::Group::DEVICE, s->name + " queue");
        m_streams.push_back(std::move(s));
    }
}

std::shared_ptr<GpuStreams> GpuStreams::on_user_queue(const cl::CommandQueue& queue, const std::string& name) {
    std::shared_ptr<GpuStreams> streams(new GpuStreams());
    cl_command_queue_properties props = 0;
    check(queue.getInfo(CL_QUEUE_PROPERTIES, &props), "clGetCommandQueueInfo", name);
    streams->m_profiling = (props & CL_QUEUE_PROFILING_ENABLE) != 0;  // the application decides
    auto s = std::make_unique<Stream>();
    s->queue = queue;
    s->executor = make_immediate_executor();
    s->name = name + " user queue";
    if (streams->m_profiling)
        s->host_minus_device = clock_offset(s->queue);
    if (trace::enabled())
        s->device_track = trace::new_track(trace::Group::DEVICE, s->name);
    streams->m_streams.push_back(std::move(s));
    return streams;
}

std::shared_ptr<GpuStreams> GpuStreams::exclusive(const DeviceContext& device, const std::string& name,
                                                  bool profiling) {
    static std::mutex mutex;
    static auto* shared = new std::map<std::pair<cl_context, bool>, std::weak_ptr<GpuStreams>>();
    std::lock_guard<std::mutex> lock(mutex);
    auto& weak = (*shared)[{device.context(), profiling}];
    auto s = weak.lock();
    if (!s) {
        s = std::make_shared<GpuStreams>(device, name, 1, profiling);
        weak = s;
    }
    return s;
}

}  // namespace gpu
}  // namespace ovcl
