// The wait executor of one OpenCL device: runs a task once an OpenCL event has completed,
// without a thread blocked in clFinish per request. One poller per device watches every
// pending event with clGetEventInfo; clSetEventCallback only wakes it early (where a driver
// drops or delays callbacks, the poll interval still catches the event, at most 1 ms late).
#pragma once

#include <condition_variable>
#include <functional>
#include <string>
#include <memory>
#include <mutex>

#include "ocl/ocl.hpp"
#include "ovcl/plugin/itask_executor.hpp"

namespace ovcl {
namespace gpu {

class WaitExecutor : public std::enable_shared_from_this<WaitExecutor> {
public:
    explicit WaitExecutor(std::string name);
    ~WaitExecutor();
    WaitExecutor(const WaitExecutor&) = delete;
    WaitExecutor& operator=(const WaitExecutor&) = delete;

    /// The executor shared by every compiled model on `device` (made on first use).
    static std::shared_ptr<WaitExecutor> for_device(cl_device_id device, const std::string& name);

    /// Runs `task` on the poller once `event` is complete (or failed: the task reads the status).
    /// The task must be short: it hands the rest of the pipeline to other executors. `owner`
    /// (optional) may take the task back with run_here().
    void when_complete(const cl::Event& event, Task task, const void* owner = nullptr);
    const std::string& name() const { return m_name; }

    /// An ITaskExecutor whose run(task) waits for the event `event_of()` returns at that
    /// moment: the wait stage of a request's pipeline (`owner`: see run_here).
    std::shared_ptr<ITaskExecutor> stage_executor(std::function<cl::Event()> event_of, const void* owner = nullptr);

    /// A thread that would block until `owner`'s task has run helps instead: when the task is
    /// parked here, it waits for the event itself and runs the task on its own thread (true).
    /// The device then wakes the waiting thread directly, as in a sync infer(), instead of the
    /// poller which would wake it in turn: one hand-over less per inference. False when the task
    /// is not parked here (not yet, or the poller found it complete and runs it).
    bool run_here(const void* owner);

private:
    struct Pending;
    struct Shared;  // what the poller and the OpenCL callbacks share; outlives this object
    std::string m_name;
    std::shared_ptr<Shared> m_shared;
    std::shared_ptr<ITaskExecutor> m_poller;  ///< a one-thread TBB executor running poll_loop
};

}  // namespace gpu
}  // namespace ovcl
