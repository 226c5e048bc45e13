// Arithmetic binary ops and PRelu against a coordinate-by-coordinate broadcasting reference
// computed in double (reals) or int64 reduced modulo 2^bits (integers), plus hand values.
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
using test::eval;
using test::make_tensor;

namespace {

std::shared_ptr<Node> binary(const std::string& type, element::Type ta, const PartialShape& sa, element::Type tb,
                             const PartialShape& sb, const Attributes& attrs = {}) {
    return op::make(type, {op::parameter(ta, sa), op::parameter(tb, sb)}, attrs);
}

Tensor run2(const std::string& type, const Tensor& a, const Tensor& b, const Attributes& attrs = {}) {
    return eval(binary(type, a.get_element_type(), a.get_shape(), b.get_element_type(), b.get_shape(), attrs), {a, b});
}

Shape numpy_shape(const Shape& a, const Shape& b) {
    Shape out(std::max(a.size(), b.size()), 1);
    for (size_t k = 0; k < out.size(); ++k) {
        const size_t da = k < a.size() ? a[a.size() - 1 - k] : 1, db = k < b.size() ? b[b.size() - 1 - k] : 1;
        out[out.size() - 1 - k] = da == 1 ? db : da;
    }
    return out;
}

/// Flat index into an input of shape `in` read at output flat index `flat` of shape `out`.
size_t source_index(const Shape& in, const Shape& out, size_t flat) {
    size_t idx = 0, stride = 1;
    for (size_t k = 0; k < out.size(); ++k) {
        const size_t c = flat % out[out.size() - 1 - k];
        flat /= out[out.size() - 1 - k];
        if (k < in.size()) {
            const size_t d = in[in.size() - 1 - k];
            idx += (d == 1 ? 0 : c) * stride;
            stride *= d;
        }
    }
    return idx;
}

/// Reduces v modulo 2^bits of t (two's complement for signed types).
int64_t wrap_to(element::Type t, int64_t v) {
    if (t.bitwidth() == 64)
        return v;
    const int64_t m = int64_t(1) << t.bitwidth();
    int64_t r = ((v % m) + m) % m;
    if (t.is_signed() && r >= m / 2)
        r -= m;
    return r;
}

using RealFn = std::function<double(double, double)>;
using IntFn = std::function<int64_t(int64_t, int64_t)>;

Tensor reference(const Tensor& a, const Tensor& b, const RealFn& fr, const IntFn& fi) {
    const Shape out = numpy_shape(a.get_shape(), b.get_shape());
    const auto va = test::values(a), vb = test::values(b);
    std::vector<double> r(shape_size(out));
    const element::Type t = a.get_element_type();
    for (size_t i = 0; i < r.size(); ++i) {
        const double x = va[source_index(a.get_shape(), out, i)], y = vb[source_index(b.get_shape(), out, i)];
        r[i] = t.is_real() ? fr(x, y)
                           : static_cast<double>(wrap_to(t, fi(static_cast<int64_t>(x), static_cast<int64_t>(y))));
    }
    return make_tensor<double>(t, out, r);
}

int64_t floor_div(int64_t x, int64_t y) { return static_cast<int64_t>(std::floor(double(x) / double(y))); }

struct OpCase {
    std::string type;
    Attributes attrs;
    RealFn fr;
    IntFn fi;
    double lo_a, hi_a, lo_b, hi_b;  // input ranges
    bool nonzero_b;                 // the divisor must not be 0 (or near 0 for reals)
};

std::vector<OpCase> op_cases() {
    return {
        {"Add", {}, [](double x, double y) { return x + y; }, [](int64_t x, int64_t y) { return x + y; }, -50, 50,
         -50, 50, false},
        {"Subtract", {}, [](double x, double y) { return x - y; }, [](int64_t x, int64_t y) { return x - y; }, -50,
         50, -50, 50, false},
        {"Multiply", {}, [](double x, double y) { return x * y; }, [](int64_t x, int64_t y) { return x * y; }, -50,
         50, -50, 50, false},
        {"Divide", {}, [](double x, double y) { return x / y; }, floor_div, -50, 50, -9, 9, true},
        {"Divide", {{"m_pythondiv", "false"}}, [](double x, double y) { return x / y; },
         [](int64_t x, int64_t y) { return x / y; }, -50, 50, -9, 9, true},
        {"Maximum", {}, [](double x, double y) { return std::max(x, y); },
         [](int64_t x, int64_t y) { return std::max(x, y); }, -50, 50, -50, 50, false},
        {"Minimum", {}, [](double x, double y) { return std::min(x, y); },
         [](int64_t x, int64_t y) { return std::min(x, y); }, -50, 50, -50, 50, false},
        {"Power", {}, [](double x, double y) { return std::pow(x, y); },
         [](int64_t x, int64_t y) {
             int64_t r = 1;
             for (int64_t i = 0; i < y; ++i)
                 r *= x;
             return r;
         },
         0.1, 4, -2, 5, false},
        {"SquaredDifference", {}, [](double x, double y) { return (x - y) * (x - y); },
         [](int64_t x, int64_t y) { return (x - y) * (x - y); }, -50, 50, -50, 50, false},
        {"FloorMod", {}, [](double x, double y) { return x - y * std::floor(x / y); },
         [](int64_t x, int64_t y) { return x - y * floor_div(x, y); }, -50, 50, -9, 9, true},
        {"Mod", {}, [](double x, double y) { return x - y * std::trunc(x / y); },
         [](int64_t x, int64_t y) { return x - y * (x / y); }, -50, 50, -9, 9, true},
    };
}

const std::vector<std::pair<Shape, Shape>>& shape_pairs() {
    static const std::vector<std::pair<Shape, Shape>> pairs = {
        {{2, 3, 4}, {2, 3, 4}}, {{}, {2, 3}},          {{2, 3}, {}},           {{2, 3, 4}, {4}},
        {{2, 3, 4}, {3, 1}},    {{1, 3, 1, 5}, {2, 1, 4, 1}}, {{4, 1}, {1, 5}}, {{3, 4}, {3, 1}},
        {{0, 3}, {3}},          {{2, 1, 3}, {2, 5, 1}}, {{1}, {1}},           {{64, 33}, {33}},
        {{1, 1, 7}, {5, 1, 1}}, {{}, {}}};
    return pairs;
}

Tensor inputs_for(element::Type t, const Shape& s, double lo, double hi, bool nonzero, uint32_t seed) {
    if (!t.is_real() && !t.is_signed())
        lo = std::max(lo, 0.0);
    if (t == element::i8 || t == element::u8)
        hi = std::min(hi, 100.0);
    Tensor x = test::random_tensor(t, s, lo, hi, seed);
    if (!nonzero)
        return x;
    auto v = test::values(x);
    for (auto& e : v)
        if (std::fabs(e) < 0.25)
            e = 2;
    return make_tensor<double>(t, s, v);
}

}  // namespace

TEST(BinaryArithmetic, MatchesReferenceOverShapesAndTypes) {
    uint32_t seed = 7;
    for (const auto& c : op_cases()) {
        for (element::Type t : {element::f32, element::f16, element::f64, element::i32, element::i64, element::i8,
                                element::u8}) {
            for (const auto& [sa, sb] : shape_pairs()) {
                SCOPED_TRACE(c.type + " " + t.get_type_name() + " " + sa.to_string() + " " + sb.to_string());
                double lo_b = c.lo_b;
                if (c.type == "Power" && !t.is_real())
                    lo_b = 0;  // negative integer exponents are checked by hand below
                const Tensor a = inputs_for(t, sa, c.lo_a, c.hi_a, false, seed++);
                const Tensor b = inputs_for(t, sb, lo_b, c.hi_b, c.nonzero_b, seed++);
                const Tensor got = run2(c.type, a, b, c.attrs);
                const Tensor want = reference(a, b, c.fr, c.fi);
                if (t.is_real()) {
                    const double tol = t == element::f16 ? 2e-3 : t == element::f32 ? 2e-6 : 1e-12;
                    EXPECT_TENSOR_NEAR(got, want, tol, tol);
                } else {
                    EXPECT_TENSOR_EQ(got, want);
                }
            }
        }
    }
}

TEST(BinaryArithmetic, IntegerDivisionAndRemainders) {
    auto i32 = [](std::vector<int64_t> v) { return make_tensor<int64_t>(element::i32, {v.size()}, v); };
    const Tensor a = i32({-7, 7, -7, 7, 6, -6}), b = i32({2, -2, -2, 2, 3, 3});
    EXPECT_TENSOR_EQ(run2("Divide", a, b), i32({-4, -4, 3, 3, 2, -2}));
    EXPECT_TENSOR_EQ(run2("Divide", a, b, {{"m_pythondiv", "false"}}), i32({-3, -3, 3, 3, 2, -2}));
    EXPECT_TENSOR_EQ(run2("FloorMod", a, b), i32({1, -1, -1, 1, 0, 0}));
    EXPECT_TENSOR_EQ(run2("Mod", a, b), i32({-1, 1, -1, 1, 0, 0}));
    const int64_t lo = std::numeric_limits<int32_t>::min();
    EXPECT_TENSOR_EQ(run2("Divide", i32({lo, lo}), i32({-1, 1})), i32({lo, lo}));  // wraps, no trap
    EXPECT_TENSOR_EQ(run2("FloorMod", i32({lo}), i32({-1})), i32({0}));
    EXPECT_TENSOR_EQ(run2("Mod", i32({lo}), i32({-1})), i32({0}));
    for (const char* t : {"Divide", "FloorMod", "Mod"})
        EXPECT_THROW(run2(t, i32({1, 2}), i32({1, 0})), InvalidArgument) << t;
    auto u8 = [](std::vector<int64_t> v) { return make_tensor<int64_t>(element::u8, {v.size()}, v); };
    EXPECT_TENSOR_EQ(run2("Divide", u8({255, 7}), u8({2, 7})), u8({127, 1}));
    EXPECT_TENSOR_EQ(run2("FloorMod", u8({255, 7}), u8({2, 7})), u8({1, 0}));
    // Reals ignore m_pythondiv and divide by zero into inf / NaN.
    auto f32 = [](std::vector<float> v) { return make_tensor<float>(element::f32, {v.size()}, v); };
    const float inf = std::numeric_limits<float>::infinity();
    EXPECT_TENSOR_NEAR(run2("Divide", f32({-7, 1, -1}), f32({2, 0, 0})), f32({-3.5f, inf, -inf}), 0, 0);
    EXPECT_TENSOR_NEAR(run2("FloorMod", f32({-7.5f, 7.5f, -7.5f}), f32({2, -2, -2})), f32({0.5f, -0.5f, -1.5f}), 0,
                       0);
    EXPECT_TENSOR_NEAR(run2("Mod", f32({-7.5f, 7.5f}), f32({2, -2})), f32({-1.5f, 1.5f}), 0, 0);
}

TEST(BinaryArithmetic, IntegerOverflowWraps) {
    const int64_t imax = std::numeric_limits<int32_t>::max(), imin = std::numeric_limits<int32_t>::min();
    auto i32 = [](std::vector<int64_t> v) { return make_tensor<int64_t>(element::i32, {v.size()}, v); };
    EXPECT_TENSOR_EQ(run2("Add", i32({imax, imin}), i32({1, -1})), i32({imin, imax}));
    EXPECT_TENSOR_EQ(run2("Multiply", i32({65536, imin}), i32({65536, -1})), i32({0, imin}));
    EXPECT_TENSOR_EQ(run2("Subtract", i32({imin}), i32({1})), i32({imax}));
    auto u8 = [](std::vector<int64_t> v) { return make_tensor<int64_t>(element::u8, {v.size()}, v); };
    EXPECT_TENSOR_EQ(run2("Add", u8({250}), u8({10})), u8({4}));
    EXPECT_TENSOR_EQ(run2("Subtract", u8({3}), u8({5})), u8({254}));
    auto i8 = [](std::vector<int64_t> v) { return make_tensor<int64_t>(element::i8, {v.size()}, v); };
    EXPECT_TENSOR_EQ(run2("Multiply", i8({100}), i8({3})), i8({44}));
    EXPECT_TENSOR_EQ(run2("SquaredDifference", i8({100}), i8({-100})), i8({64}));  // 40000 mod 256
    EXPECT_TENSOR_EQ(run2("Power", i8({2, 3}), i8({7, 5})), i8({-128, -13}));       // 128, 243 wrap
    const Tensor big = make_tensor<int64_t>(element::i64, {1}, {std::numeric_limits<int64_t>::max()});
    EXPECT_TENSOR_EQ(run2("Add", big, make_tensor<int64_t>(element::i64, {1}, {1})),
                     make_tensor<int64_t>(element::i64, {1}, {std::numeric_limits<int64_t>::min()}));
}

TEST(BinaryArithmetic, PowerHandValues) {
    auto i32 = [](std::vector<int64_t> v) { return make_tensor<int64_t>(element::i32, {v.size()}, v); };
    EXPECT_TENSOR_EQ(run2("Power", i32({2, 3, -1, -1, 1, 0, 5, -2}), i32({10, -1, -3, -2, -5, 0, 0, 3})),
                     i32({1024, 0, -1, 1, 1, 1, 1, -8}));
    auto f32 = [](std::vector<float> v) { return make_tensor<float>(element::f32, {v.size()}, v); };
    EXPECT_TENSOR_NEAR(run2("Power", f32({2, 4, -2, 0}), f32({0.5f, -0.5f, 3, 0})), f32({1.4142135f, 0.5f, -8, 1}),
                       1e-6, 0);
}

TEST(BinaryArithmetic, BroadcastModesAndShapeInference) {
    const auto f = element::f32;
    EXPECT_EQ(binary("Add", f, {2, 3, 4}, f, {3, 1})->get_output_partial_shape(0), PartialShape({2, 3, 4}));
    EXPECT_EQ(binary("Add", f, PartialShape("[?,3]"), f, {4, 1})->get_output_partial_shape(0),
              PartialShape({4, 3}));
    EXPECT_EQ(binary("Add", f, PartialShape("[?,1]"), f, PartialShape("[1,?]"))->get_output_partial_shape(0),
              PartialShape("[?,?]"));
    EXPECT_TRUE(binary("Add", f, PartialShape::dynamic(), f, {3})->get_output_partial_shape(0).rank_is_dynamic());
    EXPECT_THROW(binary("Add", f, {2, 3}, f, {4, 3}), ModelError);
    const Attributes none = {{"auto_broadcast", "none"}};
    EXPECT_EQ(binary("Multiply", f, {2, 3}, f, {2, 3}, none)->get_output_partial_shape(0), PartialShape({2, 3}));
    EXPECT_EQ(binary("Multiply", f, PartialShape("[?,3]"), f, PartialShape("[2,?]"), none)
                  ->get_output_partial_shape(0),
              PartialShape({2, 3}));
    EXPECT_THROW(binary("Multiply", f, {2, 3}, f, {3}, none), ModelError);
    EXPECT_THROW(binary("Multiply", f, {2, 3}, f, {1, 3}, none), ModelError);
    EXPECT_THROW(binary("Add", f, {2, 3}, f, {3}, {{"auto_broadcast", "pdpd"}}), ModelError);
    EXPECT_THROW(binary("Add", f, {2, 3}, f, {3}, {{"auto_broadcast", "explicit"}}), ModelError);
    EXPECT_THROW(binary("Divide", f, {2}, f, {2}, {{"m_pythondiv", "maybe"}}), ModelError);
    const Tensor a = test::random_tensor(f, {2, 3}, -1, 1, 3), b = test::random_tensor(f, {2, 3}, -1, 1, 4);
    EXPECT_TENSOR_NEAR(run2("Add", a, b, none), reference(a, b, std::plus<double>(), std::plus<int64_t>()), 1e-6,
                       1e-6);
}

TEST(BinaryArithmetic, InvalidTypes) {
    for (const char* t : {"Add", "Subtract", "Multiply", "Divide", "Maximum", "Minimum", "Power",
                          "SquaredDifference", "FloorMod", "Mod", "PRelu"}) {
        EXPECT_THROW(binary(t, element::f32, {2}, element::i32, {2}), ModelError) << t;  // mixed types
        EXPECT_THROW(binary(t, element::f16, {2}, element::f32, {2}), ModelError) << t;
        EXPECT_THROW(binary(t, element::boolean, {2}, element::boolean, {2}), ModelError) << t;
    }
    const auto p = op::parameter(element::f32, {2});
    EXPECT_THROW(op::make("Add", {p}), ModelError);
    EXPECT_THROW(op::make("Add", {p, p, p}), ModelError);
}

TEST(BinaryArithmetic, RuntimeInputsAreChecked) {
    auto node = binary("Add", element::f32, PartialShape("[?,3]"), element::f32, PartialShape("[?,3]"));
    const Tensor a = test::random_tensor(element::f32, {2, 3}), b = test::random_tensor(element::f32, {4, 3});
    EXPECT_THROW(eval(node, {a, b}), ModelError);
    EXPECT_THROW(eval(node, {a, test::random_tensor(element::i32, {2, 3}, 0, 5)}), ModelError);
    EXPECT_EQ(eval(node, {a, test::random_tensor(element::f32, {1, 3})}).get_shape(), (Shape{2, 3}));
}

TEST(PRelu, PerChannelAndNumpySlopes) {
    // data [2,3,3] with slope [3]: axis 1 (per channel), not the last axis as numpy would.
    const Tensor data = test::random_tensor(element::f32, {2, 3, 3}, -2, 2, 11);
    const Tensor slope = make_tensor<float>(element::f32, {3}, {0.1f, 0.2f, 0.3f});
    const auto dv = test::values(data);
    std::vector<double> want(dv.size());
    for (size_t i = 0; i < dv.size(); ++i) {
        const double s = 0.1 * static_cast<double>((i / 3) % 3 + 1);
        want[i] = dv[i] < 0 ? dv[i] * s : dv[i];
    }
    EXPECT_TENSOR_NEAR(run2("PRelu", data, slope), make_tensor<double>(element::f32, {2, 3, 3}, want), 1e-6, 1e-6);

    const RealFn prelu = [](double x, double s) { return x < 0 ? x * s : x; };
    const IntFn prelu_i = [](int64_t x, int64_t s) { return x < 0 ? x * s : x; };
    uint32_t seed = 20;
    const std::vector<std::pair<Shape, Shape>> numpy_cases = {
        {{1, 2, 2, 4}, {4}}, {{2, 5}, {5}}, {{6}, {6}}, {{6}, {1}}, {{2, 3, 4}, {3, 1}}, {{2, 3, 4}, {2, 3, 4}},
        {{2, 3}, {1}}};
    for (element::Type t : {element::f32, element::f16, element::i32, element::i8}) {
        for (const auto& [ds, ss] : numpy_cases) {
            SCOPED_TRACE(t.get_type_name() + " " + ds.to_string() + " " + ss.to_string());
            const Tensor x = test::random_tensor(t, ds, -5, 5, seed++);
            const Tensor s = test::random_tensor(t, ss, t.is_real() ? 0 : 1, 3, seed++);
            EXPECT_TENSOR_NEAR(run2("PRelu", x, s), reference(x, s, prelu, prelu_i), 2e-3, 2e-3);
        }
    }
    // Per channel on a 4-D tensor.
    const Tensor x4 = make_tensor<float>(element::f32, {1, 2, 1, 2}, {-1, 2, -3, 4});
    EXPECT_TENSOR_NEAR(run2("PRelu", x4, make_tensor<float>(element::f32, {2}, {0.5f, 2})),
                       make_tensor<float>(element::f32, {1, 2, 1, 2}, {-0.5f, 2, -6, 4}), 0, 0);
}

TEST(PRelu, ShapeAndTypeChecks) {
    const auto f = element::f32;
    EXPECT_EQ(binary("PRelu", f, PartialShape("[?,3,?]"), f, {3})->get_output_partial_shape(0),
              PartialShape("[?,3,?]"));
    EXPECT_THROW(binary("PRelu", f, {2, 3, 4}, f, {5}), ModelError);
    EXPECT_THROW(binary("PRelu", f, {2, 3}, f, {2, 2, 3}), ModelError);  // slope would grow the output
    EXPECT_THROW(binary("PRelu", f, {4, 1}, f, {4, 3}), ModelError);
    EXPECT_THROW(binary("PRelu", element::u8, {2, 3}, element::u8, {3}), ModelError);
    EXPECT_EQ(binary("PRelu", f, {3}, f, {1, 1, 3})->get_output_partial_shape(0), PartialShape({3}));
    const Tensor x = make_tensor<float>(element::f32, {3}, {-1, 0, 2});
    EXPECT_TENSOR_NEAR(run2("PRelu", x, make_tensor<float>(element::f32, {1, 1, 3}, {2, 2, 2})),
                       make_tensor<float>(element::f32, {3}, {-2, 0, 2}), 0, 0);
}
