#include "tools/benchmark_runner.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <iostream>
#include <mutex>
#include <numeric>
#include <thread>

namespace ovcl {
namespace cli {
namespace {

using Clock = std::chrono::steady_clock;

double ms_between(Clock::time_point a, Clock::time_point b) {
    return std::chrono::duration<double, std::milli>(b - a).count();
}

/// Whether another inference may start when `started` have started and `elapsed_s` have passed.
bool keep_going(const RunLimits& limits, uint64_t started, double elapsed_s) {
    return (limits.iterations && started < limits.iterations) || (limits.seconds > 0 && elapsed_s < limits.seconds);
}

/// -max_irate: waits until inference `index` (0-based) may start.
void pace(const RunLimits& limits, Clock::time_point start, uint64_t index) {
    if (limits.max_fps <= 0)
        return;
    const double due_s = static_cast<double>(index) * limits.batch / limits.max_fps;
    std::this_thread::sleep_until(start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(due_s)));
}

}  // namespace

LatencyStats latency_stats(const std::vector<double>& sorted_ms, uint32_t percentile) {
    LatencyStats s;
    if (sorted_ms.empty())
        return s;
    // benchmark_app's percentile: the value at rank ceil(n * p / 100).
    const size_t rank = static_cast<size_t>(std::ceil(static_cast<double>(sorted_ms.size()) * percentile / 100.0));
    s.percentile = sorted_ms[std::clamp<size_t>(rank, 1, sorted_ms.size()) - 1];
    s.average = std::accumulate(sorted_ms.begin(), sorted_ms.end(), 0.0) / static_cast<double>(sorted_ms.size());
    s.min = sorted_ms.front();
    s.max = sorted_ms.back();
    return s;
}

Progress::Progress(const RunLimits& limits, bool terminal, bool enabled)
    : m_limits(limits), m_terminal(terminal), m_enabled(enabled) {}

double Progress::fraction(uint64_t iterations, double elapsed_s) const {
    double f = 0;
    if (m_limits.iterations)
        f = static_cast<double>(iterations) / static_cast<double>(m_limits.iterations);
    if (m_limits.seconds > 0) {
        const double t = elapsed_s / m_limits.seconds;
        f = m_limits.iterations ? std::min(f, t) : t;  // both limits must be reached
    }
    return std::clamp(f, 0.0, 1.0);
}

void Progress::update(uint64_t iterations, double elapsed_s) {
    if (!m_enabled)
        return;
    const double f = fraction(iterations, elapsed_s);
    if (m_terminal) {
        if (m_last_draw_s >= 0 && elapsed_s - m_last_draw_s < 0.1 && f < 1.0)
            return;
        m_last_draw_s = elapsed_s;
        constexpr int kWidth = 40;
        const int filled = static_cast<int>(f * kWidth);
        std::string bar(static_cast<size_t>(filled), '=');
        if (filled < kWidth)
            bar += '>' + std::string(static_cast<size_t>(kWidth - filled - 1), ' ');
        std::printf("\r[%s] %3d%% %llu iterations %.1f s", bar.c_str(), static_cast<int>(f * 100),
                    static_cast<unsigned long long>(iterations), elapsed_s);
        std::fflush(stdout);
        return;
    }
    const int step = static_cast<int>(f * 10);
    if (step > m_last_step && step > 0) {
        m_last_step = step;
        std::printf("[ INFO ] Progress: %d%% (%llu iterations, %.1f s)\n", step * 10,
                    static_cast<unsigned long long>(iterations), elapsed_s);
        std::fflush(stdout);
    }
}

void Progress::finish(uint64_t iterations, double elapsed_s) {
    if (!m_enabled)
        return;
    if (m_terminal) {
        m_last_draw_s = -1;
        update(iterations, elapsed_s);
        std::printf("\n");
        std::fflush(stdout);
    } else if (m_last_step < 10) {
        m_last_step = 9;  // the run may end before the limit (iterations aligned, a stop): say it is done
        std::printf("[ INFO ] Progress: 100%% (%llu iterations, %.1f s)\n", static_cast<unsigned long long>(iterations),
                    elapsed_s);
        std::fflush(stdout);
    }
}

double time_first_inference(InferRequest& request, bool async) {
    const auto t0 = Clock::now();
    if (async) {
        request.start_async();
        request.wait();
    } else {
        request.infer();
    }
    return ms_between(t0, Clock::now());
}

Measurement run_sync(InferRequest& request, const RunLimits& limits, Progress& progress) {
    Measurement m;
    const auto start = Clock::now();
    double elapsed_s = 0;
    while (keep_going(limits, m.iterations, elapsed_s)) {
        pace(limits, start, m.iterations);
        const auto t0 = Clock::now();
        request.infer();
        const auto t1 = Clock::now();
        m.latencies_ms.push_back(ms_between(t0, t1));
        ++m.iterations;
        elapsed_s = ms_between(start, t1) / 1000.0;
        progress.update(m.iterations, elapsed_s);
    }
    m.duration_ms = ms_between(start, Clock::now());
    progress.finish(m.iterations, m.duration_ms / 1000.0);
    m.per_request_ms = {m.latencies_ms};
    std::sort(m.latencies_ms.begin(), m.latencies_ms.end());
    return m;
}

Measurement run_async(std::vector<InferRequest>& requests, const RunLimits& limits, Progress& progress) {
    // Shared by the callbacks, which run on the plugin's threads; every field is under `mutex`.
    struct State {
        std::mutex mutex;
        std::condition_variable all_stopped;
        std::vector<double> latencies_ms;
        std::vector<std::vector<double>> per_request_ms;
        std::exception_ptr error;
        size_t active = 0;  ///< requests in flight or about to restart
        Clock::time_point last_end;
        uint64_t started = 0;
        uint64_t completed = 0;
        bool stop = false;
    } state;
    std::vector<Clock::time_point> starts(requests.size());
    state.per_request_ms.resize(requests.size());
    Clock::time_point start;

    // The callback of request i: records its latency, then claims the next iteration and
    // restarts the request from here, or retires it.
    auto on_done = [&](size_t i, std::exception_ptr error) {
        const auto now = Clock::now();
        bool restart = false;
        uint64_t index = 0;  // the inference this request starts next
        {
            std::lock_guard<std::mutex> lock(state.mutex);
            if (error && !state.error)
                state.error = error;
            if (!error) {
                state.latencies_ms.push_back(ms_between(starts[i], now));
                state.per_request_ms[i].push_back(state.latencies_ms.back());
            }
            ++state.completed;
            if (!state.error && !state.stop) {
                restart = keep_going(limits, state.started, ms_between(start, now) / 1000.0);
                if (restart)
                    index = state.started++;
            }
            if (!restart) {
                state.last_end = std::max(state.last_end, now);
                if (--state.active == 0)
                    state.all_stopped.notify_all();
            }
        }
        if (restart) {
            pace(limits, start, index);  // on this request's callback: the others go on meanwhile
            starts[i] = Clock::now();
            try {
                requests[i].start_async();
            } catch (...) {
                std::lock_guard<std::mutex> lock(state.mutex);
                if (!state.error)
                    state.error = std::current_exception();
                if (--state.active == 0)
                    state.all_stopped.notify_all();
            }
        }
    };
    for (size_t i = 0; i < requests.size(); ++i)
        requests[i].set_callback([&on_done, i](std::exception_ptr e) { on_done(i, e); });

    start = Clock::now();
    {
        std::lock_guard<std::mutex> lock(state.mutex);
        state.last_end = start;
    }
    for (size_t i = 0; i < requests.size(); ++i) {
        {
            std::lock_guard<std::mutex> lock(state.mutex);
            // benchmark_app starts every request at least once, whatever -niter says (it is aligned up).
            if (i > 0 && !keep_going(limits, state.started, ms_between(start, Clock::now()) / 1000.0))
                break;
            ++state.started;
            ++state.active;
        }
        pace(limits, start, i);
        starts[i] = Clock::now();
        try {
            requests[i].start_async();
        } catch (...) {
            std::lock_guard<std::mutex> lock(state.mutex);
            state.error = std::current_exception();
            state.stop = true;
            --state.active;
            break;
        }
    }

    std::unique_lock<std::mutex> lock(state.mutex);
    while (state.active > 0) {
        state.all_stopped.wait_for(lock, std::chrono::milliseconds(100));
        const uint64_t done = state.completed;
        lock.unlock();
        progress.update(done, ms_between(start, Clock::now()) / 1000.0);
        lock.lock();
    }
    const Clock::time_point end = state.last_end;
    const std::exception_ptr error = state.error;
    lock.unlock();

    // Callbacks may still be returning; wait() also surfaces what a request reports.
    for (auto& r : requests) {
        try {
            r.wait();
        } catch (...) {
        }
        r.set_callback(nullptr);
    }
    if (error)
        std::rethrow_exception(error);

    Measurement m;
    m.latencies_ms = std::move(state.latencies_ms);
    m.per_request_ms = std::move(state.per_request_ms);
    std::sort(m.latencies_ms.begin(), m.latencies_ms.end());
    m.iterations = m.latencies_ms.size();
    m.duration_ms = ms_between(start, end);
    progress.finish(m.iterations, m.duration_ms / 1000.0);
    return m;
}

}  // namespace cli
}  // namespace ovcl
