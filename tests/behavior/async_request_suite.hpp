// What the shared infer-request behaviour suites (test_async_request.cpp, test_async_stress.cpp)
// need: the devices they run on and a gate that holds a task executor busy.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <condition_variable>
#include <mutex>
#include <string>

#include "common/device_utils.hpp"
#include "ovcl/core.hpp"

namespace ovcl {
namespace test {

/// Every device the suites run on; GPU cases skip where there is no OpenCL device.
inline std::vector<std::string> request_suite_devices() { return {"REF", "GPU"}; }

/// A task that blocks until opened: queued on a one-thread executor, it holds back whatever
/// is queued after it, so a request is deterministically "running" (busy, not finished).
class Gate {
public:
    void open() {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_open = true;
        m_cv.notify_all();
    }
    void pass() {
        std::unique_lock<std::mutex> lock(m_mutex);
        m_entered = true;
        m_cv.notify_all();
        m_cv.wait(lock, [this] { return m_open; });
    }
    void wait_entered() {
        std::unique_lock<std::mutex> lock(m_mutex);
        m_cv.wait(lock, [this] { return m_entered; });
    }

private:
    std::mutex m_mutex;
    std::condition_variable m_cv;
    bool m_open = false, m_entered = false;
};

}  // namespace test
}  // namespace ovcl
