// Tan, Asin, Acos, Atan, Sinh, Cosh, Asinh, Acosh, Atanh, Sign, SoftSign, Round, HardSigmoid and Selu
// (host_ref/unary_math.cpp) against OpenVINO CPU: the expected values were computed by OpenVINO 2026.4's CPU
// plugin (INFERENCE_PRECISION_HINT f32) on the same inputs. Tolerance: 4e-6 relative + 1e-7 absolute, a few
// f32 ulps, since both sides round a libm-grade function to f32. Integers and the refusals are exact.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "common/test_utils.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;
using test::eval_single;
using test::make_tensor;

namespace {

const std::vector<double> kX{-2.5, -1.5, -0.5, -0.25, 0.0, 0.25, 0.5, 1.5, 2.5};
const std::vector<double> kUnit{-0.9, -0.5, -0.25, 0.0, 0.25, 0.5, 0.9};  // inside (-1, 1)
const std::vector<double> kAtLeastOne{1.0, 1.25, 2.0, 3.5, 10.0};

struct Golden {
    std::string type;
    int64_t version;
    const std::vector<double>* x;
    std::vector<double> expected;  // OpenVINO CPU
};

std::vector<Golden> goldens() {
    return {
        {"Tan", 1, &kX, {0.7470223307609558, -14.101420402526855, -0.5463024973869324, -0.25534191727638245, 0.0,
                         0.25534191727638245, 0.5463024973869324, 14.101420402526855, -0.7470223307609558}},
        {"Sinh", 1, &kX, {-6.050204753875732, -2.129279375076294, -0.5210952758789062, -0.25261232256889343, 0.0,
                          0.25261232256889343, 0.5210952758789062, 2.129279375076294, 6.050204753875732}},
        {"Cosh", 1, &kX, {6.132289409637451, 2.352409601211548, 1.1276259422302246, 1.0314130783081055, 1.0,
                          1.0314130783081055, 1.1276259422302246, 2.352409601211548, 6.132289409637451}},
        {"Atan", 1, &kX, {-1.1902899742126465, -0.9827937483787537, -0.46364760398864746, -0.244978666305542, 0.0,
                          0.244978666305542, 0.46364760398864746, 0.9827937483787537, 1.1902899742126465}},
        {"Asinh", 4, &kX, {-1.6472312211990356, -1.19476318359375, -0.4812118411064148, -0.24746647477149963, 0.0,
                           0.24746647477149963, 0.4812118411064148, 1.19476318359375, 1.6472312211990356}},
        {"Asin", 1, &kUnit, {-1.1197694540023804, -0.5235987901687622, -0.252680242061615, 0.0, 0.252680242061615,
                             0.5235987901687622, 1.1197694540023804}},
        {"Acos", 1, &kUnit, {2.690565824508667, 2.094395160675049, 1.8234765529632568, 1.5707963705062866,
                             1.3181160688400269, 1.0471975803375244, 0.4510268568992615}},
        {"Atanh", 4, &kUnit, {-1.4722193479537964, -0.5493061542510986, -0.2554128170013428, 0.0, 0.2554128170013428,
                              0.5493061542510986, 1.4722193479537964}},
        {"Acosh", 4, &kAtLeastOne, {0.0, 0.6931471824645996, 1.316957950592041, 1.9248473644256592, 2.993222951889038}},
        {"Sign", 1, &kX, {-1, -1, -1, -1, 0, 1, 1, 1, 1}},
        {"SoftSign", 9, &kX, {-0.7142857313156128, -0.6000000238418579, -0.3333333432674408, -0.20000000298023224, 0.0,
                              0.20000000298023224, 0.3333333432674408, 0.6000000238418579, 0.7142857313156128}},
    };
}

void expect_close(const Tensor& got, const std::vector<double>& expected, const std::string& what) {
    const auto v = test::values(got);
    ASSERT_EQ(v.size(), expected.size()) << what;
    for (size_t i = 0; i < v.size(); ++i)
        EXPECT_NEAR(v[i], expected[i], 1e-7 + 4e-6 * std::fabs(expected[i])) << what << " [" << i << "]";
}

Tensor f32(const std::vector<double>& v) { return make_tensor<double>(element::f32, {v.size()}, v); }

Tensor run(const std::string& type, int64_t version, const TensorVector& in, const Attributes& attrs = {}) {
    return test::eval_op(type, version, in, attrs);
}

TEST(UnaryMath, MatchesOpenVinoCpu) {
    for (const Golden& g : goldens())
        expect_close(run(g.type, g.version, {f32(*g.x)}), g.expected, g.type);
}

TEST(UnaryMath, RoundModes) {
    const Tensor x = f32(kX);
    expect_close(run("Round", 5, {x}, {{"mode", "half_to_even"}}), {-2, -2, -0.0, -0.0, 0, 0, 0, 2, 2}, "even");
    expect_close(run("Round", 5, {x}, {{"mode", "half_away_from_zero"}}), {-3, -2, -1, -0.0, 0, 0, 1, 2, 3}, "away");
    // OpenVINO reads enum attributes in any case; integers pass through.
    expect_close(run("Round", 5, {x}, {{"mode", "HALF_TO_EVEN"}}), {-2, -2, -0.0, -0.0, 0, 0, 0, 2, 2}, "upper");
    const Tensor i = make_tensor<double>(element::i32, {3}, {-3, 0, 7});
    EXPECT_EQ(test::values(run("Round", 5, {i}, {{"mode", "half_to_even"}})), (std::vector<double>{-3, 0, 7}));
}

TEST(UnaryMath, HardSigmoidAndSelu) {
    const Tensor x2 = f32({-5, -3, -1, -0.5, 0, 0.5, 1, 3, 5});
    const Tensor alpha = make_tensor<double>(element::f32, {}, {0.2}), beta = make_tensor<double>(element::f32, {}, {0.5});
    expect_close(run("HardSigmoid", 1, {x2, alpha, beta}),
                 {0, 0, 0.30000001192092896, 0.4000000059604645, 0.5, 0.6000000238418579, 0.699999988079071, 1, 1},
                 "HardSigmoid");
    const Tensor a = make_tensor<double>(element::f32, {1}, {1.67326324}),
                 l = make_tensor<double>(element::f32, {1}, {1.05070098});
    expect_close(run("Selu", 1, {f32(kX), a, l}),
                 {-1.613785743713379, -1.3658143281936646, -0.6917581558227539, -0.38889017701148987, 0.0,
                  0.2626752555370331, 0.5253505110740662, 1.5760514736175537, 2.6267526149749756},
                 "Selu");
}

// Integer inputs compute in double and round half away from zero (OpenVINO CPU on i32).
TEST(UnaryMath, IntegerInputsAsOpenVino) {
    const Tensor i = make_tensor<double>(element::i32, {7}, {-3, -2, -1, 0, 1, 2, 3});
    EXPECT_EQ(test::values(run("Tan", 1, {i})), (std::vector<double>{0, 2, -2, 0, 2, -2, 0}));
    EXPECT_EQ(test::values(run("Sinh", 1, {i})), (std::vector<double>{-10, -4, -1, 0, 1, 4, 10}));
    EXPECT_EQ(test::values(run("Cosh", 1, {i})), (std::vector<double>{10, 4, 2, 1, 2, 4, 10}));
    EXPECT_EQ(test::values(run("Atan", 1, {i})), (std::vector<double>{-1, -1, -1, 0, 1, 1, 1}));
    EXPECT_EQ(test::values(run("Sign", 1, {i})), (std::vector<double>{-1, -1, -1, 0, 1, 1, 1}));
}

TEST(UnaryMath, NaNAndF16) {
    const double nan = std::nan("");
    EXPECT_EQ(test::values(run("Sign", 1, {f32({nan})}))[0], 0.0);
    EXPECT_TRUE(std::isnan(test::values(run("Asin", 1, {f32({2.0})}))[0]));
    EXPECT_TRUE(std::isnan(test::values(run("Acosh", 4, {f32({0.5})}))[0]));
    // f16 storage, f32 compute: the f32 result rounded once to f16.
    const Tensor h = make_tensor<double>(element::f16, {3}, {-0.5, 0.25, 1.5});
    const auto got = test::values(run("Tan", 1, {h}));
    const std::vector<double> f32_tan{-0.5463024973869324, 0.25534191727638245, 14.101420402526855};
    for (size_t k = 0; k < got.size(); ++k)
        EXPECT_NEAR(got[k], f32_tan[k], 1e-3 * std::fabs(f32_tan[k])) << k;  // an f16 ulp is 2^-10 relative
}

// IsFinite / IsInf / IsNaN-10 (OpenVINO CPU's booleans), ConvertLike-1, Identity-16.
TEST(UnaryMath, ClassificationConvertLikeIdentity) {
    const double inf = INFINITY, nan = std::nan("");
    const Tensor x = f32({1.0, inf, -inf, nan, -0.0});
    EXPECT_EQ(test::values(run("IsFinite", 10, {x})), (std::vector<double>{1, 0, 0, 0, 1}));
    EXPECT_EQ(test::values(run("IsNaN", 10, {x})), (std::vector<double>{0, 0, 0, 1, 0}));
    EXPECT_EQ(test::values(run("IsInf", 10, {x})), (std::vector<double>{0, 1, 1, 0, 0}));
    EXPECT_EQ(test::values(run("IsInf", 10, {x}, {{"detect_positive", "false"}})), (std::vector<double>{0, 0, 1, 0, 0}));
    const Tensor like = make_tensor<double>(element::i32, {1}, {0});
    const Tensor c = run("ConvertLike", 1, {f32({1.7, -2.5, 3.0}), like});
    EXPECT_EQ(c.get_element_type(), element::i32);
    EXPECT_EQ(test::values(c), (std::vector<double>{1, -2, 3}));
    const Tensor i = make_tensor<double>(element::i64, {2, 2}, {1, -2, 3, 4});
    EXPECT_EQ(test::values(run("Identity", 16, {i})), test::values(i));
    EXPECT_THROW(op::make("IsNaN", {op::parameter(element::i32, Shape{2})}, {}, 10), ModelError);
}

TEST(UnaryMath, Refusals) {
    const auto x = op::parameter(element::f32, Shape{4});
    EXPECT_THROW(op::make("Round", {x}, {{"mode", "half_up"}}, 5), ModelError);
    EXPECT_THROW(op::make("SoftSign", {op::parameter(element::i32, Shape{4})}, {}, 9), ModelError);
    EXPECT_THROW(op::make("Selu", {op::parameter(element::i32, Shape{4}), op::parameter(element::i32, Shape{}),
                                   op::parameter(element::i32, Shape{})}, {}, 1),
                 ModelError);
    // alpha of two values, beta of another type, a missing input.
    EXPECT_THROW(op::make("HardSigmoid", {x, op::parameter(element::f32, Shape{2}), op::parameter(element::f32, Shape{})},
                          {}, 1),
                 ModelError);
    EXPECT_THROW(op::make("HardSigmoid", {x, op::parameter(element::f32, Shape{}), op::parameter(element::f16, Shape{})},
                          {}, 1),
                 ModelError);
    EXPECT_THROW(op::make("HardSigmoid", {x, op::parameter(element::f32, Shape{})}, {}, 1), ModelError);
}

}  // namespace
