#include "exec/wait_executor.hpp"

#include <algorithm>
#include <map>
#include <vector>

#include "runtime/stage_thread.hpp"

namespace ovcl {
namespace gpu {

struct WaitExecutor::Pending {
    cl::Event event;
    Task task;
    const void* owner;  ///< who may take() it back
};

struct WaitExecutor::Shared {
    std::mutex mutex;
    std::condition_variable wake;
    std::vector<Pending> pending;
    bool loop_running = false;
    bool woken = false;  ///< an event callback fired (or an event came) since the last poll
    /// An event callback has fired: the driver delivers them, so polling is only a safety net and
    /// runs at the longest interval (each early poll is a wake-up on the cores a CPU device uses).
    bool callbacks_work = false;
    bool polling = false;              ///< the poller holds the pending list this moment
    std::condition_variable polled;    ///< polling went false
};

namespace {

constexpr auto kFirstPoll = std::chrono::microseconds(50);
constexpr auto kLongestPoll = std::chrono::microseconds(1000);

/// Completed (or failed) events have a status <= CL_COMPLETE; an unreadable event counts as done
/// so its task runs and reports the error.
bool finished(const cl::Event& event) {
    cl_int status = CL_QUEUED;
    if (clGetEventInfo(event(), CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(status), &status, nullptr) != CL_SUCCESS)
        return true;
    return status <= CL_COMPLETE;
}

}  // namespace

WaitExecutor::WaitExecutor(std::string name)
    : m_name(std::move(name)), m_shared(std::make_shared<Shared>()), m_poller(make_stage_thread(m_name)) {}

WaitExecutor::~WaitExecutor() {
    // Requests hold this executor while they wait, so nothing is pending now; m_poller's
    // destructor waits for a loop that is still winding down.
    m_poller.reset();
}

std::shared_ptr<WaitExecutor> WaitExecutor::for_device(cl_device_id device, const std::string& name) {
    static std::mutex mutex;
    static auto* executors = new std::map<cl_device_id, std::weak_ptr<WaitExecutor>>();
    std::lock_guard<std::mutex> lock(mutex);
    auto& weak = (*executors)[device];
    auto e = weak.lock();
    if (!e) {
        e = std::make_shared<WaitExecutor>(name);
        weak = e;
    }
    return e;
}

void WaitExecutor::when_complete(const cl::Event& event, Task task, const void* owner) {
    // Once the task is pending, another thread may run it (run_here, or the poller), finish the
    // request and drop the last owner of this executor while we still read m_shared and m_poller.
    const std::shared_ptr<WaitExecutor> self = shared_from_this();
    bool start_loop = false;
    {
        std::lock_guard<std::mutex> lock(m_shared->mutex);
        m_shared->pending.push_back({event, std::move(task), owner});
        if (!m_shared->loop_running)
            start_loop = m_shared->loop_running = true;
        if (!m_shared->callbacks_work) {  // else the event's callback wakes the poller: no wake-up now
            m_shared->woken = true;       // a new event: poll it at once
            m_shared->wake.notify_all();
        }
    }
    // The callback holds only a weak reference: it may fire after this executor is gone.
    auto* weak = new std::weak_ptr<Shared>(m_shared);
    auto on_complete = [](cl_event, cl_int, void* data) {
        auto* w = static_cast<std::weak_ptr<Shared>*>(data);
        if (auto s = w->lock()) {
            std::lock_guard<std::mutex> lock(s->mutex);
            s->woken = true;
            s->callbacks_work = true;
            s->wake.notify_all();
        }
        delete w;
    };
    if (clSetEventCallback(event(), CL_COMPLETE, on_complete, weak) != CL_SUCCESS)
        delete weak;  // no callback: polling alone finds the event
    if (start_loop)
        m_poller->run([shared = m_shared] {
            auto interval = kFirstPoll;
            for (;;) {
                std::vector<Pending> mine, done;
                {
                    std::lock_guard<std::mutex> lock(shared->mutex);
                    if (shared->pending.empty()) {
                        shared->loop_running = false;
                        return;
                    }
                    mine.swap(shared->pending);
                    shared->woken = false;
                    shared->polling = true;
                }
                std::vector<Pending> waiting;
                for (auto& p : mine)
                    (finished(p.event) ? done : waiting).push_back(std::move(p));
                {
                    // What still waits goes back before the tasks run: run_here() may take it meanwhile.
                    std::lock_guard<std::mutex> lock(shared->mutex);
                    for (auto& w : waiting)
                        shared->pending.push_back(std::move(w));
                    shared->polling = false;
                    shared->polled.notify_all();
                }
                for (auto& p : done) {
                    try {
                        p.task();
                    } catch (...) {
                        // A wait stage reports its errors through the request; nothing escapes here.
                    }
                }
                const bool any_done = !done.empty();
                done.clear();  // what the tasks captured goes now, not after the next sleep
                std::unique_lock<std::mutex> lock(shared->mutex);
                if (shared->pending.empty())
                    continue;  // the top of the loop ends it
                if (shared->callbacks_work)
                    interval = kLongestPoll;
                else
                    interval = any_done ? kFirstPoll : std::min(interval * 2, kLongestPoll);
                shared->wake.wait_for(lock, interval, [&] { return shared->woken; });
            }
        });
}

namespace {

class EventStage final : public ITaskExecutor {
public:
    EventStage(std::shared_ptr<WaitExecutor> waiter, std::function<cl::Event()> event_of, const void* owner)
        : m_waiter(std::move(waiter)), m_event_of(std::move(event_of)), m_owner(owner) {}
    void run(Task task) override {
        cl::Event ev = m_event_of();
        if (!ev())
            task();  // nothing was enqueued: nothing to wait for
        else
            m_waiter->when_complete(ev, std::move(task), m_owner);
    }
    std::string name() const override { return m_waiter->name(); }

private:
    std::shared_ptr<WaitExecutor> m_waiter;
    std::function<cl::Event()> m_event_of;
    const void* m_owner;
};

}  // namespace

std::shared_ptr<ITaskExecutor> WaitExecutor::stage_executor(std::function<cl::Event()> event_of,
                                                            const void* owner) {
    // The adapter keeps its WaitExecutor alive: a request's wait stage can outlive the compiled model.
    return std::make_shared<EventStage>(shared_from_this(), std::move(event_of), owner);
}

bool WaitExecutor::run_here(const void* owner) {
    if (!owner)
        return false;
    Pending mine;
    {
        std::unique_lock<std::mutex> lock(m_shared->mutex);
        m_shared->polled.wait(lock, [&] { return !m_shared->polling; });  // a poll pass is a few status reads
        auto& pending = m_shared->pending;
        auto it = std::find_if(pending.begin(), pending.end(), [&](const Pending& p) { return p.owner == owner; });
        if (it == pending.end())
            return false;  // not parked here: not yet, or the poller has found it complete
        mine = std::move(*it);
        pending.erase(it);
    }
    // The task (the request's wait stage) blocks on the event itself: the device wakes this thread
    // as a sync infer() is woken, and the task reads and reports what the event says.
    try {
        mine.task();
    } catch (...) {
        // As on the poller: a wait stage reports its errors through the request.
    }
    return true;
}

}  // namespace gpu
}  // namespace ovcl
