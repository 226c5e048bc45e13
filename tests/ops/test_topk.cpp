// TopK-1/3/11: shape inference, invalid models, hand-derived ties and a selection-by-scan
// formulation over axes, modes, sort orders and element types.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "common/test_utils.hpp"
#include "ovcl/op_registry.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;
using test::make_tensor;

namespace {

Attributes topk_attrs(int64_t axis, const std::string& mode, const std::string& sort, Attributes extra = {}) {
    Attributes a{{"axis", std::to_string(axis)}, {"mode", mode}, {"sort", sort}};
    a.insert(a.end(), extra.begin(), extra.end());
    return a;
}

std::shared_ptr<Node> topk(const PartialShape& shape, int64_t k, const Attributes& a, element::Type type = element::f32,
                           int64_t version = 11) {
    return op::make("TopK", {op::parameter(type, shape), op::constant<int64_t>(element::i64, {}, {k})}, a, version);
}

TensorVector run(const std::shared_ptr<Node>& node, const Tensor& data) {
    EvalContext ctx;
    return evaluate_node(*node, {data, node->input_value(1).node->get_constant_value()}, ctx);
}

// Selection by repeated scans: the best remaining element (value, then lower index; NaN last).
void naive_topk(const std::vector<double>& x, const Shape& shape, size_t axis, size_t k, bool max, bool by_index,
                std::vector<double>& values, std::vector<double>& indices) {
    size_t outer = 1, inner = 1;
    for (size_t i = 0; i < axis; ++i)
        outer *= shape[i];
    for (size_t i = axis + 1; i < shape.size(); ++i)
        inner *= shape[i];
    const size_t n = shape[axis];
    values.assign(outer * k * inner, 0);
    indices.assign(outer * k * inner, 0);
    auto worse = [&](double a, double b) {  // is a strictly worse than b?
        if (std::isnan(a) || std::isnan(b))
            return std::isnan(a) && !std::isnan(b);
        return max ? a < b : a > b;
    };
    for (size_t o = 0; o < outer; ++o)
        for (size_t j = 0; j < inner; ++j) {
            std::vector<bool> taken(n, false);
            std::vector<size_t> picked;
            for (size_t r = 0; r < k; ++r) {
                size_t best = n;
                for (size_t i = 0; i < n; ++i)
                    if (!taken[i] && (best == n || worse(x[(o * n + best) * inner + j], x[(o * n + i) * inner + j])))
                        best = i;
                taken[best] = true;
                picked.push_back(best);
            }
            if (by_index)
                std::sort(picked.begin(), picked.end());
            for (size_t r = 0; r < k; ++r) {
                values[(o * k + r) * inner + j] = x[(o * n + picked[r]) * inner + j];
                indices[(o * k + r) * inner + j] = static_cast<double>(picked[r]);
            }
        }
}

}  // namespace

TEST(TopK, ShapeAndTypes) {
    auto n = topk({2, 7, 3}, 4, topk_attrs(1, "max", "value"));
    ASSERT_EQ(n->get_output_size(), 2u);
    EXPECT_EQ(n->get_output_partial_shape(0), PartialShape({2, 4, 3}));
    EXPECT_EQ(n->get_output_partial_shape(1), PartialShape({2, 4, 3}));
    EXPECT_EQ(n->get_output_element_type(0), element::f32);
    EXPECT_EQ(n->get_output_element_type(1), element::i32);  // the default index type
    n = topk({2, 7, 3}, 2, topk_attrs(-1, "min", "index", {{"index_element_type", "i64"}}), element::i32, 3);
    EXPECT_EQ(n->get_output_partial_shape(0), PartialShape({2, 7, 2}));
    EXPECT_EQ(n->get_output_element_type(0), element::i32);
    EXPECT_EQ(n->get_output_element_type(1), element::i64);
    // A known k on a dynamic axis; an unknown k bounds the axis by its extent.
    n = topk(PartialShape("[?,2..9]"), 5, topk_attrs(1, "max", "value"));
    EXPECT_EQ(n->get_output_partial_shape(0), PartialShape("[?,5]"));
    auto k = op::parameter(element::i32, PartialShape{});
    n = op::make("TopK", {op::parameter(element::f16, {4, 6}), k}, topk_attrs(0, "max", "none"), 1);
    EXPECT_EQ(n->get_output_partial_shape(0), PartialShape("[0..4,6]"));
    EXPECT_EQ(n->get_output_element_type(0), element::f16);
    n = op::make("TopK", {op::parameter(element::f32, PartialShape("[3,?]")), k}, topk_attrs(1, "max", "none"));
    EXPECT_EQ(n->get_output_partial_shape(1), PartialShape("[3,?]"));
    n = op::make("TopK", {op::parameter(element::f32, PartialShape::dynamic()), k}, topk_attrs(5, "max", "none"));
    EXPECT_TRUE(n->get_output_partial_shape(0).rank_is_dynamic());
    EXPECT_EQ(n->get_version(), 11);
}

TEST(TopK, InvalidModelsThrow) {
    EXPECT_THROW(topk({4, 5}, -1, topk_attrs(1, "max", "value")), ModelError);
    EXPECT_THROW(topk({4, 5}, 6, topk_attrs(1, "max", "value")), ModelError);  // k above the extent
    EXPECT_THROW(topk({4, 5}, 2, topk_attrs(2, "max", "value")), ModelError);
    EXPECT_THROW(topk({4, 5}, 2, topk_attrs(-3, "max", "value")), ModelError);
    EXPECT_THROW(topk({4, 5}, 2, topk_attrs(1, "largest", "value")), ModelError);
    EXPECT_THROW(topk({4, 5}, 2, topk_attrs(1, "max", "ascending")), ModelError);
    EXPECT_THROW(topk({4, 5}, 2, topk_attrs(1, "max", "value", {{"index_element_type", "f32"}})), ModelError);
    EXPECT_THROW(topk({4, 5}, 2, topk_attrs(1, "max", "value", {{"stable", "yes"}})), ModelError);
    EXPECT_THROW(topk({4, 5}, 2, {{"axis", "1"}, {"mode", "max"}}), ModelError);  // sort is required
    EXPECT_THROW(topk({4, 5}, 2, topk_attrs(1, "max", "value"), element::boolean), ModelError);
    EXPECT_THROW(op::make("TopK", {op::parameter(element::f32, PartialShape{}), op::parameter(element::i64, {})},
                          topk_attrs(0, "max", "value")),
                 ModelError);  // a scalar has no axis
    EXPECT_THROW(op::make("TopK", {op::parameter(element::f32, {4}), op::constant<int64_t>(element::i64, {1}, {2})},
                          topk_attrs(0, "max", "value")),
                 ModelError);  // k must be a scalar
    EXPECT_THROW(op::make("TopK", {op::parameter(element::f32, {4}), op::constant<float>(element::f32, {}, {2})},
                          topk_attrs(0, "max", "value")),
                 ModelError);  // k must be an integer
    // A run-time k larger than the axis.
    auto n = op::make("TopK", {op::parameter(element::f32, {3}), op::parameter(element::i32, {})},
                      topk_attrs(0, "max", "value"));
    EvalContext ctx;
    EXPECT_THROW(
        evaluate_node(*n, {make_tensor<float>(element::f32, {3}, {1, 2, 3}), make_tensor<int>(element::i32, {}, {4})},
                      ctx),
        ModelError);
}

TEST(TopK, TiesKeepInputOrder) {
    // The specification's example: [5, 3, 1, 2, 5, 5], mode min, k 4.
    const auto x = make_tensor<float>(element::f32, {6}, {5, 3, 1, 2, 5, 5});
    auto check = [&](const std::string& mode, const std::string& sort, int64_t k, std::vector<float> v,
                     std::vector<int> i) {
        SCOPED_TRACE(mode + " " + sort);
        const auto out = run(topk({6}, k, topk_attrs(0, mode, sort, {{"stable", "true"}})), x);
        EXPECT_TENSOR_EQ(out[0], make_tensor<float>(element::f32, {static_cast<size_t>(k)}, v));
        EXPECT_TENSOR_EQ(out[1], make_tensor<int>(element::i32, {static_cast<size_t>(k)}, i));
    };
    check("min", "index", 4, {5, 3, 1, 2}, {0, 1, 2, 3});
    check("min", "value", 4, {1, 2, 3, 5}, {2, 3, 1, 0});
    check("max", "value", 3, {5, 5, 5}, {0, 4, 5});
    check("max", "value", 4, {5, 5, 5, 3}, {0, 4, 5, 1});
    check("max", "index", 4, {5, 3, 5, 5}, {0, 1, 4, 5});
    check("max", "none", 2, {5, 5}, {0, 4});
    check("min", "value", 0, {}, {});
}

TEST(TopK, AlongInnerAndOuterAxesOfEveryType) {
    // Small integer ranges make ties frequent; the selection-by-scan oracle fixes their order.
    const Shape shape{3, 5, 4};
    uint32_t seed = 7;
    for (auto type : {element::f32, element::f16, element::i32, element::i64, element::u8})
        for (size_t axis = 0; axis < 3; ++axis)
            for (const char* mode : {"max", "min"})
                for (const char* sort : {"value", "index", "none"})
                    for (size_t k : {size_t{1}, shape[axis] / 2 + 1, shape[axis]}) {
                        SCOPED_TRACE(type.get_type_name() + " axis " + std::to_string(axis) + " " + mode + " " + sort +
                                     " k " + std::to_string(k));
                        const Tensor x = test::random_tensor(type, shape, 0, 6, seed++);
                        auto n = topk(shape, static_cast<int64_t>(k),
                                      topk_attrs(static_cast<int64_t>(axis) - (axis == 2 ? 3 : 0), mode, sort,
                                                 {{"index_element_type", seed % 2 ? "i64" : "i32"}}),
                                      type);
                        const auto out = run(n, x);
                        std::vector<double> v, i;
                        naive_topk(test::values(x), shape, axis, k, std::string(mode) == "max",
                                   std::string(sort) == "index", v, i);
                        Shape os = shape;
                        os[axis] = k;
                        EXPECT_TENSOR_EQ(out[0], make_tensor<double>(type, os, v));
                        EXPECT_TENSOR_EQ(out[1], make_tensor<double>(seed % 2 ? element::i64 : element::i32, os, i));
                    }
}

TEST(TopK, RealValuesOfWideRangeAndNaN) {
    const Shape shape{2, 9};
    const Tensor x = test::random_tensor(element::f32, shape, -1e6, 1e6, 3);
    for (int64_t version : {1, 3, 11}) {
        const auto out = run(topk(shape, 4, topk_attrs(1, "min", "value"), element::f32, version), x);
        std::vector<double> v, i;
        naive_topk(test::values(x), shape, 1, 4, false, false, v, i);
        EXPECT_TENSOR_EQ(out[0], make_tensor<double>(element::f32, {2, 4}, v));
        EXPECT_TENSOR_EQ(out[1], make_tensor<double>(element::i32, {2, 4}, i));
    }
    // NaN ranks below every number in both modes.
    const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
    const auto y = make_tensor<float>(element::f32, {5}, {nan, 1, -inf, nan, 3});
    auto out = run(topk({5}, 4, topk_attrs(0, "max", "value")), y);
    EXPECT_TENSOR_EQ(out[0], make_tensor<float>(element::f32, {4}, {3, 1, -inf, nan}));
    EXPECT_TENSOR_EQ(out[1], make_tensor<int>(element::i32, {4}, {4, 1, 2, 0}));
    out = run(topk({5}, 5, topk_attrs(0, "min", "value")), y);
    EXPECT_TENSOR_EQ(out[1], make_tensor<int>(element::i32, {5}, {2, 1, 4, 0, 3}));
}

TEST(TopK, RunTimeK) {
    auto n = op::make("TopK", {op::parameter(element::f32, {2, 3}), op::parameter(element::i32, {})},
                      topk_attrs(1, "max", "value", {{"index_element_type", "i64"}}), 3);
    EvalContext ctx;
    const auto x = make_tensor<float>(element::f32, {2, 3}, {1, 9, 4, 7, 2, 8});
    auto out = evaluate_node(*n, {x, make_tensor<int>(element::i32, {}, {2})}, ctx);
    EXPECT_TENSOR_EQ(out[0], make_tensor<float>(element::f32, {2, 2}, {9, 4, 8, 7}));
    EXPECT_TENSOR_EQ(out[1], make_tensor<int64_t>(element::i64, {2, 2}, {1, 2, 2, 0}));
    out = evaluate_node(*n, {x, make_tensor<int>(element::i32, {}, {0})}, ctx);
    EXPECT_EQ(out[0].get_shape(), (Shape{2, 0}));
}
