// Where a GPU compiled model's requests run: NUM_STREAMS streams (queue + serial executor),
// a task executor for the host stages, the device's wait executor and a callback executor.
// EXCLUSIVE_ASYNC_REQUESTS: every compiled model of the device shares one stream and one
// task executor, so their requests never run at the same time.
#include <algorithm>

#include "plugin/compiled_model.hpp"
#include "runtime/stage_thread.hpp"
#include "runtime/trace.hpp"

namespace ovcl {
namespace gpu {

void CompiledModel::setup_executors() {
    const std::string device = "GPU." + std::to_string(m_config.device_id);
    const bool profiling = m_config.common.perf_count || trace::enabled();
    const int streams = m_config.effective_streams();
    if (m_device->user_queue()) {
        // The application's queue (remote/): one stream whose host stages run on the caller's thread,
        // so start_async returns once every command is in the queue; the wait runs as usual.
        m_streams = GpuStreams::on_user_queue(m_device->user_queue, device);
        set_task_executor(make_immediate_executor());
    } else if (m_config.common.exclusive_async_requests) {
        m_streams = GpuStreams::exclusive(*m_device, device + " exclusive", profiling);
        // MERGED runs every host stage but the wait on the one shared stream: its thread is the task executor.
        if (m_streams->stream(0).pipeline == PipelineShape::MERGED)
            set_task_executor(m_streams->stream(0).thread);
        else
            set_task_executor(get_shared_executor(device + " exclusive tasks", 1));
    } else {
        static std::atomic<int> models{0};
        const std::string name = device + " model " + std::to_string(models++);
        m_streams = std::make_shared<GpuStreams>(*m_device, name, streams, profiling);
        // Host stages are short (checks, packing, enqueueing): one thread per stream, two at least so
        // one request's postprocess never waits behind another's upload.
        set_task_executor(make_tbb_executor(name + " tasks", std::max(2, streams)));
    }
    m_wait_executor = WaitExecutor::for_device(m_device->device.device(), device + " wait");
    // Callbacks are the user's and short (OpenVINO asks them not to block); a stage thread sleeps
    // between them, where a TBB arena's worker would spin after each (runtime/stage_thread.hpp).
    m_callback_executor = make_stage_thread(device + " callbacks");
}

}  // namespace gpu
}  // namespace ovcl
