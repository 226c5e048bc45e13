// Programs built by an outside clang into SPIR 1.2 bitcode (spir64) instead of by the device's own compiler, with
// cl_khr_fp16 declared: how the half-compute kernels run on a device that takes SPIR binaries (cl_khr_spir, PoCL's
// CPU device) but has no cl_khr_fp16. PoCL's LLVM runs half arithmetic as any other (each operation rounded to half);
// its kernel library has no half overloads of built-in functions, and the kernels call none (matmul_tiled.cl).
// Chosen by OVCL_GPU_SPIR_CLANG (device.hpp): a testing aid, not a way to ship programs.
#pragma once

#include <string>
#include <vector>

namespace ovcl {
namespace gpu {

/// The SPIR bitcode of `source` built by `clang` (a path, or a name looked up in PATH) with the OpenCL build
/// `options` (-D, -cl-... flags); `label` names the kernel source in errors. Throws Exception with clang's
/// diagnostics when it fails.
std::vector<unsigned char> spir_from_source(const std::string& clang, const std::string& source,
                                            const std::string& options, const std::string& label);

/// The build options that make a device take spir_from_source's bitcode as a program binary.
inline const char* spir_build_options() { return "-x spir -spir-std=1.2"; }

}  // namespace gpu
}  // namespace ovcl
