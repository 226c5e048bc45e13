// The remote-tensor tests' helpers: an application's own OpenCL objects (context, queue, buffers)
// made with the OpenCL C API, the small models they run, and the byte counters of a request.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "common/test_utils.hpp"
#include "gpu/gpu_test_utils.hpp"
#include "ovcl/core.hpp"
#include "ovcl/ocl/ocl.hpp"
#include "ovcl/ops.hpp"

namespace ovcl {
namespace test {
namespace remote {

#define OVCL_CL_OK(call) ASSERT_EQ((call), CL_SUCCESS) << #call

/// What an application holds: a cl_context over every device of the first platform and an
/// in-order queue on device `queue_device` (released at the end).
struct UserCl {
    cl_platform_id platform = nullptr;
    std::vector<cl_device_id> devices;
    cl_context context = nullptr;
    cl_command_queue queue = nullptr;

    explicit UserCl(size_t queue_device = 0, cl_command_queue_properties props = 0) {
        cl_uint n = 0;
        if (clGetPlatformIDs(1, &platform, nullptr) != CL_SUCCESS ||
            clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 0, nullptr, &n) != CL_SUCCESS || n == 0)
            return;
        devices.resize(n);
        clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, n, devices.data(), nullptr);
        cl_int err = CL_SUCCESS;
        context = clCreateContext(nullptr, n, devices.data(), nullptr, nullptr, &err);
        queue = clCreateCommandQueue(context, devices.at(queue_device), props, &err);
    }
    ~UserCl() {
        if (queue)
            clReleaseCommandQueue(queue);
        if (context)
            clReleaseContext(context);
    }
    UserCl(const UserCl&) = delete;
    UserCl& operator=(const UserCl&) = delete;

    cl_mem buffer(size_t bytes) const {
        cl_int err = CL_SUCCESS;
        cl_mem m = clCreateBuffer(context, CL_MEM_READ_WRITE, std::max<size_t>(bytes, 1), nullptr, &err);
        EXPECT_EQ(err, CL_SUCCESS);
        return m;
    }
};

/// Blocking clEnqueueWriteBuffer / clEnqueueReadBuffer of a dense host tensor.
inline void cl_write(cl_command_queue q, cl_mem m, const Tensor& host) {
    ASSERT_EQ(clEnqueueWriteBuffer(q, m, CL_TRUE, 0, host.get_byte_size(), host.data(), 0, nullptr, nullptr),
              CL_SUCCESS);
}
inline Tensor cl_read(cl_command_queue q, cl_mem m, element::Type type, const Shape& shape) {
    Tensor out(type, shape);
    EXPECT_EQ(clEnqueueReadBuffer(q, m, CL_TRUE, 0, out.get_byte_size(), out.data(), 0, nullptr, nullptr), CL_SUCCESS);
    return out;
}

/// out = Concat(a, b) on axis 0: a data movement every element type runs on the device.
inline std::shared_ptr<Model> concat_model(element::Type t, const Shape& s) {
    auto a = op::parameter(t, s, "a");
    auto b = op::parameter(t, s, "b");
    auto c = op::make("Concat", {a, b}, {{"axis", "0"}});
    c->output_names(0).insert("out");
    return std::make_shared<Model>(NodeVector{op::result(c, "out")}, NodeVector{a, b}, "concat");
}

/// out = x * k + c (f32): a light op over a large input, the transfer-bound case.
inline std::shared_ptr<Model> scale_model(const Shape& s, float k, float c, const std::string& name = "scale") {
    auto x = op::parameter(element::f32, s, "x");
    auto mul = op::make("Multiply", {x, op::constant<float>(element::f32, Shape{1}, {k})});
    auto add = op::make("Add", {mul, op::constant<float>(element::f32, Shape{1}, {c})});
    add->output_names(0).insert("y");
    return std::make_shared<Model>(NodeVector{op::result(add, "y")}, NodeVector{x}, name);
}

/// Three transposes in a row (compile it with DISABLE_TRANSFORMATIONS): the memory plan reuses the
/// input's slot for the second one, so remote ports go through device-side copies.
inline std::shared_ptr<Model> transposes_model(const Shape& s) {
    auto x = op::parameter(element::f32, s, "x");
    auto perm = [] { return op::constant<int64_t>(element::i64, Shape{2}, {1, 0}); };
    auto t1 = op::make("Transpose", {x, perm()});
    auto t2 = op::make("Transpose", {t1, perm()});
    auto t3 = op::make("Transpose", {t2, perm()});
    t3->output_names(0).insert("y");
    return std::make_shared<Model>(NodeVector{op::result(t3, "y")}, NodeVector{x}, "transposes");
}

/// The request's byte counters from its profiling info (PERF_COUNT on); -1 when absent.
/// What scale_model(s, k, c) computes: x * k + c.
inline Tensor expected_scale(const Tensor& x, float k, float c) {
    Tensor out(element::f32, x.get_shape());
    for (size_t i = 0; i < x.get_size(); ++i)
        out.data<float>()[i] = x.data<float>()[i] * k + c;
    return out;
}

inline std::pair<int64_t, int64_t> transfer_bytes(const InferRequest& r) {
    int64_t to_device = -1, to_host = -1;
    for (const auto& p : r.get_profiling_info()) {
        if (p.node_name == "bytes host->device")
            to_device = std::stoll(p.exec_type);
        if (p.node_name == "bytes device->host")
            to_host = std::stoll(p.exec_type);
    }
    return {to_device, to_host};
}

/// {host->device, device->host} bytes, as transfer_bytes() gives them.
inline std::pair<int64_t, int64_t> bytes(size_t to_device, size_t to_host) {
    return {static_cast<int64_t>(to_device), static_cast<int64_t>(to_host)};
}

/// The exception message of `f`, which must throw E.
template <typename E, typename F>
std::string message_of(F&& f) {
    try {
        f();
    } catch (const E& e) {
        return e.what();
    } catch (const std::exception& e) {
        ADD_FAILURE() << "wrong exception type: " << e.what();
        return e.what();
    }
    ADD_FAILURE() << "no exception";
    return "";
}

#define EXPECT_HAS(text, part) EXPECT_NE(std::string(text).find(part), std::string::npos) << (text)

}  // namespace remote
}  // namespace test
}  // namespace ovcl
