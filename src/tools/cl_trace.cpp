// An LD_PRELOAD shim for finding which OpenCL release faults inside a vendor's driver: it wraps the release calls
// and clCreateSubBuffer, keeps the last calls of every thread in a ring, and on SIGSEGV / SIGBUS / SIGABRT prints
// the call in flight, that ring and a backtrace, then lets the signal end the process as it would have. Usage,
// CL_TRACE_KEEP and CL_TRACE_LOG: docs/hardening.md, "A driver that faults".
#ifndef _GNU_SOURCE
#define _GNU_SOURCE  // RTLD_NEXT
#endif
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <dlfcn.h>
#include <execinfo.h>
#include <pthread.h>
#include <unistd.h>

#include <atomic>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace {

constexpr int RING = 32, LINE = 200;
char g_ring[RING][LINE];
std::atomic<unsigned> g_next{0};
thread_local char t_in_flight[LINE];
bool g_keep_sub, g_keep_mem, g_keep_kernel, g_keep_event, g_keep_program, g_log;

void put(const char* s) {
    const ssize_t written = write(2, s, std::strlen(s));
    (void)written;
}

void record(const char* line) {
    std::snprintf(t_in_flight, LINE, "%s", line);
    const unsigned i = g_next.fetch_add(1) % RING;
    std::snprintf(g_ring[i], LINE, "[tid %lu] %s", static_cast<unsigned long>(pthread_self()) % 100000, line);
    if (g_log) {
        put("cl_trace: ");
        put(line);
        put("\n");
    }
}

void on_signal(int sig) {
    char head[96];
    std::snprintf(head, sizeof head, "\ncl_trace: signal %d; the call in flight on this thread: ", sig);
    put(head);
    put(t_in_flight[0] ? t_in_flight : "(none: outside the wrapped calls)");
    put("\ncl_trace: the last wrapped calls, oldest first:\n");
    const unsigned n = g_next.load();
    for (unsigned k = n > RING ? n - RING : 0; k < n; ++k) {
        put("  ");
        put(g_ring[k % RING]);
        put("\n");
    }
    put("cl_trace: backtrace:\n");
    void* frames[40];
    backtrace_symbols_fd(frames, backtrace(frames, 40), 2);
    std::signal(sig, SIG_DFL);
    std::raise(sig);
}

__attribute__((constructor)) void init() {
    const char* keep = std::getenv("CL_TRACE_KEEP");
    if (keep) {
        g_keep_sub = std::strstr(keep, "sub") != nullptr;
        g_keep_mem = std::strstr(keep, "mem") != nullptr;
        g_keep_kernel = std::strstr(keep, "kernel") != nullptr;
        g_keep_event = std::strstr(keep, "event") != nullptr;
        g_keep_program = std::strstr(keep, "program") != nullptr;
    }
    g_log = std::getenv("CL_TRACE_LOG") != nullptr;
    void* frames[2];
    backtrace(frames, 2);  // loads libgcc's unwinder now, not inside the signal handler
    struct sigaction sa;
    std::memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGSEGV, &sa, nullptr);
    sigaction(SIGBUS, &sa, nullptr);
    sigaction(SIGABRT, &sa, nullptr);
}

}  // namespace

// The wrapped entry points: C linkage (CL/cl.h declares them extern "C"), found before the ICD loader's.

#define NEXT(name)                                                                                                   \
    static const auto next = reinterpret_cast<decltype(&name)>(dlsym(RTLD_NEXT, #name))
#define DONE(result)                                                                                                 \
    do {                                                                                                             \
        t_in_flight[0] = 0;                                                                                          \
        return result;                                                                                               \
    } while (0)
// The call is recorded with its handle alone first: a driver that faults on a released object may do so already in
// the info queries that the detailed line (recorded next, replacing it) is made of.
#define RECORD_HANDLE(name, handle)                                                                                  \
    char line[LINE];                                                                                                 \
    std::snprintf(line, LINE, name "(%p)", static_cast<const void*>(handle));                                        \
    record(line)

cl_mem clCreateSubBuffer(cl_mem parent, cl_mem_flags flags, cl_buffer_create_type type, const void* info,
                         cl_int* err) {
    NEXT(clCreateSubBuffer);
    const auto* r = static_cast<const cl_buffer_region*>(info);
    char line[LINE];
    std::snprintf(line, LINE, "clCreateSubBuffer(parent %p, offset %zu, size %zu)", static_cast<void*>(parent),
                  r ? r->origin : 0, r ? r->size : 0);
    record(line);
    cl_mem m = next(parent, flags, type, info, err);
    DONE(m);
}

cl_int clReleaseMemObject(cl_mem m) {
    NEXT(clReleaseMemObject);
    RECORD_HANDLE("clReleaseMemObject", m);
    cl_mem parent = nullptr;
    size_t size = 0, offset = 0;
    cl_uint refs = 0;
    clGetMemObjectInfo(m, CL_MEM_ASSOCIATED_MEMOBJECT, sizeof parent, &parent, nullptr);
    clGetMemObjectInfo(m, CL_MEM_SIZE, sizeof size, &size, nullptr);
    clGetMemObjectInfo(m, CL_MEM_OFFSET, sizeof offset, &offset, nullptr);
    clGetMemObjectInfo(m, CL_MEM_REFERENCE_COUNT, sizeof refs, &refs, nullptr);
    std::snprintf(line, LINE, "clReleaseMemObject(%p: %zu bytes, parent %p, offset %zu, references %u)",
                  static_cast<void*>(m), size, static_cast<void*>(parent), offset, refs);
    record(line);
    if (parent ? g_keep_sub : g_keep_mem)
        DONE(CL_SUCCESS);
    const cl_int r = next(m);
    DONE(r);
}

cl_int clReleaseKernel(cl_kernel k) {
    NEXT(clReleaseKernel);
    RECORD_HANDLE("clReleaseKernel", k);
    char name[64] = "?";
    cl_uint refs = 0;
    clGetKernelInfo(k, CL_KERNEL_FUNCTION_NAME, sizeof name, name, nullptr);
    clGetKernelInfo(k, CL_KERNEL_REFERENCE_COUNT, sizeof refs, &refs, nullptr);
    std::snprintf(line, LINE, "clReleaseKernel(%p: %s, references %u)", static_cast<void*>(k), name, refs);
    record(line);
    if (g_keep_kernel)
        DONE(CL_SUCCESS);
    const cl_int r = next(k);
    DONE(r);
}

cl_int clReleaseEvent(cl_event e) {
    NEXT(clReleaseEvent);
    RECORD_HANDLE("clReleaseEvent", e);
    cl_int status = 0;
    cl_command_type type = 0;
    clGetEventInfo(e, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, nullptr);
    clGetEventInfo(e, CL_EVENT_COMMAND_TYPE, sizeof type, &type, nullptr);
    std::snprintf(line, LINE, "clReleaseEvent(%p: command 0x%x, status %d)", static_cast<void*>(e), type, status);
    record(line);
    if (g_keep_event)
        DONE(CL_SUCCESS);
    const cl_int r = next(e);
    DONE(r);
}

/// A wrapper that records the call with its handle and, where `keep` is set, skips the real call.
#define WRAP_RELEASE(name, type, keep)                                                                               \
    cl_int name(type handle) {                                                                                       \
        NEXT(name);                                                                                                  \
        RECORD_HANDLE(#name, handle);                                                                                \
        if (keep)                                                                                                    \
            DONE(CL_SUCCESS);                                                                                        \
        const cl_int r = next(handle);                                                                               \
        DONE(r);                                                                                                     \
    }

WRAP_RELEASE(clReleaseProgram, cl_program, g_keep_program)
WRAP_RELEASE(clReleaseCommandQueue, cl_command_queue, false)
WRAP_RELEASE(clReleaseContext, cl_context, false)
WRAP_RELEASE(clFinish, cl_command_queue, false)
