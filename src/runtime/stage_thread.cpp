#include "runtime/stage_thread.hpp"

#include <condition_variable>
#include <deque>
#include <mutex>

namespace ovcl {

/// The thread keeps it alive, so the executor may be destroyed by one of its own tasks (the thread
/// is detached then and ends once the queue is empty).
struct StageThread::Queue {
    std::mutex mutex;
    std::condition_variable wake;
    std::deque<Task> tasks;
    bool busy = false;  ///< a task is running (on the thread or on a caller)
    bool stop = false;
};

namespace {

/// The queue whose task this thread is running (null outside tasks): tells the destructor that a
/// task is destroying its own executor.
thread_local const StageThread::Queue* t_running = nullptr;

void run_task(const std::shared_ptr<StageThread::Queue>& q, Task& task) {
    const StageThread::Queue* outer = t_running;
    t_running = q.get();
    try {
        task();
    } catch (...) {
        // Tasks report their own errors (the async request catches them).
    }
    task = nullptr;  // what the task captured goes before the next task starts
    t_running = outer;
}

void serve(const std::shared_ptr<StageThread::Queue>& q) {
    std::unique_lock<std::mutex> lock(q->mutex);
    for (;;) {
        q->wake.wait(lock, [&] { return (q->stop && q->tasks.empty()) || (!q->busy && !q->tasks.empty()); });
        if (q->tasks.empty())
            return;  // stopped, and everything queued before has run
        Task task = std::move(q->tasks.front());
        q->tasks.pop_front();
        q->busy = true;
        lock.unlock();
        run_task(q, task);
        lock.lock();
        q->busy = false;
    }
}

/// StageThread::caller_runs(): shares the thread's queue; holds the StageThread, so the thread
/// lives as long as either.
class CallerRuns final : public ITaskExecutor {
public:
    CallerRuns(std::shared_ptr<StageThread> thread, std::shared_ptr<StageThread::Queue> queue)
        : m_thread(std::move(thread)), m_queue(std::move(queue)) {}
    void run(Task task) override {
        const std::shared_ptr<StageThread::Queue> q = m_queue;  // the task may destroy this executor
        {
            std::lock_guard<std::mutex> lock(q->mutex);
            if (q->busy || !q->tasks.empty()) {
                q->tasks.push_back(std::move(task));
                q->wake.notify_all();
                return;
            }
            q->busy = true;
        }
        run_task(q, task);
        std::lock_guard<std::mutex> lock(q->mutex);
        q->busy = false;
        if (!q->tasks.empty() || q->stop)
            q->wake.notify_all();  // what was queued meanwhile goes to the thread
    }
    std::string name() const override { return m_thread->name(); }

private:
    std::shared_ptr<StageThread> m_thread;
    std::shared_ptr<StageThread::Queue> m_queue;
};

}  // namespace

StageThread::StageThread(std::string name)
    : m_name(std::move(name)), m_queue(std::make_shared<Queue>()), m_thread(serve, m_queue) {}

std::shared_ptr<StageThread> StageThread::make(const std::string& name) {
    return std::shared_ptr<StageThread>(new StageThread(name));
}

StageThread::~StageThread() {
    {
        std::lock_guard<std::mutex> lock(m_queue->mutex);
        m_queue->stop = true;
    }
    m_queue->wake.notify_all();
    if (t_running == m_queue.get())
        m_thread.detach();  // a task of ours destroys us: the thread owns the queue and ends on its own
    else
        m_thread.join();
}

void StageThread::run(Task task) {
    std::lock_guard<std::mutex> lock(m_queue->mutex);
    m_queue->tasks.push_back(std::move(task));
    m_queue->wake.notify_all();  // under the lock: the destructor may run once the task is taken
}

std::shared_ptr<ITaskExecutor> StageThread::caller_runs() {
    return std::make_shared<CallerRuns>(shared_from_this(), m_queue);
}

}  // namespace ovcl
