// What infer requests refuse in remote tensors, with messages that name the port and the request:
// another context, another device, wrong shape or type; and that the request works afterwards.
#include "remote_test_utils.hpp"

using namespace ovcl;
using namespace ovcl::test::remote;

namespace {
const Shape kShape{4, 4};
}  // namespace

TEST(RemoteErrors, TensorOfAnotherContextIsRefused) {
    OVCL_REQUIRE_GPU();
    UserCl user;
    Core core;
    auto compiled = core.compile_model(scale_model(kShape, 2, 0), "GPU");  // the plugin's context
    ocl::ClContext foreign(core, user.context);                            // the application's
    auto t = foreign.create_tensor(element::f32, kShape);
    auto r = compiled.create_infer_request();
    const std::string in = message_of<InvalidArgument>([&] { r.set_tensor("x", t); });
    EXPECT_HAS(in, "input Parameter 'x'");
    EXPECT_HAS(in, "infer request #");
    EXPECT_HAS(in, "model 'scale'");
    EXPECT_HAS(in, "another OpenCL context");
    const std::string out = message_of<InvalidArgument>([&] { r.set_tensor("y", t); });
    EXPECT_HAS(out, "output");
    // A host-visible tensor of the other context is host memory all the same: accepted and copied.
    Tensor h = foreign.create_host_tensor(element::f32, kShape);
    const Tensor x = test::iota(element::f32, kShape);
    x.copy_to(h);
    r.set_tensor("x", h);
    r.infer();
    EXPECT_FLOAT_EQ(r.get_tensor("y").data<float>()[5], 10.f);
}

TEST(RemoteErrors, TensorOfAnotherDeviceIsRefused) {
    OVCL_REQUIRE_GPU();
    UserCl user;
    if (user.devices.size() < 2)
        GTEST_SKIP() << "one OpenCL device only";
    Core core;
    ocl::ClContext dev0(core, user.context, 0);
    ocl::ClContext dev1(core, user.context, 1);
    auto compiled = core.compile_model(scale_model(kShape, 2, 0), dev0);
    auto t = dev1.create_tensor(element::f32, kShape);
    auto r = compiled.create_infer_request();
    const std::string msg = message_of<InvalidArgument>([&] { r.set_tensor("x", t); });
    EXPECT_HAS(msg, "GPU.1");
    EXPECT_HAS(msg, "'x'");
}

TEST(RemoteErrors, WrongShapeOrTypeIsRefusedNamingThePort) {
    OVCL_REQUIRE_GPU();
    Core core;
    auto compiled = core.compile_model(scale_model(kShape, 2, 0), "GPU");
    ocl::ClContext ctx(compiled.get_context());
    auto r = compiled.create_infer_request();
    auto wide = ctx.create_tensor(element::f32, {4, 5});
    const std::string shape = message_of<InvalidArgument>([&] { r.set_tensor("x", wide); });
    EXPECT_HAS(shape, "'x'");
    EXPECT_HAS(shape, "[4,5]");
    auto ints = ctx.create_tensor(element::i32, kShape);
    const std::string type = message_of<InvalidArgument>([&] { r.set_tensor("y", ints); });
    EXPECT_HAS(type, "'y'");
    EXPECT_HAS(type, "i32");
    // Still usable with good tensors.
    auto x = ctx.create_tensor(element::f32, kShape);
    test::iota(element::f32, kShape).copy_to(x);
    r.set_tensor("x", x);
    r.infer();
    EXPECT_FLOAT_EQ(r.get_tensor("y").data<float>()[3], 6.f);
}

TEST(RemoteErrors, DataOfDeviceMemoryThrows) {
    OVCL_REQUIRE_GPU();
    Core core;
    auto compiled = core.compile_model(scale_model(kShape, 2, 0), "GPU");
    ocl::ClContext ctx(compiled.get_context());
    auto y = ctx.create_tensor(element::f32, kShape);
    auto r = compiled.create_infer_request();
    r.set_tensor("y", y);
    Tensor out = r.get_tensor("y");  // the bound output is the remote tensor itself
    EXPECT_TRUE(out.is<IRemoteTensor>());
    const std::string msg = message_of<NotImplemented>([&] { out.data(); });
    EXPECT_HAS(msg, "no host address");
}

TEST(RemoteErrors, ReleasedOrInvalidBufferIsRefused) {
    OVCL_REQUIRE_GPU();
    UserCl user;
    Core core;
    ocl::ClContext ctx(core, user.context);
    // A handle the runtime reports invalid (null here: a freed handle is undefined behaviour in OpenCL
    // itself, so the runtime's own answer is all a wrapper can check).
    const std::string msg =
        message_of<InvalidArgument>([&] { ctx.create_tensor(element::f32, kShape, static_cast<cl_mem>(nullptr)); });
    EXPECT_HAS(msg, "not a valid OpenCL memory object");
    EXPECT_HAS(msg, "released");
}
