// FakeQuantize on the OpenCL device against host_ref, bit for bit: hand-checked values (ties to even, per
// channel), a grid of data shapes x range broadcasts (per tensor, per channel, last axis, several axes, full
// shape, data broadcast by its ranges) x Constant / Parameter ranges x levels x f32 / f16 storage, inverted and
// empty input ranges, NaN and infinities, the kernel each case picks, and what validate() refuses.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <limits>

#include "gpu_test_utils.hpp"
#include "ops/quantize.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;

namespace {

// The kernels evaluate host_ref's formula with the same f32 operations in the same order (no contraction,
// correctly rounded division on PoCL), so every comparison here is exact, bitwise.

struct Case {
    std::shared_ptr<Node> node;
    TensorVector inputs;
};

// FakeQuantize of data `x` and ranges il, ih, ol, oh (Constants holding the given tensors when `constant`).
Case make_case(const Tensor& x, const std::array<Tensor, 4>& ranges, bool constant, int64_t levels,
               const std::string& broadcast = "numpy") {
    Case c;
    c.inputs = {x, ranges[0], ranges[1], ranges[2], ranges[3]};
    OutputVector in{op::parameter(x.get_element_type(), x.get_shape())};
    for (const Tensor& r : ranges)
        in.push_back(constant ? op::constant(r) : op::parameter(r.get_element_type(), r.get_shape()));
    c.node = op::make("FakeQuantize", in, {{"levels", std::to_string(levels)}, {"auto_broadcast", broadcast}});
    return c;
}

// Random data in [-3, 3]; input ranges around [-2, 2] (input_low below input_high), output ranges in [-1, 1].
Case random_case(element::Type type, const Shape& x, const Shape& r, bool constant, int64_t levels, uint32_t seed) {
    return make_case(test::random_tensor(type, x, -3, 3, seed),
                     {test::random_tensor(type, r, -2, -0.25, seed + 1),
                      test::random_tensor(type, r, 0.25, 2, seed + 2), test::random_tensor(type, r, -1, 0, seed + 3),
                      test::random_tensor(type, r, 0, 1, seed + 4)},
                     constant, levels);
}

std::string impl_of(const Case& c) {
    return gpu::FakeQuantizeOp().configure(*c.node, test::gpu_env()->device).impl_name;
}

::testing::AssertionResult exact(const Case& c) {
    const Tensor gpu = test::run_gpu(c.node, c.inputs).at(0);
    const Tensor host = test::run_host(c.node, c.inputs).at(0);
    return test::tensors_equal(gpu, host);
}

Tensor f32(const Shape& shape, const std::vector<float>& v) { return test::make_tensor<float>(element::f32, shape, v); }

TEST(GpuFakeQuantize, HandChecked) {
    OVCL_REQUIRE_GPU();
    // in [-1, 1] -> out [-2, 2], 3 levels: -2, 0, 2. q = (x + 1) / 2 * 2: -0.5 -> 0.5 and 0.5 -> 1.5 are ties,
    // rounded to even (0 and 2); x <= -1 gives -2, x > 1 gives 2.
    const Tensor x = f32({9}, {-2, -1, -0.6f, -0.5f, 0, 0.4f, 0.5f, 1, 1.5f});
    const Tensor expected = f32({9}, {-2, -2, -2, -2, 0, 0, 2, 2, 2});
    for (bool constant : {true, false}) {
        const auto c = make_case(x, {f32({}, {-1}), f32({}, {1}), f32({}, {-2}), f32({}, {2})}, constant, 3);
        EXPECT_TENSOR_EQ(test::run_gpu(c.node, c.inputs).at(0), expected) << impl_of(c);
    }
    // Per channel, 3 levels: channel 0 in [0, 1] -> out [0, 1] (0, 0.5, 1); channel 1 in [0, 10] -> [0, 100]
    // (0, 50, 100). 0.2 -> 0.4 -> 0; 0.3 -> 0.6 -> 1 -> 0.5; 2 -> 0.4 -> 0; 7 -> 1.4 -> 1 -> 50.
    const Tensor xc = f32({1, 2, 2}, {0.2f, 0.3f, 2, 7});
    const Tensor expected_c = f32({1, 2, 2}, {0, 0.5f, 0, 50});
    for (bool constant : {true, false}) {
        const auto c = make_case(xc, {f32({1, 2, 1}, {0, 0}), f32({1, 2, 1}, {1, 10}), f32({1, 2, 1}, {0, 0}),
                                      f32({1, 2, 1}, {1, 100})},
                                 constant, 3);
        EXPECT_TENSOR_EQ(test::run_gpu(c.node, c.inputs).at(0), expected_c) << impl_of(c);
    }
}

TEST(GpuFakeQuantize, KernelChoice) {
    OVCL_REQUIRE_GPU();
    const auto t = element::f32;
    EXPECT_EQ(impl_of(random_case(t, {2, 8, 5, 5}, {}, true, 256, 1)), "fake_quantize_channel_x16");
    EXPECT_EQ(impl_of(random_case(t, {2, 8, 5, 5}, {1, 8, 1, 1}, true, 256, 1)), "fake_quantize_channel_x16");
    EXPECT_EQ(impl_of(random_case(t, {2, 8, 5, 5}, {8, 5, 1}, true, 256, 1)), "fake_quantize_channel_x16");
    EXPECT_EQ(impl_of(random_case(t, {2, 8, 5, 5}, {5}, true, 256, 1)), "fake_quantize_bcast_x16");
    EXPECT_EQ(impl_of(random_case(t, {2, 8, 5, 5}, {1, 8, 1, 5}, true, 256, 1)), "fake_quantize_bcast_x16");
    EXPECT_EQ(impl_of(random_case(t, {2, 8, 5, 5}, {1, 8, 1, 1}, false, 256, 1)), "fake_quantize_bcast_x16");
    EXPECT_EQ(impl_of(random_case(t, {8, 1, 1}, {2, 8, 5, 5}, true, 256, 1)), "fake_quantize_bcast_x16");
}

// Data shapes x range shapes x Constant / Parameter ranges x levels x storage types, bit for bit.
TEST(GpuFakeQuantize, BroadcastGrid) {
    OVCL_REQUIRE_GPU();
    struct Layout {
        Shape x, r;
    };
    const Layout layouts[] = {
        {{2, 3, 5, 7}, {}},            // per tensor, rows of 35: a partial block per row
        {{2, 3, 5, 7}, {1}},           // per tensor, a one-element range
        {{2, 3, 5, 7}, {1, 3, 1, 1}},  // per channel (axis 1)
        {{2, 3, 5, 7}, {3, 1, 1}},     // per channel, fewer range axes
        {{1, 16, 8, 8}, {1, 16, 1, 1}},
        {{4, 33}, {4, 1}},             // per row of a matrix (weights per output channel)
        {{2, 3, 5, 7}, {1, 3, 5, 1}},  // along two merged axes
        {{4, 33}, {33}},               // per last axis
        {{2, 3, 5, 7}, {7}},
        {{2, 3, 5, 7}, {1, 3, 1, 7}},  // along axes that do not merge
        {{2, 3, 5, 7}, {2, 3, 5, 7}},  // the full shape
        {{3, 1}, {3, 40}},             // the data broadcast by its ranges
        {{100}, {}},                   // 1-D
        {{}, {}},                      // a scalar
        {{2, 0, 5}, {1, 1, 5}},        // empty
    };
    uint32_t seed = 1;
    for (const auto type : {element::f32, element::f16})
        for (const auto& l : layouts)
            for (bool constant : {true, false})
                for (int64_t levels : {2, 3, 16, 255, 256, 65536}) {
                    const auto c = random_case(type, l.x, l.r, constant, levels, seed += 5);
                    ASSERT_TRUE(exact(c)) << c.node->describe() << " x " << l.x << " ranges " << l.r << " levels "
                                          << levels << " constant " << constant << " " << impl_of(c);
                }
}

// Each range broadcast its own way (one per tensor, one per channel, one full, one per last axis).
TEST(GpuFakeQuantize, MixedRangeShapes) {
    OVCL_REQUIRE_GPU();
    const Shape x{2, 4, 3, 19};
    for (const auto type : {element::f32, element::f16})
        for (bool constant : {true, false}) {
            const auto c = make_case(test::random_tensor(type, x, -3, 3, 7),
                                     {test::random_tensor(type, {}, -2, -1, 8),
                                      test::random_tensor(type, {1, 4, 1, 1}, 1, 2, 9),
                                      test::random_tensor(type, {1, 4, 3, 1}, -1, 0, 10),
                                      test::random_tensor(type, {19}, 0, 1, 11)},
                                     constant, 256);
            EXPECT_TRUE(exact(c)) << c.node->describe() << " " << impl_of(c);
            // only per-tensor and per-channel ranges: the channel table, ranges of different shapes folded into it
            const auto p = make_case(c.inputs[0], {c.inputs[1], c.inputs[2], test::random_tensor(type, {}, -1, 0, 12),
                                                   test::random_tensor(type, {4, 1, 1}, 0, 1, 13)},
                                     constant, 17);
            EXPECT_TRUE(exact(p)) << p.node->describe() << " " << impl_of(p);
        }
}

TEST(GpuFakeQuantize, AutoBroadcastNone) {
    OVCL_REQUIRE_GPU();
    const Shape s{3, 4, 21};
    for (bool constant : {true, false}) {
        const auto c = make_case(test::random_tensor(element::f32, s, -3, 3, 3),
                                 {test::random_tensor(element::f32, s, -2, 0, 4),
                                  test::random_tensor(element::f32, s, 0, 2, 5),
                                  test::random_tensor(element::f32, s, -1, 0, 6),
                                  test::random_tensor(element::f32, s, 0, 1, 7)},
                                 constant, 255, "none");
        EXPECT_TRUE(exact(c)) << impl_of(c);
    }
}

// Inverted input ranges (low > high: the comparisons use min / max, the formula the given order), empty input
// ranges (low == high: a threshold), inverted output ranges, and NaN / infinite data.
TEST(GpuFakeQuantize, EdgeValues) {
    OVCL_REQUIRE_GPU();
    const float inf = std::numeric_limits<float>::infinity(), nan = std::numeric_limits<float>::quiet_NaN();
    const Tensor il = f32({1, 4, 1}, {1, 0.5f, -1, 2}), ih = f32({1, 4, 1}, {-1, 0.5f, 1, 2});
    const Tensor ol = f32({1, 4, 1}, {-3, -3, 5, 0}), oh = f32({1, 4, 1}, {7, 7, -5, 1});
    std::vector<float> v;
    for (int c = 0; c < 4; ++c)
        for (float e : {-inf, -2.f, -1.f, -0.5f, 0.f, 0.25f, 0.5f, 0.50001f, 1.f, 2.f, 2.5f, inf, nan, -0.f, 0.75f,
                        -0.75f, 1.5f})
            v.push_back(e);
    const Tensor x = f32({1, 4, 17}, v);
    for (bool constant : {true, false})
        for (int64_t levels : {2, 5, 256}) {
            const auto c = make_case(x, {il, ih, ol, oh}, constant, levels);
            const Tensor gpu = test::run_gpu(c.node, c.inputs).at(0), host = test::run_host(c.node, c.inputs).at(0);
            EXPECT_TRUE(test::tensors_near(gpu, host, 0, 0)) << impl_of(c) << " levels " << levels;  // NaN == NaN
        }
}

TEST(GpuFakeQuantize, RefusesWithReasons) {
    OVCL_REQUIRE_GPU();
    const auto& device = test::gpu_env()->device;
    const auto scalar = [](double v) { return test::make_tensor<double>(element::f64, {}, {v}); };
    const auto f64 = make_case(test::random_tensor(element::f64, {4}, -1, 1, 1),
                               {scalar(-1), scalar(1), scalar(0), scalar(1)}, true, 3);
    const auto v = gpu::FakeQuantizeOp().validate(*f64.node, device);
    EXPECT_FALSE(v.supported);
    EXPECT_NE(v.reason.find("f32 and f16"), std::string::npos) << v.reason;
    EXPECT_FALSE(gpu::validate_node(*f64.node, device).supported);

    OutputVector huge{op::parameter(element::f32, {65536, 65536})};
    for (int k = 0; k < 4; ++k)
        huge.push_back(op::parameter(element::f32, {}));
    const auto h = gpu::validate_node(*op::make("FakeQuantize", huge, {{"levels", "256"}}), device);
    EXPECT_FALSE(h.supported);
    EXPECT_NE(h.reason.find("2^32"), std::string::npos) << h.reason;

    OutputVector dynamic{op::parameter(element::f32, PartialShape{Dimension::dynamic(), Dimension(4)})};
    for (int k = 0; k < 4; ++k)
        dynamic.push_back(op::parameter(element::f32, {}));
    const auto d = gpu::validate_node(*op::make("FakeQuantize", dynamic, {{"levels", "256"}}), device);
    EXPECT_FALSE(d.supported);
    EXPECT_NE(d.reason.find("dynamic"), std::string::npos) << d.reason;

    EXPECT_TRUE(gpu::validate_node(*random_case(element::f16, {2, 3}, {}, false, 256, 1).node, device).supported);
}

}  // namespace
