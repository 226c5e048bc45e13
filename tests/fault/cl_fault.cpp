// libovcl_cl_fault.so: see cl_fault.h. Every interposed entry point resolves its real
// counterpart once with dlsym(RTLD_NEXT) (the next library in lookup order: the ICD loader),
// or from libOpenCL.so.1 opened here when the process has no global libOpenCL.
#ifndef _GNU_SOURCE
#define _GNU_SOURCE  // RTLD_NEXT
#endif
#include "cl_fault.h"

#define CL_TARGET_OPENCL_VERSION 300
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS  // clCreateCommandQueue, which the plugin calls
#include <CL/cl.h>
#include <dlfcn.h>

#include <array>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <set>
#include <string>

namespace {

constexpr std::array<const char*, OVCL_FAULT_CALL_COUNT> kCallNames = {
    "clCreateBuffer",      "clBuildProgram",  "clEnqueueNDRangeKernel", "clEnqueueReadBuffer",
    "clEnqueueWriteBuffer", "clWaitForEvents", "clFinish",               "clGetEventInfo"};

struct Armed {
    std::atomic<int64_t> countdown{0};  // fails the call that brings it from 1 to 0
    std::atomic<int32_t> error{CL_SUCCESS};
    std::atomic<int> fired{0};
};

std::array<Armed, OVCL_FAULT_CALL_COUNT> g_armed;
std::array<std::atomic<uint64_t>, OVCL_FAULT_CALL_COUNT> g_calls{};
std::array<std::atomic<int64_t>, OVCL_CL_OBJECT_COUNT> g_live{};
std::atomic<int> g_active{0};

std::mutex g_failed_mutex;
std::set<cl_event> g_failed_events;  // events whose completion status reads as failed
cl_int g_failed_status = CL_OUT_OF_RESOURCES;

/// Counts a call of `call`; returns the error to fail it with, or CL_SUCCESS.
cl_int should_fail(ovcl_fault_call call) {
    g_active.store(1);
    g_calls[call].fetch_add(1);
    Armed& a = g_armed[call];
    int64_t left = a.countdown.load();
    while (left > 0 && !a.countdown.compare_exchange_weak(left, left - 1)) {
    }
    if (left != 1)
        return CL_SUCCESS;
    a.fired.store(1);
    return a.error.load();
}

void count(ovcl_cl_object kind, cl_int err, int64_t delta) {
    g_active.store(1);
    if (err == CL_SUCCESS)
        g_live[kind].fetch_add(delta);
}

template <typename Fn>
Fn real(const char* name) {
    void* sym = dlsym(RTLD_NEXT, name);
    if (!sym) {
        // libOpenCL is not in the global scope (a program that only dlopen's the GPU plugin, whose
        // own libOpenCL dependency stays local to it): use the ICD loader directly.
        static void* const loader = dlopen("libOpenCL.so.1", RTLD_NOW | RTLD_LOCAL);
        sym = loader ? dlsym(loader, name) : nullptr;
    }
    if (!sym) {
        std::fprintf(stderr, "ovcl_cl_fault: no next definition of %s (link libOpenCL after this library)\n", name);
        std::abort();
    }
    return reinterpret_cast<Fn>(sym);
}

// REAL(clFoo) is the next definition of clFoo, resolved once.
#define REAL(fn) ([] {                                      \
    static const auto ptr = real<decltype(&::fn)>(#fn);     \
    return ptr;                                             \
}())

bool is_failed(cl_event e) {
    std::lock_guard<std::mutex> lock(g_failed_mutex);
    return g_failed_events.count(e) != 0;
}

struct ErrorName {
    const char* name;
    cl_int code;
};
constexpr ErrorName kErrors[] = {
    {"CL_MEM_OBJECT_ALLOCATION_FAILURE", CL_MEM_OBJECT_ALLOCATION_FAILURE},
    {"CL_OUT_OF_RESOURCES", CL_OUT_OF_RESOURCES},
    {"CL_OUT_OF_HOST_MEMORY", CL_OUT_OF_HOST_MEMORY},
    {"CL_BUILD_PROGRAM_FAILURE", CL_BUILD_PROGRAM_FAILURE},
    {"CL_INVALID_COMMAND_QUEUE", CL_INVALID_COMMAND_QUEUE},
    {"CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST", CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST},
    {"CL_DEVICE_NOT_AVAILABLE", CL_DEVICE_NOT_AVAILABLE},
};

// OVCL_CL_FAULT=<call>:<nth>:<error> arms one fault when the library is loaded.
__attribute__((constructor)) void arm_from_environment() {
    const char* spec = std::getenv("OVCL_CL_FAULT");
    if (!spec || !*spec)
        return;
    const std::string s(spec);
    const auto c1 = s.find(':'), c2 = s.find(':', c1 == std::string::npos ? c1 : c1 + 1);
    if (c1 == std::string::npos || c2 == std::string::npos) {
        std::fprintf(stderr, "ovcl_cl_fault: OVCL_CL_FAULT='%s' is not <call>:<nth>:<error>\n", spec);
        std::abort();
    }
    const std::string call = s.substr(0, c1), nth = s.substr(c1 + 1, c2 - c1 - 1), err = s.substr(c2 + 1);
    int index = -1;
    for (size_t i = 0; i < kCallNames.size(); ++i)
        if (call == kCallNames[i])
            index = static_cast<int>(i);
    cl_int code = CL_SUCCESS;
    for (const auto& e : kErrors)
        if (err == e.name)
            code = e.code;
    if (code == CL_SUCCESS && !err.empty() && (err[0] == '-' || (err[0] >= '0' && err[0] <= '9')))
        code = static_cast<cl_int>(std::strtol(err.c_str(), nullptr, 10));
    const long long n = std::strtoll(nth.c_str(), nullptr, 10);
    if (index < 0 || n < 1 || code == CL_SUCCESS) {
        std::fprintf(stderr, "ovcl_cl_fault: OVCL_CL_FAULT='%s': unknown call, nth < 1 or unknown error\n", spec);
        std::abort();
    }
    ovcl_fault_arm(index, static_cast<uint64_t>(n), code);
}

}  // namespace

extern "C" {

const char* ovcl_fault_call_name(int call) {
    return call >= 0 && call < OVCL_FAULT_CALL_COUNT ? kCallNames[static_cast<size_t>(call)] : nullptr;
}

void ovcl_fault_arm(int call, uint64_t nth, int32_t error) {
    if (call < 0 || call >= OVCL_FAULT_CALL_COUNT || nth == 0)
        return;
    Armed& a = g_armed[static_cast<size_t>(call)];
    a.fired.store(0);
    a.error.store(error);
    a.countdown.store(static_cast<int64_t>(nth));
}

void ovcl_fault_disarm_all(void) {
    for (auto& a : g_armed) {
        a.countdown.store(0);
        a.fired.store(0);
    }
    std::lock_guard<std::mutex> lock(g_failed_mutex);
    g_failed_events.clear();
}

int ovcl_fault_fired(int call) {
    return call >= 0 && call < OVCL_FAULT_CALL_COUNT ? g_armed[static_cast<size_t>(call)].fired.load() : 0;
}

uint64_t ovcl_fault_calls(int call) {
    return call >= 0 && call < OVCL_FAULT_CALL_COUNT ? g_calls[static_cast<size_t>(call)].load() : 0;
}

int64_t ovcl_fault_live(int kind) {
    return kind >= 0 && kind < OVCL_CL_OBJECT_COUNT ? g_live[static_cast<size_t>(kind)].load() : 0;
}

int ovcl_fault_active(void) { return g_active.load(); }

// ---- call sites that can fail ----

cl_mem clCreateBuffer(cl_context context, cl_mem_flags flags, size_t size, void* host_ptr, cl_int* errcode_ret) {
    if (const cl_int err = should_fail(OVCL_FAULT_CREATE_BUFFER)) {
        if (errcode_ret)
            *errcode_ret = err;
        return nullptr;
    }
    cl_int err = CL_SUCCESS;
    cl_mem mem = REAL(clCreateBuffer)(context, flags, size, host_ptr, &err);
    count(OVCL_CL_MEM, err, 1);
    if (errcode_ret)
        *errcode_ret = err;
    return mem;
}

cl_int clBuildProgram(cl_program program, cl_uint num_devices, const cl_device_id* device_list, const char* options,
                      void(CL_CALLBACK* pfn_notify)(cl_program, void*), void* user_data) {
    if (const cl_int err = should_fail(OVCL_FAULT_BUILD_PROGRAM))
        return err;
    return REAL(clBuildProgram)(program, num_devices, device_list, options, pfn_notify, user_data);
}

cl_int clEnqueueNDRangeKernel(cl_command_queue queue, cl_kernel kernel, cl_uint work_dim, const size_t* offset,
                              const size_t* global, const size_t* local, cl_uint num_events, const cl_event* wait_list,
                              cl_event* event) {
    if (const cl_int err = should_fail(OVCL_FAULT_ENQUEUE_KERNEL))
        return err;
    const cl_int err =
        REAL(clEnqueueNDRangeKernel)(queue, kernel, work_dim, offset, global, local, num_events, wait_list, event);
    if (event)
        count(OVCL_CL_EVENT, err, 1);
    return err;
}

cl_int clEnqueueReadBuffer(cl_command_queue queue, cl_mem buffer, cl_bool blocking, size_t offset, size_t size,
                           void* ptr, cl_uint num_events, const cl_event* wait_list, cl_event* event) {
    if (const cl_int err = should_fail(OVCL_FAULT_ENQUEUE_READ))
        return err;
    const cl_int err = REAL(clEnqueueReadBuffer)(queue, buffer, blocking, offset, size, ptr, num_events, wait_list,
                                                 event);
    if (event)
        count(OVCL_CL_EVENT, err, 1);
    return err;
}

cl_int clEnqueueWriteBuffer(cl_command_queue queue, cl_mem buffer, cl_bool blocking, size_t offset, size_t size,
                            const void* ptr, cl_uint num_events, const cl_event* wait_list, cl_event* event) {
    if (const cl_int err = should_fail(OVCL_FAULT_ENQUEUE_WRITE))
        return err;
    const cl_int err = REAL(clEnqueueWriteBuffer)(queue, buffer, blocking, offset, size, ptr, num_events, wait_list,
                                                  event);
    if (event)
        count(OVCL_CL_EVENT, err, 1);
    return err;
}

cl_int clWaitForEvents(cl_uint num_events, const cl_event* events) {
    const cl_int injected = should_fail(OVCL_FAULT_WAIT_FOR_EVENTS);
    const cl_int err = REAL(clWaitForEvents)(num_events, events);
    if (err != CL_SUCCESS)
        return err;
    if (injected)
        return CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST;
    for (cl_uint i = 0; i < num_events; ++i)
        if (is_failed(events[i]))
            return CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST;
    return CL_SUCCESS;
}

cl_int clFinish(cl_command_queue queue) {
    const cl_int injected = should_fail(OVCL_FAULT_FINISH);
    const cl_int err = REAL(clFinish)(queue);
    return err != CL_SUCCESS ? err : injected;
}

cl_int clGetEventInfo(cl_event event, cl_event_info name, size_t size, void* value, size_t* size_ret) {
    const cl_int err = REAL(clGetEventInfo)(event, name, size, value, size_ret);
    if (err != CL_SUCCESS || name != CL_EVENT_COMMAND_EXECUTION_STATUS || !value || size < sizeof(cl_int))
        return err;
    auto* status = static_cast<cl_int*>(value);
    if (is_failed(event)) {
        *status = g_failed_status;
    } else if (*status == CL_COMPLETE) {
        if (const cl_int injected = should_fail(OVCL_FAULT_EVENT_STATUS)) {
            std::lock_guard<std::mutex> lock(g_failed_mutex);
            g_failed_events.insert(event);
            g_failed_status = injected;
            *status = injected;
        }
    }
    return err;
}

// ---- object counting only ----

cl_mem clCreateSubBuffer(cl_mem buffer, cl_mem_flags flags, cl_buffer_create_type type, const void* info,
                         cl_int* errcode_ret) {
    cl_int err = CL_SUCCESS;
    cl_mem mem = REAL(clCreateSubBuffer)(buffer, flags, type, info, &err);
    count(OVCL_CL_MEM, err, 1);
    if (errcode_ret)
        *errcode_ret = err;
    return mem;
}
cl_int clRetainMemObject(cl_mem mem) {
    const cl_int err = REAL(clRetainMemObject)(mem);
    count(OVCL_CL_MEM, err, 1);
    return err;
}
cl_int clReleaseMemObject(cl_mem mem) {
    const cl_int err = REAL(clReleaseMemObject)(mem);
    count(OVCL_CL_MEM, err, -1);
    return err;
}

cl_int clRetainEvent(cl_event event) {
    const cl_int err = REAL(clRetainEvent)(event);
    count(OVCL_CL_EVENT, err, 1);
    return err;
}
cl_int clReleaseEvent(cl_event event) {
    if (is_failed(event)) {  // the last reference goes: a later event may reuse the handle
        cl_uint refs = 0;
        if (REAL(clGetEventInfo)(event, CL_EVENT_REFERENCE_COUNT, sizeof refs, &refs, nullptr) == CL_SUCCESS &&
            refs <= 1) {
            std::lock_guard<std::mutex> lock(g_failed_mutex);
            g_failed_events.erase(event);
        }
    }
    const cl_int err = REAL(clReleaseEvent)(event);
    count(OVCL_CL_EVENT, err, -1);
    return err;
}
cl_event clCreateUserEvent(cl_context context, cl_int* errcode_ret) {
    cl_int err = CL_SUCCESS;
    cl_event e = REAL(clCreateUserEvent)(context, &err);
    count(OVCL_CL_EVENT, err, 1);
    if (errcode_ret)
        *errcode_ret = err;
    return e;
}
cl_int clEnqueueMarkerWithWaitList(cl_command_queue queue, cl_uint num_events, const cl_event* wait_list,
                                   cl_event* event) {
    const cl_int err = REAL(clEnqueueMarkerWithWaitList)(queue, num_events, wait_list, event);
    if (event)
        count(OVCL_CL_EVENT, err, 1);
    return err;
}
cl_int clEnqueueBarrierWithWaitList(cl_command_queue queue, cl_uint num_events, const cl_event* wait_list,
                                    cl_event* event) {
    const cl_int err = REAL(clEnqueueBarrierWithWaitList)(queue, num_events, wait_list, event);
    if (event)
        count(OVCL_CL_EVENT, err, 1);
    return err;
}
cl_int clEnqueueCopyBuffer(cl_command_queue queue, cl_mem src, cl_mem dst, size_t src_offset, size_t dst_offset,
                           size_t size, cl_uint num_events, const cl_event* wait_list, cl_event* event) {
    const cl_int err =
        REAL(clEnqueueCopyBuffer)(queue, src, dst, src_offset, dst_offset, size, num_events, wait_list, event);
    if (event)
        count(OVCL_CL_EVENT, err, 1);
    return err;
}
cl_int clEnqueueFillBuffer(cl_command_queue queue, cl_mem buffer, const void* pattern, size_t pattern_size,
                           size_t offset, size_t size, cl_uint num_events, const cl_event* wait_list, cl_event* event) {
    const cl_int err = REAL(clEnqueueFillBuffer)(queue, buffer, pattern, pattern_size, offset, size, num_events,
                                                 wait_list, event);
    if (event)
        count(OVCL_CL_EVENT, err, 1);
    return err;
}
void* clEnqueueMapBuffer(cl_command_queue queue, cl_mem buffer, cl_bool blocking, cl_map_flags flags, size_t offset,
                         size_t size, cl_uint num_events, const cl_event* wait_list, cl_event* event,
                         cl_int* errcode_ret) {
    cl_int err = CL_SUCCESS;
    void* p = REAL(clEnqueueMapBuffer)(queue, buffer, blocking, flags, offset, size, num_events, wait_list, event,
                                       &err);
    if (event)
        count(OVCL_CL_EVENT, err, 1);
    if (errcode_ret)
        *errcode_ret = err;
    return p;
}
cl_int clEnqueueUnmapMemObject(cl_command_queue queue, cl_mem mem, void* ptr, cl_uint num_events,
                               const cl_event* wait_list, cl_event* event) {
    const cl_int err = REAL(clEnqueueUnmapMemObject)(queue, mem, ptr, num_events, wait_list, event);
    if (event)
        count(OVCL_CL_EVENT, err, 1);
    return err;
}

cl_kernel clCreateKernel(cl_program program, const char* name, cl_int* errcode_ret) {
    cl_int err = CL_SUCCESS;
    cl_kernel k = REAL(clCreateKernel)(program, name, &err);
    count(OVCL_CL_KERNEL, err, 1);
    if (errcode_ret)
        *errcode_ret = err;
    return k;
}
cl_int clRetainKernel(cl_kernel k) {
    const cl_int err = REAL(clRetainKernel)(k);
    count(OVCL_CL_KERNEL, err, 1);
    return err;
}
cl_int clReleaseKernel(cl_kernel k) {
    const cl_int err = REAL(clReleaseKernel)(k);
    count(OVCL_CL_KERNEL, err, -1);
    return err;
}

cl_program clCreateProgramWithSource(cl_context context, cl_uint count_, const char** strings, const size_t* lengths,
                                     cl_int* errcode_ret) {
    cl_int err = CL_SUCCESS;
    cl_program p = REAL(clCreateProgramWithSource)(context, count_, strings, lengths, &err);
    count(OVCL_CL_PROGRAM, err, 1);
    if (errcode_ret)
        *errcode_ret = err;
    return p;
}
cl_program clCreateProgramWithBinary(cl_context context, cl_uint num_devices, const cl_device_id* devices,
                                     const size_t* lengths, const unsigned char** binaries, cl_int* binary_status,
                                     cl_int* errcode_ret) {
    cl_int err = CL_SUCCESS;
    cl_program p =
        REAL(clCreateProgramWithBinary)(context, num_devices, devices, lengths, binaries, binary_status, &err);
    count(OVCL_CL_PROGRAM, err, 1);
    if (errcode_ret)
        *errcode_ret = err;
    return p;
}
cl_int clRetainProgram(cl_program p) {
    const cl_int err = REAL(clRetainProgram)(p);
    count(OVCL_CL_PROGRAM, err, 1);
    return err;
}
cl_int clReleaseProgram(cl_program p) {
    const cl_int err = REAL(clReleaseProgram)(p);
    count(OVCL_CL_PROGRAM, err, -1);
    return err;
}

cl_command_queue clCreateCommandQueue(cl_context context, cl_device_id device, cl_command_queue_properties props,
                                      cl_int* errcode_ret) {
    cl_int err = CL_SUCCESS;
    cl_command_queue q = REAL(clCreateCommandQueue)(context, device, props, &err);
    count(OVCL_CL_QUEUE, err, 1);
    if (errcode_ret)
        *errcode_ret = err;
    return q;
}
cl_int clRetainCommandQueue(cl_command_queue q) {
    const cl_int err = REAL(clRetainCommandQueue)(q);
    count(OVCL_CL_QUEUE, err, 1);
    return err;
}
cl_int clReleaseCommandQueue(cl_command_queue q) {
    const cl_int err = REAL(clReleaseCommandQueue)(q);
    count(OVCL_CL_QUEUE, err, -1);
    return err;
}

cl_context clCreateContext(const cl_context_properties* props, cl_uint num_devices, const cl_device_id* devices,
                           void(CL_CALLBACK* notify)(const char*, const void*, size_t, void*), void* user_data,
                           cl_int* errcode_ret) {
    cl_int err = CL_SUCCESS;
    cl_context c = REAL(clCreateContext)(props, num_devices, devices, notify, user_data, &err);
    count(OVCL_CL_CONTEXT, err, 1);
    if (errcode_ret)
        *errcode_ret = err;
    return c;
}
cl_int clRetainContext(cl_context c) {
    const cl_int err = REAL(clRetainContext)(c);
    count(OVCL_CL_CONTEXT, err, 1);
    return err;
}
cl_int clReleaseContext(cl_context c) {
    const cl_int err = REAL(clReleaseContext)(c);
    count(OVCL_CL_CONTEXT, err, -1);
    return err;
}

}  // extern "C"
