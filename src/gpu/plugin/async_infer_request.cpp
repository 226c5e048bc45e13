#include "plugin/async_infer_request.hpp"

namespace ovcl {
namespace gpu {

AsyncInferRequest::AsyncInferRequest(const std::shared_ptr<InferRequest>& request,
                                     const std::shared_ptr<ITaskExecutor>& task_executor,
                                     const std::shared_ptr<WaitExecutor>& wait_executor,
                                     const std::shared_ptr<ITaskExecutor>& callback_executor)
    : IAsyncInferRequest(request, task_executor, callback_executor), m_wait_executor(wait_executor) {
    // Raw pointer: the base class owns the request and outlives every stage (its destructor waits).
    InferRequest* r = request.get();
    auto waiter = wait_executor->stage_executor([r] { return r->completion_event(); }, this);
    // The same four stages either way (the timeline names them); MERGED runs the second and the
    // fourth inline (null executor: on the thread that finished the stage before).
    const bool merged = r->stream().pipeline == PipelineShape::MERGED;
    const std::shared_ptr<ITaskExecutor> none;
    m_pipeline = {
        {merged ? r->stream().executor : task_executor, [r] { r->infer_preprocess(); }, "Preprocess"},
        // Upload and enqueue together on the stream: the stream's requests share its arenas.
        {merged ? none : r->stream().executor, [r] { r->enqueue(); }, "Upload+StartPipeline"},
        // Runs after a cancel too: the request is idle only when the device is done with its buffers.
        {waiter, [r] { r->wait_pipeline(); }, "WaitPipeline", /*always=*/true},
        {merged ? none : task_executor, [r] { r->infer_postprocess(); }, "Postprocess"},
    };
    m_sync_pipeline = {
        {nullptr, [r] { r->infer_preprocess(); }, "Preprocess"},
        {nullptr, [r] { r->enqueue(); }, "Upload+StartPipeline"},
        {nullptr, [r] { r->wait_pipeline(); }, "WaitPipeline"},
        {nullptr, [r] { r->infer_postprocess(); }, "Postprocess"},
    };
}

AsyncInferRequest::~AsyncInferRequest() { stop_and_wait(); }

void AsyncInferRequest::wait() {
    // Parked on the wait executor: this thread waits for the device and finishes the run itself.
    m_wait_executor->run_here(this);
    IAsyncInferRequest::wait();
}

}  // namespace gpu
}  // namespace ovcl
