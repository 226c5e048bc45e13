// The GPU request's pipeline of (executor, stage) pairs:
//   preprocess + upload      on the compiled model's task executor (host work, writes enqueued)
//   start_pipeline           on the request's stream (kernels and output reads enqueued in order)
//   wait_pipeline            on the device's wait executor, once the stream's marker completes
//   postprocess              on the task executor
// then the user's callback on the callback executor. While one request waits on the device,
// others prepare and enqueue, so the device never idles between inferences. infer() runs the
// same stages inline.
#pragma once

#include "infer_request.hpp"
#include "ovcl/plugin/iasync_infer_request.hpp"
#include "wait_executor.hpp"

namespace ovcl {
namespace gpu {

class AsyncInferRequest : public IAsyncInferRequest {
public:
    AsyncInferRequest(const std::shared_ptr<InferRequest>& request, const std::shared_ptr<ITaskExecutor>& task_executor,
                      const std::shared_ptr<WaitExecutor>& wait_executor,
                      const std::shared_ptr<ITaskExecutor>& callback_executor);
    ~AsyncInferRequest() override;
};

}  // namespace gpu
}  // namespace ovcl
