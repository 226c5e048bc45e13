// Transpose-1: hand-derived values, a scatter-style naive formulation over ranks 0..5 and element types,
// shape inference with constant and unknown orders, and invalid orders.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <numeric>
#include <random>

#include "common/test_utils.hpp"
#include "ovcl/op_registry.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;
using test::eval;

namespace {

Output<Node> i64_const(const std::vector<int64_t>& v) { return op::constant<int64_t>(element::i64, Shape{v.size()}, v); }
Output<Node> param(element::Type t, const PartialShape& s) { return op::parameter(t, s); }

std::shared_ptr<Node> transpose(const Output<Node>& data, const Output<Node>& order) {
    return op::make("Transpose", {data, order});
}

// Walks the input and scatters each element to where the permutation sends it (the kernel gathers instead).
Tensor naive_transpose(const Tensor& in, const std::vector<int64_t>& order) {
    const Shape& s = in.get_shape();
    Shape out_shape(s.size());
    for (size_t i = 0; i < s.size(); ++i)
        out_shape[i] = s[static_cast<size_t>(order[i])];
    Tensor out(in.get_element_type(), out_shape);
    const size_t es = in.get_element_type().size();
    const auto* src = static_cast<const char*>(in.data());
    auto* dst = static_cast<char*>(out.data());
    for (size_t flat = 0; flat < in.get_size(); ++flat) {
        const Coordinate coord = test::unravel(flat, s);
        size_t out_flat = 0;
        for (size_t i = 0; i < s.size(); ++i)
            out_flat = out_flat * out_shape[i] + coord[static_cast<size_t>(order[i])];
        std::memcpy(dst + out_flat * es, src + flat * es, es);
    }
    return out;
}

// The shared list plus f64.
const std::vector<element::Type> kTypes = [] {
    auto types = test::kElementTypes;
    types.push_back(element::f64);
    return types;
}();

}  // namespace

TEST(Transpose, HandDerivedValues) {
    auto in = test::make_tensor<float>(element::f32, {2, 3}, {1, 2, 3, 4, 5, 6});
    auto n = transpose(param(element::f32, Shape{2, 3}), i64_const({1, 0}));
    EXPECT_EQ(n->get_output_partial_shape(0), PartialShape(Shape{3, 2}));
    EXPECT_TENSOR_EQ(eval(n, {in, test::make_tensor<int64_t>(element::i64, {2}, {1, 0})}),
                     test::make_tensor<float>(element::f32, {3, 2}, {1, 4, 2, 5, 3, 6}));
    // [2,3,2] with order [2,0,1]: out[k][i][j] = in[i][j][k].
    auto in3 = test::make_tensor<int>(element::i32, {2, 3, 2}, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11});
    auto n3 = transpose(param(element::i32, PartialShape::dynamic()), param(element::i64, Shape{3}));
    EXPECT_TENSOR_EQ(eval(n3, {in3, test::make_tensor<int64_t>(element::i64, {3}, {2, 0, 1})}),
                     test::make_tensor<int>(element::i32, {2, 2, 3}, {0, 2, 4, 6, 8, 10, 1, 3, 5, 7, 9, 11}));
    // An empty order reverses the axes.
    auto empty = transpose(param(element::i32, PartialShape::dynamic()), param(element::i32, PartialShape("[?]")));
    EXPECT_TENSOR_EQ(eval(empty, {in3, Tensor(element::i32, {0})}),
                     test::make_tensor<int>(element::i32, {2, 3, 2}, {0, 6, 2, 8, 4, 10, 1, 7, 3, 9, 5, 11}));
}

TEST(Transpose, MatchesNaiveOverRanksOrdersAndTypes) {
    std::mt19937 gen(3);
    const std::vector<Shape> shapes = {{}, {5}, {3, 4}, {2, 3, 4}, {2, 1, 3, 4}, {2, 3, 1, 2, 3}, {3, 0, 2}};
    for (const Shape& shape : shapes) {
        std::vector<int64_t> order(shape.size());
        std::iota(order.begin(), order.end(), 0);
        std::vector<std::vector<int64_t>> orders = {order};  // identity
        for (int k = 0; k < 4; ++k) {
            std::shuffle(order.begin(), order.end(), gen);
            orders.push_back(order);
        }
        if (shape.size() >= 3)
            orders.push_back([&] {  // leading axes swapped, trailing ones kept: the block-copy path
                std::vector<int64_t> o(shape.size());
                std::iota(o.begin(), o.end(), 0);
                std::swap(o[0], o[1]);
                return o;
            }());
        for (auto type : kTypes) {
            Tensor data = test::random_tensor(type, shape, -100, 100, 17);
            for (const auto& o : orders) {
                SCOPED_TRACE(shape.to_string() + " " + type.get_type_name() + " order " + op::list(o));
                auto n = transpose(param(type, shape), i64_const(o));
                Tensor expected = naive_transpose(data, o);
                EXPECT_EQ(n->get_output_partial_shape(0), PartialShape(expected.get_shape()));
                EXPECT_TENSOR_EQ(eval(n, {data, test::make_tensor<int64_t>(element::i64, {o.size()}, o)}), expected);
            }
        }
    }
}

TEST(Transpose, ShapeInference) {
    auto shape_of = [](const PartialShape& data, const Output<Node>& order) {
        return transpose(param(element::f32, data), order)->get_output_partial_shape(0);
    };
    EXPECT_EQ(shape_of(PartialShape("[?,3,4]"), i64_const({2, 0, 1})), PartialShape("[4,?,3]"));
    EXPECT_EQ(shape_of(PartialShape("[1..5,3,4]"), i64_const({})), PartialShape("[4,3,1..5]"));
    EXPECT_EQ(shape_of(PartialShape("[2,3,4]"), param(element::i64, Shape{3})), PartialShape::dynamic(3));
    EXPECT_EQ(shape_of(PartialShape("[5,5]"), param(element::i64, Shape{2})), PartialShape("[5,5]"));
    EXPECT_EQ(shape_of(PartialShape("[2,3,4]"), param(element::i64, Shape{0})), PartialShape("[4,3,2]"));
    EXPECT_EQ(shape_of(PartialShape::dynamic(), i64_const({1, 0})), PartialShape::dynamic(2));
    EXPECT_EQ(shape_of(PartialShape::dynamic(), param(element::i32, Shape{4})), PartialShape::dynamic(4));
    EXPECT_TRUE(shape_of(PartialShape::dynamic(), i64_const({})).rank_is_dynamic());
    EXPECT_TRUE(shape_of(PartialShape::dynamic(), param(element::i32, PartialShape("[?]"))).rank_is_dynamic());
    EXPECT_EQ(shape_of(Shape{}, i64_const({})), PartialShape(Shape{}));
    auto n = transpose(param(element::u8, Shape{2, 3}), op::constant<int32_t>(element::i32, {2}, {1, 0}));
    EXPECT_EQ(n->get_output_element_type(0), element::u8);
}

TEST(Transpose, InvalidOrders) {
    auto data = param(element::f32, Shape{2, 3, 4});
    EXPECT_THROW(transpose(data, i64_const({0, 0, 1})), ModelError);   // repeated axis
    EXPECT_THROW(transpose(data, i64_const({0, 1, 3})), ModelError);   // axis out of range
    EXPECT_THROW(transpose(data, i64_const({-1, 0, 1})), ModelError);  // negative
    EXPECT_THROW(transpose(data, i64_const({1, 0})), ModelError);      // wrong length
    EXPECT_THROW(transpose(data, param(element::i64, Shape{2})), ModelError);
    EXPECT_THROW(transpose(data, param(element::i64, Shape{3, 1})), ModelError);  // not 1-D
    EXPECT_THROW(transpose(data, param(element::f32, Shape{3})), ModelError);     // not integer
    EXPECT_THROW(transpose(param(element::f32, PartialShape::dynamic()), i64_const({0, 2})), ModelError);
    EXPECT_THROW(op::make("Transpose", {data}), ModelError);
    // Runtime orders are checked too.
    auto n = transpose(param(element::f32, PartialShape::dynamic()), param(element::i64, PartialShape("[?]")));
    Tensor in(element::f32, {2, 3});
    EXPECT_THROW(eval(n, {in, test::make_tensor<int64_t>(element::i64, {2}, {1, 1})}), ModelError);
    EXPECT_THROW(eval(n, {in, test::make_tensor<int64_t>(element::i64, {3}, {0, 1, 2})}), ModelError);
}
