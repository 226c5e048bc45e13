// Task executors: the async pipeline runs each stage on an executor. Implementations come
// from TBB (src/runtime/tbb_executor.cpp).
#pragma once

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
};

/// An executor with `threads` worker threads (0: hardware concurrency), backed by a TBB arena.
std::shared_ptr<ITaskExecutor> make_tbb_executor(const std::string& name, int threads = 0);
/// An executor that runs each task immediately on the calling thread.
std::shared_ptr<ITaskExecutor> make_immediate_executor();
/// Shared executors by name (created on first use, released with release_executor).
std::shared_ptr<ITaskExecutor> get_shared_executor(const std::string& name, int threads = 0);
void release_executor(const std::string& name);

}  // namespace ovcl
