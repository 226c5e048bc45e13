// Concat-1, Split-1, VariadicSplit-1: hand-derived values, coordinate-based naive formulations over ranks,
// axes (negative included) and element types, dynamic shape inference, invalid cases.
#include <gtest/gtest.h>

#include <cstring>

#include "common/test_utils.hpp"
#include "ovcl/op_registry.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;
using test::run;

namespace {

Output<Node> i64_const(const std::vector<int64_t>& v) { return op::constant<int64_t>(element::i64, Shape{v.size()}, v); }
Output<Node> scalar(int64_t v) { return op::constant<int64_t>(element::i64, Shape{}, {v}); }
Output<Node> param(element::Type t, const PartialShape& s) { return op::parameter(t, s); }
Tensor scalar_tensor(int64_t v) { return test::make_tensor<int64_t>(element::i64, {}, {v}); }
Tensor i64_tensor(const std::vector<int64_t>& v) { return test::make_tensor<int64_t>(element::i64, {v.size()}, v); }

std::shared_ptr<Node> concat(const OutputVector& inputs, int64_t axis) {
    return op::make("Concat", inputs, {{"axis", std::to_string(axis)}});
}
std::shared_ptr<Node> split(const Output<Node>& data, const Output<Node>& axis, int64_t n) {
    return op::make("Split", {data, axis}, {{"num_splits", std::to_string(n)}});
}
std::shared_ptr<Node> vsplit(const Output<Node>& data, const Output<Node>& axis, const Output<Node>& lengths) {
    return op::make("VariadicSplit", {data, axis, lengths});
}

std::vector<PartialShape> out_shapes(const std::shared_ptr<Node>& n) {
    std::vector<PartialShape> v;
    for (size_t i = 0; i < n->get_output_size(); ++i)
        v.push_back(n->get_output_partial_shape(i));
    return v;
}

// Output element by element: find the input whose range along the axis holds the coordinate.
Tensor naive_concat(const TensorVector& parts, size_t axis) {
    Shape shape = parts[0].get_shape();
    shape[axis] = 0;
    for (const auto& p : parts)
        shape[axis] += p.get_shape()[axis];
    Tensor out(parts[0].get_element_type(), shape);
    const size_t es = out.get_element_type().size();
    for (size_t flat = 0; flat < out.get_size(); ++flat) {
        auto c = test::unravel(flat, shape);
        size_t k = 0;
        while (c[axis] >= parts[k].get_shape()[axis]) {
            c[axis] -= parts[k].get_shape()[axis];
            ++k;
        }
        std::memcpy(static_cast<char*>(out.data()) + flat * es,
                    static_cast<const char*>(parts[k].data()) + test::ravel(c, parts[k].get_shape()) * es, es);
    }
    return out;
}

// Part k holds the input's coordinates [offset_k, offset_k + lengths[k]) along the axis.
TensorVector naive_split(const Tensor& in, size_t axis, const std::vector<size_t>& lengths) {
    TensorVector parts;
    size_t offset = 0;
    const size_t es = in.get_element_type().size();
    for (size_t len : lengths) {
        Shape s = in.get_shape();
        s[axis] = len;
        Tensor p(in.get_element_type(), s);
        for (size_t flat = 0; flat < p.get_size(); ++flat) {
            auto c = test::unravel(flat, s);
            c[axis] += offset;
            std::memcpy(static_cast<char*>(p.data()) + flat * es,
                        static_cast<const char*>(in.data()) + test::ravel(c, in.get_shape()) * es, es);
        }
        parts.push_back(p);
        offset += len;
    }
    return parts;
}

}  // namespace

TEST(Concat, HandDerivedValues) {
    auto a = test::make_tensor<float>(element::f32, {2, 2}, {1, 2, 3, 4});
    auto b = test::make_tensor<float>(element::f32, {1, 2}, {5, 6});
    auto n0 = concat({param(element::f32, Shape{2, 2}), param(element::f32, Shape{1, 2})}, 0);
    EXPECT_EQ(n0->get_output_partial_shape(0), PartialShape(Shape{3, 2}));
    EXPECT_TENSOR_EQ(run(n0, {a, b}).at(0), test::make_tensor<float>(element::f32, {3, 2}, {1, 2, 3, 4, 5, 6}));
    auto c = test::make_tensor<float>(element::f32, {2, 1}, {7, 8});
    auto n1 = concat({param(element::f32, Shape{2, 2}), param(element::f32, Shape{2, 1})}, -1);
    EXPECT_TENSOR_EQ(run(n1, {a, c}).at(0), test::make_tensor<float>(element::f32, {2, 3}, {1, 2, 7, 3, 4, 8}));
    auto one = concat({param(element::i8, Shape{3})}, 0);
    auto v = test::make_tensor<int>(element::i8, {3}, {-1, 0, 1});
    EXPECT_TENSOR_EQ(run(one, {v}).at(0), v);
}

TEST(Concat, MatchesNaiveOverRanksAxesAndTypes) {
    const std::vector<Shape> bases = {{4}, {2, 3}, {2, 3, 4}, {2, 1, 3, 2}};
    for (const Shape& base : bases) {
        const int64_t rank = static_cast<int64_t>(base.size());
        for (int64_t axis = -rank; axis < rank; ++axis) {
            const size_t a = static_cast<size_t>(axis < 0 ? axis + rank : axis);
            for (auto type : test::kElementTypes) {
                SCOPED_TRACE(base.to_string() + " axis " + std::to_string(axis) + " " + type.get_type_name());
                TensorVector parts;
                OutputVector params;
                for (size_t k = 0; k < 3; ++k) {
                    Shape s = base;
                    s[a] = k == 1 ? 0 : k + 2;  // extents 2, 0 (an empty part) and 4
                    parts.push_back(test::random_tensor(type, s, -90, 90, static_cast<uint32_t>(k + 5)));
                    params.push_back(param(type, s));
                }
                auto n = concat(params, axis);
                Tensor expected = naive_concat(parts, a);
                EXPECT_EQ(n->get_output_partial_shape(0), PartialShape(expected.get_shape()));
                EXPECT_TENSOR_EQ(run(n, parts).at(0), expected);
            }
        }
    }
}

TEST(Concat, DynamicShapes) {
    auto shape = [](const std::vector<PartialShape>& shapes, int64_t axis) {
        OutputVector in;
        for (const auto& s : shapes)
            in.push_back(param(element::f32, s));
        return concat(in, axis)->get_output_partial_shape(0);
    };
    EXPECT_EQ(shape({PartialShape("[?,3]"), PartialShape("[2,3]")}, 0), PartialShape("[2..,3]"));
    EXPECT_EQ(shape({PartialShape("[2,?]"), PartialShape("[?,4]")}, 0), PartialShape("[2..,4]"));
    EXPECT_EQ(shape({PartialShape("[1..3,2]"), PartialShape("[2..4,2]")}, 0), PartialShape("[3..7,2]"));
    EXPECT_EQ(shape({PartialShape::dynamic(), PartialShape("[2,3]")}, 1), PartialShape("[2,3..]"));
    EXPECT_EQ(shape({PartialShape("[2..6,3]"), PartialShape("[4..9,5]")}, 1), PartialShape("[4..6,8]"));
    EXPECT_TRUE(shape({PartialShape::dynamic(), PartialShape::dynamic()}, 0).rank_is_dynamic());
    EXPECT_EQ(shape({PartialShape::dynamic(), PartialShape("[2,3]")}, -1), PartialShape("[2,3..]"));
}

TEST(Concat, InvalidCases) {
    auto a = param(element::f32, Shape{2, 3});
    EXPECT_THROW(concat({a, param(element::f32, Shape{2, 3, 1})}, 0), ModelError);  // rank mismatch
    EXPECT_THROW(concat({a, param(element::f32, Shape{2, 4})}, 0), ModelError);     // other axis differs
    EXPECT_THROW(concat({a, param(element::f32, PartialShape("[3..5,?]"))}, 1), ModelError);
    EXPECT_THROW(concat({a, a}, 2), ModelError);
    EXPECT_THROW(concat({a, a}, -3), ModelError);
    EXPECT_THROW(concat({a, param(element::f16, Shape{2, 3})}, 0), ModelError);  // type mismatch
    EXPECT_THROW(concat({param(element::f32, Shape{}), param(element::f32, Shape{})}, 0), ModelError);
    EXPECT_THROW(concat({}, 0), ModelError);
    EXPECT_THROW(op::make("Concat", {a, a}), ModelError);  // axis is required
    EXPECT_THROW(op::make("Concat", {a, a}, {{"axis", "x"}}), ModelError);
    auto n = concat({param(element::f32, PartialShape("[?,3]")), a}, 0);
    EXPECT_THROW(run(n, {Tensor(element::f32, {1, 4}), Tensor(element::f32, {2, 3})}), ModelError);
}

TEST(Split, HandDerivedValues) {
    auto in = test::make_tensor<float>(element::f32, {6}, {1, 2, 3, 4, 5, 6});
    auto n = split(param(element::f32, Shape{6}), scalar(0), 3);
    ASSERT_EQ(n->get_output_size(), 3u);
    auto out = run(n, {in, scalar_tensor(0)});
    ASSERT_EQ(out.size(), 3u);
    EXPECT_TENSOR_EQ(out[0], test::make_tensor<float>(element::f32, {2}, {1, 2}));
    EXPECT_TENSOR_EQ(out[1], test::make_tensor<float>(element::f32, {2}, {3, 4}));
    EXPECT_TENSOR_EQ(out[2], test::make_tensor<float>(element::f32, {2}, {5, 6}));
    auto m = test::make_tensor<int>(element::i32, {2, 4}, {1, 2, 3, 4, 5, 6, 7, 8});
    auto n2 = split(param(element::i32, Shape{2, 4}), op::constant<int32_t>(element::i32, {}, {-1}), 2);
    auto out2 = run(n2, {m, test::make_tensor<int>(element::i32, {}, {-1})});
    EXPECT_TENSOR_EQ(out2[0], test::make_tensor<int>(element::i32, {2, 2}, {1, 2, 5, 6}));
    EXPECT_TENSOR_EQ(out2[1], test::make_tensor<int>(element::i32, {2, 2}, {3, 4, 7, 8}));
}

TEST(Split, MatchesNaiveOverRanksAxesAndTypes) {
    const std::vector<Shape> shapes = {{6}, {4, 6}, {2, 6, 4}, {3, 2, 2, 6}};
    for (const Shape& shape : shapes) {
        const int64_t rank = static_cast<int64_t>(shape.size());
        for (int64_t axis = -rank; axis < rank; ++axis) {
            const size_t a = static_cast<size_t>(axis < 0 ? axis + rank : axis);
            for (int64_t n : {1, 2}) {
                if (shape[a] % static_cast<size_t>(n))
                    continue;
                for (auto type : test::kElementTypes) {
                    SCOPED_TRACE(shape.to_string() + " axis " + std::to_string(axis) + " n " + std::to_string(n) +
                                 " " + type.get_type_name());
                    Tensor data = test::random_tensor(type, shape, -90, 90, 23);
                    auto node = split(param(type, PartialShape::dynamic()), param(element::i64, Shape{}), n);
                    auto out = run(node, {data, scalar_tensor(axis)});
                    auto expected = naive_split(data, a, std::vector<size_t>(n, shape[a] / n));
                    ASSERT_EQ(out.size(), expected.size());
                    for (size_t k = 0; k < out.size(); ++k)
                        EXPECT_TENSOR_EQ(out[k], expected[k]);
                }
            }
        }
    }
}

TEST(Split, ShapeInferenceAndInvalidCases) {
    EXPECT_EQ(out_shapes(split(param(element::f32, Shape{2, 6}), scalar(1), 3)),
              std::vector<PartialShape>(3, PartialShape(Shape{2, 2})));
    EXPECT_EQ(out_shapes(split(param(element::f32, PartialShape("[?,6]")), scalar(-1), 2)),
              std::vector<PartialShape>(2, PartialShape("[?,3]")));
    EXPECT_EQ(out_shapes(split(param(element::f32, PartialShape("[2,?]")), scalar(1), 2)),
              std::vector<PartialShape>(2, PartialShape("[2,?]")));
    EXPECT_EQ(out_shapes(split(param(element::f32, PartialShape("[2,5..9]")), scalar(1), 2)),
              std::vector<PartialShape>(2, PartialShape("[2,3..4]")));
    EXPECT_EQ(out_shapes(split(param(element::f32, Shape{2, 6}), param(element::i32, Shape{}), 2)),
              std::vector<PartialShape>(2, PartialShape::dynamic(2)));
    EXPECT_EQ(out_shapes(split(param(element::f32, PartialShape::dynamic()), scalar(0), 4)),
              std::vector<PartialShape>(4, PartialShape::dynamic()));
    auto data = param(element::f32, Shape{2, 6});
    EXPECT_THROW(split(data, scalar(1), 4), ModelError);   // 6 does not divide by 4
    EXPECT_THROW(split(data, scalar(2), 2), ModelError);   // axis out of range
    EXPECT_THROW(split(data, scalar(-3), 2), ModelError);
    EXPECT_THROW(split(data, scalar(1), 0), ModelError);
    EXPECT_THROW(split(data, i64_const({0, 1}), 2), ModelError);  // axis is not a scalar
    EXPECT_THROW(split(data, op::constant<float>(element::f32, {}, {1.f}), 2), ModelError);
    EXPECT_THROW(split(param(element::f32, PartialShape("[2,5..5]")), scalar(1), 2), ModelError);
    EXPECT_THROW(split(param(element::f32, PartialShape("[2,5..7]")), scalar(1), 4), ModelError);
    EXPECT_THROW(op::make("Split", {data, scalar(1)}), ModelError);  // num_splits is required
    auto n = split(param(element::f32, PartialShape("[2,?]")), scalar(1), 2);
    EXPECT_THROW(run(n, {Tensor(element::f32, {2, 5}), scalar_tensor(1)}), ModelError);
}

TEST(VariadicSplit, ValuesOverTypesAndMinusOne) {
    for (auto type : test::kElementTypes) {
        SCOPED_TRACE(type.get_type_name());
        Tensor data = test::random_tensor(type, {2, 7, 3}, -90, 90, 31);
        auto n = vsplit(param(type, Shape{2, 7, 3}), scalar(1), i64_const({2, -1, 1, 0}));
        EXPECT_EQ(out_shapes(n), (std::vector<PartialShape>{Shape{2, 2, 3}, Shape{2, 4, 3}, Shape{2, 1, 3},
                                                            Shape{2, 0, 3}}));
        auto out = run(n, {data, scalar_tensor(1), i64_tensor({2, -1, 1, 0})});
        auto expected = naive_split(data, 1, {2, 4, 1, 0});
        ASSERT_EQ(out.size(), 4u);
        for (size_t k = 0; k < out.size(); ++k)
            EXPECT_TENSOR_EQ(out[k], expected[k]);
        // Runtime axis and lengths, negative axis.
        auto rt = vsplit(param(type, PartialShape::dynamic()), param(element::i64, Shape{}),
                         param(element::i32, Shape{2}));
        auto out2 = run(rt, {data, scalar_tensor(-1), test::make_tensor<int>(element::i32, {2}, {1, 2})});
        auto expected2 = naive_split(data, 2, {1, 2});
        ASSERT_EQ(out2.size(), 2u);
        for (size_t k = 0; k < out2.size(); ++k)
            EXPECT_TENSOR_EQ(out2[k], expected2[k]);
    }
    auto hand = test::make_tensor<float>(element::f32, {5}, {1, 2, 3, 4, 5});
    auto n = vsplit(param(element::f32, Shape{5}), scalar(0), i64_const({-1, 3}));
    auto out = run(n, {hand, scalar_tensor(0), i64_tensor({-1, 3})});
    EXPECT_TENSOR_EQ(out[0], test::make_tensor<float>(element::f32, {2}, {1, 2}));
    EXPECT_TENSOR_EQ(out[1], test::make_tensor<float>(element::f32, {3}, {3, 4, 5}));
}

TEST(VariadicSplit, ShapeInferenceAndInvalidCases) {
    EXPECT_EQ(out_shapes(vsplit(param(element::f32, PartialShape("[2,?]")), scalar(1), i64_const({3, -1}))),
              (std::vector<PartialShape>{PartialShape("[2,3]"), PartialShape("[2,?]")}));
    EXPECT_EQ(out_shapes(vsplit(param(element::f32, PartialShape("[2,5..10]")), scalar(-1), i64_const({3, -1}))),
              (std::vector<PartialShape>{PartialShape("[2,3]"), PartialShape("[2,2..7]")}));
    EXPECT_EQ(out_shapes(vsplit(param(element::f32, PartialShape("[?,4]")), scalar(0), i64_const({1, 2}))),
              (std::vector<PartialShape>{PartialShape("[1,4]"), PartialShape("[2,4]")}));
    EXPECT_EQ(out_shapes(vsplit(param(element::f32, Shape{2, 6}), scalar(1), param(element::i64, Shape{3}))),
              std::vector<PartialShape>(3, PartialShape("[2,0..6]")));
    EXPECT_EQ(out_shapes(vsplit(param(element::f32, Shape{2, 6}), param(element::i64, Shape{}), i64_const({1, 1}))),
              std::vector<PartialShape>(2, PartialShape::dynamic(2)));
    EXPECT_EQ(out_shapes(vsplit(param(element::f32, PartialShape::dynamic()), scalar(0), i64_const({1, 1}))),
              std::vector<PartialShape>(2, PartialShape::dynamic()));
    auto data = param(element::f32, Shape{2, 6});
    EXPECT_THROW(vsplit(data, scalar(1), i64_const({2, 3})), ModelError);       // sums to 5, not 6
    EXPECT_THROW(vsplit(data, scalar(1), i64_const({4, 3, -1})), ModelError);   // needs 7 of 6
    EXPECT_THROW(vsplit(data, scalar(1), i64_const({-1, 2, -1})), ModelError);  // two -1
    EXPECT_THROW(vsplit(data, scalar(1), i64_const({-2, 8})), ModelError);
    EXPECT_THROW(vsplit(data, scalar(2), i64_const({1, 1})), ModelError);       // axis out of range
    EXPECT_THROW(vsplit(data, scalar(1), param(element::i64, PartialShape("[?]"))), ModelError);
    EXPECT_THROW(vsplit(data, scalar(1), param(element::i64, Shape{2, 1})), ModelError);
    EXPECT_THROW(vsplit(param(element::f32, PartialShape("[2,1..4]")), scalar(1), i64_const({3, 3})), ModelError);
    auto rt = vsplit(param(element::f32, PartialShape::dynamic()), scalar(1), param(element::i64, Shape{2}));
    EXPECT_THROW(run(rt, {Tensor(element::f32, {2, 6}), scalar_tensor(1), i64_tensor({1, 1})}), ModelError);
}
