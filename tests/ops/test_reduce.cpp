// Reduce ops against a brute-force formulation: every output element gathers the input elements
// whose coordinates agree with it on the kept axes, then folds them in long double.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <set>

#include "common/test_utils.hpp"
#include "ovcl/except.hpp"
#include "ovcl/op_registry.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;
using test::eval_single;

namespace {

using Fold = std::function<long double(const std::vector<long double>&)>;

long double sum_of(const std::vector<long double>& v) {
    long double s = 0;
    for (long double x : v)
        s += x;
    return s;
}

const std::map<std::string, Fold>& folds() {
    static const std::map<std::string, Fold> f = {
        {"ReduceSum", sum_of},
        {"ReduceMean", [](const auto& v) { return sum_of(v) / static_cast<long double>(v.size()); }},
        {"ReduceMax", [](const auto& v) { return *std::max_element(v.begin(), v.end()); }},
        {"ReduceMin", [](const auto& v) { return *std::min_element(v.begin(), v.end()); }},
        {"ReduceProd",
         [](const auto& v) {
             long double p = 1;
             for (long double x : v)
                 p *= x;
             return p;
         }},
        {"ReduceL1",
         [](const auto& v) {
             long double s = 0;
             for (long double x : v)
                 s += std::fabs(x);
             return s;
         }},
        {"ReduceL2",
         [](const auto& v) {
             long double s = 0;
             for (long double x : v)
                 s += x * x;
             return std::sqrt(s);
         }},
        {"ReduceLogicalAnd",
         [](const auto& v) { return std::all_of(v.begin(), v.end(), [](long double x) { return x != 0; }) ? 1 : 0; }},
        {"ReduceLogicalOr",
         [](const auto& v) { return std::any_of(v.begin(), v.end(), [](long double x) { return x != 0; }) ? 1 : 0; }},
    };
    return f;
}

// Expected output (as doubles, C order) and shape.
std::pair<std::vector<double>, Shape> brute_force(const std::string& type, const Tensor& data,
                                                  const std::vector<int64_t>& axes, bool keep_dims) {
    const Shape& shape = data.get_shape();
    const auto rank = static_cast<int64_t>(shape.size());
    std::set<size_t> reduced;
    for (int64_t a : axes)
        reduced.insert(static_cast<size_t>(a < 0 ? a + rank : a));
    Shape kept_shape, out_shape;
    std::vector<size_t> kept_axes;
    for (size_t d = 0; d < shape.size(); ++d) {
        if (!reduced.count(d)) {
            kept_shape.push_back(shape[d]);
            kept_axes.push_back(d);
            out_shape.push_back(shape[d]);
        } else if (keep_dims) {
            out_shape.push_back(1);
        }
    }
    const auto in = test::values(data);
    std::vector<double> out;
    for (size_t o = 0; o < shape_size(kept_shape); ++o) {
        const auto oc = test::unravel(o, kept_shape);
        std::vector<long double> group;
        for (size_t i = 0; i < in.size(); ++i) {
            const auto ic = test::unravel(i, shape);
            bool match = true;
            for (size_t k = 0; k < kept_axes.size(); ++k)
                match = match && ic[kept_axes[k]] == oc[k];
            if (match)
                group.push_back(in[i]);
        }
        out.push_back(static_cast<double>(folds().at(type)(group)));
    }
    return {out, out_shape};
}

std::shared_ptr<Node> reduce_node(const std::string& type, element::Type et, const PartialShape& shape,
                                  const std::vector<int64_t>& axes, bool keep_dims, bool scalar_axes = false) {
    auto data = op::parameter(et, shape);
    auto ax = op::constant<int64_t>(element::i64, scalar_axes ? Shape{} : Shape{axes.size()}, axes);
    return op::make(type, {data, ax}, {{"keep_dims", keep_dims ? "true" : "false"}});
}

Tensor axes_tensor(const std::vector<int64_t>& axes, bool scalar = false) {
    return test::make_tensor<int64_t>(element::i64, scalar ? Shape{} : Shape{axes.size()}, axes);
}

void check_against_brute_force(const std::string& type, element::Type et, const Shape& shape,
                               const std::vector<int64_t>& axes, bool keep_dims, double lo, double hi, double tol,
                               uint32_t seed) {
    SCOPED_TRACE(type + " " + et.get_type_name() + " " + shape.to_string() + " axes " + op::list(axes) +
                 (keep_dims ? " keep" : " drop"));
    const Tensor data = test::random_tensor(et, shape, lo, hi, seed);
    auto node = reduce_node(type, et, shape, axes, keep_dims);
    const auto [expected, out_shape] = brute_force(type, data, axes, keep_dims);
    EXPECT_EQ(node->get_output_partial_shape(0), PartialShape(out_shape));
    EXPECT_EQ(node->get_output_element_type(0), et);
    const Tensor actual = eval_single(*node, {data, axes_tensor(axes)});
    EXPECT_TENSOR_NEAR(actual, test::make_tensor<double>(et, out_shape, expected), tol, tol);
}

const std::vector<std::vector<int64_t>> kAxesSets3d = {{0}, {1}, {2}, {-1}, {0, 2}, {-3, -1}, {2, 0}, {0, 1, 2}, {}};

}  // namespace

TEST(Reduce, RealTypesMatchBruteForceOverAxesAndKeepDims) {
    uint32_t seed = 1;
    for (const std::string type : {"ReduceSum", "ReduceMean", "ReduceMax", "ReduceMin", "ReduceL1", "ReduceL2"})
        for (const auto& axes : kAxesSets3d)
            for (bool keep : {false, true}) {
                check_against_brute_force(type, element::f32, {2, 3, 4}, axes, keep, -2, 2, 1e-5, seed++);
                check_against_brute_force(type, element::f16, {3, 2, 5}, axes, keep, -2, 2, 2e-3, seed++);
            }
}

TEST(Reduce, ProdStaysAccurateWithValuesNearOne) {
    uint32_t seed = 100;
    for (const auto& axes : kAxesSets3d)
        for (bool keep : {false, true}) {
            check_against_brute_force("ReduceProd", element::f32, {2, 3, 4}, axes, keep, 0.5, 1.5, 1e-5, seed++);
            check_against_brute_force("ReduceProd", element::f16, {2, 3, 2}, axes, keep, 0.5, 1.5, 3e-3, seed++);
        }
}

TEST(Reduce, HigherRanksAndScalarAxes) {
    check_against_brute_force("ReduceSum", element::f32, {2, 1, 3, 2, 2}, {1, 3, -1}, true, -1, 1, 1e-5, 7);
    check_against_brute_force("ReduceMax", element::f32, {2, 1, 3, 2, 2}, {-5, 2}, false, -1, 1, 0, 8);
    check_against_brute_force("ReduceMean", element::f32, {7}, {0}, false, -1, 1, 1e-6, 9);

    // A scalar axes input reduces one axis.
    auto node = reduce_node("ReduceSum", element::f32, Shape{2, 3}, {1}, false, true);
    EXPECT_EQ(node->get_output_partial_shape(0), PartialShape(Shape{2}));
    const Tensor data = test::make_tensor<float>(element::f32, {2, 3}, {1, 2, 3, 4, 5, 6});
    EXPECT_TENSOR_EQ(eval_single(*node, {data, axes_tensor({1}, true)}),
                     test::make_tensor<float>(element::f32, {2}, {6, 15}));
}

TEST(Reduce, IntegerTypesAreExact) {
    uint32_t seed = 200;
    for (const element::Type et : {element::i32, element::i64})
        for (const std::string type : {"ReduceSum", "ReduceMax", "ReduceMin", "ReduceProd", "ReduceL1"})
            for (const auto& axes : kAxesSets3d)
                for (bool keep : {false, true})
                    check_against_brute_force(type, et, {2, 3, 2}, axes, keep, -9, 9, 0, seed++);
}

TEST(Reduce, IntegerMeanTruncatesTowardZero) {
    for (const element::Type et : {element::i32, element::i64}) {
        auto node = reduce_node("ReduceMean", et, Shape{2, 2}, {1}, false);
        const Tensor data = test::make_tensor<int64_t>(et, {2, 2}, {-7, 2, 7, 0});
        // -5 / 2 -> -2, 7 / 2 -> 3
        EXPECT_TENSOR_EQ(eval_single(*node, {data, axes_tensor({1})}), test::make_tensor<int64_t>(et, {2}, {-2, 3}));
    }
}

TEST(Reduce, IntegerSumWrapsLikeTheElementType) {
    auto node = reduce_node("ReduceSum", element::i32, Shape{2}, {0}, false);
    const int32_t big = std::numeric_limits<int32_t>::max();
    const Tensor data = test::make_tensor<int32_t>(element::i32, {2}, {big, 1});
    EXPECT_TENSOR_EQ(eval_single(*node, {data, axes_tensor({0})}),
                     test::make_tensor<int32_t>(element::i32, {}, {std::numeric_limits<int32_t>::min()}));
}

TEST(Reduce, F32SumAccumulatesInDouble) {
    // In f32 arithmetic 1e8 + 1 rounds back to 1e8 and the sum would be 0.
    auto node = reduce_node("ReduceSum", element::f32, Shape{3}, {0}, false);
    const Tensor data = test::make_tensor<float>(element::f32, {3}, {1e8f, 1.f, -1e8f});
    EXPECT_TENSOR_EQ(eval_single(*node, {data, axes_tensor({0})}), test::make_tensor<float>(element::f32, {}, {1.f}));
    auto mean = reduce_node("ReduceMean", element::f32, Shape{3}, {0}, true);
    EXPECT_TENSOR_NEAR(eval_single(*mean, {data, axes_tensor({0})}),
                       test::make_tensor<float>(element::f32, {1}, {1.f / 3}), 1e-7, 0);
}

TEST(Reduce, HandValues) {
    const Tensor data = test::make_tensor<float>(element::f32, {2, 3}, {1, -2, 3, -4, 5, -6});
    const auto run = [&](const std::string& type, const std::vector<int64_t>& axes, bool keep) {
        return eval_single(*reduce_node(type, element::f32, Shape{2, 3}, axes, keep), {data, axes_tensor(axes)});
    };
    EXPECT_TENSOR_EQ(run("ReduceSum", {0}, true), test::make_tensor<float>(element::f32, {1, 3}, {-3, 3, -3}));
    EXPECT_TENSOR_EQ(run("ReduceMax", {1}, false), test::make_tensor<float>(element::f32, {2}, {3, 5}));
    EXPECT_TENSOR_EQ(run("ReduceMin", {-1}, false), test::make_tensor<float>(element::f32, {2}, {-2, -6}));
    EXPECT_TENSOR_EQ(run("ReduceProd", {0, 1}, false), test::make_tensor<float>(element::f32, {}, {-720}));
    EXPECT_TENSOR_EQ(run("ReduceL1", {0, 1}, true), test::make_tensor<float>(element::f32, {1, 1}, {21}));
    EXPECT_TENSOR_NEAR(run("ReduceL2", {1}, false),
                       test::make_tensor<double>(element::f32, {2}, {std::sqrt(14.0), std::sqrt(77.0)}), 1e-6, 1e-6);
    EXPECT_TENSOR_EQ(run("ReduceMean", {0}, false), test::make_tensor<float>(element::f32, {3}, {-1.5, 1.5, -1.5}));
}

TEST(Reduce, EmptyAxesIsIdentity) {
    for (const std::string type : {"ReduceSum", "ReduceMean", "ReduceProd", "ReduceMax", "ReduceL2"})
        for (bool keep : {false, true}) {
            auto node = reduce_node(type, element::f32, Shape{2, 3}, {}, keep);
            EXPECT_EQ(node->get_output_partial_shape(0), PartialShape(Shape{2, 3}));
            const Tensor data = test::make_tensor<float>(element::f32, {2, 3}, {1, 2, 3, 4, 5, 6});
            EXPECT_TENSOR_EQ(eval_single(*node, {data, axes_tensor({})}), data) << type;
        }
}

TEST(Reduce, LogicalAndOr) {
    uint32_t seed = 300;
    for (const std::string type : {"ReduceLogicalAnd", "ReduceLogicalOr"})
        for (const auto& axes : kAxesSets3d)
            for (bool keep : {false, true})
                check_against_brute_force(type, element::boolean, {2, 3, 2}, axes, keep, 0, 1, 0, seed++);

    const Tensor data = test::make_tensor<int>(element::boolean, {2, 2}, {1, 1, 0, 1});
    auto all = reduce_node("ReduceLogicalAnd", element::boolean, Shape{2, 2}, {1}, false);
    EXPECT_TENSOR_EQ(eval_single(*all, {data, axes_tensor({1})}),
                     test::make_tensor<int>(element::boolean, {2}, {1, 0}));
    auto any = reduce_node("ReduceLogicalOr", element::boolean, Shape{2, 2}, {0}, true);
    EXPECT_TENSOR_EQ(eval_single(*any, {data, axes_tensor({0})}),
                     test::make_tensor<int>(element::boolean, {1, 2}, {1, 1}));
}

TEST(Reduce, DynamicShapes) {
    auto a = reduce_node("ReduceSum", element::f32, PartialShape{Dimension(), 3, 4}, {1}, false);
    EXPECT_EQ(a->get_output_partial_shape(0), (PartialShape{Dimension(), 4}));
    auto b = reduce_node("ReduceMax", element::f32, PartialShape::dynamic(), {1}, true);
    EXPECT_TRUE(b->get_output_partial_shape(0).rank_is_dynamic());

    // Axes known only at run time.
    auto data = op::parameter(element::f32, Shape{2, 3, 4});
    auto axes = op::parameter(element::i32, Shape{1});
    auto keep = op::make("ReduceSum", {data, axes}, {{"keep_dims", "true"}});
    EXPECT_EQ(keep->get_output_partial_shape(0), PartialShape::dynamic(3));
    auto drop = op::make("ReduceSum", {data, axes}, {{"keep_dims", "false"}});
    EXPECT_TRUE(drop->get_output_partial_shape(0).rank_is_dynamic());
    const Tensor x = test::random_tensor(element::f32, {2, 3, 4}, -1, 1, 5);
    const Tensor ax = test::make_tensor<int32_t>(element::i32, {1}, {-2});
    const auto [expected, shape] = brute_force("ReduceSum", x, {-2}, false);
    EXPECT_TENSOR_NEAR(eval_single(*drop, {x, ax}), test::make_tensor<double>(element::f32, shape, expected), 1e-5,
                       1e-5);
}

TEST(Reduce, InvalidCasesThrowModelError) {
    const auto f32 = element::f32;
    EXPECT_THROW(reduce_node("ReduceSum", f32, Shape{2, 3, 4}, {3}, false), ModelError);
    EXPECT_THROW(reduce_node("ReduceMean", f32, Shape{2, 3, 4}, {-4}, true), ModelError);
    EXPECT_THROW(reduce_node("ReduceSum", f32, Shape{}, {0}, false), ModelError);
    EXPECT_THROW(reduce_node("ReduceSum", element::boolean, Shape{2}, {0}, false), ModelError);
    EXPECT_THROW(reduce_node("ReduceLogicalOr", f32, Shape{2}, {0}, false), ModelError);
    auto data = op::parameter(f32, Shape{2, 3});
    auto axes2d = op::constant<int64_t>(element::i64, {1, 1}, {0});
    EXPECT_THROW(op::make("ReduceSum", {data, axes2d}), ModelError);
    auto float_axes = op::constant<float>(f32, {1}, {0});
    EXPECT_THROW(op::make("ReduceSum", {data, float_axes}), ModelError);
    EXPECT_THROW(op::make("ReduceSum", {data}), ModelError);
    auto axes = op::constant<int64_t>(element::i64, {1}, {0});
    EXPECT_THROW(op::make("ReduceSum", {data, axes, axes}), ModelError);
    EXPECT_THROW(op::make("ReduceSum", {data, axes}, {{"keep_dims", "maybe"}}), ModelError);
    EXPECT_THROW(op::make("ReduceL1", {data, axes}, {}, 1), ModelError);  // ReduceL1 starts at opset4
}

TEST(Reduce, MismatchingRuntimeInputs) {
    EvalContext ctx;
    auto data = op::parameter(element::f32, PartialShape::dynamic());
    auto axes = op::parameter(element::i64, Shape{1});
    auto node = op::make("ReduceSum", {data, axes});
    const Tensor x = test::random_tensor(element::f32, {2, 3});
    EXPECT_THROW(evaluate_node(*node, {x, axes_tensor({2})}, ctx), ModelError);  // axis out of range
    EXPECT_THROW(evaluate_node(*node, {x, axes_tensor({-3})}, ctx), ModelError);
    EXPECT_THROW(evaluate_node(*node, {x, test::random_tensor(element::f32, {1})}, ctx), ModelError);
    const Tensor flags = test::make_tensor<int>(element::boolean, {2}, {1, 0});
    EXPECT_THROW(evaluate_node(*node, {flags, axes_tensor({0})}, ctx), ModelError);
    EXPECT_THROW(evaluate_node(*node, {x}, ctx), InvalidArgument);
    // ReduceL2 has no integer definition to follow.
    auto ints = reduce_node("ReduceL2", element::i32, Shape{2}, {0}, false);
    EXPECT_THROW(evaluate_node(*ints, {test::make_tensor<int>(element::i32, {2}, {3, 4}), axes_tensor({0})}, ctx),
                 NotImplemented);
}
