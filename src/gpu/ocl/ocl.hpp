// The OpenCL C++ bindings as ovcl uses them: OpenCL 1.2 API, no C++ exceptions from the
// bindings (every call's status is checked and turned into an ovcl::Exception that names
// the call and the error).
#pragma once

#ifndef CL_HPP_TARGET_OPENCL_VERSION
#define CL_HPP_TARGET_OPENCL_VERSION 120
#define CL_HPP_MINIMUM_OPENCL_VERSION 120
#endif
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wignored-attributes"
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#endif
#include <CL/opencl.hpp>
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

#include <string>
#include <type_traits>

#include "ovcl/except.hpp"

namespace ovcl {
namespace gpu {

/// "CL_OUT_OF_RESOURCES" for -5, etc.
const char* cl_error_name(cl_int err);

/// An OpenCL call failed: the message names the call, the error and what was being done.
class OclError : public Exception {
public:
    OclError(cl_int code, const std::string& what) : Exception(what), m_code(code) {}
    cl_int code() const { return m_code; }

private:
    cl_int m_code;
};

/// Throws OclError("<call> failed with <ERROR> (<code>): <context>").
[[noreturn]] void raise_ocl_error(cl_int err, const char* call, const std::string& context);

/// raise_ocl_error unless err is CL_SUCCESS. Inline, with no std::string made on success: an inference checks every
/// command it enqueues. A context that takes work to say is a callable, called only on failure.
inline void check(cl_int err, const char* call, const char* context = "") {
    if (err != CL_SUCCESS)
        raise_ocl_error(err, call, context);
}
inline void check(cl_int err, const char* call, const std::string& context) {
    if (err != CL_SUCCESS)
        raise_ocl_error(err, call, context);
}
template <class Context, std::enable_if_t<std::is_invocable_r_v<std::string, Context&>, int> = 0>
inline void check(cl_int err, const char* call, Context&& context) {
    if (err != CL_SUCCESS)
        raise_ocl_error(err, call, context());
}

/// A device buffer of at least `bytes` (OpenCL has no empty buffers: 0 becomes 1 byte).
cl::Buffer make_buffer(const cl::Context& context, size_t bytes, cl_mem_flags flags, void* host = nullptr);

}  // namespace gpu
}  // namespace ovcl
