#include "wait_executor.hpp"

#include <map>
#include <vector>

namespace ovcl {
namespace gpu {

struct WaitExecutor::Shared {
    std::mutex mutex;
    std::condition_variable wake;
    std::vector<std::pair<cl::Event, Task>> pending;
    bool loop_running = false;
    bool woken = false;  ///< an event callback fired since the last poll
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
    : m_name(std::move(name)), m_shared(std::make_shared<Shared>()), m_poller(make_tbb_executor(m_name, 1)) {}

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

void WaitExecutor::when_complete(const cl::Event& event, Task task) {
    bool start_loop = false;
    {
        std::lock_guard<std::mutex> lock(m_shared->mutex);
        m_shared->pending.emplace_back(event, std::move(task));
        if (!m_shared->loop_running)
            start_loop = m_shared->loop_running = true;
        m_shared->woken = true;  // a new event: poll it at once
        m_shared->wake.notify_all();
    }
    // The callback holds only a weak reference: it may fire after this executor is gone.
    auto* weak = new std::weak_ptr<Shared>(m_shared);
    auto on_complete = [](cl_event, cl_int, void* data) {
        auto* w = static_cast<std::weak_ptr<Shared>*>(data);
        if (auto s = w->lock()) {
            std::lock_guard<std::mutex> lock(s->mutex);
            s->woken = true;
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
                std::vector<std::pair<cl::Event, Task>> mine;
                {
                    std::lock_guard<std::mutex> lock(shared->mutex);
                    if (shared->pending.empty()) {
                        shared->loop_running = false;
                        return;
                    }
                    mine.swap(shared->pending);
                    shared->woken = false;
                }
                std::vector<std::pair<cl::Event, Task>> waiting;
                bool any_done = false;
                for (auto& [ev, t] : mine) {
                    if (!finished(ev)) {
                        waiting.emplace_back(std::move(ev), std::move(t));
                        continue;
                    }
                    any_done = true;
                    try {
                        t();
                    } catch (...) {
                        // A wait stage reports its errors through the request; nothing escapes here.
                    }
                }
                std::unique_lock<std::mutex> lock(shared->mutex);
                for (auto& w : waiting)
                    shared->pending.push_back(std::move(w));
                if (shared->pending.empty())
                    continue;  // the top of the loop ends it
                interval = any_done ? kFirstPoll : std::min(interval * 2, kLongestPoll);
                shared->wake.wait_for(lock, interval, [&] { return shared->woken; });
            }
        });
}

namespace {

class EventStage final : public ITaskExecutor {
public:
    EventStage(std::shared_ptr<WaitExecutor> waiter, std::function<cl::Event()> event_of)
        : m_waiter(std::move(waiter)), m_event_of(std::move(event_of)) {}
    void run(Task task) override {
        cl::Event ev = m_event_of();
        if (!ev())
            task();  // nothing was enqueued: nothing to wait for
        else
            m_waiter->when_complete(ev, std::move(task));
    }
    std::string name() const override { return m_waiter->name(); }

private:
    std::shared_ptr<WaitExecutor> m_waiter;
    std::function<cl::Event()> m_event_of;
};

}  // namespace

std::shared_ptr<ITaskExecutor> WaitExecutor::stage_executor(std::function<cl::Event()> event_of) {
    // The adapter keeps its WaitExecutor alive: a request's wait stage can outlive the compiled model.
    return std::make_shared<EventStage>(shared_from_this(), std::move(event_of));
}

}  // namespace gpu
}  // namespace ovcl
