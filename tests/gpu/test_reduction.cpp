// Reduce*, Softmax / LogSoftmax, MVN, NormalizeL2 and BatchNormInference on the OpenCL device against
// host_ref: grids of shapes and axes (single, several, negative, all; keep_dims both), both kernel
// shapes (rows: innermost axis reduced; columns: a kept axis innermost, full and partial blocks of 8),
// NaN propagation, hand-checked values and the refusals.
// Tolerances: the kernels accumulate in f32 (16 or 8 partial lanes), host_ref in double. Sums, means and
// norms of up to 4096 terms of [-1, 1] (and softmax / MVN over up to 1000 / 768) agree to 1e-5 abs +
// 1e-5 rel: the f32 rounding of a 4096-term sum of magnitude ~40 stays near 1e-5 abs, under the 4e-4 that
// the rel term allows; max / min are exact.
// f16 (storage only: f32 compute, one rounding of the result to f16 on both sides): 1e-3 abs + 2e-3 rel, a
// summation-order difference can flip that rounding (an f16 ulp is 2^-10 relative).
#include <cmath>
#include <limits>
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

std::shared_ptr<Node> reduce(const std::string& type, const Shape& s, const std::vector<int64_t>& axes, bool keep) {
    return op::make(type, {op::parameter(element::f32, s), axes_const(axes)},
                    {{"keep_dims", keep ? "true" : "false"}});
}

const std::vector<std::string> kReduceOps{"ReduceSum", "ReduceMean", "ReduceMax", "ReduceMin",
                                          "ReduceProd", "ReduceL1",  "ReduceL2"};

struct Case {
    Shape shape;
    std::vector<std::vector<int64_t>> axes;
};

// Rows and columns, full and partial blocks, unit axes, up to three reduced runs.
const std::vector<Case> kReduceCases{
    {{2, 3, 5, 7}, {{0}, {1}, {-1}, {3}, {1, 2}, {2, 3}, {0, 2}, {1, 3}, {0, 1, 2, 3}, {0, 3}}},
    {{3, 37}, {{0}, {1}, {-1}, {0, 1}}},
    {{2, 40, 33}, {{2}, {1}, {0}, {0, 2}}},
    {{4, 1, 50}, {{1}, {2}, {0, 1}}},
    {{2, 3, 2, 3, 2, 17}, {{0, 2, 4}, {1, 3, 5}, {0, 2, 5}}},
};

TEST(GpuReduction, ReduceGridMatchesHost) {
    OVCL_REQUIRE_GPU();
    for (const Case& c : kReduceCases)
        for (const auto& axes : c.axes)
            for (const std::string& type : kReduceOps) {
                // Products stay in range with factors near 1.
                const bool prod = type == "ReduceProd";
                const Tensor x = test::random_tensor(element::f32, c.shape, prod ? 0.6 : -1, prod ? 1.4 : 1, 17);
                for (bool keep : {false, true})
                    EXPECT_TRUE(test::gpu_matches_host(reduce(type, c.shape, axes, keep), {x, axes_tensor(axes)}))
                        << type << " " << c.shape << " axes " << op::list(axes) << " keep " << keep;
            }
}

TEST(GpuReduction, LongRowsAndNaN) {
    OVCL_REQUIRE_GPU();
    const Shape s{8, 4096};
    const Tensor x = test::random_tensor(element::f32, s, -1, 1, 3);
    for (const std::string type : {"ReduceSum", "ReduceMean", "ReduceL1", "ReduceL2", "ReduceMax"})
        EXPECT_TRUE(test::gpu_matches_host(reduce(type, s, {1}, true), {x, axes_tensor({1})})) << type;
    // A NaN anywhere makes max / min NaN, in the vector lanes, the tail and the columns alike.
    const Shape sn{3, 35, 24};
    Tensor xn = test::random_tensor(element::f32, sn, -1, 1, 4);
    float* d = xn.data<float>();
    d[5] = d[35 * 24 + 34 * 24 + 3] = std::numeric_limits<float>::quiet_NaN();
    d[2 * 35 * 24 + 24 * 10] = std::numeric_limits<float>::quiet_NaN();
    for (const std::string type : {"ReduceMax", "ReduceMin"})
        for (const std::vector<int64_t>& axes : {std::vector<int64_t>{2}, {1}, {0}, {1, 2}})
            EXPECT_TRUE(test::gpu_matches_host(reduce(type, sn, axes, false), {xn, axes_tensor(axes)}, 0, 0))
                << type << " axes " << op::list(axes);
}

std::shared_ptr<Node> softmax(const std::string& type, int64_t version, const Shape& s, int64_t axis) {
    return op::make(type, {op::parameter(element::f32, s)}, {{"axis", std::to_string(axis)}}, version);
}

TEST(GpuReduction, SoftmaxOverEachAxis) {
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

std::shared_ptr<Node> mvn6(const Shape& s, const std::vector<int64_t>& axes, bool nv, const std::string& mode,
                           const std::string& eps = "1e-5") {
    return op::make("MVN", {op::parameter(element::f32, s), axes_const(axes)},
                    {{"normalize_variance", nv ? "true" : "false"}, {"eps", eps}, {"eps_mode", mode}}, 6);
}

TEST(GpuReduction, Mvn6LayerAndInstanceNorm) {
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

TEST(GpuReduction, Mvn1AcrossChannelsAndReductionAxes) {
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

TEST(GpuReduction, NormalizeL2) {
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

TEST(GpuReduction, BatchNormInference) {
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
                auto param = [&](const Tensor& t) -> Output {
                    return constants ? Output(op::constant(t)) : Output(op::parameter(element::f32, t.get_shape()));
                };
                const Output data = op::parameter(element::f32, s);
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

// f16 data (half storage, f32 compute) through every kernel: reduce rows and columns, softmax / log-softmax
// rows and columns (full and partial blocks), MVN-6 / MVN-1, NormalizeL2 and BatchNormInference.
TEST(GpuReduction, F16) {
    OVCL_REQUIRE_GPU();
    const double abs_tol = 1e-3, rel_tol = 2e-3;
    const auto f16 = element::f16;
    const Shape s{2, 3, 19, 21};
    const Tensor x = test::random_tensor(f16, s, -2, 2, 21);
    for (const std::vector<int64_t>& axes : {std::vector<int64_t>{3}, {2}, {0, 2}, {1, 3}})
        for (const std::string& type : kReduceOps) {
            const bool prod = type == "ReduceProd";
            const Tensor xr = prod ? test::random_tensor(f16, s, 0.9, 1.1, 22) : x;
            auto node = op::make(type, {op::parameter(f16, s), axes_const(axes)}, {{"keep_dims", "false"}});
            EXPECT_TRUE(test::gpu_matches_host(node, {xr, axes_tensor(axes)}, abs_tol, rel_tol))
                << type << " axes " << op::list(axes);
        }
    for (int64_t axis : {3, 2, 0}) {
        auto sm = op::make("Softmax", {op::parameter(f16, s)}, {{"axis", std::to_string(axis)}}, 8);
        auto lsm = op::make("LogSoftmax", {op::parameter(f16, s)}, {{"axis", std::to_string(axis)}}, 5);
        EXPECT_TRUE(test::gpu_matches_host(sm, {x}, abs_tol, rel_tol)) << axis;
        EXPECT_TRUE(test::gpu_matches_host(lsm, {x}, abs_tol, rel_tol)) << axis;
    }
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

TEST(GpuReduction, HandChecked) {
    OVCL_REQUIRE_GPU();
    // softmax([0, ln 2, ln 3]) = [1, 2, 3] / 6; log-softmax = ln([1, 2, 3] / 6).
    const Tensor x = test::make_tensor(element::f32, {1, 3}, std::vector<double>{0, std::log(2.0), std::log(3.0)});
    const Tensor sm = test::run_gpu(softmax("Softmax", 8, {1, 3}, -1), {x})[0];
    const Tensor lsm = test::run_gpu(softmax("LogSoftmax", 5, {1, 3}, 1), {x})[0];
    for (int i = 0; i < 3; ++i) {
        EXPECT_NEAR(sm.data<float>()[i], (i + 1) / 6.0, 1e-6);
        EXPECT_NEAR(lsm.data<float>()[i], std::log((i + 1) / 6.0), 1e-6);
    }
    // Sums of 0..23 as [2, 3, 4] over axis 1: element (0, k) = k + (4 + k) + (8 + k) = 12 + 3k.
    const Tensor iota = test::iota(element::f32, {2, 3, 4});
    const Tensor sum = test::run_gpu(reduce("ReduceSum", {2, 3, 4}, {1}, false), {iota, axes_tensor({1})})[0];
    EXPECT_EQ(sum.get_shape(), (Shape{2, 4}));
    for (int k = 0; k < 4; ++k) {
        EXPECT_FLOAT_EQ(sum.data<float>()[k], 12.0f + 3 * k);
        EXPECT_FLOAT_EQ(sum.data<float>()[4 + k], 48.0f + 3 * k);
    }
    // MVN of [1, 2, 3, 4] without variance: [-1.5, -0.5, 0.5, 1.5].
    const Tensor v = test::make_tensor(element::f32, {1, 4}, std::vector<double>{1, 2, 3, 4});
    const Tensor centred = test::run_gpu(mvn6({1, 4}, {1}, false, "inside_sqrt"), {v, axes_tensor({1})})[0];
    EXPECT_TENSOR_EQ(centred, test::make_tensor(element::f32, {1, 4}, std::vector<double>{-1.5, -0.5, 0.5, 1.5}));
}

TEST(GpuReduction, RefusesWithReasons) {
    OVCL_REQUIRE_GPU();
    const auto& dev = test::gpu_env()->device;
    const Shape s{2, 3, 4};
    // Axes that are not a Constant.
    auto axes_param = op::parameter(element::i64, PartialShape{1});
    auto sum = op::make("ReduceSum", {op::parameter(element::f32, s), axes_param}, {{"keep_dims", "true"}});
    // (validate_node stops at the dynamic output shape first; the host class says why as well.)
    EXPECT_FALSE(gpu::validate_node(*sum, dev).supported);
    auto v = gpu::find_gpu_op("ReduceSum")->validate(*sum, dev);
    EXPECT_FALSE(v.supported);
    EXPECT_NE(v.reason.find("must be a Constant"), std::string::npos) << v.reason;
    auto mvn = op::make("MVN", {op::parameter(element::f32, s), axes_param},
                        {{"normalize_variance", "true"}, {"eps", "1e-5"}, {"eps_mode", "inside_sqrt"}}, 6);
    v = gpu::validate_node(*mvn, dev);
    EXPECT_FALSE(v.supported);
    EXPECT_NE(v.reason.find("must be a Constant"), std::string::npos) << v.reason;
    // Element types other than f32 and f16.
    v = gpu::validate_node(*op::make("Softmax", {op::parameter(element::f64, s)}, {{"axis", "1"}}, 8), dev);
    EXPECT_FALSE(v.supported);
    EXPECT_NE(v.reason.find("f32 and f16"), std::string::npos) << v.reason;
    v = gpu::validate_node(*op::make("ReduceMax", {op::parameter(element::i32, s), axes_const({0})}), dev);
    EXPECT_FALSE(v.supported);
    EXPECT_NE(v.reason.find("f32 and f16"), std::string::npos) << v.reason;
    // Four separate runs of reduced axes.
    const Shape s8{2, 2, 2, 2, 2, 2, 2, 2};
    v = gpu::validate_node(*reduce("ReduceSum", s8, {0, 2, 4, 6}, false), dev);
    EXPECT_FALSE(v.supported);
    EXPECT_NE(v.reason.find("more than three separate runs of reduced axes"), std::string::npos) << v.reason;
    // NormalizeL2 over no axes.
    auto l2 = op::make("NormalizeL2", {op::parameter(element::f32, s), axes_const({})},
                       {{"eps", "1e-6"}, {"eps_mode", "add"}});
    v = gpu::validate_node(*l2, dev);
    EXPECT_FALSE(v.supported);
    EXPECT_NE(v.reason.find("empty axes"), std::string::npos) << v.reason;
    // And what is accepted.
    EXPECT_TRUE(gpu::validate_node(*reduce("ReduceSum", s8, {0, 2, 4}, false), dev).supported);
}

}  // namespace
