// The GPU plugin's device properties say what the OpenCL device is: DEVICE_TYPE from CL_DEVICE_TYPE and
// CL_DEVICE_HOST_UNIFIED_MEMORY, FP16 in OPTIMIZATION_CAPABILITIES only with half arithmetic (cl_khr_fp16).
#include <cstdlib>
#include <string>

#include "gpu_test_utils.hpp"
#include "ocl/device.hpp"
#include "ovcl/ocl/ocl.hpp"

using namespace ovcl;

namespace {
template <typename T>
T device_info(cl_device_id device, cl_device_info name) {
    T value{};
    EXPECT_EQ(clGetDeviceInfo(device, name, sizeof(T), &value, nullptr), CL_SUCCESS);
    return value;
}
std::string extensions(cl_device_id device) {
    size_t n = 0;
    EXPECT_EQ(clGetDeviceInfo(device, CL_DEVICE_EXTENSIONS, 0, nullptr, &n), CL_SUCCESS);
    std::string text(n, '\0');
    EXPECT_EQ(clGetDeviceInfo(device, CL_DEVICE_EXTENSIONS, n, text.data(), nullptr), CL_SUCCESS);
    return text;
}
}  // namespace

TEST(GpuPlugin, CpuDevicesAndUnifiedMemoryGpusAreIntegratedOthersDiscrete) {
    EXPECT_TRUE(gpu::shares_host_memory(CL_DEVICE_TYPE_CPU, false));      // PoCL's CPU device
    EXPECT_TRUE(gpu::shares_host_memory(CL_DEVICE_TYPE_GPU, true));       // an Intel integrated GPU
    EXPECT_FALSE(gpu::shares_host_memory(CL_DEVICE_TYPE_GPU, false));     // NVIDIA's, AMD's discrete GPUs
    EXPECT_FALSE(gpu::shares_host_memory(CL_DEVICE_TYPE_ACCELERATOR, false));
    EXPECT_TRUE(gpu::shares_host_memory(CL_DEVICE_TYPE_GPU | CL_DEVICE_TYPE_DEFAULT, true));
}

TEST(GpuPlugin, DeviceTypeAndCapabilitiesFollowTheOpenClDevice) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    const char* forced = std::getenv("OVCL_GPU_FP16");
    const char* spir = std::getenv("OVCL_GPU_SPIR_CLANG");
    for (const std::string& id : core.get_property("GPU", available_devices)) {
        const std::string name = "GPU." + id;
        SCOPED_TRACE(name);
        const cl_device_id device = ocl::ClContext(core.get_default_context(name)).get_device();
        const auto type = device_info<cl_device_type>(device, CL_DEVICE_TYPE);
        const bool unified = device_info<cl_bool>(device, CL_DEVICE_HOST_UNIFIED_MEMORY) != CL_FALSE;
        const bool integrated = (type & CL_DEVICE_TYPE_CPU) != 0 || unified;
        EXPECT_EQ(core.get_property(name, device::type), integrated ? device::Type::INTEGRATED : device::Type::DISCRETE);

        const auto caps = core.get_property(name, device::capabilities);
        auto has = [&](const char* cap) { return std::find(caps.begin(), caps.end(), cap) != caps.end(); };
        EXPECT_TRUE(has(device::capability::FP32));
        EXPECT_TRUE(has(device::capability::EXPORT_IMPORT));
        if ((forced && std::string(forced) == "1") || (spir && *spir))
            continue;  // half arithmetic asserted by the environment (device.hpp)
        EXPECT_EQ(has(device::capability::FP16), extensions(device).find("cl_khr_fp16") != std::string::npos);
    }
}
