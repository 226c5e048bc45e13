// CumSum on the OpenCL device (kernels_cl/cumsum.cl) against host_ref and against OpenVINO CPU's arithmetic.
// f32: the kernel sums in f32 in OpenVINO CPU's order (each output the previous one plus an input), so it equals an
// f32 re-statement of that loop bit for bit (checked); host_ref sums in double and rounds once, so against host_ref
// the lines of up to 64 terms of [-1, 1] agree to 1e-5 abs + 1e-5 rel (about 64 roundings of half an f32 ulp of a sum
// below 8), and a 4096-term line to 1e-3 abs (the rounding errors of a random walk reaching ~64: about sqrt(4096)
// steps of 4e-6). f16 (storage; summed in f32, one rounding to f16 per output on both sides): 1e-3 abs + 2e-3 rel. i32 and i64
// wrap on overflow as host_ref: exact. Axis from a constant (negative too, none: axis 0), exclusive and reverse,
// scalars, empty tensors and the refusals.
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "gpu_test_utils.hpp"
#include "ops/gpu_op.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;

namespace {

std::shared_ptr<Node> cumsum(element::Type type, const Shape& s, const int64_t* axis, bool exclusive, bool reverse) {
    OutputVector in{op::parameter(type, s)};
    if (axis)
        in.push_back(op::constant<int64_t>(element::i64, {}, {*axis}));
    const Attributes attrs{{"exclusive", exclusive ? "true" : "false"}, {"reverse", reverse ? "true" : "false"}};
    return op::make("CumSum", in, attrs, 3);
}

TensorVector inputs_of(const std::shared_ptr<Node>& node, const Tensor& x) {
    TensorVector in{x};
    if (node->get_input_size() > 1)
        in.push_back(node->input_value(1).node->get_constant_value());
    return in;
}

TEST(GpuCumSum, GridMatchesHost) {
    OVCL_REQUIRE_GPU();
    for (const Shape& s : {Shape{3, 4}, Shape{2, 3, 5, 7}, Shape{64}, Shape{1, 64, 1}})
        for (int64_t axis = -1; axis < static_cast<int64_t>(s.size()); ++axis)
            for (const bool exclusive : {false, true})
                for (const bool reverse : {false, true}) {
                    const auto node = cumsum(element::f32, s, &axis, exclusive, reverse);
                    const Tensor x = test::random_tensor(element::f32, s, -1, 1, 5);
                    EXPECT_TRUE(test::gpu_matches_host(node, inputs_of(node, x)))
                        << s << " axis " << axis << " exclusive " << exclusive << " reverse " << reverse;
                }
    // No axis input: axis 0.
    const auto node = cumsum(element::f32, {9, 5}, nullptr, false, true);
    EXPECT_TRUE(test::gpu_matches_host(node, {test::random_tensor(element::f32, {9, 5}, -1, 1, 6)}));
}

// OpenVINO CPU's loop in f32: out[i] = in[i] + out[i - 1] (exclusive: in[i - 1] + out[i - 1]).
TEST(GpuCumSum, F32AsOpenVinoCpuBitForBit) {
    OVCL_REQUIRE_GPU();
    const Shape s{3, 4096};
    const Tensor x = test::random_tensor(element::f32, s, -1, 1, 7);
    for (const bool exclusive : {false, true}) {
        const int64_t axis = 1;
        const auto node = cumsum(element::f32, s, &axis, exclusive, false);
        const Tensor y = test::run_gpu(node, inputs_of(node, x))[0];
        Tensor expected(element::f32, s);
        for (size_t r = 0; r < s[0]; ++r) {
            const float* in = x.data<float>() + r * s[1];
            float* out = expected.data<float>() + r * s[1];
            out[0] = exclusive ? 0.0f : in[0];
            for (size_t i = 1; i < s[1]; ++i)
                out[i] = (exclusive ? in[i - 1] : in[i]) + out[i - 1];
        }
        EXPECT_TENSOR_EQ(y, expected);
        EXPECT_TRUE(test::gpu_matches_host(node, inputs_of(node, x), 1e-3, 0)) << "exclusive " << exclusive;
    }
}

TEST(GpuCumSum, OtherTypes) {
    OVCL_REQUIRE_GPU();
    const Shape s{4, 6, 33};
    for (const int64_t axis : {0, 1, 2})
        for (const bool reverse : {false, true}) {
            auto node = cumsum(element::f16, s, &axis, !reverse, reverse);
            EXPECT_TRUE(test::gpu_matches_host(node, inputs_of(node, test::random_tensor(element::f16, s, -1, 1, 8)),
                                               1e-3, 2e-3))
                << "f16 axis " << axis;
            for (const element::Type t : {element::i32, element::i64}) {
                node = cumsum(t, s, &axis, reverse, reverse);
                const Tensor x = test::random_tensor(t, s, -1000, 1000, 9);
                EXPECT_TRUE(test::gpu_matches_host(node, inputs_of(node, x), 0, 0)) << t << " axis " << axis;
            }
        }
    // Wrapping on overflow.
    const int64_t axis = 0;
    Tensor big(element::i32, Shape{3});
    big.data<int32_t>()[0] = big.data<int32_t>()[1] = std::numeric_limits<int32_t>::max();
    big.data<int32_t>()[2] = 5;
    auto node = cumsum(element::i32, {3}, &axis, false, false);
    EXPECT_TRUE(test::gpu_matches_host(node, inputs_of(node, big), 0, 0));
    Tensor big64(element::i64, Shape{2});
    big64.data<int64_t>()[0] = big64.data<int64_t>()[1] = std::numeric_limits<int64_t>::max() - 1;
    node = cumsum(element::i64, {2}, &axis, false, true);
    EXPECT_TRUE(test::gpu_matches_host(node, inputs_of(node, big64), 0, 0));
}

// The configuration a GPU gets (one line per work-item, work-groups of 64), run here.
TEST(GpuCumSum, GpuConfiguration) {
    OVCL_REQUIRE_GPU();
    gpu::GpuEnv env = *test::gpu_env();
    env.device = test::presented_as_gpu(env.device);
    const Shape s{5, 40, 7};
    const Tensor x = test::random_tensor(element::f32, s, -1, 1, 10);
    for (const int64_t axis : {0, 1, 2}) {
        const auto node = cumsum(element::f32, s, &axis, axis == 1, axis == 2);
        const auto in = inputs_of(node, x);
        EXPECT_TENSOR_NEAR(gpu::run_node_on_device(*node, in, env)[0], test::run_host(node, in)[0], 1e-5, 1e-5)
            << "axis " << axis;
    }
}

TEST(GpuCumSum, ScalarsAndEmptyTensors) {
    OVCL_REQUIRE_GPU();
    for (const bool exclusive : {false, true}) {  // a scalar takes no axis input
        auto node = cumsum(element::f32, {}, nullptr, exclusive, false);
        EXPECT_TRUE(test::gpu_matches_host(node, inputs_of(node, test::random_tensor(element::f32, {}, -1, 1, 3))));
    }
    for (const Shape& s : {Shape{0, 4}, Shape{3, 0}}) {
        const int64_t a = 1;
        auto node = cumsum(element::f32, s, &a, false, false);
        EXPECT_TRUE(test::gpu_matches_host(node, inputs_of(node, Tensor(element::f32, s)))) << s;
    }
}

TEST(GpuCumSum, RefusesWithReasons) {
    OVCL_REQUIRE_GPU();
    const auto& dev = test::gpu_env()->device;
    auto node = op::make("CumSum", {op::parameter(element::f32, Shape{2, 3}), op::parameter(element::i64, Shape{})}, {},
                         3);
    auto v = gpu::validate_node(*node, dev);
    EXPECT_FALSE(v.supported);
    EXPECT_NE(v.reason.find("must be a Constant"), std::string::npos) << v.reason;
    const int64_t axis = 1;
    for (const element::Type t : {element::f64, element::u8, element::i8}) {
        v = gpu::validate_node(*cumsum(t, {2, 3}, &axis, false, false), dev);
        EXPECT_FALSE(v.supported) << t;
        EXPECT_NE(v.reason.find("f32, f16, i32 and i64"), std::string::npos) << v.reason;
    }
    EXPECT_TRUE(gpu::validate_node(*cumsum(element::f32, {2, 3}, &axis, true, true), dev).supported);
}

}  // namespace
