// Executors on TBB: each executor owns a task_arena with its own concurrency; tasks are
// queued with arena.enqueue and tracked so destruction waits for those still running.
#include <tbb/task_arena.h>
#include <tbb/task_group.h>

#include <atomic>
#include <condition_variable>
#include <map>
#include <mutex>
#include <thread>

#include "ovcl/except.hpp"
#include "ovcl/plugin/itask_executor.hpp"

namespace ovcl {

void ITaskExecutor::run_and_wait(const std::vector<Task>& tasks) {
    std::mutex m;
    std::condition_variable cv;
    size_t left = tasks.size();
    std::exception_ptr first;
    for (const auto& t : tasks) {
        run([&, t] {
            std::exception_ptr err;
            try {
                t();
            } catch (...) {
                err = std::current_exception();
            }
            std::lock_guard<std::mutex> lock(m);
            if (err && !first)
                first = err;
            if (--left == 0)
                cv.notify_all();
        });
    }
    std::unique_lock<std::mutex> lock(m);
    cv.wait(lock, [&] { return left == 0; });
    if (first)
        std::rethrow_exception(first);
}

namespace {

class TbbExecutor final : public ITaskExecutor {
public:
    explicit TbbExecutor(int threads)
        : m_arena(threads > 0 ? threads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency())),
                  0 /* no slot reserved for a master thread: enqueued work runs on workers */) {}
    ~TbbExecutor() override {
        std::unique_lock<std::mutex> lock(m_mutex);
        m_idle.wait(lock, [this] { return m_pending == 0; });
    }
    void run(Task task) override {
        {
            std::lock_guard<std::mutex> lock(m_mutex);
            ++m_pending;
        }
        m_arena.enqueue([this, task = std::move(task)] {
            try {
                task();
            } catch (...) {
                // Tasks report their own errors (the async request catches them); nothing may escape into TBB.
            }
            std::lock_guard<std::mutex> lock(m_mutex);
            if (--m_pending == 0)
                m_idle.notify_all();
        });
    }

private:
    tbb::task_arena m_arena;
    std::mutex m_mutex;
    std::condition_variable m_idle;
    size_t m_pending = 0;
};

class ImmediateExecutor final : public ITaskExecutor {
public:
    void run(Task task) override { task(); }
};

std::mutex g_shared_mutex;
std::map<std::string, std::shared_ptr<ITaskExecutor>>& shared_executors() {
    static auto* m = new std::map<std::string, std::shared_ptr<ITaskExecutor>>();
    return *m;
}

}  // namespace

std::shared_ptr<ITaskExecutor> make_tbb_executor(const std::string& /*name: TBB arenas carry none*/, int threads) {
    return std::make_shared<TbbExecutor>(threads);
}

std::shared_ptr<ITaskExecutor> make_immediate_executor() { return std::make_shared<ImmediateExecutor>(); }

std::shared_ptr<ITaskExecutor> get_shared_executor(const std::string& name, int threads) {
    std::lock_guard<std::mutex> lock(g_shared_mutex);
    auto& e = shared_executors()[name];
    if (!e)
        e = make_tbb_executor(name, threads);
    return e;
}

void release_executor(const std::string& name) {
    std::lock_guard<std::mutex> lock(g_shared_mutex);
    shared_executors().erase(name);
}

}  // namespace ovcl
