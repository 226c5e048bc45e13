// MVN-1/-6, NormalizeL2-1 and BatchNormInference-1/-5 on the OpenCL device (kernels_cl/normalization.cl)
// against host_ref: LayerNorm- and instance-norm-like axes, both eps modes, constant and runtime
// per-channel inputs, f16 storage, hand-checked values.
// Tolerances (test::gpu_matches_host's defaults): f32 kernels, double host_ref, 1e-5 abs + 1e-5 rel over
// up to 768 terms; f16 (storage only): 1e-3 abs + 2e-3 rel, one f16 rounding on each side.
#include <cmath>
#include <string>
#include <vector>

#include "gpu_test_utils.hpp"
#include "ops/gpu_op.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;

namespace {

std::shared_ptr<Node> axes_const(const std::vector<int64_t>& axes) {
    return op::constant<int64_t>(element::i64, {axes.size()}, axes);
}

Tensor axes_tensor(const std::vector<int64_t>& axes) { return axes_const(axes)->get_constant_value(); }

std::shared_ptr<Node> mvn6(const Shape& s, const std::vector<int64_t>& axes, bool nv, const std::string& mode,
                           const std::string& eps = "1e-5") {
    return op::make("MVN", {op::parameter(element::f32, s), axes_const(axes)},
                    {{"normalize_variance", nv ? "true" : "false"}, {"eps", eps}, {"eps_mode", mode}}, 6);
}

TEST(GpuNormalization, Mvn6LayerAndInstanceNorm) {
    OVCL_REQUIRE_GPU();
    struct M {
        Shape shape;
        std::vector<int64_t> axes;
    };
    // LayerNorm-like (last axis: 768, and 100 = 6 blocks of 16 and a tail), instance norm ([2, 3]),
    // channels only (columns), every axis.
    const std::vector<M> cases{{{2, 16, 768}, {-1}},   {{3, 100}, {1}},       {{2, 8, 13, 17}, {2, 3}},
                               {{2, 8, 13, 17}, {1}},  {{2, 5, 6, 7}, {0, 2}}, {{2, 3, 4, 5}, {0, 1, 2, 3}}};
    for (const M& m : cases) {
        const Tensor x = test::random_tensor(element::f32, m.shape, -2, 3, 8);
        for (bool nv : {true, false})
            for (const std::string mode : {"inside_sqrt", "outside_sqrt"})
                EXPECT_TRUE(test::gpu_matches_host(mvn6(m.shape, m.axes, nv, mode), {x, axes_tensor(m.axes)}))
                    << m.shape << " axes " << op::list(m.axes) << " nv " << nv << " " << mode;
    }
    // A large eps changes the result visibly between the modes (rows, full and partial column blocks).
    for (const Shape& s : {Shape{4, 40}, Shape{2, 40, 16}, Shape{2, 40, 3}}) {
        const Tensor x = test::random_tensor(element::f32, s, -0.1, 0.1, 9);
        for (const std::string mode : {"inside_sqrt", "outside_sqrt"})
            EXPECT_TRUE(test::gpu_matches_host(mvn6(s, {1}, true, mode, "0.05"), {x, axes_tensor({1})}))
                << s << " " << mode;
    }
}

TEST(GpuNormalization, Mvn1AcrossChannelsAndReductionAxes) {
    OVCL_REQUIRE_GPU();
    const Shape s{2, 4, 9, 11};
    const Tensor x = test::random_tensor(element::f32, s, -1, 1, 10);
    for (const std::string across : {"true", "false"})
        for (const std::string nv : {"true", "false"}) {
            auto node = op::make("MVN", {op::parameter(element::f32, s)},
                                 {{"eps", "1e-9"}, {"across_channels", across}, {"normalize_variance", nv}}, 2);
            EXPECT_TRUE(test::gpu_matches_host(node, {x})) << across << " " << nv;
        }
    auto axes = op::make("MVN", {op::parameter(element::f32, s)}, {{"eps", "1e-3"}, {"reduction_axes", "1,3"}}, 2);
    EXPECT_TRUE(test::gpu_matches_host(axes, {x}));
}

TEST(GpuNormalization, NormalizeL2) {
    OVCL_REQUIRE_GPU();
    const Shape s{2, 6, 9, 19};
    const Tensor x = test::random_tensor(element::f32, s, -1, 1, 12);
    for (const std::vector<int64_t>& axes : {std::vector<int64_t>{1}, {-1}, {1, 2, 3}, {2, 3}, {0, 2}})
        for (const std::string mode : {"add", "max"})
            for (const std::string eps : {"1e-10", "30"}) {
                auto node = op::make("NormalizeL2", {op::parameter(element::f32, s), axes_const(axes)},
                                     {{"eps", eps}, {"eps_mode", mode}});
                EXPECT_TRUE(test::gpu_matches_host(node, {x, axes_tensor(axes)}))
                    << op::list(axes) << " " << mode << " " << eps;
            }
}

TEST(GpuNormalization, BatchNormInference) {
    OVCL_REQUIRE_GPU();
    for (const Shape& s : {Shape{2, 16, 7, 9}, Shape{2, 32, 64}, Shape{3, 5}})
        for (int64_t version : {1, 5})
            for (bool constants : {true, false}) {
                const size_t c = s[1];
                const Tensor x = test::random_tensor(element::f32, s, -3, 3, 13);
                const Tensor gamma = test::random_tensor(element::f32, {c}, 0.5, 2, 14);
                const Tensor beta = test::random_tensor(element::f32, {c}, -1, 1, 15);
                const Tensor mean = test::random_tensor(element::f32, {c}, -1, 1, 16);
                const Tensor var = test::random_tensor(element::f32, {c}, 0.1, 2, 17);
                auto param = [&](const Tensor& t) -> Output<Node> {
                    return constants ? Output<Node>(op::constant(t)) : Output<Node>(op::parameter(element::f32, t.get_shape()));
                };
                const Output<Node> data = op::parameter(element::f32, s);
                const OutputVector in = version == 1 ? OutputVector{param(gamma), param(beta), data, param(mean),
                                                                    param(var)}
                                                     : OutputVector{data, param(gamma), param(beta), param(mean),
                                                                    param(var)};
                const TensorVector values = version == 1 ? TensorVector{gamma, beta, x, mean, var}
                                                         : TensorVector{x, gamma, beta, mean, var};
                auto node = op::make("BatchNormInference", in, {{"epsilon", "1e-3"}}, version);
                EXPECT_TRUE(test::gpu_matches_host(node, values)) << s << " v" << version << " " << constants;
            }
}

// f16 data (half storage, f32 compute): MVN-6 / MVN-1, NormalizeL2 and BatchNormInference.
TEST(GpuNormalization, F16) {
    OVCL_REQUIRE_GPU();
    const double abs_tol = 1e-3, rel_tol = 2e-3;
    const auto f16 = element::f16;
    const Shape s{2, 3, 19, 21};
    const Tensor x = test::random_tensor(f16, s, -2, 2, 21);
    for (const std::vector<int64_t>& axes : {std::vector<int64_t>{-1}, {1}, {2, 3}}) {
        auto mvn = op::make("MVN", {op::parameter(f16, s), axes_const(axes)},
                            {{"normalize_variance", "true"}, {"eps", "1e-5"}, {"eps_mode", "inside_sqrt"}}, 6);
        EXPECT_TRUE(test::gpu_matches_host(mvn, {x, axes_tensor(axes)}, abs_tol, rel_tol)) << op::list(axes);
        auto l2 = op::make("NormalizeL2", {op::parameter(f16, s), axes_const(axes)},
                           {{"eps", "1e-10"}, {"eps_mode", "max"}});
        EXPECT_TRUE(test::gpu_matches_host(l2, {x, axes_tensor(axes)}, abs_tol, rel_tol)) << op::list(axes);
    }
    auto mvn1 = op::make("MVN", {op::parameter(f16, s)}, {{"eps", "1e-9"}, {"across_channels", "false"}}, 2);
    EXPECT_TRUE(test::gpu_matches_host(mvn1, {x}, abs_tol, rel_tol));
    const size_t c = s[1];
    const TensorVector bn{x, test::random_tensor(f16, {c}, 0.5, 2, 23), test::random_tensor(f16, {c}, -1, 1, 24),
                          test::random_tensor(f16, {c}, -1, 1, 25), test::random_tensor(f16, {c}, 0.1, 2, 26)};
    OutputVector bn_in{op::parameter(f16, s)};
    for (size_t i = 1; i < bn.size(); ++i)
        bn_in.push_back(op::constant(bn[i]));
    auto batch_norm = op::make("BatchNormInference", bn_in, {{"epsilon", "1e-3"}}, 5);
    EXPECT_TRUE(test::gpu_matches_host(batch_norm, bn, abs_tol, rel_tol));
}

TEST(GpuNormalization, HandChecked) {
    OVCL_REQUIRE_GPU();
    // MVN of [1, 2, 3, 4] without variance: [-1.5, -0.5, 0.5, 1.5].
    const Tensor v = test::make_tensor(element::f32, {1, 4}, std::vector<double>{1, 2, 3, 4});
    const Tensor centred = test::run_gpu(mvn6({1, 4}, {1}, false, "inside_sqrt"), {v, axes_tensor({1})})[0];
    EXPECT_TENSOR_EQ(centred, test::make_tensor(element::f32, {1, 4}, std::vector<double>{-1.5, -0.5, 0.5, 1.5}));
}

}  // namespace
