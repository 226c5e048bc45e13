// The CLI's progress line during a long compile: on a terminal after two seconds, erased when the compile ends;
// nothing when stderr is not a terminal. stderr is pointed at a pseudo-terminal for the test.
#include <fcntl.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <string>
#include <thread>

#include "tools/compile_progress.hpp"

namespace {

// Runs `body` with stderr on a new pseudo-terminal (or on a pipe) and returns what it wrote.
template <typename F>
std::string stderr_of(bool terminal, F body) {
    int master = -1, slave = -1, pipe_fds[2] = {-1, -1};
    if (terminal) {
        master = posix_openpt(O_RDWR | O_NOCTTY);
        if (master < 0 || grantpt(master) != 0 || unlockpt(master) != 0)
            return "<no pty>";
        slave = open(ptsname(master), O_RDWR | O_NOCTTY);
    } else if (pipe(pipe_fds) == 0) {
        master = pipe_fds[0];
        slave = pipe_fds[1];
    }
    if (slave < 0)
        return "<no pty>";
    std::fflush(stderr);
    const int saved = dup(STDERR_FILENO);
    dup2(slave, STDERR_FILENO);
    body();
    std::fflush(stderr);
    dup2(saved, STDERR_FILENO);
    close(saved);
    close(slave);
    fcntl(master, F_SETFL, O_NONBLOCK);
    std::string out;
    char buf[512];
    for (ssize_t n; (n = read(master, buf, sizeof buf)) > 0;)
        out.append(buf, static_cast<size_t>(n));
    close(master);
    return out;
}

}  // namespace

TEST(CompileProgress, PrintsOnATerminalAfterTwoSecondsThenErases) {
    const std::string out = stderr_of(true, [] {
        const ovcl::cli::CompileProgress progress("GPU.0");
        std::this_thread::sleep_for(std::chrono::milliseconds(3300));
    });
    if (out == "<no pty>")
        GTEST_SKIP() << "no pseudo-terminal here";
    EXPECT_NE(out.find("Compiling the model for GPU.0: 2 s"), std::string::npos) << out;
    EXPECT_NE(out.find("Compiling the model for GPU.0: 3 s"), std::string::npos) << out;
    EXPECT_NE(out.rfind("\033[K"), std::string::npos) << "the line is erased at the end: " << out;
}

TEST(CompileProgress, SilentForAShortCompileAndOffATerminal) {
    EXPECT_EQ(stderr_of(true, [] { const ovcl::cli::CompileProgress progress("GPU.0"); }), "");
    EXPECT_EQ(stderr_of(false, [] {
                  const ovcl::cli::CompileProgress progress("GPU.0");
                  std::this_thread::sleep_for(std::chrono::milliseconds(2300));
              }),
              "");
}
