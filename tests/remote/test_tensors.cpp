// GPU remote tensors on their own: device buffers, wrappers over the application's cl_mem,
// host-visible tensors; their properties, data(), copy_to / copy_from, and what they refuse.
#include <optional>

#include "remote_test_utils.hpp"

using namespace ovcl;
using namespace ovcl::test::remote;

namespace {
cl_uint ref_count(cl_mem m) {
    cl_uint n = 0;
    EXPECT_EQ(clGetMemObjectInfo(m, CL_MEM_REFERENCE_COUNT, sizeof(n), &n, nullptr), CL_SUCCESS);
    return n;
}
size_t mem_size(cl_mem m) {
    size_t n = 0;
    EXPECT_EQ(clGetMemObjectInfo(m, CL_MEM_SIZE, sizeof(n), &n, nullptr), CL_SUCCESS);
    return n;
}
}  // namespace

TEST(RemoteTensor, DeviceBufferReportsItsPropertiesAndHasNoHostAddress) {
    OVCL_REQUIRE_GPU();
    Core core;
    ocl::ClContext ctx(core.get_default_context("GPU"));
    auto t = ctx.create_tensor(element::f16, {3, 5});
    EXPECT_EQ(t.get_device_name(), "GPU.0");
    EXPECT_EQ(t.get_element_type(), element::f16);
    EXPECT_EQ(t.get_shape(), (Shape{3, 5}));
    EXPECT_EQ(t.get_byte_size(), 30u);
    EXPECT_TRUE(t.is<IRemoteTensor>());
    EXPECT_EQ(t.get_params().at(ocl::key::SHARED_MEM_TYPE).as<std::string>(), ocl::value::OCL_BUFFER);
    ASSERT_NE(t.get(), nullptr);
    EXPECT_EQ(mem_size(t.get()), 30u);  // MEM_HANDLE is the real cl_mem
    cl_context owner = nullptr;
    ASSERT_EQ(clGetMemObjectInfo(t.get(), CL_MEM_CONTEXT, sizeof(owner), &owner, nullptr), CL_SUCCESS);
    EXPECT_EQ(owner, ctx.get());
    EXPECT_HAS(message_of<NotImplemented>([&] { t.data(); }), "GPU.0");
    EXPECT_THROW(t.data<float>(), Exception);
}

TEST(RemoteTensor, CopyToAndFromHostTensorsRoundTrips) {
    OVCL_REQUIRE_GPU();
    Core core;
    ocl::ClContext ctx(core.get_default_context("GPU"));
    for (element::Type type : test::kElementTypes) {
        SCOPED_TRACE(type.get_type_name());
        const Shape shape{2, 3, 7};
        const Tensor host = test::iota(type, shape, 1, 3);
        auto remote = ctx.create_tensor(type, shape);
        host.copy_to(remote);  // host -> remote (copy_from)
        // What OpenCL reads is what was copied in.
        EXPECT_TENSOR_EQ(cl_read(ctx.get_queue(), remote.get(), type, shape), host);
        Tensor back(type, shape);
        remote.copy_to(back);  // remote -> host
        EXPECT_TENSOR_EQ(back, host);
        // remote -> remote stays on the device; a ROI host tensor is packed on the way.
        auto other = ctx.create_tensor(type, shape);
        remote.copy_to(other);
        Tensor back2(type, shape);
        other.copy_to(back2);
        EXPECT_TENSOR_EQ(back2, host);
    }
    const Tensor big = test::iota(element::f32, {4, 6});
    Tensor roi(big, {1, 2}, {3, 5});
    auto r = ctx.create_tensor(element::f32, {2, 3});
    roi.copy_to(r);
    Tensor dense(element::f32, {2, 3});
    roi.copy_to(dense);
    Tensor back(element::f32, {2, 3});
    r.copy_to(back);
    EXPECT_TENSOR_EQ(back, dense);
    Tensor wrong(element::i32, {2, 3});
    EXPECT_THROW(r.copy_to(wrong), InvalidArgument);
}

TEST(RemoteTensor, WrapsTheApplicationsBufferAndRetainsIt) {
    OVCL_REQUIRE_GPU();
    UserCl user;
    Core core;
    ocl::ClContext ctx(core, user.context);
    cl_mem mem = user.buffer(64 * sizeof(float));
    const Tensor x = test::iota(element::f32, {8, 8});
    cl_write(user.queue, mem, x);
    {
        auto t = ctx.create_tensor(element::f32, {8, 8}, mem);
        EXPECT_EQ(t.get(), mem);  // the same buffer, not a copy
        EXPECT_EQ(ref_count(mem), 2u);
        Tensor back(element::f32, {8, 8});
        t.copy_to(back);
        EXPECT_TENSOR_EQ(back, x);
        // A tensor smaller than the buffer is fine; the application's release leaves the wrapper usable.
        auto part = ctx.create_tensor(element::f32, {4, 8}, mem);
        clReleaseMemObject(mem);  // the application's reference: the wrappers still hold theirs
        Tensor half(element::f32, {4, 8});
        part.copy_to(half);
        const std::vector<double> all = test::values(x);
        EXPECT_EQ(test::values(half), std::vector<double>(all.begin(), all.begin() + 32));
        EXPECT_EQ(ref_count(mem), 2u);
        clRetainMemObject(mem);  // take ours back to count after the wrappers go
    }
    EXPECT_EQ(ref_count(mem), 1u);  // the wrappers released exactly what they retained
    clReleaseMemObject(mem);
}

TEST(RemoteTensor, HostTensorIsMappedHostMemory) {
    OVCL_REQUIRE_GPU();
    Core core;
    ocl::ClContext ctx(core.get_default_context("GPU"));
    Tensor h = ctx.create_host_tensor(element::i32, {5, 4});
    EXPECT_FALSE(h.is<IRemoteTensor>());  // a host tensor: data() works
    ASSERT_NE(h.data(), nullptr);
    for (int i = 0; i < 20; ++i)
        h.data<int32_t>()[i] = i * 3;
    Tensor copy(element::i32, {5, 4});
    h.copy_to(copy);
    EXPECT_EQ(copy.data<int32_t>()[19], 57);
}

TEST(RemoteTensor, RefusesBadBuffersClearly) {
    OVCL_REQUIRE_GPU();
    UserCl user;
    Core core;
    ocl::ClContext ctx(core, user.context);
    // A null or already released handle: clGetMemObjectInfo refuses it, and so do we.
    EXPECT_HAS(message_of<InvalidArgument>([&] { ctx.create_tensor(element::f32, {2, 2}, nullptr); }),
               "CL_INVALID_MEM_OBJECT");
    // Too small for the tensor.
    cl_mem small = user.buffer(8);
    EXPECT_HAS(message_of<InvalidArgument>([&] { ctx.create_tensor(element::f32, {2, 2}, small); }), "8 bytes");
    clReleaseMemObject(small);
    // A buffer of another context.
    UserCl other;
    cl_mem foreign = other.buffer(16);
    EXPECT_HAS(message_of<InvalidArgument>([&] { ctx.create_tensor(element::f32, {2, 2}, foreign); }),
               "not to GPU.0's context");
    EXPECT_HAS(message_of<InvalidArgument>([&] { ctx.create_tensor(element::f32, {2, 2}, foreign); }),
               "belongs to cl_context");
    clReleaseMemObject(foreign);
    // Unknown memory types and parameters.
    EXPECT_THROW(ctx.RemoteContext::create_tensor(element::f32, {2}, {{ocl::key::SHARED_MEM_TYPE, "VA_SURFACE"}}),
                 InvalidArgument);
    EXPECT_THROW(ctx.RemoteContext::create_tensor(element::f32, {2}, {{"MEM_HANDEL", 1}}), NotFound);
    EXPECT_THROW(ctx.create_tensor(element::dynamic, {2}), InvalidArgument);
}

TEST(RemoteTensor, OwnedBufferGrowsAWrappedOneDoesNot) {
    OVCL_REQUIRE_GPU();
    UserCl user;
    Core core;
    ocl::ClContext ctx(core, user.context);
    auto owned = ctx.create_tensor(element::f32, {2});
    owned.set_shape({4, 4});
    EXPECT_GE(mem_size(owned.get()), 64u);
    cl_mem mem = user.buffer(16);
    auto wrapped = ctx.create_tensor(element::f32, {4}, mem);
    wrapped.set_shape({2, 2});  // within the buffer
    EXPECT_HAS(message_of<InvalidArgument>([&] { wrapped.set_shape({4, 4}); }), "cannot grow");
    clReleaseMemObject(mem);
}

// Tensors keep what they need (their OpenCL context, queue and the plugin library) after the Core and
// every other handle on the plugin are gone, and still work then.
TEST(RemoteTensor, OutlivesTheCoreThatMadeIt) {
    OVCL_REQUIRE_GPU();
    std::optional<RemoteTensor> device;
    std::optional<Tensor> host;
    {
        Core core;
        auto ctx = core.get_default_context("GPU");
        device = ctx.create_tensor(element::f32, {4});
        host = ctx.create_host_tensor(element::f32, {4});
    }
    const std::vector<float> values{1.f, -2.f, 3.5f, 0.25f};
    std::copy(values.begin(), values.end(), host->data<float>());
    host->copy_to(*device);
    Tensor back(element::f32, {4});
    device->copy_to(back);
    EXPECT_EQ(std::vector<float>(back.data<float>(), back.data<float>() + 4), values);
    device.reset();
    host.reset();
}
