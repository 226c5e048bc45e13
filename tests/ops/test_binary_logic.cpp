// Comparisons, logical binary ops and Select against a coordinate-by-coordinate reference.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "common/test_utils.hpp"
#include "ovcl/op_registry.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;
using test::broadcast_at;
using test::eval;
using test::make_tensor;

namespace {

std::shared_ptr<Node> make_from(const std::string& type, const TensorVector& in, const Attributes& attrs = {}) {
    OutputVector args;
    for (const auto& t : in)
        args.push_back(op::parameter(t.get_element_type(), t.get_shape()));
    return op::make(type, args, attrs);
}

Tensor run_on(const std::string& type, const TensorVector& in, const Attributes& attrs = {}) {
    return eval(make_from(type, in, attrs), in);
}

Shape numpy_shape(const std::vector<Shape>& shapes) {
    size_t rank = 0;
    for (const auto& s : shapes)
        rank = std::max(rank, s.size());
    Shape out(rank, 1);
    for (const auto& s : shapes)
        for (size_t k = 0; k < s.size(); ++k)
            if (s[s.size() - 1 - k] != 1)
                out[rank - 1 - k] = s[s.size() - 1 - k];
    return out;
}

/// f over the broadcast output, walking coordinates explicitly.
Tensor reference(element::Type out_type, const TensorVector& in,
                 const std::function<double(const std::vector<double>&)>& f) {
    std::vector<Shape> shapes;
    std::vector<std::vector<double>> vals;
    for (const auto& t : in) {
        shapes.push_back(t.get_shape());
        vals.push_back(test::values(t));
    }
    const Shape out = numpy_shape(shapes);
    std::vector<double> r;
    Coordinate c(out.size(), 0);
    for (size_t n = 0; n < shape_size(out); ++n) {
        std::vector<double> args;
        for (size_t k = 0; k < in.size(); ++k)
            args.push_back(broadcast_at(vals[k], in[k].get_shape(), c));
        r.push_back(f(args));
        for (size_t ax = out.size(); ax-- > 0;) {
            if (++c[ax] < out[ax])
                break;
            c[ax] = 0;
        }
    }
    return make_tensor<double>(out_type, out, r);
}

const std::vector<std::pair<Shape, Shape>> kShapePairs = {
    {{2, 3, 4}, {2, 3, 4}}, {{}, {5}}, {{5}, {}}, {{2, 3, 4}, {4}}, {{2, 3, 1}, {1, 1, 4}},
    {{3, 1, 2}, {4, 1}},    {{0, 2}, {2}}, {{40, 17}, {17}}};

struct Cmp {
    std::string type;
    std::function<bool(double, double)> f;
};

}  // namespace

TEST(Comparison, MatchesReferenceForAllTypes) {
    const std::vector<Cmp> ops = {{"Equal", std::equal_to<double>()},
                                  {"NotEqual", std::not_equal_to<double>()},
                                  {"Less", std::less<double>()},
                                  {"LessEqual", std::less_equal<double>()},
                                  {"Greater", std::greater<double>()},
                                  {"GreaterEqual", std::greater_equal<double>()}};
    uint32_t seed = 1;
    for (const auto& op : ops) {
        for (element::Type t : {element::f32, element::f16, element::i32, element::i64, element::i8, element::u8,
                                element::boolean}) {
            for (const auto& [sa, sb] : kShapePairs) {
                SCOPED_TRACE(op.type + " " + t.get_type_name() + " " + sa.to_string() + " " + sb.to_string());
                // Few distinct values, so equal pairs are common.
                const Tensor a = test::random_tensor(t, sa, 0, 3, seed++);
                const Tensor b = test::random_tensor(t, sb, 0, 3, seed++);
                const Tensor want = reference(element::boolean, {a, b}, [&](const std::vector<double>& v) {
                    return op.f(v[0], v[1]) ? 1.0 : 0.0;
                });
                EXPECT_TENSOR_EQ(run_on(op.type, {a, b}), want);
            }
        }
    }
}

TEST(Comparison, HandValuesAndNaN) {
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const Tensor a = make_tensor<float>(element::f32, {4}, {1, -2, nan, 3});
    const Tensor b = make_tensor<float>(element::f32, {4}, {1, 2, nan, -3});
    auto boolean = [](std::vector<int> v) { return make_tensor<int>(element::boolean, {v.size()}, v); };
    EXPECT_TENSOR_EQ(run_on("Equal", {a, b}), boolean({1, 0, 0, 0}));
    EXPECT_TENSOR_EQ(run_on("NotEqual", {a, b}), boolean({0, 1, 1, 1}));
    EXPECT_TENSOR_EQ(run_on("Less", {a, b}), boolean({0, 1, 0, 0}));
    EXPECT_TENSOR_EQ(run_on("GreaterEqual", {a, b}), boolean({1, 0, 0, 1}));
    const Tensor big = make_tensor<int64_t>(element::i64, {2}, {(int64_t(1) << 53) + 1, -5});
    const Tensor big2 = make_tensor<int64_t>(element::i64, {2}, {int64_t(1) << 53, -5});
    EXPECT_TENSOR_EQ(run_on("Greater", {big, big2}), boolean({1, 0}));  // compared exactly, not as doubles
    auto node = make_from("Less", {a, b});
    EXPECT_EQ(node->get_output_element_type(0), element::boolean);
}

TEST(Logical, TruthTablesWithBroadcasting) {
    const Tensor a = make_tensor<int>(element::boolean, {2, 1}, {0, 1});
    const Tensor b = make_tensor<int>(element::boolean, {1, 2}, {0, 1});
    EXPECT_TENSOR_EQ(run_on("LogicalAnd", {a, b}), make_tensor<int>(element::boolean, {2, 2}, {0, 0, 0, 1}));
    EXPECT_TENSOR_EQ(run_on("LogicalOr", {a, b}), make_tensor<int>(element::boolean, {2, 2}, {0, 1, 1, 1}));
    EXPECT_TENSOR_EQ(run_on("LogicalXor", {a, b}), make_tensor<int>(element::boolean, {2, 2}, {0, 1, 1, 0}));
    uint32_t seed = 5;
    for (const auto& [sa, sb] : kShapePairs) {
        const Tensor x = test::random_tensor(element::boolean, sa, 0, 1, seed++);
        const Tensor y = test::random_tensor(element::boolean, sb, 0, 1, seed++);
        EXPECT_TENSOR_EQ(run_on("LogicalXor", {x, y}),
                         reference(element::boolean, {x, y}, [](const auto& v) { return v[0] != v[1] ? 1.0 : 0.0; }));
        EXPECT_TENSOR_EQ(run_on("LogicalAnd", {x, y}),
                         reference(element::boolean, {x, y}, [](const auto& v) { return v[0] * v[1]; }));
    }
    for (const char* t : {"LogicalAnd", "LogicalOr", "LogicalXor"}) {
        EXPECT_THROW(op::make(t, {op::parameter(element::f32, {2}), op::parameter(element::f32, {2})}), ModelError);
        EXPECT_THROW(op::make(t, {op::parameter(element::boolean, {2}), op::parameter(element::u8, {2})}),
                     ModelError);
        EXPECT_THROW(op::make(t, {op::parameter(element::boolean, {2}), op::parameter(element::boolean, {3})}),
                     ModelError);
    }
}

TEST(Comparison, InvalidInputs) {
    for (const char* t : {"Equal", "NotEqual", "Less", "LessEqual", "Greater", "GreaterEqual"}) {
        EXPECT_THROW(op::make(t, {op::parameter(element::f32, {2}), op::parameter(element::i32, {2})}), ModelError);
        EXPECT_THROW(op::make(t, {op::parameter(element::f32, {2, 3}), op::parameter(element::f32, {3, 2})}),
                     ModelError);
        EXPECT_THROW(op::make(t, {op::parameter(element::f32, {2}), op::parameter(element::f32, {1})},
                              {{"auto_broadcast", "none"}}),
                     ModelError);
    }
}

TEST(Select, ThreeWayBroadcastAllTypes) {
    const std::vector<std::array<Shape, 3>> shapes = {
        {Shape{2, 1, 3}, Shape{1, 4, 1}, Shape{}},  {Shape{5}, Shape{5}, Shape{5}}, {Shape{}, Shape{2, 3}, Shape{3}},
        {Shape{3, 1}, Shape{3, 4}, Shape{1, 4}},    {Shape{2, 2}, Shape{}, Shape{}}, {Shape{0, 3}, Shape{3}, Shape{1}},
        {Shape{1, 33}, Shape{7, 1}, Shape{7, 33}}};
    uint32_t seed = 9;
    for (element::Type t : {element::f32, element::f16, element::i64, element::i8, element::u8, element::boolean}) {
        for (const auto& s : shapes) {
            SCOPED_TRACE(t.get_type_name() + " " + s[0].to_string() + s[1].to_string() + s[2].to_string());
            const Tensor c = test::random_tensor(element::boolean, s[0], 0, 1, seed++);
            const Tensor x = test::random_tensor(t, s[1], -100, 100, seed++);
            const Tensor y = test::random_tensor(t, s[2], -100, 100, seed++);
            const Tensor want = reference(t, {c, x, y}, [](const auto& v) { return v[0] != 0 ? v[1] : v[2]; });
            EXPECT_TENSOR_EQ(run_on("Select", {c, x, y}), want);
        }
    }
    const Tensor c = make_tensor<int>(element::boolean, {2, 2}, {1, 0, 0, 1});
    const Tensor x = make_tensor<float>(element::f32, {2}, {1, 2});
    const Tensor y = make_tensor<float>(element::f32, {2, 1}, {7, 8});
    EXPECT_TENSOR_EQ(run_on("Select", {c, x, y}), make_tensor<float>(element::f32, {2, 2}, {1, 7, 8, 2}));
}

TEST(Select, InvalidInputs) {
    const auto b = op::parameter(element::boolean, {2});
    const auto f = op::parameter(element::f32, {2});
    EXPECT_THROW(op::make("Select", {f, f, f}), ModelError);                                    // cond not boolean
    EXPECT_THROW(op::make("Select", {b, f, op::parameter(element::i32, {2})}), ModelError);    // mixed types
    EXPECT_THROW(op::make("Select", {op::parameter(element::boolean, {3}), f, f}), ModelError);  // shapes
    EXPECT_THROW(op::make("Select", {b, f, op::parameter(element::f32, {1})}, {{"auto_broadcast", "none"}}),
                 ModelError);
    EXPECT_THROW(op::make("Select", {b, f}), ModelError);
    EXPECT_EQ(op::make("Select", {b, f, f}, {{"auto_broadcast", "none"}})->get_output_partial_shape(0),
              PartialShape({2}));
    EXPECT_EQ(op::make("Select", {op::parameter(element::boolean, PartialShape("[?,1]")),
                                  op::parameter(element::f16, {1, 4}), op::parameter(element::f16, {3, 1})})
                  ->get_output_partial_shape(0),
              PartialShape({3, 4}));
    auto node = op::make("Select", {op::parameter(element::boolean, PartialShape("[?]")), f, f});
    EXPECT_THROW(eval(node, {make_tensor<int>(element::boolean, {3}, {1, 0, 1}),
                            make_tensor<float>(element::f32, {2}, {1, 2}),
                            make_tensor<float>(element::f32, {2}, {1, 2})}),
                 ModelError);
}

// Xor-1, the old name of LogicalXor (OpenVINO's v0::Xor): the same truth table with numpy broadcasting.
TEST(Logical, XorVersion1IsLogicalXor) {
    const Tensor a = make_tensor<int>(element::boolean, {2, 2}, {0, 0, 1, 1});
    const Tensor b = make_tensor<int>(element::boolean, {2}, {0, 1});
    const auto n = op::make("Xor", {op::parameter(element::boolean, Shape{2, 2}), op::parameter(element::boolean, Shape{2})},
                            {}, 1);
    EXPECT_EQ(test::values(eval(n, {a, b})), (std::vector<double>{0, 1, 1, 0}));
    EXPECT_THROW(op::make("Xor", {op::parameter(element::f32, Shape{2}), op::parameter(element::boolean, Shape{2})}, {}, 1),
                 ModelError);
    EXPECT_THROW(op::make("Xor", {op::parameter(element::boolean, Shape{3}), op::parameter(element::boolean, Shape{2})}, {}, 1),
                 ModelError);
}
