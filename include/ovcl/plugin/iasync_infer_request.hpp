// The asynchronous infer request (OpenVINO's ov::IAsyncInferRequest): a pipeline of
// (executor, stage) pairs. start_async runs each stage on its executor in turn; wait()
// returns when the last stage and the callback are done, rethrowing a stage's (or the
// callback's) exception. With the timeline on (runtime/trace.hpp) every stage is a slice on
// the request's track and on its executor's track.
#pragma once

#include <chrono>
#include <condition_variable>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "ovcl/plugin/isync_infer_request.hpp"
#include "ovcl/plugin/itask_executor.hpp"

namespace ovcl {

class IAsyncInferRequest {
public:
    /// One stage: where it runs (null: inline, on the thread that finished the previous stage)
    /// and what it does; the name labels it in the timeline. After a cancel the remaining stages
    /// are skipped, except those marked `always` (a wait for device work already enqueued).
    struct Stage {
        std::shared_ptr<ITaskExecutor> executor;
        Task task;
        std::string name = "Infer";
        bool always = false;
    };
    using Pipeline = std::vector<Stage>;

    /// The default pipeline: the sync request's infer() on task_executor; the callback runs
    /// on callback_executor (inline when null).
    IAsyncInferRequest(std::shared_ptr<ISyncInferRequest> request, std::shared_ptr<ITaskExecutor> task_executor,
                       std::shared_ptr<ITaskExecutor> callback_executor);
    /// Waits for a running inference (its callback included) to finish.
    virtual ~IAsyncInferRequest();

    /// Runs the sync pipeline inline on the calling thread.
    virtual void infer();
    /// Starts the pipeline; throws Busy when a run is in progress.
    virtual void start_async();
    /// Waits for the run; rethrows its exception (Cancelled after cancel()).
    virtual void wait();
    /// Waits at most `timeout`; true when the run is done (rethrows its exception then).
    virtual bool wait_for(std::chrono::milliseconds timeout);
    /// Stops a run before its next stage; a no-op when idle. The request stays usable.
    virtual void cancel();
    /// The callback receives nullptr or the run's exception; it may call start_async again. An
    /// exception it throws is what the next wait() rethrows.
    virtual void set_callback(std::function<void(std::exception_ptr)> callback);

    Tensor get_tensor(const Output<Node>& port) const;
    void set_tensor(const Output<Node>& port, const Tensor& tensor);
    std::vector<Tensor> get_tensors(const Output<Node>& port) const;
    void set_tensors(const Output<Node>& port, const std::vector<Tensor>& tensors);
    std::vector<ProfilingInfo> get_profiling_info() const;
    std::vector<std::shared_ptr<IVariableState>> query_state() const;
    const std::shared_ptr<const ICompiledModel>& get_compiled_model() const;
    const OutputVector& get_inputs() const { return m_sync_request->get_inputs(); }
    const OutputVector& get_outputs() const { return m_sync_request->get_outputs(); }
    const std::shared_ptr<ISyncInferRequest>& get_sync_request() const { return m_sync_request; }

protected:
    /// Derived classes call this first in their destructor, before their members go.
    void stop_and_wait();
    /// Throws Busy when a run is in progress.
    void check_state() const;

    Pipeline m_pipeline;       ///< stages of start_async
    Pipeline m_sync_pipeline;  ///< stages of infer(), run inline (executors ignored)

private:
    enum class State { IDLE, BUSY };
    /// Marks the request busy for a new run; throws Busy when one is in progress.
    void begin_run();
    void run_stage(size_t i);
    void run_traced(const Stage& stage, const std::shared_ptr<ITaskExecutor>& executor);
    void finish(std::exception_ptr error);
    bool idle() const { return m_state == State::IDLE && m_callbacks_running == 0; }

    std::shared_ptr<ISyncInferRequest> m_sync_request;
    std::shared_ptr<ITaskExecutor> m_callback_executor;
    mutable std::mutex m_mutex;
    std::condition_variable m_done;
    State m_state = State::IDLE;
    bool m_cancel_requested = false;
    int m_callbacks_running = 0;  ///< a callback may restart the request: several can overlap
    std::exception_ptr m_error;
    std::function<void(std::exception_ptr)> m_callback;
    int m_track = -1;  ///< the request's timeline track (made on first traced run)
};

}  // namespace ovcl
