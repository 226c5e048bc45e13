// AsyncInferQueue: a pool of infer requests fed in turn, as OpenVINO's Python has it. The bookkeeping (idle
// requests, waiting) is C++ so that a completion takes the GIL only to run the user's callback.
#include <atomic>
#include <condition_variable>
#include <deque>
#include <mutex>

#include <nanobind/stl/string.h>

#include "py_infer_request.hpp"

namespace ovcl_py {

using namespace ovcl;

namespace {

class AsyncInferQueue {
    /// What start_async hands to run(): its converted inputs and (owned) userdata; `done` and `error` come back.
    struct Job {
        InputValues inputs;
        PyObject* userdata = nullptr;
        std::exception_ptr error;
        bool done = false;  ///< under m_mutex
    };

public:
    AsyncInferQueue(PyCompiledModel& model, size_t jobs) {
        if (jobs == 0)
            jobs = model.model.get_property("OPTIMAL_NUMBER_OF_INFER_REQUESTS").as<size_t>();
        jobs = std::max<size_t>(jobs, 1);
        for (size_t i = 0; i < jobs; ++i) {
            InferRequest r;
            {
                nb::gil_scoped_release release;
                r = model.model.create_infer_request();
            }
            auto* request = new PyInferRequest(std::move(r));
            m_requests.push_back(nb::cast(request, nb::rv_policy::take_ownership));
            m_raw.push_back(request);
            m_userdata.push_back(nb::none().release().ptr());
            m_idle.push_back(i);
            request->set_done_hook([this, i](std::exception_ptr error) { done(i, error); });
        }
    }

    ~AsyncInferQueue() {
        {
            nb::gil_scoped_release release;
            {
                std::unique_lock<std::mutex> lock(m_mutex);
                m_cv.wait(lock, [&] { return m_idle.size() == m_raw.size(); });
            }
            // Until every completion has returned: done() notifies after it lets the lock go.
            for (auto* r : m_raw) {
                try {
                    r->get().wait();
                } catch (...) {  // NOLINT(bugprone-empty-catch): an error nobody waited for ends with the queue
                }
            }
        }
        for (auto* r : m_raw)
            r->set_done_hook(nullptr);
        for (PyObject* u : m_userdata)
            Py_XDECREF(u);
    }

    size_t size() const { return m_raw.size(); }
    nb::object request(long long i) const {
        long long n = static_cast<long long>(m_requests.size());
        if (i < -n || i >= n)
            throw nb::index_error("AsyncInferQueue index out of range");
        return m_requests[static_cast<size_t>(i < 0 ? i + n : i)];
    }
    nb::list requests() const {
        nb::list l;
        for (const auto& r : m_requests)
            l.append(r);
        return l;
    }
    nb::list userdata() {
        nb::list l;
        std::lock_guard<std::mutex> lock(m_mutex);  // run() swaps them without the GIL
        for (PyObject* u : m_userdata)
            l.append(nb::handle(u));
        return l;
    }

    void set_callback(nb::handle callback) {
        if (!callback.is_none() && !PyCallable_Check(callback.ptr()))
            raise<InvalidArgument>("AsyncInferQueue.set_callback takes a callable (or None), not ",
                                   nb::cast<std::string>(nb::str(callback.type())));
        m_callback = nb::borrow(callback);
        m_has_callback = !callback.is_none();
    }

    void set_error_callback(nb::handle callback) {
        if (!callback.is_none() && !PyCallable_Check(callback.ptr()))
            raise<InvalidArgument>("AsyncInferQueue.set_error_callback takes a callable (or None), not ",
                                   nb::cast<std::string>(nb::str(callback.type())));
        m_error_callback = nb::borrow(callback);
        m_has_error_callback = !callback.is_none();
    }

    bool is_ready() {
        std::lock_guard<std::mutex> lock(m_mutex);
        return !m_idle.empty();
    }

    size_t get_idle_request_id() {
        nb::gil_scoped_release release;
        std::unique_lock<std::mutex> lock(m_mutex);
        m_cv.wait(lock, [&] { return !m_idle.empty(); });
        return m_idle.front();
    }

    // Converts the inputs here (with the GIL), then, with the GIL released once: runs the job on an idle request, or
    // queues it for the next completion to start on the device's thread (as `ovcl benchmark` restarts a request from
    // its callback) and waits until it has started. Either way start_async returns once the job runs, as OpenVINO's.
    void start_async(nb::handle inputs, nb::handle userdata, bool share_inputs) {
        Job job;
        job.inputs = m_raw.front()->convert_inputs(inputs, share_inputs);
        job.userdata = userdata.inc_ref().ptr();
        {
            nb::gil_scoped_release release;
            std::unique_lock<std::mutex> lock(m_mutex);
            if (!m_idle.empty() && m_jobs.empty()) {
                const size_t id = m_idle.front();
                m_idle.pop_front();
                lock.unlock();
                run(id, job);
            } else {
                m_jobs.push_back(&job);
                m_cv.wait(lock, [&] { return job.done; });
            }
        }
        Py_XDECREF(job.userdata);  // after run(): the userdata it replaced; after a failure: the job's own
        if (job.error)
            std::rethrow_exception(job.error);
    }

    void wait_all() {
        {
            nb::gil_scoped_release release;
            std::unique_lock<std::mutex> lock(m_mutex);
            m_cv.wait(lock, [&] { return m_idle.size() == m_raw.size() && m_jobs.empty(); });
        }
        for (auto* r : m_raw) {
            nb::gil_scoped_release release;
            try {
                r->get().wait();
            } catch (...) {  // NOLINT(bugprone-empty-catch): already in m_errors
            }
        }
        std::exception_ptr first;
        {
            std::lock_guard<std::mutex> lock(m_mutex);
            if (!m_errors.empty())
                first = m_errors.front();
            m_errors.clear();
        }
        if (first)
            std::rethrow_exception(first);
    }

private:
    // On the device's thread: the user's callback (with the GIL) after a run that succeeded, as OpenVINO's queue
    // calls it; after one that failed, the error callback when there is one, else the error waits for wait_all.
    // Then the request is idle again.
    void done(size_t id, std::exception_ptr error) {
        const bool call = error ? m_has_error_callback.load() : m_has_callback.load();
        if (error && !call) {
            std::lock_guard<std::mutex> lock(m_mutex);
            m_errors.push_back(error);
        }
        if (call && Py_IsInitialized()) {
            callback_gil gil;
            try {
                if (error)
                    m_error_callback(m_requests[id], nb::handle(m_userdata[id]), exception_object(error));
                else
                    m_callback(m_requests[id], nb::handle(m_userdata[id]));
            } catch (nb::python_error& e) {
                std::lock_guard<std::mutex> lock(m_mutex);
                m_errors.push_back(std::make_exception_ptr(std::move(e)));
            }
        }
        std::unique_lock<std::mutex> lock(m_mutex);
        m_idle.push_back(id);
        while (!m_idle.empty() && !m_jobs.empty()) {
            Job* job = m_jobs.front();
            m_jobs.pop_front();
            const size_t next = m_idle.front();
            m_idle.pop_front();
            lock.unlock();
            run(next, *job);
            lock.lock();
            job->done = true;  // its thread may return (and drop the job) once the lock is free
        }
        lock.unlock();
        m_cv.notify_all();  // after the unlock: the woken thread does not wait for the lock again
    }

    void swap_userdata(size_t id, Job& job) {
        std::lock_guard<std::mutex> lock(m_mutex);
        std::swap(m_userdata[id], job.userdata);
    }

    // Without the GIL or the lock, on the thread of start_async or of a completion: sets the job's inputs and
    // userdata on request `id` and starts it. On success the job keeps the userdata it replaced, for its thread to
    // release with the GIL; on failure the request is idle again and the job keeps its error.
    void run(size_t id, Job& job) {
        PyInferRequest& request = *m_raw[id];
        try {
            request.apply_inputs(job.inputs);
            swap_userdata(id, job);
            try {
                request.start_released();
            } catch (...) {
                swap_userdata(id, job);
                throw;
            }
        } catch (...) {
            job.error = std::current_exception();
            std::lock_guard<std::mutex> lock(m_mutex);
            m_idle.push_front(id);
            m_cv.notify_all();
        }
    }

    std::vector<nb::object> m_requests;  ///< the Python InferRequest objects (they own the PyInferRequests)
    std::vector<PyInferRequest*> m_raw;
    /// Owned references, swapped by run() under m_mutex without the GIL; a callback reads its own (its request is
    /// busy: nothing swaps it meanwhile).
    std::vector<PyObject*> m_userdata;
    nb::object m_callback;
    std::atomic<bool> m_has_callback{false};  ///< read by done() before it takes the GIL
    nb::object m_error_callback;
    std::atomic<bool> m_has_error_callback{false};
    std::mutex m_mutex;
    std::condition_variable m_cv;
    std::deque<size_t> m_idle;
    std::deque<Job*> m_jobs;  ///< waiting in start_async for a request, first come first started
    std::vector<std::exception_ptr> m_errors;
};

}  // namespace

void bind_async_queue(nb::module_& m) {
    nb::class_<AsyncInferQueue>(m, "AsyncInferQueue",
                                "Inferences on `jobs` requests of one compiled model (0: the device's optimal number), "
                                "as ov.AsyncInferQueue. The callback runs as callback(request, userdata) when each "
                                "inference succeeds, on the device's thread with the GIL. The first error of an "
                                "inference (without an error callback) or of a callback is raised by wait_all; the "
                                "queue goes on.")
        .def(nb::init<PyCompiledModel&, size_t>(), nb::arg("model"), nb::arg("jobs") = 0, nb::keep_alive<1, 2>())
        .def("__len__", &AsyncInferQueue::size)
        .def("__getitem__", &AsyncInferQueue::request)
        .def("__iter__", [](const AsyncInferQueue& q) { return nb::iter(q.requests()); })
        .def_prop_ro("userdata", &AsyncInferQueue::userdata)
        .def("set_callback", &AsyncInferQueue::set_callback, nb::arg("callback").none(),
             "callback(request, userdata) after each inference that succeeded (as OpenVINO's queue).")
        .def("set_error_callback", &AsyncInferQueue::set_error_callback, nb::arg("callback").none(),
             "ovcl's addition: callback(request, userdata, exception) after each inference that failed, instead of "
             "keeping the error for wait_all (a server answers the failed request with it).")
        .def("is_ready", &AsyncInferQueue::is_ready)
        .def("get_idle_request_id", &AsyncInferQueue::get_idle_request_id)
        .def("start_async", &AsyncInferQueue::start_async, nb::arg("inputs").none() = nb::none(),
             nb::arg("userdata").none() = nb::none(), nb::arg("share_inputs") = false)
        .def("wait_all", &AsyncInferQueue::wait_all);
}

}  // namespace ovcl_py
