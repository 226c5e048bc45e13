// Executors on TBB, each owning a task_arena with its own concurrency. A process-wide global_control raises TBB's
// worker limit to what the live executors asked for (one blocked stage would stall every arena), and tasks pass
// through our own mutex-protected FIFO (FIFO start order; a happens-before edge ThreadSanitizer can see). Pipeline
// stages use stage threads instead (runtime/stage_thread.hpp). docs/async_pipeline.md, "Executors".
#include <tbb/global_control.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <deque>
#include <map>
#include <mutex>
#include <thread>

#include "ovcl/except.hpp"
#include "ovcl/plugin/itask_executor.hpp"
#include "runtime/stage_thread.hpp"

#if defined(__SANITIZE_THREAD__)
#include <sanitizer/tsan_interface.h>
#define OVCL_TSAN_RELEASE(addr) __tsan_release(addr)
#define OVCL_TSAN_ACQUIRE(addr) __tsan_acquire(addr)
#define OVCL_NO_TSAN __attribute__((no_sanitize("thread")))
#else
#define OVCL_TSAN_RELEASE(addr)
#define OVCL_TSAN_ACQUIRE(addr)
#define OVCL_NO_TSAN
#endif

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

int hardware_threads() { return static_cast<int>(std::max(1u, std::thread::hardware_concurrency())); }

/// The threads every live executor asked for, kept as TBB's max_allowed_parallelism.
class ParallelismBudget {
public:
    static ParallelismBudget& instance() {
        static auto* b = new ParallelismBudget();  // never destroyed: executors may outlive statics
        return *b;
    }
    void add(int threads) {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_threads += threads;
        // +1: the thread that waits (a user thread or a blocked stage) counts as a TBB slot too.
        const size_t want = static_cast<size_t>(std::min(std::max(hardware_threads(), m_threads + 1), kMaxThreads));
        if (want > m_limit) {
            // global_control takes the smallest of the live values: make the new one, then drop the old one.
            auto next = std::make_unique<tbb::global_control>(tbb::global_control::max_allowed_parallelism, want);
            m_control = std::move(next);
            m_limit = want;
        }
    }
    void remove(int threads) {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_threads -= threads;  // the limit stays: lowering it while workers run buys nothing
    }

private:
    static constexpr int kMaxThreads = 256;
    std::mutex m_mutex;
    int m_threads = 0;
    size_t m_limit = 0;
    std::unique_ptr<tbb::global_control> m_control;
};

class TbbExecutor final : public ITaskExecutor {
public:
    TbbExecutor(std::string name, int threads)
        : m_name(std::move(name)),
          m_threads(threads > 0 ? threads : hardware_threads()),
          m_arena(m_threads, 0 /* no slot reserved for a master thread: enqueued work runs on workers */) {
        ParallelismBudget::instance().add(m_threads);
    }
    ~TbbExecutor() override {
        {
            std::unique_lock<std::mutex> lock(m_mutex);
            m_idle.wait(lock, [this] { return m_pending == 0; });
        }
        ParallelismBudget::instance().remove(m_threads);
    }
    void run(Task task) override {
        // All under the lock: once the task runs and pending drops to 0, the destructor may free
        // the arena, so enqueue() must have returned by then.
        std::lock_guard<std::mutex> lock(m_mutex);
        m_queue.push_back(std::move(task));
        ++m_pending;
        OVCL_TSAN_RELEASE(this);  // TBB hands the task over invisibly to TSan: say so explicitly
        m_arena.enqueue(Drain{this});
    }
    std::string name() const override { return m_name; }

private:
    // The TBB task: carries only the executor. Its copy lives in TBB's allocator, which
    // ThreadSanitizer cannot follow; reading the pointer is exempt, and the release/acquire
    // pair on the executor orders run() before the task, as TBB does.
    struct Drain {
        OVCL_NO_TSAN void operator()() const {
            OVCL_TSAN_ACQUIRE(self);
            self->drain_one();
        }
        TbbExecutor* self;
    };

    void drain_one() {
        Task task;
        {
            std::lock_guard<std::mutex> lock(m_mutex);
            task = std::move(m_queue.front());
            m_queue.pop_front();
        }
        try {
            task();
        } catch (...) {
            // Tasks report their own errors (the async request catches them); nothing may escape into TBB.
        }
        task = nullptr;  // what the task captured goes before the executor may be destroyed
        std::lock_guard<std::mutex> lock(m_mutex);
        if (--m_pending == 0)
            m_idle.notify_all();  // under the lock: the destructor may run as soon as it sees 0
    }

    std::string m_name;
    int m_threads;
    tbb::task_arena m_arena;
    std::mutex m_mutex;
    std::condition_variable m_idle;
    std::deque<Task> m_queue;
    size_t m_pending = 0;
};

class ImmediateExecutor final : public ITaskExecutor {
public:
    void run(Task task) override { task(); }
    std::string name() const override { return "inline"; }
};

std::mutex g_shared_mutex;
std::map<std::string, std::shared_ptr<ITaskExecutor>>& shared_executors() {
    static auto* m = new std::map<std::string, std::shared_ptr<ITaskExecutor>>();
    return *m;
}

}  // namespace

std::shared_ptr<ITaskExecutor> make_tbb_executor(const std::string& name, int threads) {
    return std::make_shared<TbbExecutor>(name, threads);
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

StreamsExecutor::StreamsExecutor(const std::string& name, int streams) : m_name(name) {
    if (streams < 1)
        raise<InvalidArgument>("streams executor '", name, "': ", streams, " streams (at least 1)");
    for (int i = 0; i < streams; ++i)
        m_streams.push_back(make_stage_thread(name + " stream " + std::to_string(i)));  // see stage_thread.hpp
}

void StreamsExecutor::run(Task task) { m_streams[m_next++ % m_streams.size()]->run(std::move(task)); }

}  // namespace ovcl
