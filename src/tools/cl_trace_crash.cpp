// ovcl_cl_trace_crash: a process that faults inside an OpenCL release, for the test of libovcl_cl_trace.so
// (tests/gpu/test_cl_trace.cpp). It makes a buffer and a sub-buffer of it, releases the sub-buffer, then releases a
// handle that is no OpenCL object (the ICD loader reads through it and faults).
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

#include <cstdint>
#include <cstdio>

int main() {
    cl_platform_id platform = nullptr;
    cl_device_id device = nullptr;
    cl_int err = CL_SUCCESS;
    if (clGetPlatformIDs(1, &platform, nullptr) != CL_SUCCESS ||
        clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, nullptr) != CL_SUCCESS) {
        std::puts("no OpenCL device");
        return 2;
    }
    cl_context context = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &err);
    cl_mem arena = clCreateBuffer(context, CL_MEM_READ_WRITE, 1 << 16, nullptr, &err);
    const cl_buffer_region region{4096, 1024};
    cl_mem sub = clCreateSubBuffer(arena, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, &region, &err);
    clReleaseMemObject(sub);
    clReleaseMemObject(arena);
    clReleaseContext(context);
    std::fflush(stdout);
    clReleaseMemObject(reinterpret_cast<cl_mem>(std::uintptr_t{0x10}));  // faults in the loader
    std::puts("not reached");
    return 0;
}
