#include "ovcl/plugin/iasync_infer_request.hpp"

namespace ovcl {

IAsyncInferRequest::IAsyncInferRequest(std::shared_ptr<ISyncInferRequest> request,
                                       std::shared_ptr<ITaskExecutor> task_executor,
                                       std::shared_ptr<ITaskExecutor> callback_executor)
    : m_sync_request(std::move(request)), m_callback_executor(std::move(callback_executor)) {
    if (!m_sync_request)
        raise<InvalidArgument>("async infer request: the sync request is null");
    if (!task_executor)
        task_executor = make_immediate_executor();
    m_pipeline = {{task_executor, [this] { m_sync_request->infer(); }}};
    m_sync_pipeline = {{nullptr, [this] { m_sync_request->infer(); }}};
}

IAsyncInferRequest::~IAsyncInferRequest() { stop_and_wait(); }

void IAsyncInferRequest::stop_and_wait() {
    std::unique_lock<std::mutex> lock(m_mutex);
    m_done.wait(lock, [this] { return m_state == State::IDLE && m_callbacks_running == 0; });
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

void IAsyncInferRequest::infer() {
    begin_run();
    std::exception_ptr error;
    try {
        for (auto& stage : m_sync_pipeline)
            stage.second();
    } catch (...) {
        error = std::current_exception();
    }
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_state = State::IDLE;
    }
    m_done.notify_all();
    if (error)
        std::rethrow_exception(error);
}

void IAsyncInferRequest::start_async() {
    begin_run();
    run_stage(0);
}

void IAsyncInferRequest::run_stage(size_t i) {
    if (i >= m_pipeline.size()) {
        finish(nullptr);
        return;
    }
    const auto& executor = m_pipeline[i].first;
    auto body = [this, i] {
        bool cancelled;
        {
            std::lock_guard<std::mutex> lock(m_mutex);
            cancelled = m_cancel_requested;
        }
        if (cancelled) {
            finish(std::make_exception_ptr(Cancelled("the infer request was cancelled")));
            return;
        }
        try {
            m_pipeline[i].second();
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
        if (callback)
            ++m_callbacks_running;
    }
    if (!callback) {
        m_done.notify_all();
        return;
    }
    auto run_callback = [this, callback, error] {
        try {
            callback(error);
        } catch (...) {
            // An exception escaping the user's callback has nowhere to go; the run's own result stands.
        }
        {
            std::lock_guard<std::mutex> lock(m_mutex);
            --m_callbacks_running;
        }
        m_done.notify_all();
    };
    if (m_callback_executor)
        m_callback_executor->run(run_callback);
    else
        run_callback();
}

void IAsyncInferRequest::wait() {
    std::unique_lock<std::mutex> lock(m_mutex);
    m_done.wait(lock, [this] { return m_state == State::IDLE && m_callbacks_running == 0; });
    if (m_error)
        std::rethrow_exception(m_error);
}

bool IAsyncInferRequest::wait_for(std::chrono::milliseconds timeout) {
    std::unique_lock<std::mutex> lock(m_mutex);
    if (!m_done.wait_for(lock, timeout, [this] { return m_state == State::IDLE && m_callbacks_running == 0; }))
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
    check_state();
    std::lock_guard<std::mutex> lock(m_mutex);
    m_callback = std::move(callback);
}

Tensor IAsyncInferRequest::get_tensor(const Output& port) const {
    check_state();
    return m_sync_request->get_tensor(port);
}
void IAsyncInferRequest::set_tensor(const Output& port, const Tensor& tensor) {
    check_state();
    m_sync_request->set_tensor(port, tensor);
}
std::vector<Tensor> IAsyncInferRequest::get_tensors(const Output& port) const {
    check_state();
    return m_sync_request->get_tensors(port);
}
void IAsyncInferRequest::set_tensors(const Output& port, const std::vector<Tensor>& tensors) {
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
