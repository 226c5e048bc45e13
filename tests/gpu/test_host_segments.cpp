// Host steps in a chain pass their values on the host (src/gpu/plan/plan.cpp, keep_host_values_on_host): a chain
// of host ops between device ops downloads its input once and uploads what the device reads once, where each step
// used to download its inputs and upload its outputs. The request's byte counters (PERF_COUNT) say so; the outputs
// are REF's within 1e-5 (abs + rel): the host steps are host_ref on both, and the device's Sigmoid / Tanh kernels
// differ from host_ref's by a few ulp of f32.
#include <gtest/gtest.h>

#include "fusion_test_utils.hpp"
#include "remote/remote_test_utils.hpp"

using namespace ovcl;
using test::remote::bytes;
using test::remote::transfer_bytes;

namespace {

const Shape kShape{1, 8, 16, 16};
const size_t kBytes = shape_size(kShape) * sizeof(float);

// Reverse-1 has no kernel: a host step.
Output<Node> flip(const Output<Node>& x, const std::string& name) {
    return test::named(
        op::make("Reverse", {x, op::constant<int64_t>(element::i64, Shape{2}, {2, 3})}, {{"mode", "index"}}, 1), name);
}

Output<Node> reverse_sequence(const Output<Node>& x, const std::string& name) {
    return test::named(op::make("ReverseSequence", {x, op::constant<int64_t>(element::i64, Shape{1}, {16})},
                                {{"batch_axis", "0"}, {"seq_axis", "2"}}),
                       name);
}

Output<Node> grn(const Output<Node>& x, const std::string& name) {
    return test::named(op::make("GRN", {x}, {{"bias", "1e-6"}}), name);
}

// Runs `model` on GPU (PERF_COUNT) and REF twice with different inputs, compares the outputs, and returns the
// GPU request's {host->device, device->host} bytes of the second inference.
std::pair<int64_t, int64_t> run(const std::shared_ptr<Model>& model) {
    Core core;
    auto gpu = core.compile_model(model, "GPU", {{"PERF_COUNT", true}});
    auto ref = core.compile_model(model, "REF");
    const test::Runtime r = test::runtime_of(gpu);
    for (const char* host : {"flip", "reverse", "grn"}) {
        if (r.primitive.count(host)) {
            EXPECT_EQ(r.primitive.at(host), "ref") << host;
        }
    }
    auto request = gpu.create_infer_request();
    for (uint32_t seed : {1u, 2u}) {  // a second run sees none of the first one's host values
        const Tensor x = test::random_tensor(element::f32, kShape, -2, 2, seed);
        request.set_tensor(gpu.input(0), x);
        request.infer();
        const TensorVector expected = test::infer(ref, {x});
        for (size_t i = 0; i < expected.size(); ++i)
            EXPECT_TENSOR_NEAR(request.get_output_tensor(i), expected[i], 1e-5, 1e-5);
    }
    return transfer_bytes(request);
}

TEST(GpuHostSegments, AChainOfHostOpsMovesItsValuesOnce) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    auto x = op::parameter(element::f32, kShape, "x");
    const Output<Node> s = test::unary("Sigmoid", x, "sigmoid");
    const Output<Node> chain = grn(reverse_sequence(flip(s, "flip"), "reverse"), "grn");
    const auto model = test::model_of({test::unary("Tanh", chain, "tanh")}, {x});
    // x up, the chain's input down, its output up, the result down. Each host step moving its own values: 4 and 4.
    EXPECT_EQ(run(model), bytes(2 * kBytes, 2 * kBytes));
}

TEST(GpuHostSegments, AHostValueTheDeviceReadsTooIsUploadedOnceAndReadOnTheHost) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    auto x = op::parameter(element::f32, kShape, "x");
    const Output<Node> flipped = flip(test::unary("Sigmoid", x, "sigmoid"), "flip");
    // grn is a model output made on the host: copied into the output tensor, never uploaded nor read back.
    const auto model = test::model_of({grn(flipped, "grn"), test::unary("Tanh", flipped, "tanh")}, {x});
    // Up: x and flip's output (Tanh reads it). Down: flip's input and tanh. Before: 3 up, 4 down.
    EXPECT_EQ(run(model), bytes(2 * kBytes, 2 * kBytes));
}

TEST(GpuHostSegments, AModelOfHostOpsMovesNothing) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    auto x = op::parameter(element::f32, kShape, "x");
    const auto model = test::model_of({grn(flip(x, "flip"), "grn")}, {x});
    // Neither the input nor the output reaches the device. Before: the input up, then each step down and up.
    EXPECT_EQ(run(model), bytes(0, 0));
}

TEST(GpuHostSegments, AnInputTheHostAndTheDeviceReadGoesUpAndNotBack) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    auto x = op::parameter(element::f32, kShape, "x");
    const auto model = test::model_of({flip(x, "flip"), test::unary("Tanh", x, "tanh")}, {x});
    // Up: x (Tanh reads it). Down: tanh; flip reads the user's tensor. Before: x up, down and flip up, both down.
    EXPECT_EQ(run(model), bytes(kBytes, kBytes));
}

TEST(GpuHostSegments, RemoteAndHostVisibleTensorsOfValuesOnTheHost) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    auto x = op::parameter(element::f32, kShape, "x");
    const auto model = test::model_of({grn(flip(x, "flip"), "grn")}, {x});
    ocl::ClContext ctx(core.get_default_context("GPU"));
    auto gpu = core.compile_model(model, "GPU");
    auto ref = core.compile_model(model, "REF");
    const Tensor x_host = test::random_tensor(element::f32, kShape, -2, 2, 3);
    const Tensor expected = test::infer(ref, {x_host}).at(0);
    auto request = gpu.create_infer_request();
    for (bool host_visible : {false, true}) {  // the input read back from its buffer, the output written into one
        SCOPED_TRACE(host_visible ? "host-visible" : "remote");
        Tensor in = host_visible ? Tensor(ctx.create_host_tensor(element::f32, kShape))
                                 : Tensor(ctx.create_tensor(element::f32, kShape));
        Tensor out = host_visible ? Tensor(ctx.create_host_tensor(element::f32, kShape))
                                  : Tensor(ctx.create_tensor(element::f32, kShape));
        x_host.copy_to(in);
        request.set_tensor(gpu.input(0), in);
        request.set_tensor(gpu.output(0), out);
        request.infer();
        Tensor back(element::f32, kShape);
        out.copy_to(back);
        EXPECT_TENSOR_NEAR(back, expected, 0, 0);
    }
}

}  // namespace
