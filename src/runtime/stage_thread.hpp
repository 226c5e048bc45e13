// A serial executor on one dedicated thread that sleeps on a condition variable while idle, for pipeline stages
// that only hand work to a device or wait for it (a GPU stream's enqueue stage, the wait executor's poller,
// callbacks). Not a TBB arena: TBB workers spin before they sleep, which on PoCL takes CPU from the device's
// threads (docs/async_pipeline.md, "Executors"). Executors that run parallel host compute stay on TBB.
#pragma once

#include <memory>
#include <string>
#include <thread>

#include "ovcl/plugin/itask_executor.hpp"

namespace ovcl {

/// Tasks run one at a time, in the order they were queued. The destructor runs what is still
/// queued, then stops the thread; a task may drop the last reference to its own executor.
class StageThread final : public ITaskExecutor, public std::enable_shared_from_this<StageThread> {
public:
    struct Queue;  // shared by the thread, the executor and a caller running a task

    static std::shared_ptr<StageThread> make(const std::string& name);
    ~StageThread() override;

    /// Queues the task for the thread.
    void run(Task task) override;
    std::string name() const override { return m_name; }

    /// The same thread and queue, as an executor whose run() executes the task at once on the
    /// calling thread when nothing runs or waits here, and queues it otherwise. Order and one task
    /// at a time hold either way; it saves a hand-over (a wake-up and a context switch) when the
    /// caller would only wait, as start_async's caller does. Tasks that must never run on the
    /// caller (one that blocks until the caller goes on) go through run() of this object.
    std::shared_ptr<ITaskExecutor> caller_runs();

private:
    explicit StageThread(std::string name);
    std::string m_name;
    std::shared_ptr<Queue> m_queue;
    std::thread m_thread;
};

/// A StageThread as a plain executor.
inline std::shared_ptr<ITaskExecutor> make_stage_thread(const std::string& name) { return StageThread::make(name); }

}  // namespace ovcl
