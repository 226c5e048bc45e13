// Infer requests fed with remote tensors: every element type written and read with OpenCL directly,
// chaining two models through a device buffer, remote and host tensors mixed, outputs pre-set to
// remote tensors, host-visible tensors, the device-side copy path, and the byte counters.
#include <fstream>
#include <nlohmann/json.hpp>

#include "remote_test_utils.hpp"
#include "runtime/trace.hpp"

using namespace ovcl;
using namespace ovcl::test::remote;

namespace {
const AnyMap kPerf{{enable_profiling.key, true}};
}  // namespace

TEST(RemoteInfer, EveryElementTypeThroughTheApplicationsBuffers) {
    OVCL_REQUIRE_GPU();
    UserCl user;
    Core core;
    ocl::ClContext ctx(core, user.context);
    const Shape shape{3, 5};
    const Shape out_shape{6, 5};
    for (element::Type type : test::kElementTypes) {
        SCOPED_TRACE(type.get_type_name());
        auto compiled = core.compile_model(concat_model(type, shape), ctx, kPerf);
        const Tensor a = test::iota(type, shape, -7, 1);
        const Tensor b = test::iota(type, shape, 100, 50);
        // The reference: the same compiled model on host tensors.
        auto host = compiled.create_infer_request();
        host.set_tensor("a", a);
        host.set_tensor("b", b);
        host.infer();
        const Tensor expected = host.get_tensor("out");
        EXPECT_EQ(transfer_bytes(host), bytes(2 * a.get_byte_size(),
                                                                           expected.get_byte_size()));

        // The application's buffers: a and the output wrapped, b made by the context.
        cl_mem mem_a = user.buffer(a.get_byte_size());
        cl_mem mem_out = user.buffer(expected.get_byte_size());
        auto ra = ctx.create_tensor(type, shape, mem_a);
        auto rb = ctx.create_tensor(type, shape);
        auto rout = ctx.create_tensor(type, out_shape, mem_out);
        cl_write(user.queue, mem_a, a);
        cl_write(user.queue, rb.get(), b);
        auto r = compiled.create_infer_request();
        r.set_tensor("a", ra);
        r.set_tensor("b", rb);
        r.set_tensor("out", rout);
        r.infer();
        EXPECT_TENSOR_EQ(cl_read(user.queue, mem_out, type, out_shape), expected);
        EXPECT_EQ(transfer_bytes(r), bytes(0, 0));  // nothing crossed host<->device
        clReleaseMemObject(mem_a);
        clReleaseMemObject(mem_out);
    }
}

TEST(RemoteInfer, ChainsTwoModelsWithoutAHostRoundTrip) {
    OVCL_REQUIRE_GPU();
    Core core;
    const Shape shape{16, 32};
    auto first = core.compile_model(scale_model(shape, 2, 1, "first"), "GPU", kPerf);
    auto ctx = ocl::ClContext(first.get_context());
    auto second = core.compile_model(scale_model(shape, -3, 0.5f, "second"), ctx, kPerf);
    const Tensor x = test::random_tensor(element::f32, shape);
    auto middle = ctx.create_tensor(element::f32, shape);
    auto r1 = first.create_infer_request();
    auto r2 = second.create_infer_request();
    r1.set_tensor("x", x);
    r1.set_tensor("y", middle);  // the first model's output is written into the device buffer ...
    r2.set_tensor("x", middle);  // ... which the second reads
    for (int round = 0; round < 3; ++round) {  // async: the second waits for the first on the device
        r1.start_async();
        r1.wait();
        r2.start_async();
        r2.wait();
        EXPECT_TENSOR_NEAR(r2.get_tensor("y"), expected_scale(expected_scale(x, 2, 1), -3, 0.5f), 1e-5, 1e-5);
    }
    EXPECT_EQ(transfer_bytes(r1), bytes(x.get_byte_size(), 0));  // x in, nothing out
    EXPECT_EQ(transfer_bytes(r2), bytes(0, x.get_byte_size()));  // nothing in, y out
    // The middle buffer holds the first model's output.
    Tensor mid(element::f32, shape);
    middle.copy_to(mid);
    EXPECT_TENSOR_NEAR(mid, expected_scale(x, 2, 1), 1e-6, 1e-6);
}

TEST(RemoteInfer, RemoteAndHostTensorsMixInOneRequest) {
    OVCL_REQUIRE_GPU();
    Core core;
    const Shape shape{4, 6};
    auto compiled = core.compile_model(concat_model(element::f32, shape), "GPU", kPerf);
    ocl::ClContext ctx(compiled.get_context());
    const Tensor a = test::random_tensor(element::f32, shape, -1, 1, 1);
    const Tensor b = test::random_tensor(element::f32, shape, -1, 1, 2);
    auto ra = ctx.create_tensor(element::f32, shape);
    a.copy_to(ra);
    auto r = compiled.create_infer_request();
    r.set_tensor("a", ra);  // remote
    r.set_tensor("b", b);   // host
    r.infer();               // host output
    Tensor expected(element::f32, {8, 6});
    std::copy(a.data<float>(), a.data<float>() + 24, expected.data<float>());
    std::copy(b.data<float>(), b.data<float>() + 24, expected.data<float>() + 24);
    EXPECT_TENSOR_EQ(r.get_tensor("out"), expected);
    EXPECT_EQ(transfer_bytes(r), bytes(b.get_byte_size(), expected.get_byte_size()));

    // Swap: host a, remote b, output pre-set to a remote tensor; then back to host tensors.
    auto rb = ctx.create_tensor(element::f32, shape);
    b.copy_to(rb);
    auto rout = ctx.create_tensor(element::f32, {8, 6});
    r.set_tensor("a", a);
    r.set_tensor("b", rb);
    r.set_tensor("out", rout);
    r.infer();
    Tensor out(element::f32, {8, 6});
    rout.copy_to(out);
    EXPECT_TENSOR_EQ(out, expected);
    EXPECT_EQ(transfer_bytes(r), bytes(a.get_byte_size(), 0));
    Tensor host_out(element::f32, {8, 6});
    r.set_tensor("b", b);
    r.set_tensor("out", host_out);
    r.infer();
    EXPECT_TENSOR_EQ(host_out, expected);
}

TEST(RemoteInfer, HostVisibleTensorsAreMappedNotCopied) {
    OVCL_REQUIRE_GPU();
    Core core;
    const Shape shape{32, 32};
    auto compiled = core.compile_model(scale_model(shape, 0.5f, 2), "GPU", kPerf);
    ocl::ClContext ctx(compiled.get_context());
    Tensor in = ctx.create_host_tensor(element::f32, shape);
    Tensor out = ctx.create_host_tensor(element::f32, shape);
    auto r = compiled.create_infer_request();
    r.set_tensor("x", in);
    r.set_tensor("y", out);
    for (int round = 0; round < 3; ++round) {
        const Tensor x = test::random_tensor(element::f32, shape, -1, 1, static_cast<uint32_t>(round));
        x.copy_to(in);  // written through data(): the tensor is mapped between inferences
        if (round == 1) {
            r.start_async();
            r.wait();
        } else {
            r.infer();
        }
        EXPECT_TENSOR_NEAR(out, expected_scale(x, 0.5f, 2), 1e-6, 1e-6);
        EXPECT_EQ(transfer_bytes(r), bytes(0, 0));
    }
}

TEST(RemoteInfer, ReusedRegionsLeaveTheUsersBuffersAlone) {
    OVCL_REQUIRE_GPU();
    Core core;
    const Shape shape{8, 12};
    // Unfused, the memory plan gives the second transpose the input's region of the arena (or, without sub-buffers,
    // the input's whole buffer): the bound input buffer replaces the input's own slot, so that reuse never writes
    // into it.
    for (const char* mode : {"AUTO", "NO"}) {
        SCOPED_TRACE(std::string("GPU_SUB_BUFFERS=") + mode);
        auto compiled = core.compile_model(transposes_model(shape), "GPU",
                                           {{enable_profiling.key, true},
                                            {disable_transformations.key, true},
                                            {"GPU_SUB_BUFFERS", std::string(mode)}});
        ocl::ClContext ctx(compiled.get_context());
        const Tensor x = test::random_tensor(element::f32, shape);
        auto rx = ctx.create_tensor(element::f32, shape);
        auto ry = ctx.create_tensor(element::f32, {12, 8});
        x.copy_to(rx);
        auto r = compiled.create_infer_request();
        r.set_tensor("x", rx);
        r.set_tensor("y", ry);
        r.infer();
        r.infer();  // twice: the input buffer was not overwritten by the first run
        Tensor y(element::f32, {12, 8});
        ry.copy_to(y);
        Tensor expected(element::f32, {12, 8});
        for (size_t i = 0; i < 8; ++i)
            for (size_t j = 0; j < 12; ++j)
                expected.data<float>()[j * 8 + i] = x.data<float>()[i * 12 + j];
        EXPECT_TENSOR_EQ(y, expected);
        Tensor x_after(element::f32, shape);
        rx.copy_to(x_after);
        EXPECT_TENSOR_EQ(x_after, x);
        EXPECT_EQ(transfer_bytes(r), bytes(0, 0));
    }
}

TEST(RemoteInfer, OutputThatIsAViewOfTheInputIsCopiedOnTheDevice) {
    OVCL_REQUIRE_GPU();
    Core core;
    // y = Reshape(x): one value, two ports. The input's buffer takes the value; the output gets a
    // device-side copy (and a host output a read), never the input's buffer.
    auto x = op::parameter(element::f32, Shape{6, 4}, "x");
    auto reshape = op::make("Reshape", {x, op::constant<int64_t>(element::i64, Shape{2}, {4, 6})},
                            {{"special_zero", "false"}});
    reshape->output_names(0).insert("y");
    auto model = std::make_shared<Model>(NodeVector{op::result(reshape, "y")}, NodeVector{x}, "view");
    auto compiled = core.compile_model(model, "GPU", kPerf);
    ocl::ClContext ctx(compiled.get_context());
    const Tensor in = test::random_tensor(element::f32, {6, 4});
    auto rx = ctx.create_tensor(element::f32, {6, 4});
    auto ry = ctx.create_tensor(element::f32, {4, 6});
    in.copy_to(rx);
    auto r = compiled.create_infer_request();
    r.set_tensor("x", rx);
    r.set_tensor("y", ry);
    r.infer();
    Tensor out(element::f32, {4, 6});
    ry.copy_to(out);
    EXPECT_EQ(test::values(out), test::values(in));
    EXPECT_NE(ry.get(), rx.get());
    EXPECT_EQ(transfer_bytes(r), bytes(0, 0));
    // Host input, remote output: the input is written straight into the output's buffer.
    const Tensor in2 = test::random_tensor(element::f32, {6, 4}, -1, 1, 9);
    r.set_tensor("x", in2);
    r.infer();
    ry.copy_to(out);
    EXPECT_EQ(test::values(out), test::values(in2));
    EXPECT_EQ(transfer_bytes(r), bytes(in2.get_byte_size(), 0));
}

TEST(RemoteInfer, ByteCountersCountHostTensors) {
    OVCL_REQUIRE_GPU();
    Core core;
    const Shape shape{64, 64};
    auto compiled = core.compile_model(scale_model(shape, 1, 1), "GPU", kPerf);
    auto r = compiled.create_infer_request();
    r.set_tensor("x", test::random_tensor(element::f32, shape));
    r.infer();
    EXPECT_EQ(transfer_bytes(r), bytes(64 * 64 * 4, 64 * 64 * 4));
}

TEST(RemoteInfer, ChainedOnTheApplicationsQueueWithoutHostWaits) {
    OVCL_REQUIRE_GPU();
    UserCl user;
    Core core;
    ocl::ClContext ctx(core, user.queue);
    const Shape shape{32, 64};
    auto first = core.compile_model(scale_model(shape, 2, 1, "first"), ctx);
    auto second = core.compile_model(scale_model(shape, 0.5f, -1, "second"), ctx);
    auto x = ctx.create_tensor(element::f32, shape);
    auto middle = ctx.create_tensor(element::f32, shape);
    auto y = ctx.create_tensor(element::f32, shape);
    auto r1 = first.create_infer_request();
    auto r2 = second.create_infer_request();
    r1.set_tensor("x", x);
    r1.set_tensor("y", middle);
    r2.set_tensor("x", middle);
    r2.set_tensor("y", y);
    for (int round = 0; round < 3; ++round) {
        const Tensor in = test::random_tensor(element::f32, shape, -1, 1, static_cast<uint32_t>(round));
        // The application's write, both inferences and its read, in queue order, no wait in between:
        // each start_async returns once its commands are in the queue.
        ASSERT_EQ(clEnqueueWriteBuffer(user.queue, x.get(), CL_FALSE, 0, in.get_byte_size(), in.data(), 0, nullptr,
                                       nullptr),
                  CL_SUCCESS);
        r1.start_async();
        r2.start_async();
        Tensor out(element::f32, shape);
        ASSERT_EQ(clEnqueueReadBuffer(user.queue, y.get(), CL_TRUE, 0, out.get_byte_size(), out.data(), 0, nullptr,
                                      nullptr),
                  CL_SUCCESS);
        r1.wait();
        r2.wait();
        EXPECT_TENSOR_NEAR(out, expected_scale(expected_scale(in, 2, 1), 0.5f, -1), 1e-5, 1e-5);
    }
}

TEST(RemoteInfer, ByteCountersAreInTheTrace) {
    OVCL_REQUIRE_GPU();
    Core core;
    const std::string path = ::testing::TempDir() + "ovcl_remote_trace_test.json";
    trace::set_output(path);  // before compiling: the queues get their tracks
    const Shape shape{16, 16};
    {
        auto compiled = core.compile_model(scale_model(shape, 1, 1), "GPU");
        ocl::ClContext ctx(compiled.get_context());
        auto remote = compiled.create_infer_request();
        remote.set_tensor("x", ctx.create_tensor(element::f32, shape));
        remote.set_tensor("y", ctx.create_tensor(element::f32, shape));
        remote.infer();
        auto host = compiled.create_infer_request();
        host.set_tensor("x", test::random_tensor(element::f32, shape));
        host.infer();
    }
    trace::flush();
    trace::set_output("");
    std::ifstream in(path);
    ASSERT_TRUE(in.good()) << path;
    std::multiset<std::string> details;
    const auto doc = nlohmann::json::parse(in);
    for (const auto& e : doc.at("traceEvents"))
        if (e.value("name", "") == "transfer bytes")
            details.insert(e.at("args").at("detail").get<std::string>());
    EXPECT_EQ(details.count("host_to_device=0 device_to_host=0"), 1u);
    // The host request, and compile_model's warm-up inference (zeros in, from host tensors).
    EXPECT_EQ(details.count("host_to_device=1024 device_to_host=1024"), 2u);
}

TEST(RemoteInfer, OneBufferAsInputAndOutputIsUpdatedInPlace) {
    OVCL_REQUIRE_GPU();
    Core core;
    const Shape shape{8, 8};
    auto compiled = core.compile_model(scale_model(shape, 3, 1), "GPU", kPerf);
    ocl::ClContext ctx(compiled.get_context());
    auto t = ctx.create_tensor(element::f32, shape);
    const Tensor x = test::random_tensor(element::f32, shape);
    x.copy_to(t);
    auto r = compiled.create_infer_request();
    r.set_tensor("x", t);
    r.set_tensor("y", t);  // the kernels read it; the result is copied in on the device afterwards
    r.infer();
    Tensor y(element::f32, shape);
    t.copy_to(y);
    EXPECT_TENSOR_NEAR(y, expected_scale(x, 3, 1), 1e-6, 1e-6);
    EXPECT_EQ(transfer_bytes(r), bytes(0, 0));
}
