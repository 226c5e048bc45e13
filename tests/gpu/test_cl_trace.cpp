// libovcl_cl_trace.so (src/tools/cl_trace.cpp), preloaded into ovcl_cl_trace_crash, a process that releases a
// sub-buffer and its buffer, then faults inside clReleaseMemObject: the tracer names the call in flight, lists the
// calls before it with what it read of each object, prints a backtrace, and the signal still ends the process;
// CL_TRACE_KEEP=sub skips the sub-buffer's release (its parent then still counts its reference).
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <csignal>
#include <cstdio>
#include <string>

#include "gpu_test_utils.hpp"

namespace {

struct Traced {
    std::string output;
    int status = -1;  // the shell's exit status: 128 + the signal when one ended the process
};

Traced run_traced(const std::string& env) {
    const std::string command =
        env + " LD_PRELOAD=" OVCL_CL_TRACE_LIB " CL_TRACE_LOG=1 " OVCL_CL_TRACE_CRASH " 2>&1";
    Traced r;
    FILE* pipe = ::popen(command.c_str(), "r");
    if (!pipe)
        return r;
    char buffer[4096];
    for (size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;)
        r.output.append(buffer, n);
    const int status = ::pclose(pipe);
    r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return r;
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(ClTrace, NamesTheReleaseInFlightWhenTheProcessFaults) {
    OVCL_REQUIRE_GPU();
    const Traced r = run_traced("");
    EXPECT_EQ(r.status, 128 + SIGSEGV) << r.output;
    EXPECT_TRUE(has(r.output, "cl_trace: signal 11; the call in flight on this thread: clReleaseMemObject(0x10)"))
        << r.output;
    EXPECT_TRUE(has(r.output, "clCreateSubBuffer(parent 0x")) << r.output;
    EXPECT_TRUE(has(r.output, "1024 bytes, parent 0x")) << r.output;
    EXPECT_TRUE(has(r.output, "offset 4096, references 1)")) << r.output;
    EXPECT_TRUE(has(r.output, "65536 bytes, parent (nil), offset 0, references 1)")) << r.output;
    EXPECT_TRUE(has(r.output, "cl_trace: backtrace:")) << r.output;
    EXPECT_FALSE(has(r.output, "not reached")) << r.output;
}

TEST(ClTrace, KeepSkipsTheReleasesOfAKind) {
    OVCL_REQUIRE_GPU();
    const Traced r = run_traced("CL_TRACE_KEEP=sub");
    EXPECT_EQ(r.status, 128 + SIGSEGV) << r.output;
    // The sub-buffer was not released: it still holds its reference to the buffer.
    EXPECT_TRUE(has(r.output, "65536 bytes, parent (nil), offset 0, references 2)")) << r.output;
}

}  // namespace
