// OpenVINO's spellings of the remote API: RemoteContext::as<T>() / is<T>(), RemoteTensor::copy_from / copy_to /
// as<T>(), and the ov::intel_gpu::ocl namespace as ovcl::intel_gpu::ocl.
#include <type_traits>

#include "remote_test_utils.hpp"

using namespace ovcl;
using namespace ovcl::test::remote;

static_assert(std::is_same_v<intel_gpu::ocl::ClContext, ocl::ClContext>);
static_assert(std::is_same_v<intel_gpu::ocl::ClBufferTensor, ocl::ClBufferTensor>);

TEST(RemoteOpenVinoApi, ContextAsClContextIsTheDefaultContext) {
    OVCL_REQUIRE_GPU();
    Core core;
    RemoteContext generic = core.get_default_context("GPU");
    EXPECT_TRUE(generic.is<ocl::ClContext>());
    auto typed = generic.as<intel_gpu::ocl::ClContext>();
    EXPECT_EQ(typed.get(), ocl::ClContext(generic).get());
    EXPECT_EQ(typed.get_device_name(), "GPU.0");
    cl_uint devices = 0;
    ASSERT_EQ(clGetContextInfo(typed.get(), CL_CONTEXT_NUM_DEVICES, sizeof(devices), &devices, nullptr), CL_SUCCESS);
    EXPECT_GE(devices, 1u);
}

TEST(RemoteOpenVinoApi, CopyFromAndCopyToRoundTripThroughDeviceMemory) {
    OVCL_REQUIRE_GPU();
    Core core;
    auto ctx = core.get_default_context("GPU").as<ocl::ClContext>();
    const Tensor host = test::random_tensor(element::f32, {4, 5}, -3, 3, 7);
    RemoteTensor remote = ctx.create_tensor(element::f32, {2, 2});
    remote.copy_from(host);  // the owned buffer grows to the source's shape
    EXPECT_EQ(remote.get_shape(), (Shape{4, 5}));
    Tensor back(element::f32, {1});
    remote.copy_to(back);
    EXPECT_EQ(back.get_shape(), (Shape{4, 5}));
    EXPECT_TENSOR_NEAR(back, host, 0.0, 0.0);

    // Remote to remote on one context: a device copy, read back through the OpenCL API.
    RemoteTensor other = ctx.create_tensor(element::f32, {4, 5});
    other.copy_from(remote);
    Tensor read(element::f32, {4, 5});
    ASSERT_EQ(clEnqueueReadBuffer(ctx.get_queue(), other.as<ocl::ClBufferTensor>().get(), CL_TRUE, 0,
                                  read.get_byte_size(), read.data(), 0, nullptr, nullptr),
              CL_SUCCESS);
    EXPECT_TENSOR_NEAR(read, host, 0.0, 0.0);

    // A different element type is refused, naming both.
    EXPECT_HAS(message_of<InvalidArgument>([&] { remote.copy_from(Tensor(element::i32, {4, 5})); }), "i32");
}

