#include "ovcl/plugin/iasync_infer_request.hpp"

#include <atomic>

#include "runtime/trace.hpp"

namespace ovcl {

IAsyncInferRequest::IAsyncInferRequest(std::shared_ptr<ISyncInferRequest> request,
                                       std::shared_ptr<ITaskExecutor> task_executor,
                                       std::shared_ptr<ITaskExecutor> callback_executor)
    : m_sync_request(std::move(request)), m_callback_executor(std::move(callback_executor)) {
    if (!m_sync_request)
        raise<InvalidArgument>("async infer request: the sync request is null");
    if (!task_executor)
        task_executor = make_immediate_executor();
    m_pipeline = {{task_executor, [this] { m_sync_request->infer(); }, "Infer"}};
    m_sync_pipeline = {{nullptr, [this] { m_sync_request->infer(); }, "Infer"}};
}

IAsyncInferRequest::~IAsyncInferRequest() { stop_and_wait(); }

void IAsyncInferRequest::stop_and_wait() {
    std::unique_lock<std::mutex> lock(m_mutex);
    m_done.wait(lock, [this] { return idle(); });
}

void IAsyncInferRequest::check_state() const {
    std::lock_guard<std::mutex> lock(m_mutex);
    if (m_state == State::BUSY)
        raise<Busy>("the infer request is busy: an inference is running");
}

void IAsyncInferRequest::begin_run() {
    std::lock_guard<std::mutex> lock(m_mutex);
    if (m_state == State::BUSY)
        raise<Busy>("the infer request is busy: an inference is running");
    m_state = State::BUSY;
    m_error = nullptr;
    m_cancel_requested = false;
}

void IAsyncInferRequest::run_traced(const Stage& stage, const std::shared_ptr<ITaskExecutor>& executor) {
    if (!trace::enabled()) {
        stage.task();
        return;
    }
    if (m_track < 0) {  // only the thread running the pipeline touches m_track
        static std::atomic<int> counter{0};
        m_track = trace::new_track(trace::Group::REQUESTS, "request " + std::to_string(counter++) + " (" +
                                                               get_compiled_model()->get_model_ports_owner()->get_friendly_name() + ")");
    }
    const auto t0 = trace::Clock::now();
    auto record = [&] {
        const auto t1 = trace::Clock::now();
        const std::string where = executor ? executor->name() : "caller";
        trace::slice(m_track, stage.name, t0, t1, where);
        trace::slice(trace::executor_track(where), stage.name, t0, t1, "request track " + std::to_string(m_track));
    };
    try {
        stage.task();
    } catch (...) {
        record();
        throw;
    }
    record();
}

void IAsyncInferRequest::infer() {
    begin_run();
    std::exception_ptr error;
    try {
        for (auto& stage : m_sync_pipeline)
            run_traced(stage, nullptr);
    } catch (...) {
        error = std::current_exception();
    }
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_state = State::IDLE;
        m_done.notify_all();
    }
    if (error)
        std::rethrow_exception(error);
}

void IAsyncInferRequest::start_async() {
    begin_run();
    run_stage(0);
}

void IAsyncInferRequest::run_stage(size_t i) {
    bool cancelled;
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        cancelled = m_cancel_requested;
    }
    if (cancelled)  // skip to the next stage that must still run
        while (i < m_pipeline.size() && !m_pipeline[i].always)
            ++i;
    if (i >= m_pipeline.size()) {
        finish(cancelled ? std::make_exception_ptr(Cancelled("the infer request was cancelled")) : nullptr);
        return;
    }
    const auto& executor = m_pipeline[i].executor;
    auto body = [this, i] {
        bool cancelled_now;
        {
            std::lock_guard<std::mutex> lock(m_mutex);
            cancelled_now = m_cancel_requested;
        }
        if (cancelled_now && !m_pipeline[i].always) {
            run_stage(i + 1);
            return;
        }
        try {
            run_traced(m_pipeline[i], m_pipeline[i].executor);
        } catch (...) {
            finish(std::current_exception());
            return;
        }
        run_stage(i + 1);
    };
    if (executor)
        executor->run(std::move(body));
    else
        body();
}

void IAsyncInferRequest::finish(std::exception_ptr error) {
    std::function<void(std::exception_ptr)> callback;
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_error = error;
        m_state = State::IDLE;
        callback = m_callback;
        if (!callback) {
            m_done.notify_all();  // under the lock: a waiting destructor may free us once it sees IDLE
            return;
        }
        ++m_callbacks_running;
    }
    auto run_callback = [this, callback, error] {
        std::exception_ptr thrown;
        const bool traced = trace::enabled();
        const auto t0 = trace::Clock::now();
        try {
            callback(error);
        } catch (...) {
            thrown = std::current_exception();
        }
        if (traced && m_callback_executor) {
            const auto t1 = trace::Clock::now();
            trace::slice(trace::executor_track(m_callback_executor->name()), "Callback", t0, t1);
        }
        std::lock_guard<std::mutex> lock(m_mutex);
        if (thrown && !m_error)
            m_error = thrown;  // the user's exception reaches wait()
        --m_callbacks_running;
        m_done.notify_all();
    };
    if (m_callback_executor)
        m_callback_executor->run(run_callback);
    else
        run_callback();
}

void IAsyncInferRequest::wait() {
    std::unique_lock<std::mutex> lock(m_mutex);
    m_done.wait(lock, [this] { return idle(); });
    if (m_error)
        std::rethrow_exception(m_error);
}

bool IAsyncInferRequest::wait_for(std::chrono::milliseconds timeout) {
    if (timeout.count() < 0)
        raise<InvalidArgument>("wait_for: the timeout must not be negative (", timeout.count(), " ms)");
    std::unique_lock<std::mutex> lock(m_mutex);
    if (!m_done.wait_for(lock, timeout, [this] { return idle(); }))
        return false;
    if (m_error)
        std::rethrow_exception(m_error);
    return true;
}

void IAsyncInferRequest::cancel() {
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        if (m_state != State::BUSY)
            return;
        m_cancel_requested = true;
    }
    m_sync_request->cancel();
}

void IAsyncInferRequest::set_callback(std::function<void(std::exception_ptr)> callback) {
    std::lock_guard<std::mutex> lock(m_mutex);
    if (m_state == State::BUSY)
        raise<Busy>("the infer request is busy: an inference is running");
    m_callback = std::move(callback);
}

Tensor IAsyncInferRequest::get_tensor(const Output<Node>& port) const {
    check_state();
    return m_sync_request->get_tensor(port);
}
void IAsyncInferRequest::set_tensor(const Output<Node>& port, const Tensor& tensor) {
    check_state();
    m_sync_request->set_tensor(port, tensor);
}
std::vector<Tensor> IAsyncInferRequest::get_tensors(const Output<Node>& port) const {
    check_state();
    return m_sync_request->get_tensors(port);
}
void IAsyncInferRequest::set_tensors(const Output<Node>& port, const std::vector<Tensor>& tensors) {
    check_state();
    m_sync_request->set_tensors(port, tensors);
}
std::vector<ProfilingInfo> IAsyncInferRequest::get_profiling_info() const {
    check_state();
    return m_sync_request->get_profiling_info();
}
std::vector<std::shared_ptr<IVariableState>> IAsyncInferRequest::query_state() const {
    check_state();
    return m_sync_request->query_state();
}
const std::shared_ptr<const ICompiledModel>& IAsyncInferRequest::get_compiled_model() const {
    return m_sync_request->get_compiled_model();
}

}  // namespace ovcl
