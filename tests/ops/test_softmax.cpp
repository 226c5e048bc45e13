// Softmax-1/-8 and LogSoftmax-5 against a direct formulation: each line along the axis is
// gathered by coordinates and evaluated with exp(x) / sum(exp(x)) in long double. Inputs of large
// magnitude are checked through shift invariance: softmax(x + c) == softmax(x).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <optional>

#include "common/test_utils.hpp"
#include "ovcl/except.hpp"
#include "ovcl/op_registry.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;
using test::eval;

namespace {

// Expected values in C order; `values` must be moderate so the naive exp cannot overflow.
std::vector<double> naive_softmax(const std::vector<double>& values, const Shape& shape, int64_t axis, bool log) {
    const auto rank = static_cast<int64_t>(shape.size());
    const auto ax = static_cast<size_t>(axis < 0 ? axis + rank : axis);
    const Strides strides = row_major_strides(shape);
    std::vector<double> out(values.size());
    for (size_t i = 0; i < values.size(); ++i) {
        // The start of i's line: i with its coordinate on the axis set to 0.
        const size_t coord = (i / strides[ax]) % shape[ax];
        const size_t start = i - coord * strides[ax];
        long double sum = 0;
        for (size_t k = 0; k < shape[ax]; ++k)
            sum += std::exp(static_cast<long double>(values[start + k * strides[ax]]));
        const long double e = std::exp(static_cast<long double>(values[i]));
        out[i] = static_cast<double>(log ? std::log(e / sum) : e / sum);
    }
    return out;
}

std::shared_ptr<Node> softmax_node(const std::string& type, int64_t version, element::Type et,
                                   const PartialShape& shape, std::optional<int64_t> axis) {
    Attributes attrs;
    if (axis)
        attrs.emplace_back("axis", std::to_string(*axis));
    return op::make(type, {op::parameter(et, shape)}, attrs, version);
}

void check(const std::string& type, int64_t version, element::Type et, const Shape& shape, int64_t axis, double shift,
           double tol, uint32_t seed) {
    SCOPED_TRACE(type + "-" + std::to_string(version) + " " + et.get_type_name() + " " + shape.to_string() + " axis " +
                 std::to_string(axis) + " shift " + std::to_string(shift));
    const Tensor base = test::random_tensor(et, shape, -3, 3, seed);
    auto v = test::values(base);
    for (double& x : v)
        x += shift;
    const Tensor input = test::make_tensor<double>(et, shape, v);
    // The shifted input, as stored, minus the shift: the moderate line the naive formula can take.
    auto stored = test::values(input);
    for (double& x : stored)
        x -= shift;
    auto expected = naive_softmax(stored, shape, axis, type == "LogSoftmax");
    auto node = softmax_node(type, version, et, shape, axis);
    EXPECT_EQ(node->get_output_partial_shape(0), PartialShape(shape));
    EXPECT_TENSOR_NEAR(eval(*node, {input}), test::make_tensor<double>(et, shape, expected), tol, tol);
}

}  // namespace

TEST(Softmax, MatchesNaiveFormulaOverRanksAndAxes) {
    uint32_t seed = 1;
    const std::vector<Shape> shapes = {{5}, {3, 4}, {2, 3, 4}, {2, 3, 2, 3}};
    for (const Shape& shape : shapes)
        for (int64_t axis = 0; axis < static_cast<int64_t>(shape.size()); ++axis) {
            check("Softmax", 1, element::f32, shape, axis, 0, 1e-6, seed++);
            check("Softmax", 8, element::f32, shape, axis, 0, 1e-6, seed++);
            check("Softmax", 8, element::f32, shape, axis - static_cast<int64_t>(shape.size()), 0, 1e-6, seed++);
            check("LogSoftmax", 5, element::f32, shape, axis, 0, 1e-5, seed++);
            check("LogSoftmax", 5, element::f32, shape, axis - static_cast<int64_t>(shape.size()), 0, 1e-5, seed++);
            check("Softmax", 8, element::f16, shape, axis, 0, 2e-3, seed++);
            check("LogSoftmax", 5, element::f16, shape, axis, 0, 4e-3, seed++);
        }
}

TEST(Softmax, LargeMagnitudeInputsAreStable) {
    uint32_t seed = 500;
    for (double shift : {1e4, -1e4, 80.0, 3e5}) {
        check("Softmax", 8, element::f32, {2, 7}, -1, shift, 1e-6, seed++);
        check("Softmax", 1, element::f32, {3, 4, 2}, 1, shift, 1e-6, seed++);
        check("LogSoftmax", 5, element::f32, {2, 7}, 1, shift, 1e-5, seed++);
    }
    // f16 near its largest finite values.
    check("Softmax", 8, element::f16, {4, 6}, 1, 6e4, 2e-3, seed++);

    // Huge logits: one dominates completely.
    auto node = softmax_node("Softmax", 8, element::f32, Shape{3}, 0);
    const Tensor x = test::make_tensor<float>(element::f32, {3}, {1e38f, -1e38f, 0.f});
    EXPECT_TENSOR_EQ(eval(*node, {x}), test::make_tensor<float>(element::f32, {3}, {1, 0, 0}));
    auto log_node = softmax_node("LogSoftmax", 5, element::f32, Shape{3}, 0);
    const Tensor y = test::make_tensor<float>(element::f32, {3}, {1000.f, 1000.f, 1000.f});
    EXPECT_TENSOR_NEAR(eval(*log_node, {y}),
                       test::make_tensor<double>(element::f32, {3}, std::vector<double>(3, -std::log(3.0))), 1e-6, 0);
}

TEST(Softmax, HandValuesAndDefaultAxis) {
    // The default axis is 1.
    auto node = softmax_node("Softmax", 8, element::f32, Shape{2, 3}, std::nullopt);
    const Tensor x = test::make_tensor<float>(element::f32, {2, 3}, {1, 2, 3, 0, 0, 0});
    EXPECT_TENSOR_NEAR(eval(*node, {x}),
                       test::make_tensor<double>(element::f32, {2, 3},
                                                 {0.09003057317, 0.24472847105, 0.66524095577, 1. / 3, 1. / 3, 1. / 3}),
                       1e-7, 0);
    auto v1 = softmax_node("Softmax", 1, element::f32, Shape{2, 3}, std::nullopt);
    EXPECT_EQ(v1->get_version(), 1);
    EXPECT_TENSOR_NEAR(eval(*v1, {x}), eval(*node, {x}), 0, 0);
    auto log_node = softmax_node("LogSoftmax", 5, element::f32, Shape{2, 2}, 0);
    const Tensor y = test::make_tensor<float>(element::f32, {2, 2}, {0, 1, 0, 3});
    const double l2 = std::log(2.0), l1e2 = std::log1p(std::exp(2.0));
    EXPECT_TENSOR_NEAR(eval(*log_node, {y}),
                       test::make_tensor<double>(element::f32, {2, 2}, {-l2, -l1e2, -l2, 2 - l1e2}), 1e-6, 0);
}

TEST(Softmax, DynamicShapes) {
    auto node = softmax_node("Softmax", 8, element::f32, PartialShape::dynamic(), -1);
    EXPECT_TRUE(node->get_output_partial_shape(0).rank_is_dynamic());
    auto dims = softmax_node("LogSoftmax", 5, element::f16, PartialShape{Dimension(), 4}, 1);
    EXPECT_EQ(dims->get_output_partial_shape(0), (PartialShape{Dimension(), 4}));
    EXPECT_EQ(dims->get_output_element_type(0), element::f16);
    const Tensor x = test::random_tensor(element::f32, {3, 5}, -1, 1, 9);
    EXPECT_TENSOR_NEAR(
        eval(*node, {x}),
        test::make_tensor<double>(element::f32, {3, 5}, naive_softmax(test::values(x), {3, 5}, 1, false)), 1e-6, 1e-6);
}

TEST(Softmax, InvalidCasesThrowModelError) {
    const auto f32 = element::f32;
    EXPECT_THROW(softmax_node("Softmax", 1, f32, Shape{2, 3}, -1), ModelError);  // Softmax-1: no negative axes
    EXPECT_THROW(softmax_node("Softmax", 1, f32, PartialShape::dynamic(), -1), ModelError);
    EXPECT_THROW(softmax_node("Softmax", 1, f32, Shape{2, 3}, 2), ModelError);
    EXPECT_THROW(softmax_node("Softmax", 8, f32, Shape{2, 3}, 2), ModelError);
    EXPECT_THROW(softmax_node("Softmax", 8, f32, Shape{2, 3}, -3), ModelError);
    EXPECT_THROW(softmax_node("LogSoftmax", 5, f32, Shape{2, 3}, -3), ModelError);
    EXPECT_THROW(softmax_node("Softmax", 8, f32, Shape{}, 0), ModelError);
    EXPECT_THROW(softmax_node("Softmax", 8, element::i32, Shape{2, 3}, 1), ModelError);
    EXPECT_THROW(softmax_node("LogSoftmax", 5, element::boolean, Shape{2, 3}, 1), ModelError);
    auto x = op::parameter(f32, Shape{2, 3});
    EXPECT_THROW(op::make("Softmax", {x, x}), ModelError);
    EXPECT_THROW(op::make("Softmax", {}), ModelError);
    EXPECT_THROW(op::make("Softmax", {x}, {{"axis", "one"}}), ModelError);
}

TEST(Softmax, MismatchingRuntimeInputs) {
    EvalContext ctx;
    auto node = softmax_node("Softmax", 8, element::f32, PartialShape::dynamic(), 2);
    EXPECT_THROW(evaluate_node(*node, {test::random_tensor(element::f32, {2, 3})}, ctx), ModelError);
    EXPECT_THROW(evaluate_node(*node, {test::random_tensor(element::i32, {2, 3, 4})}, ctx), ModelError);
    EXPECT_THROW(evaluate_node(*node, {}, ctx), InvalidArgument);
}
