// Reduce* on the OpenCL device against host_ref (kernels_cl/reduce.cl over the region of
// ops/reduce_region.hpp): grids of shapes and axes (single, several, negative, all; keep_dims both), both kernel
// shapes (rows: innermost axis reduced; columns: a kept axis innermost, full and partial blocks of 8),
// NaN propagation, hand-checked values and the region's refusals (for every family on it: reduce, softmax,
// normalization).
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

TEST(GpuReduce, ReduceGridMatchesHost) {
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

TEST(GpuReduce, LongRowsAndNaN) {
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

// f16 data (half storage, f32 compute): rows and columns of every reduce op.
TEST(GpuReduce, F16) {
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
}

TEST(GpuReduce, HandChecked) {
    OVCL_REQUIRE_GPU();
    // Sums of 0..23 as [2, 3, 4] over axis 1: element (0, k) = k + (4 + k) + (8 + k) = 12 + 3k.
    const Tensor iota = test::iota(element::f32, {2, 3, 4});
    const Tensor sum = test::run_gpu(reduce("ReduceSum", {2, 3, 4}, {1}, false), {iota, axes_tensor({1})})[0];
    EXPECT_EQ(sum.get_shape(), (Shape{2, 4}));
    for (int k = 0; k < 4; ++k) {
        EXPECT_FLOAT_EQ(sum.data<float>()[k], 12.0f + 3 * k);
        EXPECT_FLOAT_EQ(sum.data<float>()[4 + k], 48.0f + 3 * k);
    }
}

TEST(GpuReduce, RefusesWithReasons) {
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
    v = gpu::validate_node(*op::make("ReduceMax", {op::parameter(element::u8, s), axes_const({0})}), dev);
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
