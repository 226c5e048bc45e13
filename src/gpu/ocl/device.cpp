#include "ocl/device.hpp"

#include <cstdlib>

namespace ovcl {
namespace gpu {

namespace {
template <cl_device_info Name, typename T>
T info(const cl::Device& d, const std::string& device_name) {
    T value{};
    check(d.getInfo(Name, &value), "clGetDeviceInfo", "device " + device_name);
    return value;
}
std::string trimmed(std::string s) {
    while (!s.empty() && (s.back() == '\0' || s.back() == ' '))
        s.pop_back();
    return s;
}
}  // namespace

bool shares_host_memory(cl_device_type type, bool host_unified_memory) {
    return (type & CL_DEVICE_TYPE_CPU) != 0 || host_unified_memory;
}

std::string DeviceInfo::architecture() const { return trimmed(vendor) + " " + trimmed(name); }

std::vector<DeviceInfo> enumerate_devices() {
    std::vector<cl::Platform> platforms;
    const cl_int err = cl::Platform::get(&platforms);
    if (err == CL_PLATFORM_NOT_FOUND_KHR || platforms.empty())
        return {};
    check(err, "clGetPlatformIDs");
    std::vector<DeviceInfo> out;
    for (const auto& platform : platforms) {
        std::vector<cl::Device> devices;
        if (platform.getDevices(CL_DEVICE_TYPE_ALL, &devices) != CL_SUCCESS)
            continue;  // a platform without devices (CL_DEVICE_NOT_FOUND) offers nothing
        for (const auto& d : devices) {
            DeviceInfo di;
            di.platform = platform;
            di.device = d;
            di.name = trimmed(info<CL_DEVICE_NAME, std::string>(d, "?"));
            di.vendor = trimmed(info<CL_DEVICE_VENDOR, std::string>(d, di.name));
            di.platform_name = trimmed(platform.getInfo<CL_PLATFORM_NAME>());
            di.driver_version = trimmed(info<CL_DRIVER_VERSION, std::string>(d, di.name));
            di.device_version = trimmed(info<CL_DEVICE_VERSION, std::string>(d, di.name));
            const auto type = info<CL_DEVICE_TYPE, cl_device_type>(d, di.name);
            di.is_gpu = (type & CL_DEVICE_TYPE_GPU) != 0;
            di.integrated = shares_host_memory(type, info<CL_DEVICE_HOST_UNIFIED_MEMORY, cl_bool>(d, di.name) != 0);
            di.compute_units = info<CL_DEVICE_MAX_COMPUTE_UNITS, cl_uint>(d, di.name);
            di.max_work_group_size = info<CL_DEVICE_MAX_WORK_GROUP_SIZE, size_t>(d, di.name);
            di.global_mem_size = info<CL_DEVICE_GLOBAL_MEM_SIZE, cl_ulong>(d, di.name);
            di.max_alloc_size = info<CL_DEVICE_MAX_MEM_ALLOC_SIZE, cl_ulong>(d, di.name);
            di.local_mem_is_global = info<CL_DEVICE_LOCAL_MEM_TYPE, cl_device_local_mem_type>(d, di.name) == CL_GLOBAL;
            di.gpu_kernels = di.is_gpu && !di.local_mem_is_global;
            di.sub_buffers = di.platform_name.find("NVIDIA") == std::string::npos;
            const std::string ext = info<CL_DEVICE_EXTENSIONS, std::string>(d, di.name);
            di.fp16 = ext.find("cl_khr_fp16") != std::string::npos;
            // OVCL_GPU_FP16=1: half arithmetic on a driver that compiles it without reporting cl_khr_fp16 (NVIDIA's
            // since R551, per its release notes); a device that cannot fails to build matmul_tiled with HC=1.
            const char* forced = std::getenv("OVCL_GPU_FP16");
            if (forced && std::string(forced) == "1")
                di.fp16 = true;
            const char* clang = std::getenv("OVCL_GPU_SPIR_CLANG");
            if (clang && *clang && ext.find("cl_khr_spir") != std::string::npos) {
                di.spir_clang = clang;
                di.fp16 = true;
            }
            di.fp64 = ext.find("cl_khr_fp64") != std::string::npos;
            di.preferred_vector_width_float = info<CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT, cl_uint>(d, di.name);
            out.push_back(std::move(di));
        }
    }
    return out;
}

}  // namespace gpu
}  // namespace ovcl
