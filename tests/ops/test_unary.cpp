// Unary ops against hand-derived values and double-precision formulations.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "common/test_utils.hpp"
#include "ovcl/op_registry.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;
using test::eval_single;
using test::make_tensor;

namespace {

std::shared_ptr<Node> unary(const std::string& type, element::Type t, const PartialShape& shape,
                            const Attributes& attrs = {}, int64_t version = -1) {
    return op::make(type, {op::parameter(t, shape)}, attrs, version);
}

Tensor run1(const std::string& type, const Tensor& x, const Attributes& attrs = {}, int64_t version = -1) {
    return eval_single(unary(type, x.get_element_type(), x.get_shape(), attrs, version), {x});
}

/// Expected tensor: f applied in double to x's values, stored in x's type.
Tensor apply_double(const Tensor& x, const std::function<double(double)>& f) {
    auto v = test::values(x);
    for (auto& e : v)
        e = f(e);
    return make_tensor<double>(x.get_element_type(), x.get_shape(), v);
}

double sigmoid_d(double x) { return 1.0 / (1.0 + std::exp(-x)); }
double softplus_d(double x) { return std::log(1.0 + std::exp(x)); }

struct RealCase {
    std::string type;
    std::function<double(double)> f;
    double lo, hi;
    Attributes attrs;
    int64_t version;
};

std::vector<RealCase> real_cases() {
    const double pi = 3.14159265358979323846;
    return {
        {"Abs", [](double x) { return std::fabs(x); }, -5, 5, {}, -1},
        {"Negative", [](double x) { return -x; }, -5, 5, {}, -1},
        {"Exp", [](double x) { return std::exp(x); }, -5, 5, {}, -1},
        {"Log", [](double x) { return std::log(x); }, 0.01, 50, {}, -1},
        {"Sqrt", [](double x) { return std::sqrt(x); }, 0, 50, {}, -1},
        {"Erf", [](double x) { return std::erf(x); }, -3, 3, {}, -1},
        {"Floor", [](double x) { return std::floor(x); }, -5, 5, {}, -1},
        {"Ceiling", [](double x) { return std::ceil(x); }, -5, 5, {}, -1},
        {"Sin", [](double x) { return std::sin(x); }, -7, 7, {}, -1},
        {"Cos", [](double x) { return std::cos(x); }, -7, 7, {}, -1},
        {"Tanh", [](double x) { return std::tanh(x); }, -4, 4, {}, -1},
        {"Relu", [](double x) { return x > 0 ? x : 0; }, -5, 5, {}, -1},
        {"Sigmoid", sigmoid_d, -8, 8, {}, -1},
        {"Clamp", [](double x) { return std::min(std::max(x, -1.5), 2.25); }, -5, 5,
         {{"min", "-1.5"}, {"max", "2.25"}}, -1},
        {"Elu", [](double x) { return x > 0 ? x : 0.5 * (std::exp(x) - 1); }, -5, 5, {{"alpha", "0.5"}}, -1},
        {"Gelu", [](double x) { return 0.5 * x * (1 + std::erf(x / std::sqrt(2.0))); }, -4, 4, {}, 2},
        {"Gelu", [](double x) { return 0.5 * x * (1 + std::erf(x / std::sqrt(2.0))); }, -4, 4, {}, 7},
        {"Gelu",
         [pi](double x) { return 0.5 * x * (1 + std::tanh(std::sqrt(2 / pi) * (x + 0.044715 * x * x * x))); },
         -4, 4, {{"approximation_mode", "tanh"}}, 7},
        {"Swish", [](double x) { return x * sigmoid_d(x); }, -6, 6, {}, -1},
        {"HSwish", [](double x) { return x * std::min(std::max(x + 3, 0.0), 6.0) / 6; }, -5, 5, {}, -1},
        {"HSigmoid", [](double x) { return std::min(std::max(x + 3, 0.0), 6.0) / 6; }, -5, 5, {}, -1},
        {"Mish", [](double x) { return x * std::tanh(softplus_d(x)); }, -6, 6, {}, -1},
        {"SoftPlus", softplus_d, -10, 15, {}, -1},
    };
}

}  // namespace

TEST(UnaryOps, RealTypesMatchDoubleFormulas) {
    uint32_t seed = 1;
    for (const auto& c : real_cases()) {
        for (const Shape& shape : {Shape{}, Shape{7}, Shape{2, 3, 5}, Shape{0, 4}}) {
            for (element::Type t : {element::f32, element::f16, element::f64}) {
                SCOPED_TRACE(c.type + " v" + std::to_string(c.version) + " " + t.get_type_name() + " " +
                             shape.to_string());
                const Tensor x = test::random_tensor(t, shape, c.lo, c.hi, seed++);
                const Tensor got = run1(c.type, x, c.attrs, c.version);
                const double tol = t == element::f16 ? 2e-3 : t == element::f32 ? 2e-6 : 1e-12;
                EXPECT_TENSOR_NEAR(got, apply_double(x, c.f), tol, tol);
            }
        }
    }
}

TEST(UnaryOps, HandValues) {
    auto f32 = [](std::vector<float> v) { return make_tensor<float>(element::f32, {v.size()}, v); };
    EXPECT_TENSOR_NEAR(run1("Sigmoid", f32({0, -100, 100})), f32({0.5f, 0.f, 1.f}), 1e-7, 0);
    EXPECT_TENSOR_NEAR(run1("Gelu", f32({1, -1, 0})), f32({0.8413447f, -0.1586553f, 0}), 1e-6, 0);
    EXPECT_TENSOR_NEAR(run1("Gelu", f32({1}), {{"approximation_mode", "TANH"}}), f32({0.8411920f}), 1e-6, 0);
    EXPECT_TENSOR_NEAR(run1("HSwish", f32({1, -4, 4})), f32({4.f / 6, 0, 4}), 1e-7, 0);
    EXPECT_TENSOR_NEAR(run1("HSigmoid", f32({0, -3, 3, 9})), f32({0.5f, 0, 1, 1}), 1e-7, 0);
    EXPECT_TENSOR_NEAR(run1("Mish", f32({1, 0})), f32({0.8650984f, 0}), 1e-6, 0);
    EXPECT_TENSOR_NEAR(run1("SoftPlus", f32({0, 30, -30, 100})), f32({0.6931472f, 30, 9.357623e-14f, 100}), 1e-6,
                       1e-6);
    EXPECT_TENSOR_NEAR(run1("Elu", f32({-1, 2}), {{"alpha", "2"}}), f32({-1.2642411f, 2}), 1e-6, 0);
    EXPECT_TENSOR_NEAR(run1("Elu", f32({-1, 2}), {{"alpha", "0"}}), f32({0, 2}), 0, 0);  // Relu
    EXPECT_TENSOR_NEAR(run1("Clamp", f32({-3, 0.5f, 7}), {{"min", "-1"}, {"max", "1"}}), f32({-1, 0.5f, 1}), 0, 0);
    const float nan = std::numeric_limits<float>::quiet_NaN();
    EXPECT_TRUE(std::isnan(test::values(run1("Clamp", f32({nan}), {{"min", "0"}, {"max", "1"}}))[0]));
    EXPECT_TRUE(std::isnan(test::values(run1("Relu", f32({nan})))[0]));
    EXPECT_TENSOR_NEAR(run1("Floor", f32({-0.5f, 2.5f, -2})), f32({-1, 2, -2}), 0, 0);
    EXPECT_TENSOR_NEAR(run1("Ceiling", f32({-0.5f, 2.5f, -2})), f32({-0.f, 3, -2}), 0, 0);
}

TEST(UnaryOps, SwishBeta) {
    const Tensor x = make_tensor<float>(element::f32, {4}, {-2, -0.5f, 1, 3});
    for (float beta : {0.f, 0.5f, 2.f}) {
        for (const Shape& bs : {Shape{}, Shape{1}}) {
            const Tensor b = make_tensor<float>(element::f32, bs, {beta});
            auto node = op::make("Swish", {op::parameter(element::f32, {4}), op::constant(b)});
            const Tensor expected = apply_double(x, [beta](double v) { return v / (1 + std::exp(-beta * v)); });
            EXPECT_TENSOR_NEAR(eval_single(node, {x, b}), expected, 1e-6, 1e-6);
        }
    }
    const auto p = op::parameter(element::f32, {4});
    EXPECT_THROW(op::make("Swish", {p, op::parameter(element::f32, {2})}), ModelError);
    EXPECT_THROW(op::make("Swish", {p, op::parameter(element::f16, {})}), ModelError);
}

TEST(UnaryOps, IntegerInputs) {
    const int32_t lo = std::numeric_limits<int32_t>::min();
    auto i32 = [](std::vector<int64_t> v) { return make_tensor<int64_t>(element::i32, {v.size()}, v); };
    EXPECT_TENSOR_EQ(run1("Abs", i32({-5, 0, 7, lo})), i32({5, 0, 7, lo}));  // |lowest| wraps
    EXPECT_TENSOR_EQ(run1("Negative", i32({-5, 0, 7, lo})), i32({5, 0, -7, lo}));
    EXPECT_TENSOR_EQ(run1("Relu", i32({-5, 0, 7})), i32({0, 0, 7}));
    EXPECT_TENSOR_EQ(run1("Sqrt", i32({4, 7, 9, 10, 12})), i32({2, 3, 3, 3, 3}));  // the spec's rounding
    EXPECT_TENSOR_EQ(run1("Tanh", i32({-3, 0, 1, 5})), i32({-1, 0, 1, 1}));
    EXPECT_TENSOR_EQ(run1("Floor", i32({-3, 4})), i32({-3, 4}));
    EXPECT_TENSOR_EQ(run1("Ceiling", i32({-3, 4})), i32({-3, 4}));
    EXPECT_TENSOR_EQ(run1("Log", i32({1, 3, 8})), i32({0, 1, 2}));
    EXPECT_TENSOR_EQ(run1("Cos", i32({0, 3})), i32({1, -1}));
    // ceil(min), floor(max) for integers
    EXPECT_TENSOR_EQ(run1("Clamp", i32({-5, -1, 0, 2, 3, 9}), {{"min", "-1.5"}, {"max", "2.7"}}),
                     i32({-1, -1, 0, 2, 2, 2}));
    auto u8 = [](std::vector<int64_t> v) { return make_tensor<int64_t>(element::u8, {v.size()}, v); };
    EXPECT_TENSOR_EQ(run1("Negative", u8({1, 0, 255})), u8({255, 0, 1}));
    EXPECT_TENSOR_EQ(run1("Abs", u8({200})), u8({200}));
    EXPECT_TENSOR_EQ(run1("Clamp", u8({0, 10, 250}), {{"min", "-5"}, {"max", "300"}}), u8({0, 10, 250}));
    auto i8 = [](std::vector<int64_t> v) { return make_tensor<int64_t>(element::i8, {v.size()}, v); };
    EXPECT_TENSOR_EQ(run1("Negative", i8({-128, 127, -3})), i8({-128, -127, 3}));
    EXPECT_TENSOR_EQ(run1("Relu", i8({-128, 127})), i8({0, 127}));
    auto i64 = [](std::vector<int64_t> v) { return make_tensor<int64_t>(element::i64, {v.size()}, v); };
    EXPECT_TENSOR_EQ(run1("Abs", i64({-(int64_t(1) << 40), 3})), i64({int64_t(1) << 40, 3}));
    EXPECT_TENSOR_EQ(run1("Clamp", i64({-10, 10}), {{"min", "-2"}, {"max", "2"}}), i64({-2, 2}));
}

TEST(UnaryOps, LogicalNot) {
    const Tensor x = make_tensor<int>(element::boolean, {2, 2}, {0, 1, 1, 0});
    EXPECT_TENSOR_EQ(run1("LogicalNot", x), make_tensor<int>(element::boolean, {2, 2}, {1, 0, 0, 1}));
    EXPECT_THROW(unary("LogicalNot", element::f32, {2}), ModelError);
}

TEST(UnaryOps, InvalidTypesAndAttributes) {
    for (const char* t : {"Exp", "Sigmoid", "HSwish", "HSigmoid", "Mish", "SoftPlus", "Gelu", "Swish"})
        EXPECT_THROW(unary(t, element::i32, {3}), ModelError) << t;
    for (const char* t : {"Abs", "Negative", "Relu", "Sqrt", "Floor", "Exp"})
        EXPECT_THROW(unary(t, element::boolean, {3}), ModelError) << t;
    EXPECT_THROW(unary("Elu", element::f32, {3}), ModelError);                     // alpha is required
    EXPECT_THROW(unary("Elu", element::f32, {3}, {{"alpha", "one"}}), ModelError);  // unparsable
    EXPECT_THROW(unary("Clamp", element::f32, {3}, {{"min", "0"}}), ModelError);
    EXPECT_THROW(unary("Clamp", element::f32, {3}, {{"min", "2"}, {"max", "1"}}), ModelError);
    EXPECT_THROW(unary("Gelu", element::f32, {3}, {{"approximation_mode", "sigmoid"}}, 7), ModelError);
    EXPECT_THROW(unary("Convert", element::f32, {3}, {{"destination_type", "float"}}), ModelError);
    EXPECT_THROW(unary("Convert", element::f32, {3}), ModelError);
    const auto p = op::parameter(element::f32, {3});
    EXPECT_THROW(op::make("Relu", {p, p}), ModelError);
    EXPECT_THROW(op::make("Relu", {}), ModelError);
}

TEST(UnaryOps, VersionsAndDynamicShapes) {
    EXPECT_EQ(OpRegistry::get().find("Gelu", 6)->version, 2);
    EXPECT_EQ(OpRegistry::get().find("Gelu", 7)->version, 7);
    EXPECT_EQ(OpRegistry::get().find("Gelu", 1), nullptr);
    EXPECT_EQ(OpRegistry::get().find("Swish", 3), nullptr);
    EXPECT_EQ(OpRegistry::get().find("HSigmoid", 5)->version, 5);
    auto n = unary("Tanh", element::f32, PartialShape("[?,3,2..5]"));
    EXPECT_EQ(n->get_output_partial_shape(0), PartialShape("[?,3,2..5]"));
    n = unary("Convert", element::f16, PartialShape::dynamic(), {{"destination_type", "i64"}});
    EXPECT_EQ(n->get_output_element_type(0), element::i64);
    EXPECT_TRUE(n->get_output_partial_shape(0).rank_is_dynamic());
}

TEST(UnaryOps, RuntimeInputsAreChecked) {
    auto n = unary("Exp", element::f32, PartialShape("[?,3]"));
    const Tensor x = test::random_tensor(element::f32, {4, 3});
    EXPECT_EQ(eval_single(n, {x}).get_shape(), (Shape{4, 3}));
    EXPECT_THROW(eval_single(n, {test::random_tensor(element::i32, {4, 3}, -3, 3)}), ModelError);
    EvalContext ctx;
    EXPECT_THROW(evaluate_node(*n, {x, x}, ctx), InvalidArgument);
    EXPECT_THROW(evaluate_node(*n, {Tensor()}, ctx), InvalidArgument);
}

namespace {

/// Convert's rules, stated independently (OpenVINO CPU's): reals truncate into i32, NaN and values outside
/// [-2^31, 2^31) giving -2^31, then wrap into the target like integers; integers wrap modulo 2^bits; anything
/// non-zero but NaN is true.
double convert_rule(double v, element::Type from, element::Type to) {
    if (to == element::boolean)
        return v != 0 && !std::isnan(v) ? 1 : 0;
    if (to.is_real())
        return v;
    const int bits = static_cast<int>(to.bitwidth());
    const double hi = to.is_signed() ? std::ldexp(1.0, bits - 1) - 1 : std::ldexp(1.0, bits) - 1;
    if (from.is_real()) {
        if (from == element::f16 && bits > 8 && std::isinf(v))
            v = std::copysign(65504.0, v);
        v = std::isnan(v) || v < -2147483648.0 || v >= 2147483648.0 ? -2147483648.0 : std::trunc(v);
    }
    if (bits == 64)
        return v;
    const int64_t m = int64_t(1) << bits;
    int64_t r = ((static_cast<int64_t>(v) % m) + m) % m;
    if (to.is_signed() && r > static_cast<int64_t>(hi))
        r -= m;
    return static_cast<double>(r);
}

std::vector<double> convert_sources(element::Type from) {
    if (from == element::boolean)
        return {0, 1, 1, 0};
    if (from.is_real())
        return {0, 1, -1, 2.7, -2.7, 0.25, -0.75, 127.9, -128.9, 255.5, 300, -300, 70000, 3e9, -3e9, 1e20,
                std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity(),
                -std::numeric_limits<double>::infinity()};
    std::vector<double> all = {0, 1, -1, 127, -128, 128, 255, 256, 300, -300, 40000, -40000, 2147483647,
                               -2147483648.0, 4294967301.0, -5000000000.0};
    std::vector<double> fit;
    const int bits = static_cast<int>(from.bitwidth());
    for (double v : all) {
        const double lo = from.is_signed() ? -std::ldexp(1.0, bits - 1) : 0.0;
        const double hi = from.is_signed() ? std::ldexp(1.0, bits - 1) - 1 : std::ldexp(1.0, bits) - 1;
        if (v >= lo && v <= hi)
            fit.push_back(v);
    }
    return fit;
}

}  // namespace

TEST(UnaryOps, ConvertAllTypePairs) {
    const std::vector<element::Type> types = {element::boolean, element::u8,  element::i8, element::i32,
                                              element::i64,     element::f16, element::f32};
    for (element::Type from : types) {
        const auto src_values = convert_sources(from);
        const Tensor src = make_tensor<double>(from, {src_values.size()}, src_values);
        const auto read_back = test::values(src);  // after rounding into `from`
        for (element::Type to : types) {
            SCOPED_TRACE(from.get_type_name() + " -> " + to.get_type_name());
            std::vector<double> expected;
            for (double v : read_back)
                expected.push_back(convert_rule(v, from, to));
            const Tensor got = run1("Convert", src, {{"destination_type", to.get_type_name()}});
            Tensor want = make_tensor<double>(to, src.get_shape(), expected);
            EXPECT_TENSOR_EQ(got, want);
        }
    }
}

// What OpenVINO 2026.4 CPU gives for these values (Convert of a Parameter, INFERENCE_PRECISION_HINT f32); its
// reference evaluate agrees for i32 and the 8-bit targets.
TEST(UnaryOps, ConvertInfinityNanAndOutOfRangeAsOpenVinoCpu) {
    const float inf = std::numeric_limits<float>::infinity(), nan = std::numeric_limits<float>::quiet_NaN();
    const Tensor f = make_tensor<float>(element::f32, {12},
                                        {-inf, inf, nan, 3e9f, -3e9f, 1e19f, 2147483520.f, 2147483648.f, -2.7f,
                                         300.2f, -129.5f, 70000.2f});
    const std::vector<int64_t> i32{-2147483648LL, -2147483648LL, -2147483648LL, -2147483648LL, -2147483648LL,
                                   -2147483648LL, 2147483520,    -2147483648LL, -2,           300, -129, 70000};
    EXPECT_TENSOR_EQ(run1("Convert", f, {{"destination_type", "i32"}}), make_tensor<int64_t>(element::i32, {12}, i32));
    EXPECT_TENSOR_EQ(run1("Convert", f, {{"destination_type", "i64"}}), make_tensor<int64_t>(element::i64, {12}, i32));
    EXPECT_TENSOR_EQ(run1("Convert", f, {{"destination_type", "u8"}}),
                     make_tensor<int64_t>(element::u8, {12}, {0, 0, 0, 0, 0, 0, 128, 0, 254, 44, 127, 112}));
    EXPECT_TENSOR_EQ(run1("Convert", f, {{"destination_type", "i8"}}),
                     make_tensor<int64_t>(element::i8, {12}, {0, 0, 0, 0, 0, 0, -128, 0, -2, 44, 127, 112}));
    EXPECT_TENSOR_EQ(run1("Convert", f, {{"destination_type", "boolean"}}),
                     make_tensor<int>(element::boolean, {12}, {1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1}));
    // f16: an infinity is +-65504 for targets wider than 8 bits; NaN is INT32_MIN.
    const Tensor h = make_tensor<float>(element::f16, {4}, {-inf, inf, nan, -2.7f});
    EXPECT_TENSOR_EQ(run1("Convert", h, {{"destination_type", "i64"}}),
                     make_tensor<int64_t>(element::i64, {4}, {-65504, 65504, -2147483648LL, -2}));
    EXPECT_TENSOR_EQ(run1("Convert", h, {{"destination_type", "u8"}}),
                     make_tensor<int64_t>(element::u8, {4}, {0, 0, 0, 254}));
}

TEST(UnaryOps, ConvertHandValues) {
    const Tensor f = make_tensor<float>(element::f32, {6}, {3.9f, -3.9f, 0.f, -0.f, 0.5f, 1e10f});
    EXPECT_TENSOR_EQ(run1("Convert", f, {{"destination_type", "i32"}}),
                     make_tensor<int64_t>(element::i32, {6}, {3, -3, 0, 0, 0, -2147483648LL}));
    EXPECT_TENSOR_EQ(run1("Convert", f, {{"destination_type", "boolean"}}),
                     make_tensor<int>(element::boolean, {6}, {1, 1, 0, 0, 1, 1}));
    const Tensor i = make_tensor<int64_t>(element::i32, {4}, {-1, 300, 255, -129});
    EXPECT_TENSOR_EQ(run1("Convert", i, {{"destination_type", "u8"}}),
                     make_tensor<int64_t>(element::u8, {4}, {255, 44, 255, 127}));
    EXPECT_TENSOR_EQ(run1("Convert", i, {{"destination_type", "i8"}}),
                     make_tensor<int64_t>(element::i8, {4}, {-1, 44, -1, 127}));
    EXPECT_TENSOR_EQ(run1("Convert", i, {{"destination_type", "f16"}}),
                     make_tensor<float>(element::f16, {4}, {-1, 300, 255, -129}));
    // Legacy IR precision names parse too.
    EXPECT_EQ(unary("Convert", element::f32, {2}, {{"destination_type", "I64"}})->get_output_element_type(0),
              element::i64);
}
