// The GPU request's pipeline of (executor, stage) pairs, in one of two shapes (streams.hpp): STAGED for a device
// with its own cores (stages on separate executors, so that while one request waits on the device others prepare
// and enqueue, and the device never idles between inferences), MERGED for a device on the host's cores (PoCL),
// where every hop costs a wake-up on the cores the device computes on and buys nothing. Then the user's callback
// on the callback executor. infer() runs the same stages inline. Which stage runs where: docs/async_pipeline.md.
#pragma once

#include "exec/wait_executor.hpp"
#include "ovcl/plugin/iasync_infer_request.hpp"
#include "plugin/sync_infer_request.hpp"

namespace ovcl {
namespace gpu {

class AsyncInferRequest : public IAsyncInferRequest {
public:
    AsyncInferRequest(const std::shared_ptr<InferRequest>& request, const std::shared_ptr<ITaskExecutor>& task_executor,
                      const std::shared_ptr<WaitExecutor>& wait_executor,
                      const std::shared_ptr<ITaskExecutor>& callback_executor);
    ~AsyncInferRequest() override;

    /// As the base's, but when the run is parked on the wait executor (its commands are all
    /// enqueued), the calling thread waits for the device and runs the rest of the pipeline
    /// itself (WaitExecutor::run_here): one hand-over less for start_async + wait.
    void wait() override;

private:
    std::shared_ptr<WaitExecutor> m_wait_executor;
};

}  // namespace gpu
}  // namespace ovcl
