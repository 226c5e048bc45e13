#include "tools/compile_progress.hpp"

#include <unistd.h>

#include <chrono>
#include <cstdio>

namespace ovcl {
namespace cli {

CompileProgress::CompileProgress(std::string what) : m_what(std::move(what)) {
    if (isatty(STDERR_FILENO))
        m_thread = std::thread([this] { run(); });
}

CompileProgress::~CompileProgress() {
    if (!m_thread.joinable())
        return;
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_done = true;
    }
    m_cv.notify_all();
    m_thread.join();
    if (m_printed)
        std::fputs("\r\033[K", stderr);  // the line goes once the compile is done; the summary reports its time
}

void CompileProgress::run() {
    using namespace std::chrono;
    const auto start = steady_clock::now();
    std::unique_lock<std::mutex> lock(m_mutex);
    if (m_cv.wait_for(lock, seconds(2), [this] { return m_done; }))
        return;
    while (!m_done) {
        const auto s = duration_cast<seconds>(steady_clock::now() - start).count();
        std::fprintf(stderr, "\rCompiling the model for %s: %lld s", m_what.c_str(), static_cast<long long>(s));
        std::fflush(stderr);
        m_printed = true;
        m_cv.wait_for(lock, seconds(1), [this] { return m_done; });
    }
}

}  // namespace cli
}  // namespace ovcl
