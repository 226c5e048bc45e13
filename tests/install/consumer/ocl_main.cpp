// Builds against ovcl/ocl/ocl.hpp through ovcl::ocl alone (OpenCL's headers and library come with it) and
// reads the GPU's cl_context through OpenVINO's spelling; prints "ok" (GPU or not) when all is well.
#include <ovcl/ocl/ocl.hpp>
#include <ovcl/ovcl.hpp>

#include <algorithm>
#include <iostream>

int main() {
    ovcl::Core core;
    const auto devices = core.get_available_devices();
    if (std::find(devices.begin(), devices.end(), "GPU.0") == devices.end()) {
        std::cout << "ok" << std::endl;  // no OpenCL device here: compiling and linking was the test
        return 0;
    }
    auto context = core.get_default_context("GPU").as<ovcl::intel_gpu::ocl::ClContext>();
    cl_uint refs = 0;
    const cl_int err = clGetContextInfo(context.get(), CL_CONTEXT_REFERENCE_COUNT, sizeof(refs), &refs, nullptr);
    const bool ok = err == CL_SUCCESS && refs > 0;
    std::cout << (ok ? "ok" : "the GPU's cl_context is not valid") << std::endl;
    return ok ? 0 : 1;
}
