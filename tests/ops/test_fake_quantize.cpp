// FakeQuantize-1 against hand-derived values and a coordinate-based formulation of the spec:
// each range value is looked up by clamping the output coordinates to the range's own shape.
#include <gtest/gtest.h>

#include <cmath>

#include "common/test_utils.hpp"
#include "ovcl/except.hpp"
#include "ovcl/op_registry.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;
using test::eval;

namespace {

std::shared_ptr<Node> fq_node(element::Type et, const std::vector<PartialShape>& shapes, const std::string& levels,
                              const std::string& broadcast = "") {
    OutputVector in;
    for (const auto& s : shapes)
        in.push_back(op::parameter(et, s));
    Attributes attrs = {{"levels", levels}};
    if (!broadcast.empty())
        attrs.emplace_back("auto_broadcast", broadcast);
    return op::make("FakeQuantize", in, attrs);
}

// The spec's expression, in f32 as the op evaluates it.
float spec_formula(float x, float il, float ih, float ol, float oh, int levels) {
    if (x <= std::min(il, ih))
        return ol;
    if (x > std::max(il, ih))
        return oh;
    const float steps = static_cast<float>(levels - 1);
    return std::nearbyint((x - il) / (ih - il) * steps) / steps * (oh - ol) + ol;
}

std::vector<double> expected_fq(const TensorVector& in, const Shape& out, int levels) {
    std::vector<std::vector<double>> v;
    for (const auto& t : in)
        v.push_back(test::values(t));
    std::vector<double> r(shape_size(out));
    for (size_t i = 0; i < r.size(); ++i) {
        const Coordinate c = test::unravel(i, out);
        float a[5];
        for (size_t j = 0; j < 5; ++j)
            a[j] = static_cast<float>(test::broadcast_at(v[j], in[j].get_shape(), c));
        r[i] = spec_formula(a[0], a[1], a[2], a[3], a[4], levels);
    }
    return r;
}

}  // namespace

TEST(FakeQuantize, HandValuesAndTiesToEven) {
    // in [0, 4], out [-1, 1], 3 levels: outputs -1, 0, 1. x = 1 and 3 fall exactly halfway.
    auto node = fq_node(element::f32, {Shape{8}, Shape{}, Shape{}, Shape{}, Shape{}}, "3");
    const Tensor x = test::make_tensor<float>(element::f32, {8}, {-5, 0, 0.9f, 1, 2, 3, 4, 9});
    const auto s = [](float v) { return test::make_tensor<float>(element::f32, {}, {v}); };
    // 1 -> 0.5 -> 0 (even), 3 -> 1.5 -> 2 (even); 0.9 -> 0.45 -> 0.
    EXPECT_TENSOR_EQ(eval(*node, {x, s(0), s(4), s(-1), s(1)}),
                     test::make_tensor<float>(element::f32, {8}, {-1, -1, -1, -1, 0, 1, 1, 1}));

    // 11 levels over [0, 10] -> [0, 1]: steps of 0.1.
    auto fine = fq_node(element::f32, {Shape{4}, Shape{1}, Shape{1}, Shape{1}, Shape{1}}, "11");
    const Tensor y = test::make_tensor<float>(element::f32, {4}, {3.3f, 3.7f, 10, 10.5f});
    const auto one = [](float v) { return test::make_tensor<float>(element::f32, {1}, {v}); };
    EXPECT_TENSOR_NEAR(eval(*fine, {y, one(0), one(10), one(0), one(1)}),
                       test::make_tensor<float>(element::f32, {4}, {0.3f, 0.4f, 1, 1}), 1e-6, 0);
}

TEST(FakeQuantize, BinarizationAndSwappedInputRange) {
    // levels 2 with input_low == input_high: a threshold.
    auto node = fq_node(element::f32, {Shape{5}, Shape{}, Shape{}, Shape{}, Shape{}}, "2");
    const auto s = [](float v) { return test::make_tensor<float>(element::f32, {}, {v}); };
    const Tensor x = test::make_tensor<float>(element::f32, {5}, {-1, 0.5f, 0.50001f, 2, 0.4f});
    EXPECT_TENSOR_EQ(eval(*node, {x, s(0.5f), s(0.5f), s(-3), s(7)}),
                     test::make_tensor<float>(element::f32, {5}, {-3, -3, 7, 7, -3}));
    // input_low > input_high: the comparisons use min/max, the formula keeps the given order.
    const Tensor z = test::make_tensor<float>(element::f32, {5}, {-1, 0, 1, 4, 5});
    const auto got = eval(*node, {z, s(4), s(0), s(0), s(1)});
    std::vector<double> want;
    for (float v : {-1.f, 0.f, 1.f, 4.f, 5.f})
        want.push_back(spec_formula(v, 4, 0, 0, 1, 2));
    EXPECT_TENSOR_EQ(got, test::make_tensor<double>(element::f32, {5}, want));
    // Hand check of that case: 1 -> (1-4)/(0-4) = 0.75 -> round 1 -> 1; 4 -> 0 -> 0 -> 0.
    EXPECT_TENSOR_EQ(got, test::make_tensor<float>(element::f32, {5}, {0, 0, 1, 0, 1}));
}

TEST(FakeQuantize, BroadcastRangesMatchCoordinateFormulation) {
    struct Case {
        Shape x;
        std::vector<Shape> ranges;
        Shape out;
    };
    const std::vector<Case> cases = {
        {{2, 3, 4, 5}, {{1, 3, 1, 1}, {1, 3, 1, 1}, {1, 1, 1, 1}, {1, 1, 1, 1}}, {2, 3, 4, 5}},
        {{2, 3, 4, 5}, {{}, {}, {}, {}}, {2, 3, 4, 5}},
        {{2, 3, 4, 5}, {{3, 1, 1}, {5}, {1}, {4, 1}}, {2, 3, 4, 5}},
        {{2, 3, 4}, {{2, 3, 4}, {2, 3, 4}, {1, 3, 1}, {1, 3, 1}}, {2, 3, 4}},
        {{3, 1}, {{1, 4}, {1, 4}, {}, {}}, {3, 4}},  // ranges widen the output, as OpenVINO's shape inference does
    };
    uint32_t seed = 1;
    for (const auto& c : cases)
        for (const element::Type et : {element::f32, element::f16})
            for (int levels : {2, 5, 16, 256}) {
                std::vector<PartialShape> shapes = {c.x};
                TensorVector in = {test::random_tensor(et, c.x, -3, 3, seed++)};
                const double lows[4] = {-2, 0.5, -1, 0.5}, highs[4] = {-0.5, 2.5, -0.2, 4};
                for (size_t j = 0; j < 4; ++j) {
                    shapes.emplace_back(c.ranges[j]);
                    in.push_back(test::random_tensor(et, c.ranges[j], lows[j], highs[j], seed++));
                }
                auto node = fq_node(et, shapes, std::to_string(levels));
                EXPECT_EQ(node->get_output_partial_shape(0), PartialShape(c.out));
                // f16 rounds once more at the end; f32 must agree exactly with the spec's f32 expression.
                const double tol = et == element::f16 ? 2e-3 : 0;
                EXPECT_TENSOR_NEAR(eval(*node, in),
                                   test::make_tensor<double>(et, c.out, expected_fq(in, c.out, levels)), tol, tol)
                    << c.x << " levels " << levels << " " << et;
            }
}

TEST(FakeQuantize, AutoBroadcastNone) {
    const Shape s{2, 3};
    auto node = fq_node(element::f32, {s, s, s, s, s}, "4", "none");
    TensorVector in = {test::random_tensor(element::f32, s, -1, 2, 1), test::random_tensor(element::f32, s, -1, 0, 2),
                       test::random_tensor(element::f32, s, 0.5, 1, 3), test::random_tensor(element::f32, s, 0, 0, 4),
                       test::random_tensor(element::f32, s, 3, 3, 5)};
    EXPECT_TENSOR_EQ(eval(*node, in), test::make_tensor<double>(element::f32, s, expected_fq(in, s, 4)));
    EXPECT_THROW(fq_node(element::f32, {s, Shape{1, 3}, s, s, s}, "4", "none"), ModelError);
}

TEST(FakeQuantize, DynamicShapes) {
    auto node = fq_node(element::f32,
                        {PartialShape{Dimension(), 3, 8}, Shape{1, 3, 1}, Shape{1, 3, 1}, Shape{}, Shape{}}, "256");
    EXPECT_EQ(node->get_output_partial_shape(0), (PartialShape{Dimension(), 3, 8}));
    auto dyn = fq_node(element::f16, {PartialShape::dynamic(), Shape{}, Shape{}, Shape{}, Shape{}}, "256");
    EXPECT_TRUE(dyn->get_output_partial_shape(0).rank_is_dynamic());
    EXPECT_EQ(dyn->get_output_element_type(0), element::f16);
}

TEST(FakeQuantize, InvalidCasesThrowModelError) {
    const Shape s{2, 3};
    const std::vector<PartialShape> ok = {s, Shape{}, Shape{}, Shape{}, Shape{}};
    EXPECT_NO_THROW(fq_node(element::f32, ok, "2"));
    EXPECT_THROW(fq_node(element::f32, ok, "1"), ModelError);
    EXPECT_THROW(fq_node(element::f32, ok, "0"), ModelError);
    EXPECT_THROW(fq_node(element::f32, ok, "-256"), ModelError);
    EXPECT_THROW(fq_node(element::f32, ok, "many"), ModelError);
    EXPECT_THROW(fq_node(element::f32, ok, "256", "pdpd"), ModelError);
    EXPECT_THROW(fq_node(element::f32, ok, "256", "sideways"), ModelError);
    EXPECT_THROW(fq_node(element::i32, ok, "256"), ModelError);
    EXPECT_THROW(fq_node(element::f32, {s, Shape{}, Shape{}, Shape{}}, "256"), ModelError);
    EXPECT_THROW(fq_node(element::f32, {s, Shape{4}, Shape{}, Shape{}, Shape{}}, "256"), ModelError);
    OutputVector mixed = {op::parameter(element::f32, s), op::parameter(element::f16, Shape{}),
                          op::parameter(element::f32, Shape{}), op::parameter(element::f32, Shape{}),
                          op::parameter(element::f32, Shape{})};
    EXPECT_THROW(op::make("FakeQuantize", mixed, {{"levels", "256"}}), ModelError);
    OutputVector five(5, op::parameter(element::f32, s));
    EXPECT_THROW(op::make("FakeQuantize", five), ModelError);  // levels is required
}

TEST(FakeQuantize, MismatchingRuntimeInputs) {
    EvalContext ctx;
    auto node = fq_node(element::f32, std::vector<PartialShape>(5, PartialShape::dynamic()), "16");
    const Tensor x = test::random_tensor(element::f32, {2, 3});
    const Tensor r = test::random_tensor(element::f32, {3});
    EXPECT_NO_THROW(evaluate_node(*node, {x, r, r, r, r}, ctx));
    EXPECT_THROW(evaluate_node(*node, {x, test::random_tensor(element::f32, {2}), r, r, r}, ctx), ModelError);
    EXPECT_THROW(evaluate_node(*node, {x, r, r, r, test::random_tensor(element::f16, {3})}, ctx), ModelError);
    EXPECT_THROW(evaluate_node(*node, {x, r, r, r}, ctx), InvalidArgument);
}
