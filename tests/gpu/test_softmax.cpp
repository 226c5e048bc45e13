// Softmax-1/-8 and LogSoftmax-5 on the OpenCL device (kernels_cl/softmax.cl) against host_ref: every axis,
// rows and columns (full and partial blocks of 8), f16 storage, hand-checked values.
// Tolerances (test::gpu_matches_host's defaults): f32 kernels, double host_ref, 1e-5 abs + 1e-5 rel over
// rows of up to 1000; f16 (storage only): 1e-3 abs + 2e-3 rel, one f16 rounding on each side.
#include <cmath>
#include <string>
#include <vector>

#include "gpu_test_utils.hpp"
#include "ops/gpu_op.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;

namespace {

std::shared_ptr<Node> softmax(const std::string& type, int64_t version, const Shape& s, int64_t axis) {
    return op::make(type, {op::parameter(element::f32, s)}, {{"axis", std::to_string(axis)}}, version);
}

TEST(GpuSoftmax, SoftmaxOverEachAxis) {
    OVCL_REQUIRE_GPU();
    // W = 21: the columns of axes 0-2 hold full and partial blocks of 8.
    const Shape s{2, 3, 19, 21};
    const Tensor x = test::random_tensor(element::f32, s, -8, 8, 5);
    for (int64_t axis = 0; axis < 4; ++axis) {
        EXPECT_TRUE(test::gpu_matches_host(softmax("Softmax", 1, s, axis), {x})) << axis;
        EXPECT_TRUE(test::gpu_matches_host(softmax("Softmax", 8, s, axis - 4), {x})) << axis - 4;
        EXPECT_TRUE(test::gpu_matches_host(softmax("LogSoftmax", 5, s, axis), {x})) << axis;
    }
    // Classifier logits: 128 rows of 1000 (62 float16 blocks and a tail of 8).
    const Shape rows{128, 1000};
    const Tensor logits = test::random_tensor(element::f32, rows, -20, 20, 6);
    EXPECT_TRUE(test::gpu_matches_host(softmax("Softmax", 8, rows, -1), {logits}));
    EXPECT_TRUE(test::gpu_matches_host(softmax("LogSoftmax", 5, rows, 1), {logits}));
    EXPECT_TRUE(test::gpu_matches_host(softmax("Softmax", 8, rows, 0), {logits}));
}

// f16 data (half storage, f32 compute): softmax and log-softmax, rows and columns.
TEST(GpuSoftmax, F16) {
    OVCL_REQUIRE_GPU();
    const double abs_tol = 1e-3, rel_tol = 2e-3;
    const auto f16 = element::f16;
    const Shape s{2, 3, 19, 21};
    const Tensor x = test::random_tensor(f16, s, -2, 2, 21);
    for (int64_t axis : {3, 2, 0}) {
        auto sm = op::make("Softmax", {op::parameter(f16, s)}, {{"axis", std::to_string(axis)}}, 8);
        auto lsm = op::make("LogSoftmax", {op::parameter(f16, s)}, {{"axis", std::to_string(axis)}}, 5);
        EXPECT_TRUE(test::gpu_matches_host(sm, {x}, abs_tol, rel_tol)) << axis;
        EXPECT_TRUE(test::gpu_matches_host(lsm, {x}, abs_tol, rel_tol)) << axis;
    }
}

TEST(GpuSoftmax, HandChecked) {
    OVCL_REQUIRE_GPU();
    // softmax([0, ln 2, ln 3]) = [1, 2, 3] / 6; log-softmax = ln([1, 2, 3] / 6).
    const Tensor x = test::make_tensor(element::f32, {1, 3}, std::vector<double>{0, std::log(2.0), std::log(3.0)});
    const Tensor sm = test::run_gpu(softmax("Softmax", 8, {1, 3}, -1), {x})[0];
    const Tensor lsm = test::run_gpu(softmax("LogSoftmax", 5, {1, 3}, 1), {x})[0];
    for (int i = 0; i < 3; ++i) {
        EXPECT_NEAR(sm.data<float>()[i], (i + 1) / 6.0, 1e-6);
        EXPECT_NEAR(lsm.data<float>()[i], std::log((i + 1) / 6.0), 1e-6);
    }
}

}  // namespace
