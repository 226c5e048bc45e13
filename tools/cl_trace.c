// An LD_PRELOAD shim for finding which OpenCL release faults inside a vendor's driver (scripts/gpu_check runs the
// suites that crash under it; docs/perf/nvidia_h100.md). It wraps the release calls and clCreateSubBuffer, keeps
// the last calls of every thread in a ring, and on SIGSEGV / SIGBUS / SIGABRT prints the call in flight on the
// faulting thread, that ring and a backtrace, then lets the signal end the process as it would have.
//
//   cc -O1 -g -shared -fPIC -o libcl_trace.so tools/cl_trace.c -ldl
//   LD_PRELOAD=./libcl_trace.so program ...
//
// CL_TRACE_KEEP=sub,mem,kernel,event,program (any of them) skips the real release of those objects (they leak
// until the process ends): which choice makes a crash go away says which release faults. CL_TRACE_LOG=1 also
// prints every wrapped call as it starts.
#define _GNU_SOURCE
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <dlfcn.h>
#include <execinfo.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { RING = 32, LINE = 200 };
static char g_ring[RING][LINE];
static atomic_uint g_next;
static __thread char t_in_flight[LINE];
static int g_keep_sub, g_keep_mem, g_keep_kernel, g_keep_event, g_keep_program, g_log;

static void put(const char* s) {
    ssize_t r = write(2, s, strlen(s));
    (void)r;
}

static void record(const char* line) {
    snprintf(t_in_flight, LINE, "%s", line);
    unsigned i = atomic_fetch_add(&g_next, 1u) % RING;
    snprintf(g_ring[i], LINE, "[tid %lu] %s", (unsigned long)pthread_self() % 100000, line);
    if (g_log) {
        put("cl_trace: ");
        put(line);
        put("\n");
    }
}

static void on_signal(int sig) {
    char head[96];
    snprintf(head, sizeof head, "\ncl_trace: signal %d; the call in flight on this thread: ", sig);
    put(head);
    put(t_in_flight[0] ? t_in_flight : "(none: outside the wrapped calls)");
    put("\ncl_trace: the last wrapped calls, oldest first:\n");
    unsigned n = atomic_load(&g_next);
    for (unsigned k = n > RING ? n - RING : 0; k < n; ++k) {
        put("  ");
        put(g_ring[k % RING]);
        put("\n");
    }
    put("cl_trace: backtrace:\n");
    void* frames[40];
    backtrace_symbols_fd(frames, backtrace(frames, 40), 2);
    signal(sig, SIG_DFL);
    raise(sig);
}

__attribute__((constructor)) static void init(void) {
    const char* keep = getenv("CL_TRACE_KEEP");
    if (keep) {
        g_keep_sub = strstr(keep, "sub") != NULL;
        g_keep_mem = strstr(keep, "mem") != NULL;
        g_keep_kernel = strstr(keep, "kernel") != NULL;
        g_keep_event = strstr(keep, "event") != NULL;
        g_keep_program = strstr(keep, "program") != NULL;
    }
    g_log = getenv("CL_TRACE_LOG") != NULL;
    void* frames[2];
    backtrace(frames, 2);  // loads libgcc's unwinder now, not inside the signal handler
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGSEGV, &sa, NULL);
    sigaction(SIGBUS, &sa, NULL);
    sigaction(SIGABRT, &sa, NULL);
}

#define NEXT(name)                                                                                                   \
    static __typeof__(&name) next;                                                                                   \
    if (!next)                                                                                                       \
    next = (__typeof__(&name))dlsym(RTLD_NEXT, #name)
#define DONE(result)                                                                                                 \
    do {                                                                                                             \
        t_in_flight[0] = 0;                                                                                          \
        return result;                                                                                               \
    } while (0)

cl_mem clCreateSubBuffer(cl_mem parent, cl_mem_flags flags, cl_buffer_create_type type, const void* info,
                         cl_int* err) {
    NEXT(clCreateSubBuffer);
    const cl_buffer_region* r = (const cl_buffer_region*)info;
    char line[LINE];
    snprintf(line, LINE, "clCreateSubBuffer(parent %p, offset %zu, size %zu)", (void*)parent, r ? r->origin : 0,
             r ? r->size : 0);
    record(line);
    cl_mem m = next(parent, flags, type, info, err);
    DONE(m);
}

cl_int clReleaseMemObject(cl_mem m) {
    NEXT(clReleaseMemObject);
    cl_mem parent = NULL;
    size_t size = 0, offset = 0;
    cl_uint refs = 0;
    clGetMemObjectInfo(m, CL_MEM_ASSOCIATED_MEMOBJECT, sizeof parent, &parent, NULL);
    clGetMemObjectInfo(m, CL_MEM_SIZE, sizeof size, &size, NULL);
    clGetMemObjectInfo(m, CL_MEM_OFFSET, sizeof offset, &offset, NULL);
    clGetMemObjectInfo(m, CL_MEM_REFERENCE_COUNT, sizeof refs, &refs, NULL);
    char line[LINE];
    snprintf(line, LINE, "clReleaseMemObject(%p: %zu bytes, parent %p, offset %zu, references %u)", (void*)m, size,
             (void*)parent, offset, refs);
    record(line);
    if (parent ? g_keep_sub : g_keep_mem)
        DONE(CL_SUCCESS);
    cl_int r = next(m);
    DONE(r);
}

cl_int clReleaseKernel(cl_kernel k) {
    NEXT(clReleaseKernel);
    char name[64] = "?", line[LINE];
    cl_uint refs = 0;
    clGetKernelInfo(k, CL_KERNEL_FUNCTION_NAME, sizeof name, name, NULL);
    clGetKernelInfo(k, CL_KERNEL_REFERENCE_COUNT, sizeof refs, &refs, NULL);
    snprintf(line, LINE, "clReleaseKernel(%p: %s, references %u)", (void*)k, name, refs);
    record(line);
    if (g_keep_kernel)
        DONE(CL_SUCCESS);
    cl_int r = next(k);
    DONE(r);
}

cl_int clReleaseEvent(cl_event e) {
    NEXT(clReleaseEvent);
    cl_int status = 0;
    cl_command_type type = 0;
    clGetEventInfo(e, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, NULL);
    clGetEventInfo(e, CL_EVENT_COMMAND_TYPE, sizeof type, &type, NULL);
    char line[LINE];
    snprintf(line, LINE, "clReleaseEvent(%p: command 0x%x, status %d)", (void*)e, type, status);
    record(line);
    if (g_keep_event)
        DONE(CL_SUCCESS);
    cl_int r = next(e);
    DONE(r);
}

/// A wrapper that records the call with its handle and, where `keep` is set, skips the real call.
#define WRAP_RELEASE(name, type, keep)                                                                               \
    cl_int name(type handle) {                                                                                       \
        NEXT(name);                                                                                                  \
        char line[LINE];                                                                                             \
        snprintf(line, LINE, #name "(%p)", (void*)handle);                                                           \
        record(line);                                                                                                \
        if (keep)                                                                                                    \
            DONE(CL_SUCCESS);                                                                                        \
        cl_int r = next(handle);                                                                                     \
        DONE(r);                                                                                                     \
    }

WRAP_RELEASE(clReleaseProgram, cl_program, g_keep_program)
WRAP_RELEASE(clReleaseCommandQueue, cl_command_queue, 0)
WRAP_RELEASE(clReleaseContext, cl_context, 0)
WRAP_RELEASE(clFinish, cl_command_queue, 0)
