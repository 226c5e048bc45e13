// The OpenCL devices the GPU plugin can use ("GPU.0", "GPU.1", ...) and what the kernels
// and the selector need to know of each.
#pragma once

#include <string>
#include <vector>

#include "ocl/ocl.hpp"

namespace ovcl {
namespace gpu {

struct DeviceInfo {
    cl::Platform platform;
    cl::Device device;
    std::string name;            ///< CL_DEVICE_NAME
    std::string vendor;
    std::string platform_name;
    std::string driver_version;  ///< CL_DRIVER_VERSION
    std::string device_version;  ///< "OpenCL 3.0 ..."
    bool is_gpu = false;         ///< CL_DEVICE_TYPE_GPU (PoCL's CPU device is not, yet is used the same way)
    bool integrated = true;      ///< computes in the host's memory (shares_host_memory): DEVICE_TYPE
    cl_uint compute_units = 1;
    size_t max_work_group_size = 1;
    cl_ulong global_mem_size = 0;
    cl_ulong max_alloc_size = 0;
    bool local_mem_is_global = true;  ///< CL_GLOBAL local memory: tiling through it buys nothing
    /// The kernel selector starts from the kernels for GPUs (work-group tiles through local memory, one output per
    /// work-item) rather than the register-blocked ones for CPU devices: a GPU with on-chip local memory, unless
    /// GPU_KERNELS (config.hpp) says otherwise for a compile.
    bool gpu_kernels = false;
    /// The memory plan puts a request's tensors at offsets in shared arenas, each a sub-buffer; false: whole buffers,
    /// shared only by tensors alive at different times. False on NVIDIA's driver, which faults releasing a
    /// sub-buffer (docs/perf/nvidia_h100.md), unless GPU_SUB_BUFFERS (config.hpp) says otherwise for a compile.
    bool sub_buffers = true;
    /// Half arithmetic (cl_khr_fp16, or OVCL_GPU_FP16=1 for a driver that has it without reporting it): matmul_tiled
    /// computes f16 operations in half (matmul.hpp half_compute).
    bool fp16 = false;
    /// A clang that builds this device's programs into SPIR bitcode with cl_khr_fp16 declared (the environment's
    /// OVCL_GPU_SPIR_CLANG, on a device that takes SPIR binaries, cl_khr_spir: PoCL): fp16 is then true, so that the
    /// half-compute kernels run and are tested where no device has cl_khr_fp16. Empty: programs build from source.
    std::string spir_clang;
    bool fp64 = false;
    cl_uint preferred_vector_width_float = 1;

    /// "vendor name" as DEVICE_ARCHITECTURE: stable across runs, differs between models.
    std::string architecture() const;
};

/// Whether a device of this CL_DEVICE_TYPE computes in the host's memory, which OpenVINO's DEVICE_TYPE calls
/// integrated: a CPU device always (OpenVINO has no CPU device type; its memory is the host's), any other when it
/// reports CL_DEVICE_HOST_UNIFIED_MEMORY (Intel's integrated GPUs; not NVIDIA's or AMD's discrete ones).
bool shares_host_memory(cl_device_type type, bool host_unified_memory);

/// Every OpenCL device of every platform, in platform then device order. An empty list when
/// no OpenCL runtime or device is present (the caller says so).
std::vector<DeviceInfo> enumerate_devices();

}  // namespace gpu
}  // namespace ovcl
