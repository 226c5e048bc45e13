#include "streams.hpp"

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
}  // namespace

GpuStreams::GpuStreams(const DeviceContext& device, const std::string& name, int streams, bool profiling)
    : m_executor(name, streams), m_profiling(profiling) {
    for (size_t i = 0; i < m_executor.size(); ++i) {
        auto s = std::make_unique<Stream>();
        s->queue = device.make_queue(profiling);
        s->executor = m_executor.stream(i);
        s->name = s->executor->name();
        if (profiling)
            s->host_minus_device = clock_offset(s->queue);
        if (trace::enabled())
            s->device_track = trace::new_track(trace::Group::DEVICE, s->name + " queue");
        m_streams.push_back(std::move(s));
    }
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
