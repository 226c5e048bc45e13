// Roll-7 on the device (kernels_cl/rearrange.cl, `roll`) against host_ref, which tools/op_conformance.py checks
// against OpenVINO CPU. Bit copies: exact for every type. Shifts on the innermost axis and on outer ones, negative
// and larger than the extent, a scalar shift over several axes, an axis named twice, Swin's shifted windows
// ([N, H, W, C] rolled on H and W), extents of 1 and empty data; then the refusals.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "gpu/gpu_test_utils.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;
using test::make_tensor;
using test::random_tensor;

namespace {

/// Roll of x by Constant shift and axes, with the tensors of all three inputs (the runners take every input).
struct Rolled {
    std::shared_ptr<Node> node;
    TensorVector inputs;
};

Rolled roll(const Tensor& x, const std::vector<int64_t>& shift, const std::vector<int64_t>& axes,
            bool scalar_shift = false) {
    const Tensor s = make_tensor<int64_t>(element::i64, scalar_shift ? Shape{} : Shape{shift.size()}, shift);
    const Tensor a = make_tensor<int64_t>(element::i32, {axes.size()}, axes);
    return {op::make("Roll", {op::parameter(x.get_element_type(), x.get_shape()), op::constant(s), op::constant(a)},
                     {}, 7),
            {x, s, a}};
}

void expect_kernel_matches_host(const Rolled& r) {
    const Tensor& x = r.inputs[0];
    SCOPED_TRACE(r.node->describe() + " on " + x.get_shape().to_string() + " " + x.get_element_type().to_string());
    const gpu::Validation v = gpu::validate_node(*r.node, test::gpu_env()->device);
    ASSERT_TRUE(v.supported) << v.reason;
    EXPECT_TRUE(test::gpu_matches_host(r.node, r.inputs, 0, 0));
}

/// Data of `shape` rolled by `shift` along `axes`.
struct RollCase {
    Shape shape;
    std::vector<int64_t> shift, axes;
};

TEST(GpuRoll, MatchesHostOverShiftsAxesAndTypes) {
    OVCL_REQUIRE_GPU();
    const std::vector<RollCase> cases{
        {{10}, {3}, {0}},                        // innermost only
        {{4, 70}, {-5}, {1}},                    // negative, a row longer than a work-group
        {{4, 70}, {9}, {0}},                     // outer only: rows move whole
        {{3, 5, 7}, {1, 11, -2}, {0, 1, 2}},     // every axis, one beyond the extent
        {{2, 1, 6, 1, 5}, {4, 1}, {2, 4}},       // extents of 1 among them
        {{2, 3, 4, 5}, {2, 3}, {-1, 1}},         // negative axis, an unshifted axis between
        {{3, 4, 5}, {1, 2}, {1, 1}},             // an axis named twice: the shifts add
        {{1, 14, 14, 24}, {-3, -3}, {1, 2}},     // Swin's windows
        {{1, 14, 14, 24}, {3, 3}, {1, 2}},       // and back
    };
    for (const element::Type t : {element::f32, element::f16, element::i64, element::u8}) {
        for (size_t i = 0; i < cases.size(); ++i) {
            const Tensor x = random_tensor(t, cases[i].shape, -100, 100, static_cast<uint32_t>(i));
            expect_kernel_matches_host(roll(x, cases[i].shift, cases[i].axes));
        }
    }
    const Tensor x = random_tensor(element::f32, {3, 4, 5}, -1, 1, 9);
    expect_kernel_matches_host(roll(x, {7}, {0, 2}, true));  // one shift for every axis
}

TEST(GpuRoll, HandValues) {
    OVCL_REQUIRE_GPU();
    const Tensor x = make_tensor<int>(element::i32, {2, 3}, {1, 2, 3, 4, 5, 6});
    const Rolled r = roll(x, {1, -1}, {0, 1});
    EXPECT_TENSOR_EQ(test::run_gpu(r.node, r.inputs).at(0),
                     make_tensor<int>(element::i32, {2, 3}, {5, 6, 4, 2, 3, 1}));
}

TEST(GpuRoll, EmptyData) {
    OVCL_REQUIRE_GPU();
    const Tensor x(element::f32, Shape{0, 4});
    const Rolled r = roll(x, {1}, {1});
    const auto out = test::run_gpu(r.node, r.inputs);
    EXPECT_EQ(out.at(0).get_shape(), (Shape{0, 4}));
}

TEST(GpuRoll, RefusesShiftsOrAxesThatAreNotConstants) {
    OVCL_REQUIRE_GPU();
    const auto& device = test::gpu_env()->device;
    const auto x = op::parameter(element::f32, Shape{4, 5});
    const auto axes = op::constant(make_tensor<int64_t>(element::i64, {1}, {1}));
    const auto node = op::make("Roll", {x, op::parameter(element::i64, Shape{1}), axes}, {}, 7);
    const gpu::Validation v = gpu::validate_node(*node, device);
    EXPECT_FALSE(v.supported);
    EXPECT_NE(v.reason.find("Constant"), std::string::npos) << v.reason;
    const auto dynamic = op::make("Roll", {op::parameter(element::f32, PartialShape{Dimension::dynamic(), 5}),
                                           op::constant(make_tensor<int64_t>(element::i64, {1}, {2})), axes}, {}, 7);
    EXPECT_NE(gpu::validate_node(*dynamic, device).reason.find("dynamic"), std::string::npos);
}

}  // namespace
