// GPU remote contexts: the default one, one over the application's cl_context (and a device of it),
// one over its cl_command_queue; their getters, compiling and importing for them.
#include <sstream>

#include "remote_test_utils.hpp"

using namespace ovcl;
using namespace ovcl::test::remote;

namespace {
const Shape kShape{4, 8};

Tensor run_scale(CompiledModel& compiled, const Tensor& x) {
    auto r = compiled.create_infer_request();
    r.set_tensor("x", x);
    r.infer();
    return r.get_tensor("y");
}
}  // namespace

TEST(RemoteContext, DefaultContextIsThePluginsOwnAndStable) {
    OVCL_REQUIRE_GPU();
    Core core;
    ocl::ClContext ctx(core.get_default_context("GPU"));
    EXPECT_EQ(ctx.get_device_name(), "GPU.0");
    ASSERT_NE(ctx.get(), nullptr);
    ASSERT_NE(ctx.get_device(), nullptr);
    ASSERT_NE(ctx.get_queue(), nullptr);
    // The getters are the real OpenCL objects: the queue belongs to the context and its device.
    cl_context of_queue = nullptr;
    cl_device_id queue_device = nullptr;
    ASSERT_EQ(clGetCommandQueueInfo(ctx.get_queue(), CL_QUEUE_CONTEXT, sizeof(of_queue), &of_queue, nullptr),
              CL_SUCCESS);
    ASSERT_EQ(clGetCommandQueueInfo(ctx.get_queue(), CL_QUEUE_DEVICE, sizeof(queue_device), &queue_device, nullptr),
              CL_SUCCESS);
    EXPECT_EQ(of_queue, ctx.get());
    EXPECT_EQ(queue_device, ctx.get_device());
    EXPECT_EQ(ocl::ClContext(core.get_default_context("GPU")).get(), ctx.get());  // one per device
    // A model compiled for the device reports that same context.
    auto compiled = core.compile_model(scale_model(kShape, 2, 1), "GPU");
    EXPECT_EQ(ocl::ClContext(compiled.get_context()).get(), ctx.get());
}

TEST(RemoteContext, DefaultContextOfTheSecondDevice) {
    OVCL_REQUIRE_GPU();
    Core core;
    const auto devices = core.get_available_devices();
    if (std::find(devices.begin(), devices.end(), "GPU.1") == devices.end())
        GTEST_SKIP() << "one OpenCL device only";
    ocl::ClContext c0(core.get_default_context("GPU.0"));
    ocl::ClContext c1(core.get_default_context("GPU.1"));
    EXPECT_EQ(c1.get_device_name(), "GPU.1");
    EXPECT_NE(c0.get(), c1.get());
    EXPECT_NE(c0.get_device(), c1.get_device());
}

TEST(RemoteContext, OverTheApplicationsContextAndDevice) {
    OVCL_REQUIRE_GPU();
    UserCl user;
    ASSERT_NE(user.context, nullptr);
    Core core;
    ocl::ClContext ctx(core, user.context);
    EXPECT_EQ(ctx.get(), user.context);
    EXPECT_EQ(ctx.get_device(), user.devices[0]);
    EXPECT_EQ(ctx.get_device_name(), "GPU.0");

    auto compiled = core.compile_model(scale_model(kShape, 3, -1), ctx);
    EXPECT_EQ(ocl::ClContext(compiled.get_context()).get(), user.context);
    const Tensor x = test::random_tensor(element::f32, kShape);
    EXPECT_TENSOR_NEAR(run_scale(compiled, x), expected_scale(x, 3, -1), 1e-6, 1e-6);

    if (user.devices.size() > 1) {  // the second device of the same context is GPU.1
        ocl::ClContext second(core, user.context, 1);
        EXPECT_EQ(second.get_device(), user.devices[1]);
        EXPECT_EQ(second.get_device_name(), "GPU.1");
        auto on_second = core.compile_model(scale_model(kShape, 3, -1), second);
        EXPECT_EQ(on_second.get_property(execution_devices), std::vector<std::string>{"GPU.1"});
        EXPECT_TENSOR_NEAR(run_scale(on_second, x), expected_scale(x, 3, -1), 1e-6, 1e-6);
    }
}

TEST(RemoteContext, TheContextOutlivesTheApplicationsReference) {
    OVCL_REQUIRE_GPU();
    Core core;
    ocl::ClContext ctx;
    {
        UserCl user;  // releases its queue and context at the end of the scope: the plugin retained them
        ctx = ocl::ClContext(core, user.context);
    }
    auto compiled = core.compile_model(scale_model(kShape, 2, 0), ctx);
    const Tensor x = test::random_tensor(element::f32, kShape);
    EXPECT_TENSOR_NEAR(run_scale(compiled, x), expected_scale(x, 2, 0), 1e-6, 1e-6);
}

TEST(RemoteContext, OverTheApplicationsQueue) {
    OVCL_REQUIRE_GPU();
    UserCl user;
    Core core;
    ocl::ClContext ctx(core, user.queue);
    EXPECT_EQ(ctx.get_queue(), user.queue);
    EXPECT_EQ(ctx.get(), user.context);
    EXPECT_EQ(ctx.get_device(), user.devices[0]);
    auto compiled = core.compile_model(scale_model(kShape, 2, 5), ctx);
    EXPECT_EQ(compiled.get_property(num_streams), 1);  // one stream: the application's queue

    // The application enqueues its own write, then the inference, then its own read, all on its queue.
    auto in = ctx.create_tensor(element::f32, kShape);
    auto out = ctx.create_tensor(element::f32, kShape);
    const Tensor x = test::random_tensor(element::f32, kShape);
    ASSERT_EQ(clEnqueueWriteBuffer(user.queue, in.get(), CL_FALSE, 0, x.get_byte_size(), x.data(), 0, nullptr, nullptr),
              CL_SUCCESS);
    auto r = compiled.create_infer_request();
    r.set_tensor("x", in);
    r.set_tensor("y", out);
    r.start_async();
    // start_async returned with everything enqueued: a read the application enqueues now sees the result.
    Tensor y(element::f32, kShape);
    ASSERT_EQ(clEnqueueReadBuffer(user.queue, out.get(), CL_TRUE, 0, y.get_byte_size(), y.data(), 0, nullptr, nullptr),
              CL_SUCCESS);
    r.wait();
    EXPECT_TENSOR_NEAR(y, expected_scale(x, 2, 5), 1e-6, 1e-6);

    // Host tensors work on the queue too, sync and async.
    EXPECT_TENSOR_NEAR(run_scale(compiled, x), expected_scale(x, 2, 5), 1e-6, 1e-6);
    auto r2 = compiled.create_infer_request();
    r2.set_tensor("x", x);
    r2.start_async();
    r2.wait();
    EXPECT_TENSOR_NEAR(r2.get_tensor("y"), expected_scale(x, 2, 5), 1e-6, 1e-6);
}

TEST(RemoteContext, ImportModelIntoAContext) {
    OVCL_REQUIRE_GPU();
    UserCl user;
    Core core;
    ocl::ClContext ctx(core, user.context);
    std::stringstream blob;
    core.compile_model(scale_model(kShape, 4, 1), "GPU").export_model(blob);
    auto imported = core.import_model(blob, ctx);
    EXPECT_EQ(ocl::ClContext(imported.get_context()).get(), user.context);
    auto in = ctx.create_tensor(element::f32, kShape);
    const Tensor x = test::random_tensor(element::f32, kShape);
    cl_write(user.queue, in.get(), x);
    auto r = imported.create_infer_request();
    r.set_tensor("x", in);
    r.infer();
    EXPECT_TENSOR_NEAR(r.get_tensor("y"), expected_scale(x, 4, 1), 1e-6, 1e-6);
}

TEST(RemoteContext, BadParametersAreRefusedByName) {
    OVCL_REQUIRE_GPU();
    Core core;
    const AnyMap misspelt{{"OCL_CONTEXTT", static_cast<void*>(nullptr)}};
    EXPECT_HAS(message_of<NotFound>([&] { core.create_context("GPU", misspelt); }), "OCL_CONTEXTT");
    const AnyMap va{{ocl::key::CONTEXT_TYPE, "VA_SHARED"}};
    EXPECT_HAS(message_of<InvalidArgument>([&] { core.create_context("GPU", va); }), "VA_SHARED");
    UserCl user;
    EXPECT_HAS(message_of<InvalidArgument>([&] { ocl::ClContext(core, user.context, 7); }), "OCL_CONTEXT_DEVICE_ID");
    if (user.devices.size() > 1) {  // device 0 of the context is GPU.0, not GPU.1
        EXPECT_HAS(message_of<InvalidArgument>([&] {
                       core.create_context("GPU.1", {{ocl::key::OCL_CONTEXT, static_cast<void*>(user.context)}});
                   }),
                   "GPU.0");
    }
    // Another plugin's context cannot compile for GPU.
    EXPECT_THROW(core.get_default_context("REF"), NotImplemented);
}
