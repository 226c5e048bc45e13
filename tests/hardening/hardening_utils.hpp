// Helpers of the hardening suites: a scratch folder, FIFOs that a test can unblock when the code
// under test wrongly waits on them, and a bound on how long a call may take.
#pragma once

#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <future>
#include <string>
#include <vector>

#include "ovcl/except.hpp"

namespace ovcl {
namespace hardening {

namespace fs = std::filesystem;

/// A fresh folder named after the running test, removed afterwards.
class Scratch {
public:
    Scratch() {
        const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
        m_path = fs::temp_directory_path() /
                 ("ovcl_hardening_" + std::to_string(::getpid()) + "_" + info->test_suite_name() + "_" + info->name());
        fs::remove_all(m_path);
        fs::create_directories(m_path);
    }
    ~Scratch() {
        std::error_code ec;
        fs::remove_all(m_path, ec);
    }
    std::string file(const std::string& name) const { return (m_path / name).string(); }
    std::string write(const std::string& name, const std::string& bytes) const {
        std::ofstream(file(name), std::ios::binary) << bytes;
        return file(name);
    }
    std::string fifo(const std::string& name) const {
        const std::string p = file(name);
        if (::mkfifo(p.c_str(), 0600) != 0)
            throw std::runtime_error("mkfifo " + p + " failed");
        return p;
    }
    const fs::path& path() const { return m_path; }

private:
    fs::path m_path;
};

/// Runs f on another thread and fails the test when it takes longer than `limit`; a call that
/// blocks on one of `fifos` is then released by opening the FIFO's writing end, so the suite ends.
inline void finishes_within(std::chrono::seconds limit, const std::vector<std::string>& fifos,
                            const std::function<void()>& f) {
    auto done = std::async(std::launch::async, f);
    if (done.wait_for(limit) == std::future_status::ready) {
        done.get();  // rethrows a failed assertion's exception, if any
        return;
    }
    ADD_FAILURE() << "still running after " << limit.count() << " s (blocked on a FIFO?)";
    for (const auto& p : fifos) {
        const int fd = ::open(p.c_str(), O_WRONLY | O_NONBLOCK);
        if (fd >= 0)
            ::close(fd);  // the reader sees end of file
    }
    done.wait();
}

/// Runs f, which must throw E whose message holds every one of `parts`.
template <typename E = Exception, typename F>
void expect_error(F&& f, std::initializer_list<std::string> parts) {
    try {
        f();
        ADD_FAILURE() << "no exception";
    } catch (const E& e) {
        for (const auto& p : parts)
            EXPECT_NE(std::string(e.what()).find(p), std::string::npos) << "'" << p << "' not in: " << e.what();
    }
}

}  // namespace hardening
}  // namespace ovcl
