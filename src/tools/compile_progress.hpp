// A progress line on the terminal while a compile runs long (over two seconds: PoCL's cold kernel builds), so a
// user sees the tool working rather than hung. Nothing when stderr is not a terminal (logs, pipes, tests).
#pragma once

#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

namespace ovcl {
namespace cli {

class CompileProgress {
public:
    /// `what`: the device, in the line "Compiling the model for GPU.0: 3 s".
    explicit CompileProgress(std::string what);
    ~CompileProgress();
    CompileProgress(const CompileProgress&) = delete;
    CompileProgress& operator=(const CompileProgress&) = delete;

private:
    void run();
    std::string m_what;
    std::mutex m_mutex;
    std::condition_variable m_cv;
    bool m_done = false;
    bool m_printed = false;
    std::thread m_thread;
};

}  // namespace cli
}  // namespace ovcl
