// Task executors: the async pipeline runs each stage on an executor. Implementations come
// from TBB (src/runtime/task_executor.cpp).
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace ovcl {

using Task = std::function<void()>;

class ITaskExecutor {
public:
    virtual ~ITaskExecutor() = default;
    /// Queues a task; it runs later on one of the executor's threads.
    virtual void run(Task task) = 0;
    /// Runs every task (possibly in parallel) and returns when all are done; rethrows the first failure.
    virtual void run_and_wait(const std::vector<Task>& tasks);
    /// A name for logs and the timeline ("GPU.0 stream 1", "REF tasks", ...).
    virtual std::string name() const { return "executor"; }
};

/// An executor with `threads` worker threads (0: hardware concurrency), backed by a TBB arena.
/// Tasks start in the order they were queued (FIFO); with threads = 1 they run one at a time.
std::shared_ptr<ITaskExecutor> make_tbb_executor(const std::string& name, int threads = 0);
/// An executor that runs each task immediately on the calling thread.
std::shared_ptr<ITaskExecutor> make_immediate_executor();
/// Shared executors by name (created on first use, released with release_executor).
std::shared_ptr<ITaskExecutor> get_shared_executor(const std::string& name, int threads = 0);
void release_executor(const std::string& name);

/// NUM_STREAMS serial executors, one per stream: a stream runs its tasks one at a time in
/// order, so what a stream enqueues into its device queue never interleaves. run() spreads
/// tasks over the streams round-robin; stream(i) gives one stream to bind a request to.
class StreamsExecutor : public ITaskExecutor {
public:
    StreamsExecutor(const std::string& name, int streams);
    void run(Task task) override;
    std::string name() const override { return m_name; }
    size_t size() const { return m_streams.size(); }
    const std::shared_ptr<ITaskExecutor>& stream(size_t i) const { return m_streams.at(i % m_streams.size()); }

private:
    std::string m_name;
    std::vector<std::shared_ptr<ITaskExecutor>> m_streams;
    std::atomic<size_t> m_next{0};
};

}  // namespace ovcl
