// Element-wise ops on the OpenCL device (kernels_cl/eltwise.cl) against host_ref.
// Tolerances: f32 1e-5 abs + 1e-5 rel (OpenCL builtins such as exp, erf, tanh, pow may differ from libm by
// a few ulp; measured on PoCL 3.1 over 200k random points per op, the worst error, Swish's and Gelu's, used
// 1.7% of that budget); f16 storage 1e-3 abs + 1e-3 rel (both compute in f32; a few-ulp f32 difference can
// round to the neighbouring half, 2^-10 relative); integers, booleans, comparisons, Select and Convert exactly.
// Each (op, element types) pair is one program build (~0.4 s cold on PoCL), so the grids reuse variants.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "gpu_test_utils.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;
using test::make_tensor;
using test::random_tensor;

namespace {

const double kNaN = std::numeric_limits<double>::quiet_NaN();
const double kInf = std::numeric_limits<double>::infinity();

std::shared_ptr<Node> node_of(const std::string& type, const TensorVector& inputs, const Attributes& attrs = {},
                              int64_t version = -1) {
    OutputVector params;
    for (const auto& t : inputs)
        params.push_back(op::parameter(t.get_element_type(), t.get_shape()));
    return op::make(type, params, attrs, version);
}

/// Element by element bitwise equality, except that any NaN equals any NaN (PoCL's vstore_half writes
/// the NaN 0x7fff where host_ref writes 0x7e00).
::testing::AssertionResult same_bits(const Tensor& gpu, const Tensor& host) {
    if (gpu.get_element_type() != host.get_element_type() || gpu.get_shape() != host.get_shape())
        return ::testing::AssertionFailure() << gpu.get_element_type() << gpu.get_shape() << " vs "
                                             << host.get_element_type() << host.get_shape();
    const auto g = test::values(gpu), h = test::values(host);
    const size_t es = gpu.get_element_type().size();
    const auto* pg = static_cast<const unsigned char*>(gpu.data());
    const auto* ph = static_cast<const unsigned char*>(host.data());
    for (size_t i = 0; i < g.size(); ++i)
        if (!(std::isnan(g[i]) && std::isnan(h[i])) && std::memcmp(pg + i * es, ph + i * es, es) != 0)
            return ::testing::AssertionFailure() << "element " << i << ": " << g[i] << " vs expected " << h[i];
    return ::testing::AssertionSuccess();
}

/// GPU against host_ref; exact (same_bits) unless a tolerance is given.
::testing::AssertionResult matches(const std::shared_ptr<Node>& node, const TensorVector& inputs,
                                   double abs_tol = -1, double rel_tol = 0) {
    if (abs_tol >= 0)
        return test::gpu_matches_host(node, inputs, abs_tol, rel_tol);
    auto r = same_bits(test::run_gpu(node, inputs).at(0), test::run_host(node, inputs).at(0));
    if (!r)
        return ::testing::AssertionFailure() << node->describe() << ": " << r.message();
    return r;
}

std::string impl_of(const std::shared_ptr<Node>& node) {
    return gpu::find_gpu_op(node->get_type_name())->configure(*node, test::gpu_env()->device).impl_name;
}

struct UnaryCase {
    std::string type;
    double lo, hi;
    Attributes attrs;
    int64_t version;
};

std::vector<UnaryCase> real_unary_cases() {
    return {
        {"Abs", -5, 5, {}, -1},       {"Negative", -5, 5, {}, -1},  {"Exp", -10, 10, {}, -1},
        {"Log", 0.01, 50, {}, -1},    {"Sqrt", 0, 50, {}, -1},      {"Erf", -3, 3, {}, -1},
        {"Floor", -5, 5, {}, -1},     {"Ceiling", -5, 5, {}, -1},   {"Sin", -10, 10, {}, -1},
        {"Cos", -10, 10, {}, -1},     {"Tanh", -5, 5, {}, -1},      {"Relu", -5, 5, {}, -1},
        {"Sigmoid", -10, 10, {}, -1}, {"HSwish", -5, 5, {}, -1},    {"HSigmoid", -5, 5, {}, -1},
        {"Mish", -10, 10, {}, -1},    {"SoftPlus", -20, 20, {}, -1}, {"Swish", -8, 8, {}, -1},
        {"Clamp", -5, 5, {{"min", "-1.5"}, {"max", "2.25"}}, -1},
        {"Elu", -5, 5, {{"alpha", "0.7"}}, -1},
        {"Gelu", -5, 5, {}, 2},
        {"Gelu", -5, 5, {{"approximation_mode", "tanh"}}, 7},
        {"Gelu", -5, 5, {{"approximation_mode", "ERF"}}, 7},
        {"Tan", -1.4, 1.4, {}, -1},   {"Asin", -1, 1, {}, -1},      {"Acos", -1, 1, {}, -1},
        {"Atan", -10, 10, {}, -1},    {"Sinh", -5, 5, {}, -1},      {"Cosh", -5, 5, {}, -1},
        {"Asinh", -10, 10, {}, -1},   {"Acosh", 1, 20, {}, -1},     {"Atanh", -0.99, 0.99, {}, -1},
        {"Sign", -5, 5, {}, -1},      {"SoftSign", -10, 10, {}, -1},
        {"Round", -5, 5, {{"mode", "half_to_even"}}, -1},
        {"Round", -5, 5, {{"mode", "half_away_from_zero"}}, -1},
    };
}

const std::vector<Shape> kUnaryShapes{{}, {1}, {7}, {1000}, {2, 3, 5, 7}};

}  // namespace

TEST(GpuEltwise, UnaryRealOpsMatchHostOverShapes) {
    OVCL_REQUIRE_GPU();
    for (const auto& c : real_unary_cases()) {
        for (const auto& shape : kUnaryShapes) {
            const Tensor x = random_tensor(element::f32, shape, c.lo, c.hi, 11);
            EXPECT_TRUE(matches(node_of(c.type, {x}, c.attrs, c.version), {x}, 1e-5, 1e-5)) << shape;
        }
    }
}

TEST(GpuEltwise, UnaryRealOpsAtEdgeValues) {
    OVCL_REQUIRE_GPU();
    // Zeros, saturation of Exp/Sigmoid/Tanh, overflow, infinities and NaN; Sin/Cos stay away from huge
    // arguments (argument reduction differs between libraries there).
    const std::vector<double> edges{0,   -0.0, 1e-30, -1e-30, 0.5, -0.5, 3,    -3,   6,    -6,   20,
                                    -20, 88,   -88,   89,     -89, 100,  -100, 1e30, -1e30, kInf, -kInf, kNaN};
    const std::vector<double> moderate{0, -0.0, 0.5, -0.5, 3, -3, 6, -6, 20, -20, 100, -100, kNaN};
    for (const auto& c : real_unary_cases()) {
        const auto& v = c.type == "Sin" || c.type == "Cos" || c.type == "Tan" ? moderate : edges;
        const Tensor x = make_tensor<double>(element::f32, {v.size()}, v);
        EXPECT_TRUE(matches(node_of(c.type, {x}, c.attrs, c.version), {x}, 1e-5, 1e-5));
    }
}

// HardSigmoid (alpha, beta) and Selu (alpha, lambda): two one-value inputs broadcast onto the data, as
// Constants (OpenVINO's IRs) and as runtime inputs.
TEST(GpuEltwise, HardSigmoidAndSelu) {
    OVCL_REQUIRE_GPU();
    for (const auto& shape : kUnaryShapes) {
        const Tensor x = random_tensor(element::f32, shape, -6, 6, 12);
        const Tensor p = make_tensor<double>(element::f32, {}, {0.2}), q = make_tensor<double>(element::f32, {1}, {0.5});
        EXPECT_TRUE(matches(node_of("HardSigmoid", {x, p, q}, {}, 1), {x, p, q}, 1e-5, 1e-5)) << shape;
        const Tensor a = make_tensor<double>(element::f32, {1}, {1.6732632}), l = make_tensor<double>(element::f32, {}, {1.0507});
        EXPECT_TRUE(matches(node_of("Selu", {x, a, l}, {}, 1), {x, a, l}, 1e-5, 1e-5)) << shape;
        auto constant_params = op::make("Selu", {op::parameter(element::f32, shape), op::constant(a), op::constant(l)}, {}, 1);
        EXPECT_TRUE(matches(constant_params, {x, a, l}, 1e-5, 1e-5)) << shape;
    }
}

TEST(GpuEltwise, UnaryF16StorageComputesInF32) {
    OVCL_REQUIRE_GPU();
    for (const auto& c : real_unary_cases()) {
        if (c.type != "Sigmoid" && c.type != "Gelu" && c.type != "Clamp" && c.type != "HSwish")
            continue;
        for (const auto& shape : {Shape{37}, Shape{2, 3, 4, 5}}) {
            const Tensor x = random_tensor(element::f16, shape, c.lo, c.hi, 5);
            EXPECT_TRUE(matches(node_of(c.type, {x}, c.attrs, c.version), {x}, 1e-3, 1e-3)) << c.type;
        }
    }
}

TEST(GpuEltwise, SwishWithBetaInput) {
    OVCL_REQUIRE_GPU();
    const Tensor x = random_tensor(element::f32, {3, 17}, -6, 6, 3);
    for (const Shape& bs : {Shape{}, Shape{1}}) {
        const Tensor beta = make_tensor<float>(element::f32, bs, {0.75f});
        EXPECT_TRUE(matches(node_of("Swish", {x, beta}), {x, beta}, 1e-5, 1e-5)) << bs;
    }
    const Tensor xh = random_tensor(element::f16, {40}, -6, 6, 3);
    const Tensor bh = make_tensor<float>(element::f16, {}, {1.5f});
    EXPECT_TRUE(matches(node_of("Swish", {xh, bh}), {xh, bh}, 1e-3, 1e-3));
}

TEST(GpuEltwise, UnaryIntegerOpsWrapAndSaturateExactly) {
    OVCL_REQUIRE_GPU();
    for (element::Type t : {element::i32, element::i64}) {
        const bool wide = t == element::i64;
        const double lowest = wide ? -9223372036854775808.0 : -2147483648.0;
        const double highest = wide ? 9223372036854775807.0 : 2147483647.0;
        std::vector<double> v{0, 1, -1, 2, -2, 7, -7, 100, -100, 12345, -12345, lowest, highest};
        for (int i = 0; i < 30; ++i)
            v.push_back((i * 7919) % 201 - 100);
        const Tensor x = make_tensor<double>(t, {v.size()}, v);
        for (const std::string type : {"Abs", "Negative", "Floor", "Ceiling", "Relu"})
            EXPECT_TRUE(matches(node_of(type, {x}), {x})) << type << " " << t;
        // Integer Clamp uses ceil(min) and floor(max), saturated to the type.
        for (const auto& [lo, hi] : std::vector<std::pair<std::string, std::string>>{
                 {"-2.5", "3.5"}, {"-1e30", "1e30"}, {"0", "0"}}) {
            EXPECT_TRUE(matches(node_of("Clamp", {x}, {{"min", lo}, {"max", hi}}), {x})) << lo << " " << t;
        }
    }
}

TEST(GpuEltwise, HandCheckedValues) {
    OVCL_REQUIRE_GPU();
    // Add with [2,1] x [1,3] broadcasting: out[i][j] = a[i] + b[j].
    const Tensor a = make_tensor<float>(element::f32, {2, 1}, {1, 10});
    const Tensor b = make_tensor<float>(element::f32, {1, 3}, {0.5f, 2, -4});
    EXPECT_TENSOR_EQ(test::run_gpu(node_of("Add", {a, b}), {a, b}).at(0),
                     make_tensor<float>(element::f32, {2, 3}, {1.5f, 3, -3, 10.5f, 12, 6}));
    // Python division and remainders of integers: -7 / 2 = -4, FloorMod(-7, 2) = 1, Mod(-7, 2) = -1.
    const Tensor x = make_tensor<int32_t>(element::i32, {4}, {-7, 7, -7, 7});
    const Tensor d = make_tensor<int32_t>(element::i32, {4}, {2, 2, -2, -2});
    const auto run_int = [&](const std::string& type, const Attributes& attrs = {}) {
        auto node = op::make(type, {op::parameter(element::i32, Shape{4}), op::constant(d)}, attrs);
        return test::run_gpu(node, {x, d}).at(0);
    };
    EXPECT_TENSOR_EQ(run_int("Divide"), make_tensor<int32_t>(element::i32, {4}, {-4, 3, 3, -4}));
    EXPECT_TENSOR_EQ(run_int("Divide", {{"m_pythondiv", "false"}}),
                     make_tensor<int32_t>(element::i32, {4}, {-3, 3, 3, -3}));
    EXPECT_TENSOR_EQ(run_int("FloorMod"), make_tensor<int32_t>(element::i32, {4}, {1, 1, -1, -1}));
    EXPECT_TENSOR_EQ(run_int("Mod"), make_tensor<int32_t>(element::i32, {4}, {-1, 1, -1, 1}));
    // Less with a scalar: booleans 0/1.
    const Tensor s = make_tensor<float>(element::f32, {}, {0});
    const Tensor y = make_tensor<float>(element::f32, {5}, {-1, 0, 1, -0.0f, -2});
    EXPECT_TENSOR_EQ(test::run_gpu(node_of("Less", {y, s}), {y, s}).at(0),
                     make_tensor<int>(element::boolean, {5}, {1, 0, 0, 0, 1}));
}

TEST(GpuEltwise, FastPathForSameShapeAndScalarsBroadcastPathOtherwise) {
    OVCL_REQUIRE_GPU();
    const auto add = [](const Shape& sa, const Shape& sb) {
        return op::make("Add", {op::parameter(element::f32, sa), op::parameter(element::f32, sb)});
    };
    EXPECT_EQ(impl_of(add({2, 3, 4, 5}, {2, 3, 4, 5})), "eltwise_flat_x16");
    EXPECT_EQ(impl_of(add({2, 3, 4, 5}, {})), "eltwise_flat_x16");
    EXPECT_EQ(impl_of(add({1, 1, 5}, {5})), "eltwise_flat_x16");
    EXPECT_EQ(impl_of(add({2, 3, 4, 5}, {1, 3, 1, 1})), "eltwise_bcast_x16");
    EXPECT_EQ(impl_of(op::make("Add", {op::parameter(element::i64, Shape{9}), op::parameter(element::i64, Shape{9})})),
              "eltwise_flat_x8");
}

namespace {

struct ShapePair {
    Shape a, b;
};

// Same shape, scalars either side, per-channel, [N,1] x [1,M], rank mismatch, last-axis broadcast, odd 1-D,
// rank 7.
const std::vector<ShapePair> kBroadcasts{
    {{2, 3, 4, 5}, {2, 3, 4, 5}}, {{2, 3, 4, 5}, {}},      {{}, {7}},          {{2, 3, 4, 5}, {1, 3, 1, 1}},
    {{5, 1}, {1, 7}},             {{2, 3, 4, 5}, {4, 5}},  {{3, 1, 5}, {2, 1, 4, 1}}, {{6, 9}, {6, 1}},
    {{1}, {1}},                   {{1000}, {1000}},        {{1000}, {1}},      {{2, 16, 33, 35}, {16, 1, 1}},
    {{2, 1, 3, 1, 4, 1, 3}, {1, 3, 1, 2, 1, 5, 1}},  // nothing merges: six outer axes
};

struct BinaryCase {
    std::string type;
    double lo_a, hi_a, lo_b, hi_b;  // value ranges of a and b
};

// Divisors stay away from zero; Power has a positive base.
std::vector<BinaryCase> real_binary_cases() {
    return {{"Add", -5, 5, -5, 5},      {"Subtract", -5, 5, -5, 5},          {"Multiply", -5, 5, -5, 5},
            {"Divide", -5, 5, 0.5, 4},  {"Maximum", -3, 3, -3, 3},           {"Minimum", -3, 3, -3, 3},
            {"Power", 0.1, 4, -3, 3},   {"SquaredDifference", -5, 5, -5, 5}, {"FloorMod", -9, 9, -4, -0.5},
            {"Mod", -9, 9, 0.5, 4}};
}

const std::vector<std::string> kComparisons{"Equal", "NotEqual", "Less", "LessEqual", "Greater", "GreaterEqual"};

/// Small integers as reals, so that comparisons meet ties.
Tensor ties(element::Type t, const Shape& s, uint32_t seed) { return random_tensor(t, s, -3, 3, seed); }

Tensor round_values(const Tensor& t) {
    auto v = test::values(t);
    for (auto& e : v)
        e = std::round(e);
    return make_tensor<double>(t.get_element_type(), t.get_shape(), v);
}

}  // namespace

TEST(GpuEltwise, BinaryRealOpsOverBroadcasts) {
    OVCL_REQUIRE_GPU();
    for (const auto& c : real_binary_cases()) {
        for (const auto& p : kBroadcasts) {
            const Tensor a = random_tensor(element::f32, p.a, c.lo_a, c.hi_a, 1);
            const Tensor b = random_tensor(element::f32, p.b, c.lo_b, c.hi_b, 2);
            EXPECT_TRUE(matches(node_of(c.type, {a, b}), {a, b}, 1e-5, 1e-5)) << p.a << " x " << p.b;
        }
    }
    // auto_broadcast none: equal shapes.
    const Tensor a = random_tensor(element::f32, {7, 3}, -2, 2, 3), b = random_tensor(element::f32, {7, 3}, -2, 2, 4);
    EXPECT_TRUE(matches(node_of("Add", {a, b}, {{"auto_broadcast", "none"}}), {a, b}, 1e-5, 1e-5));
}

TEST(GpuEltwise, BinaryF16StorageComputesInF32) {
    OVCL_REQUIRE_GPU();
    for (const std::string type : {"Add", "Power"}) {
        for (const auto& p : {kBroadcasts[0], kBroadcasts[3], kBroadcasts[6], kBroadcasts[10]}) {
            const Tensor a = random_tensor(element::f16, p.a, 0.1, 3, 1);
            const Tensor b = random_tensor(element::f16, p.b, -2, 2, 2);
            EXPECT_TRUE(matches(node_of(type, {a, b}), {a, b}, 1e-3, 1e-3)) << type << " " << p.a << " x " << p.b;
        }
    }
}

TEST(GpuEltwise, MaximumMinimumAndNaNPropagateLikeHostRef) {
    OVCL_REQUIRE_GPU();
    // host_ref: Maximum is a < b ? b : a, so a NaN in a propagates and a NaN in b does not.
    const std::vector<double> va{kNaN, 1, kNaN, -0.0, 0, kInf, -kInf, 2, 3, kNaN, 5, -1, 7, 8, 9, 10, 11};
    const std::vector<double> vb{1, kNaN, kNaN, 0, -0.0, 1, 1, kInf, -kInf, 0, kNaN, -2, 6, 9, 9, 11, 0};
    const Tensor a = make_tensor<double>(element::f32, {va.size()}, va);
    const Tensor b = make_tensor<double>(element::f32, {vb.size()}, vb);
    for (const std::string type : {"Maximum", "Minimum", "Add", "PRelu", "SquaredDifference"})
        EXPECT_TRUE(matches(node_of(type, {a, b}), {a, b})) << type;
}

// Power by a Constant 2 (RMS norms square so) multiplies x by itself: bit for bit host_ref's correctly rounded pow,
// signed zeros, infinities, denormals and NaN included; an exponent that broadcasts keeps the generic kernel.
TEST(GpuEltwise, PowerByAConstantTwoSquares) {
    OVCL_REQUIRE_GPU();
    std::vector<double> v{0, -0.0, 1, -1, kInf, -kInf, kNaN, 1e-30, -3e-39, 1.5e19, 3.4e38, -7.25};
    for (double r : test::values(random_tensor(element::f32, {53}, -1e3, 1e3, 21)))
        v.push_back(r);
    const Tensor x = make_tensor<double>(element::f32, {v.size()}, v), two = make_tensor<double>(element::f32, {}, {2});
    auto node = op::make("Power", {op::parameter(element::f32, x.get_shape()), op::constant(two)}, {}, 1);
    const gpu::OpConfig config = gpu::find_gpu_op(*node)->configure(*node, test::gpu_env()->device);
    EXPECT_NE(config.launches.at(0).options.find("a*a"), std::string::npos) << config.launches.at(0).options;
    EXPECT_TRUE(matches(node, {x, two}));
    const Tensor wide_two = make_tensor<double>(element::f32, {2, 1}, {2, 2});
    auto wide = op::make("Power", {op::parameter(element::f32, Shape{3}), op::constant(wide_two)}, {}, 1);
    EXPECT_TRUE(matches(wide, {make_tensor<double>(element::f32, {3}, {1.5, -2, 3}), wide_two}, 1e-6, 1e-6));
}

TEST(GpuEltwise, PReluSlopeRules) {
    OVCL_REQUIRE_GPU();
    const Tensor x = random_tensor(element::f32, {2, 3, 4, 5}, -4, 4, 9);
    // Per channel ([3] along axis 1), numpy ([5] along the last axis), scalar, 4-D, extra leading ones.
    for (const Shape& s : {Shape{3}, Shape{5}, Shape{}, Shape{1}, Shape{1, 3, 1, 1}, Shape{1, 1, 3, 4, 5}}) {
        const Tensor slope = random_tensor(element::f32, s, -1, 1, 10);
        EXPECT_TRUE(matches(node_of("PRelu", {x, slope}), {x, slope}, 1e-6, 1e-6)) << s;
    }
    const Tensor x1 = random_tensor(element::f32, {7}, -4, 4, 9), s1 = random_tensor(element::f32, {7}, -1, 1, 10);
    EXPECT_TRUE(matches(node_of("PRelu", {x1, s1}), {x1, s1}, 1e-6, 1e-6));
    for (element::Type t : {element::i32, element::i64}) {
        const Tensor xi = random_tensor(t, {2, 3, 4, 5}, -50, 50, 3), si = random_tensor(t, {3}, -5, 5, 4);
        EXPECT_TRUE(matches(node_of("PRelu", {xi, si}), {xi, si})) << t;
    }
}

TEST(GpuEltwise, BinaryIntegerOpsWrapExactly) {
    OVCL_REQUIRE_GPU();
    for (element::Type t : {element::i32, element::i64}) {
        const double big = t == element::i32 ? 2147483647.0 : 9.2e18;
        std::vector<std::string> types{"Add", "Multiply", "Maximum"};
        if (t == element::i32)
            types.insert(types.end(), {"Subtract", "Minimum", "SquaredDifference"});
        for (const auto& type : types) {
            for (const auto& p : {kBroadcasts[0], kBroadcasts[1], kBroadcasts[3], kBroadcasts[4], kBroadcasts[11]}) {
                const Tensor a = random_tensor(t, p.a, -big, big, 5), b = random_tensor(t, p.b, -big, big, 6);
                EXPECT_TRUE(matches(node_of(type, {a, b}), {a, b})) << type << " " << t << " " << p.a << p.b;
            }
        }
        // Power: exact wrapping products, negative exponents (0, except for bases 1 and -1).
        const Tensor base = random_tensor(t, {5, 1}, -4, 4, 7), exponent = random_tensor(t, {1, 41}, -3, 40, 8);
        EXPECT_TRUE(matches(node_of("Power", {base, exponent}), {base, exponent})) << t;
    }
}

TEST(GpuEltwise, IntegerDivisionNeedsAConstantNonZeroDivisor) {
    OVCL_REQUIRE_GPU();
    for (element::Type t : {element::i32, element::i64}) {
        const double lowest = t == element::i32 ? -2147483648.0 : -9223372036854775808.0;
        std::vector<double> va{lowest, lowest, 7, -7, 0, 1, -1, 100, -100, 5, -5};
        for (int i = 0; i < 40; ++i)
            va.push_back((i * 37) % 201 - 100);
        const Tensor a = make_tensor<double>(t, {va.size(), 1}, va);
        const Tensor d = make_tensor<double>(t, {1, 9}, {-1, 1, 2, -2, 3, -3, 7, -64, 1000});
        for (const std::string type : {"Divide", "FloorMod", "Mod"}) {
            for (const std::string py : {"true", "false"}) {
                if (type != "Divide" && py == "false")
                    continue;
                const Attributes attrs = type == "Divide" ? Attributes{{"m_pythondiv", py}} : Attributes{};
                auto node = op::make(type, {op::parameter(t, a.get_shape()), op::constant(d)}, attrs);
                EXPECT_TRUE(matches(node, {a, d})) << type << " " << t << " pythondiv " << py;
            }
        }
    }
}

TEST(GpuEltwise, ComparisonsOverTypesAndBroadcasts) {
    OVCL_REQUIRE_GPU();
    for (const auto& type : kComparisons) {
        for (const auto& p : {kBroadcasts[0], kBroadcasts[1], kBroadcasts[2], kBroadcasts[3], kBroadcasts[4]}) {
            const Tensor a = round_values(ties(element::f32, p.a, 1)), b = round_values(ties(element::f32, p.b, 2));
            EXPECT_TRUE(matches(node_of(type, {a, b}), {a, b})) << type << " " << p.a << " x " << p.b;
        }
        const Tensor ai = ties(element::i32, {3, 7}, 3), bi = ties(element::i32, {7}, 4);
        EXPECT_TRUE(matches(node_of(type, {ai, bi}), {ai, bi})) << type << " i32";
    }
    for (element::Type t : {element::i64, element::f16, element::boolean, element::u8, element::i8}) {
        const Tensor a = round_values(ties(t, {4, 33}, 5)), b = round_values(ties(t, {4, 1}, 6));
        EXPECT_TRUE(matches(node_of("LessEqual", {a, b}), {a, b})) << t;
    }
    const std::vector<double> nan_a{kNaN, 1, kNaN, kInf, -0.0}, nan_b{kNaN, kNaN, 1, kInf, 0};
    const Tensor a = make_tensor<double>(element::f32, {5}, nan_a), b = make_tensor<double>(element::f32, {5}, nan_b);
    for (const auto& type : kComparisons)
        EXPECT_TRUE(matches(node_of(type, {a, b}), {a, b})) << type << " NaN";
}

TEST(GpuEltwise, LogicalOps) {
    OVCL_REQUIRE_GPU();
    for (const std::string type : {"LogicalAnd", "LogicalOr", "LogicalXor"}) {
        for (const auto& p : {kBroadcasts[0], kBroadcasts[2], kBroadcasts[4], kBroadcasts[7], kBroadcasts[9]}) {
            const Tensor a = random_tensor(element::boolean, p.a, 0, 1, 1);
            const Tensor b = random_tensor(element::boolean, p.b, 0, 1, 2);
            EXPECT_TRUE(matches(node_of(type, {a, b}), {a, b})) << type << " " << p.a << " x " << p.b;
        }
    }
    for (const Shape& s : kUnaryShapes) {
        const Tensor a = random_tensor(element::boolean, s, 0, 1, 3);
        EXPECT_TRUE(matches(node_of("LogicalNot", {a}), {a})) << s;
    }
}

TEST(GpuEltwise, SelectCopiesAnyTypeWithThreeWayBroadcast) {
    OVCL_REQUIRE_GPU();
    const std::vector<std::array<Shape, 3>> shapes{{Shape{2, 3, 4}, Shape{2, 3, 4}, Shape{2, 3, 4}},
                                                   {Shape{4}, Shape{2, 3, 1}, Shape{}},
                                                   {Shape{2, 1, 1}, Shape{1, 3, 1}, Shape{1, 1, 37}},
                                                   {Shape{}, Shape{1000}, Shape{1000}}};
    for (element::Type t : {element::f32, element::f16, element::i64, element::boolean, element::i8}) {
        for (const auto& s : shapes) {
            const Tensor c = random_tensor(element::boolean, s[0], 0, 1, 1);
            const Tensor x = random_tensor(t, s[1], -100, 100, 2), y = random_tensor(t, s[2], -100, 100, 3);
            EXPECT_TRUE(matches(node_of("Select", {c, x, y}), {c, x, y})) << t << " " << s[0] << s[1] << s[2];
        }
    }
}

// Reals to integers as OpenVINO CPU converts: truncated into i32, NaN and out-of-range values INT32_MIN, then
// wrapped (host_ref/unary.hpp, convert_elements).
TEST(GpuEltwise, ConvertTruncatesAndWrapsAsOpenVinoCpu) {
    OVCL_REQUIRE_GPU();
    const std::vector<double> reals{0,    -0.0, 0.4,  -0.6, 1.5, -2.5, 126.9, 127.6, 255.5, 256, -129,
                                    3e9,  -3e9, 1e20, -1e20, 65504, 70000, kInf, -kInf, kNaN, 1e-8, 12345.678,
                                    2147483520.0, 2147483648.0, -2147483648.0, -2147483904.0, -kNaN};
    const std::vector<double> ints{0,    1,       -1,      127,        128,        -128, -129, 255, 256,
                                   65535, 70000, -70000, 2147483647, -2147483648.0, 16777217, 33554435};
    const std::vector<std::pair<element::Type, std::vector<element::Type>>> pairs{
        {element::f32, {element::f16, element::i32, element::i64, element::i8, element::u8, element::boolean}},
        {element::f16, {element::f32, element::i32, element::i64, element::i8, element::u8, element::boolean}},
        {element::i32, {element::f32, element::f16, element::i64, element::i8, element::u8, element::boolean}},
        {element::i64, {element::i32, element::f32}},
        {element::u8, {element::i8, element::f32}},
        {element::i8, {element::u8, element::i32}},
        {element::boolean, {element::f32, element::i32}},
    };
    for (const auto& [from, tos] : pairs) {
        Tensor x;
        if (from.is_real())
            x = make_tensor<double>(from, {reals.size()}, reals);
        else if (from == element::boolean)
            x = random_tensor(from, {29}, 0, 1, 4);
        else if (from.size() == 1)
            x = random_tensor(from, {45}, from == element::u8 ? 0 : -128, from == element::u8 ? 255 : 127, 4);
        else
            x = make_tensor<double>(from, {ints.size()}, ints);
        for (element::Type to : tos)
            EXPECT_TRUE(matches(node_of("Convert", {x}, {{"destination_type", to.to_string()}}), {x}))
                << from << " -> " << to;
    }
}

TEST(GpuEltwise, ValidateRefusesWithReasons) {
    OVCL_REQUIRE_GPU();
    const auto& device = test::gpu_env()->device;
    const auto reason = [&](const std::shared_ptr<Node>& n) {
        const auto v = gpu::validate_node(*n, device);
        EXPECT_FALSE(v.supported) << n->describe();
        return v.reason;
    };
    const auto p = [](element::Type t, const PartialShape& s) { return op::parameter(t, s); };
    EXPECT_NE(reason(op::make("Log", {p(element::i32, Shape{4})})).find("double"), std::string::npos);
    EXPECT_NE(reason(op::make("Sqrt", {p(element::i64, Shape{4})})).find("double"), std::string::npos);
    EXPECT_NE(reason(op::make("Divide", {p(element::i32, Shape{4}), p(element::i32, Shape{4})})).find("Constant"),
              std::string::npos);
    const Tensor zero = make_tensor<int>(element::i32, {2}, {3, 0});
    EXPECT_NE(reason(op::make("Mod", {p(element::i32, Shape{2}), op::constant(zero)})).find("holds 0"),
              std::string::npos);
    EXPECT_NE(reason(op::make("Add", {p(element::u8, Shape{4}), p(element::u8, Shape{4})})).find("u8"),
              std::string::npos);
    EXPECT_NE(reason(op::make("Less", {p(element::u16, Shape{4}), p(element::u16, Shape{4})})).find("u16"),
              std::string::npos);
    EXPECT_NE(reason(op::make("Convert", {p(element::f32, Shape{4})}, {{"destination_type", "u16"}})).find("u16"),
              std::string::npos);
    EXPECT_NE(reason(op::make("Relu", {p(element::f32, PartialShape{2, Dimension::dynamic()})})).find("dynamic"),
              std::string::npos);
    // Accepted: float Divide by a Parameter, integer Divide by a Constant free of zeros.
    EXPECT_TRUE(gpu::validate_node(*op::make("Divide", {p(element::f32, Shape{4}), p(element::f32, Shape{4})}), device)
                    .supported);
    const Tensor nonzero = make_tensor<int>(element::i64, {2}, {3, -1});
    EXPECT_TRUE(gpu::validate_node(*op::make("FloorMod", {p(element::i64, Shape{2}), op::constant(nonzero)}), device)
                    .supported);
}

TEST(GpuEltwise, EmptyTensors) {
    OVCL_REQUIRE_GPU();
    for (const auto& p : std::vector<ShapePair>{{{0}, {0}}, {{0, 3}, {1, 3}}, {{2, 0, 5}, {2, 1, 1}}}) {
        const Tensor a = random_tensor(element::f32, p.a, -1, 1, 1), b = random_tensor(element::f32, p.b, -1, 1, 2);
        const auto out = test::run_gpu(node_of("Add", {a, b}), {a, b});
        EXPECT_EQ(out.at(0).get_size(), 0u) << p.a << " x " << p.b;
    }
}
