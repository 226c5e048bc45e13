// Reshape-1, Squeeze-1/15, Unsqueeze-1, ShapeOf-1/3: shape inference (static, constant-driven and dynamic),
// evaluation over element types, and invalid cases.
#include <gtest/gtest.h>

#include <cstring>

#include "common/test_utils.hpp"
#include "ovcl/op_registry.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;
using test::run;

namespace {

Output<Node> i64_const(const std::vector<int64_t>& v) { return op::constant<int64_t>(element::i64, Shape{v.size()}, v); }
Output<Node> param(element::Type t, const PartialShape& s) { return op::parameter(t, s); }

std::shared_ptr<Node> reshape(const Output<Node>& data, const Output<Node>& pattern, bool special_zero) {
    return op::make("Reshape", {data, pattern}, {{"special_zero", special_zero ? "true" : "false"}});
}
PartialShape reshape_shape(const PartialShape& data, const std::vector<int64_t>& pattern, bool special_zero) {
    return reshape(param(element::f32, data), i64_const(pattern), special_zero)->get_output_partial_shape(0);
}

Tensor i64_tensor(const std::vector<int64_t>& v) { return test::make_tensor<int64_t>(element::i64, {v.size()}, v); }

// Data-movement ops keep the bytes: the output must be the input's bytes under the new shape.
void expect_same_bytes(const Tensor& out, const Tensor& in, const Shape& shape) {
    EXPECT_EQ(out.get_shape(), shape);
    ASSERT_EQ(out.get_element_type(), in.get_element_type());
    ASSERT_EQ(out.get_byte_size(), in.get_byte_size());
    EXPECT_EQ(std::memcmp(out.data(), in.data(), in.get_byte_size()), 0);
}

}  // namespace

TEST(Reshape, StaticShapesFromConstantTarget) {
    EXPECT_EQ(reshape_shape(Shape{2, 3, 4}, {4, 6}, false), PartialShape(Shape{4, 6}));
    EXPECT_EQ(reshape_shape(Shape{2, 3, 4}, {6, -1}, false), PartialShape(Shape{6, 4}));
    EXPECT_EQ(reshape_shape(Shape{2, 3, 4}, {-1}, false), PartialShape(Shape{24}));
    EXPECT_EQ(reshape_shape(Shape{2, 3, 4}, {0, -1}, true), PartialShape(Shape{2, 12}));
    EXPECT_EQ(reshape_shape(Shape{2, 3, 4}, {0, 0, 2, 2}, true), PartialShape(Shape{2, 3, 2, 2}));
    EXPECT_EQ(reshape_shape(Shape{2, 3, 4}, {-1, 0, 1}, true), PartialShape(Shape{8, 3, 1}));
    EXPECT_EQ(reshape_shape(Shape{1}, {}, false), PartialShape(Shape{}));
    EXPECT_EQ(reshape_shape(Shape{}, {1, 1, -1}, false), PartialShape(Shape{1, 1, 1}));
    // Without special_zero a 0 is a real extent (empty tensors).
    EXPECT_EQ(reshape_shape(Shape{0, 3}, {3, 0}, false), PartialShape(Shape{3, 0}));
    EXPECT_EQ(reshape_shape(Shape{0, 3}, {0, -1}, false), PartialShape(Shape{0, 0}));
    EXPECT_EQ(reshape_shape(Shape{0, 3}, {0, -1}, true), PartialShape(Shape{0, 3}));
    EXPECT_EQ(reshape_shape(Shape{4, 0}, {2, -1, 5}, false), PartialShape(Shape{2, 0, 5}));
    // A scalar target shape tensor holds one extent.
    auto n = reshape(param(element::f32, Shape{2, 3}), op::constant<int64_t>(element::i32, Shape{}, {6}), false);
    EXPECT_EQ(n->get_output_partial_shape(0), PartialShape(Shape{6}));
    EXPECT_EQ(n->get_output_element_type(0), element::f32);
}

TEST(Reshape, DynamicShapes) {
    // A dynamic batch copied by special_zero cancels out, so -1 is still known.
    EXPECT_EQ(reshape_shape(PartialShape("[?,3,4]"), {0, -1}, true), PartialShape("[?,12]"));
    EXPECT_EQ(reshape_shape(PartialShape("[?,3,4]"), {0, 2, -1}, true), PartialShape("[?,2,6]"));
    EXPECT_EQ(reshape_shape(PartialShape("[?,3,4]"), {-1, 12}, false), PartialShape("[?,12]"));
    EXPECT_EQ(reshape_shape(PartialShape("[?,3,4]"), {2, -1}, false), PartialShape("[2,?]"));
    EXPECT_EQ(reshape_shape(PartialShape("[2..4,3]"), {0, 0}, true), PartialShape("[2..4,3]"));
    EXPECT_EQ(reshape_shape(PartialShape::dynamic(), {2, 0, -1}, true), PartialShape("[2,?,?]"));
    EXPECT_EQ(reshape_shape(PartialShape::dynamic(), {5, 6}, false), PartialShape("[5,6]"));
    // Unknown target values: the rank comes from the target's length.
    auto n = reshape(param(element::f32, Shape{2, 3}), param(element::i64, Shape{3}), false);
    EXPECT_EQ(n->get_output_partial_shape(0), PartialShape::dynamic(3));
    n = reshape(param(element::f32, Shape{2, 3}), param(element::i64, PartialShape("[?]")), true);
    EXPECT_TRUE(n->get_output_partial_shape(0).rank_is_dynamic());
    n = reshape(param(element::f32, Shape{2, 3}), param(element::i32, Shape{}), true);
    EXPECT_EQ(n->get_output_partial_shape(0), PartialShape::dynamic(1));
}

TEST(Reshape, InvalidCases) {
    EXPECT_THROW(reshape_shape(Shape{2, 3, 4}, {5, 5}, false), ModelError);        // 24 vs 25 elements
    EXPECT_THROW(reshape_shape(Shape{2, 3, 4}, {-1, -1}, false), ModelError);      // two -1
    EXPECT_THROW(reshape_shape(Shape{2, 3, 4}, {5, -1}, false), ModelError);       // 24 % 5
    EXPECT_THROW(reshape_shape(Shape{2, 3, 4}, {-2, 12}, false), ModelError);      // below -1
    EXPECT_THROW(reshape_shape(Shape{2, 3, 4}, {0, -1}, false), ModelError);       // 0 extent, 24 elements
    EXPECT_THROW(reshape_shape(Shape{2, 3}, {0, 0, 0}, true), ModelError);         // copies a missing dim
    EXPECT_THROW(reshape_shape(PartialShape("[?,3,4]"), {0, 5}, true), ModelError);  // 12 vs 5 after cancel
    EXPECT_THROW(reshape(param(element::f32, Shape{6}), param(element::f32, Shape{2}), false), ModelError);
    EXPECT_THROW(reshape(param(element::f32, Shape{6}), param(element::i64, Shape{2, 1}), false), ModelError);
    // special_zero is a required attribute; a bad value names the node.
    EXPECT_THROW(op::make("Reshape", {param(element::f32, Shape{6}), i64_const({6})}), ModelError);
    EXPECT_THROW(op::make("Reshape", {param(element::f32, Shape{6}), i64_const({6})}, {{"special_zero", "maybe"}}),
                 ModelError);
}

TEST(Reshape, EvaluatesEveryElementTypeAndRuntimeTargets) {
    for (auto type : test::kElementTypes) {
        SCOPED_TRACE(type.get_type_name());
        Tensor data = test::random_tensor(type, {2, 3, 4}, -50, 50, 7);
        auto n = reshape(param(type, PartialShape::dynamic()), param(element::i64, PartialShape("[?]")), true);
        expect_same_bytes(run(n, {data, i64_tensor({0, -1, 2})}).at(0), data, Shape{2, 6, 2});
        expect_same_bytes(run(n, {data, i64_tensor({24})}).at(0), data, Shape{24});
        auto c = reshape(param(type, Shape{2, 3, 4}), i64_const({4, 3, -1}), false);
        EXPECT_EQ(c->get_output_partial_shape(0), PartialShape(Shape{4, 3, 2}));
        expect_same_bytes(run(c, {data, i64_tensor({4, 3, -1})}).at(0), data, Shape{4, 3, 2});
        EXPECT_THROW(run(c, {data}), InvalidArgument);  // wrong input count
    }
    // Runtime inputs that do not fit the target.
    auto n = reshape(param(element::f32, PartialShape::dynamic()), param(element::i64, Shape{2}), false);
    EXPECT_THROW(run(n, {Tensor(element::f32, {2, 3}), i64_tensor({4, 2})}), ModelError);
    EXPECT_THROW(run(n, {Tensor(element::f32, {2, 3}), i64_tensor({-1, -1})}), ModelError);
    auto z = reshape(param(element::f32, PartialShape::dynamic()), param(element::i64, Shape{2}), true);
    EXPECT_EQ(run(z, {Tensor(element::f32, {0, 3}), i64_tensor({0, -1})}).at(0).get_shape(), (Shape{0, 3}));
}

TEST(Squeeze, StaticShapes) {
    auto sq = [](const PartialShape& s, std::optional<std::vector<int64_t>> axes) {
        auto data = param(element::f32, s);
        auto n = axes ? op::make("Squeeze", {data, i64_const(*axes)}) : op::make("Squeeze", {data});
        return n->get_output_partial_shape(0);
    };
    EXPECT_EQ(sq(Shape{1, 3, 1, 2}, std::nullopt), PartialShape(Shape{3, 2}));
    EXPECT_EQ(sq(Shape{1, 3, 1, 2}, std::vector<int64_t>{}), PartialShape(Shape{3, 2}));
    EXPECT_EQ(sq(Shape{1, 3, 1, 2}, std::vector<int64_t>{0}), PartialShape(Shape{3, 1, 2}));
    EXPECT_EQ(sq(Shape{1, 3, 1, 2}, std::vector<int64_t>{-2}), PartialShape(Shape{1, 3, 2}));
    EXPECT_EQ(sq(Shape{1, 3, 1, 2}, std::vector<int64_t>{2, 0, -4}), PartialShape(Shape{3, 2}));
    // A named axis that is not 1 is kept (the specification since OpenVINO 2024.3).
    EXPECT_EQ(sq(Shape{1, 3, 1, 2}, std::vector<int64_t>{1}), PartialShape(Shape{1, 3, 1, 2}));
    EXPECT_EQ(sq(Shape{1, 1}, std::nullopt), PartialShape(Shape{}));
    EXPECT_EQ(sq(Shape{}, std::nullopt), PartialShape(Shape{}));
    EXPECT_THROW(sq(Shape{1, 3}, std::vector<int64_t>{2}), ModelError);
    EXPECT_THROW(sq(Shape{1, 3}, std::vector<int64_t>{-3}), ModelError);
    EXPECT_THROW(op::make("Squeeze", {param(element::f32, Shape{1, 3}), param(element::f32, Shape{1})}),
                 ModelError);
    EXPECT_THROW(op::make("Squeeze", {param(element::f32, Shape{1, 3}), param(element::i64, Shape{1, 1})}),
                 ModelError);
}

TEST(Squeeze, DynamicShapes) {
    auto with_axes = [](const PartialShape& s, const std::vector<int64_t>& axes) {
        return op::make("Squeeze", {param(element::f32, s), i64_const(axes)})->get_output_partial_shape(0);
    };
    EXPECT_TRUE(op::make("Squeeze", {param(element::f32, PartialShape("[?,3,1]"))})
                    ->get_output_partial_shape(0)
                    .rank_is_dynamic());
    EXPECT_EQ(op::make("Squeeze", {param(element::f32, PartialShape("[2..5,1,?]"))})
                  ->get_output_partial_shape(0)
                  .rank_is_dynamic(),
              true);
    EXPECT_EQ(op::make("Squeeze", {param(element::f32, PartialShape("[2..5,1,3]"))})->get_output_partial_shape(0),
              PartialShape("[2..5,3]"));
    EXPECT_EQ(with_axes(PartialShape("[?,3,1]"), {0}), PartialShape("[3,1]"));
    EXPECT_EQ(with_axes(PartialShape("[2..5,3,1]"), {0, 2}), PartialShape("[2..5,3]"));
    EXPECT_TRUE(with_axes(PartialShape::dynamic(), {0}).rank_is_dynamic());
    auto n = op::make("Squeeze", {param(element::f32, PartialShape("[?,3,1]")), param(element::i64, Shape{1})});
    EXPECT_EQ(n->get_output_partial_shape(0), PartialShape::dynamic(2));
    n = op::make("Squeeze", {param(element::f32, PartialShape("[2,3]")), param(element::i64, Shape{1})});
    EXPECT_EQ(n->get_output_partial_shape(0), PartialShape("[2,3]"));
    n = op::make("Squeeze", {param(element::f32, PartialShape("[1,3,1]")), param(element::i64, Shape{2})});
    EXPECT_TRUE(n->get_output_partial_shape(0).rank_is_dynamic());
}

TEST(Squeeze, EvaluatesWithRuntimeAxes) {
    for (auto type : test::kElementTypes) {
        SCOPED_TRACE(type.get_type_name());
        Tensor data = test::random_tensor(type, {1, 4, 1, 3}, -20, 20, 11);
        auto n = op::make("Squeeze", {param(type, PartialShape::dynamic()), param(element::i64, PartialShape("[?]"))});
        expect_same_bytes(run(n, {data, i64_tensor({-2})}).at(0), data, Shape{1, 4, 3});
        expect_same_bytes(run(n, {data, i64_tensor({})}).at(0), data, Shape{4, 3});
        expect_same_bytes(run(n, {data, i64_tensor({1})}).at(0), data, Shape{1, 4, 1, 3});
        EXPECT_THROW(run(n, {data, i64_tensor({4})}), ModelError);
        auto all = op::make("Squeeze", {param(type, PartialShape::dynamic())});
        expect_same_bytes(run(all, {data}).at(0), data, Shape{4, 3});
    }
}

TEST(Unsqueeze, ShapesAndInvalidAxes) {
    auto unsq = [](const PartialShape& s, const std::vector<int64_t>& axes) {
        return op::make("Unsqueeze", {param(element::f32, s), i64_const(axes)})->get_output_partial_shape(0);
    };
    EXPECT_EQ(unsq(Shape{2, 3}, {0, 3}), PartialShape(Shape{1, 2, 3, 1}));
    EXPECT_EQ(unsq(Shape{2, 3}, {-1}), PartialShape(Shape{2, 3, 1}));
    EXPECT_EQ(unsq(Shape{2, 3}, {1, -1}), PartialShape(Shape{2, 1, 3, 1}));
    EXPECT_EQ(unsq(Shape{2, 3}, {3, 0}), PartialShape(Shape{1, 2, 3, 1}));
    EXPECT_EQ(unsq(Shape{2, 3}, {1, 1}), PartialShape(Shape{2, 1, 3}));  // a repeated value counts once
    EXPECT_EQ(unsq(Shape{}, {0}), PartialShape(Shape{1}));
    EXPECT_EQ(unsq(PartialShape("[?,3]"), {0}), PartialShape("[1,?,3]"));
    EXPECT_EQ(unsq(PartialShape("[2..4]"), {-1, 0}), PartialShape("[1,2..4,1]"));
    auto scalar_axis = op::make("Unsqueeze", {param(element::f32, Shape{2, 3}),
                                              op::constant<int64_t>(element::i32, Shape{}, {1})});
    EXPECT_EQ(scalar_axis->get_output_partial_shape(0), PartialShape(Shape{2, 1, 3}));
    EXPECT_THROW(unsq(Shape{2, 3}, {3}), ModelError);      // output rank 3
    EXPECT_THROW(unsq(Shape{2, 3}, {-4}), ModelError);
    EXPECT_THROW(unsq(Shape{2, 3}, {3, -1}), ModelError);  // both name output axis 3
    EXPECT_THROW(unsq(Shape{2, 3}, {}), ModelError);
    EXPECT_THROW(op::make("Unsqueeze", {param(element::f32, Shape{2})}), ModelError);
    EXPECT_THROW(op::make("Unsqueeze", {param(element::f32, Shape{2}), param(element::f16, Shape{1})}), ModelError);
    // Unknown axis values.
    auto n = op::make("Unsqueeze", {param(element::f32, Shape{2, 3}), param(element::i64, Shape{1})});
    EXPECT_EQ(n->get_output_partial_shape(0), PartialShape::dynamic(3));
    n = op::make("Unsqueeze", {param(element::f32, Shape{2, 3}), param(element::i64, Shape{2})});
    EXPECT_TRUE(n->get_output_partial_shape(0).rank_is_dynamic());
    EXPECT_TRUE(unsq(PartialShape::dynamic(), {0}).rank_is_dynamic());
}

TEST(Unsqueeze, Evaluates) {
    for (auto type : test::kElementTypes) {
        SCOPED_TRACE(type.get_type_name());
        Tensor data = test::random_tensor(type, {3, 2}, -9, 9, 5);
        auto n = op::make("Unsqueeze",
                          {param(type, PartialShape::dynamic()), param(element::i32, PartialShape("[?]"))});
        expect_same_bytes(run(n, {data, test::make_tensor<int>(element::i32, {2}, {0, -1})}).at(0), data,
                          Shape{1, 3, 2, 1});
        expect_same_bytes(run(n, {data, test::make_tensor<int>(element::i32, {1}, {1})}).at(0), data, Shape{3, 1, 2});
        EXPECT_THROW(run(n, {data, test::make_tensor<int>(element::i32, {1}, {5})}), ModelError);
    }
}

TEST(ShapeOf, ShapesTypesAndValues) {
    auto v1 = op::make("ShapeOf", {param(element::f16, Shape{2, 3, 4})}, {}, 1);
    EXPECT_EQ(v1->get_output_element_type(0), element::i64);
    EXPECT_EQ(v1->get_output_partial_shape(0), PartialShape(Shape{3}));
    auto v3 = op::make("ShapeOf", {param(element::u8, PartialShape("[?,5]"))}, {{"output_type", "i32"}}, 3);
    EXPECT_EQ(v3->get_output_element_type(0), element::i32);
    EXPECT_EQ(v3->get_output_partial_shape(0), PartialShape(Shape{2}));
    auto v3d = op::make("ShapeOf", {param(element::f32, PartialShape::dynamic())}, {}, 3);
    EXPECT_EQ(v3d->get_output_element_type(0), element::i64);  // default output_type
    EXPECT_EQ(v3d->get_output_partial_shape(0), PartialShape("[?]"));
    EXPECT_EQ(op::make("ShapeOf", {param(element::f32, Shape{})}, {}, 1)->get_output_partial_shape(0),
              PartialShape(Shape{0}));
    EXPECT_THROW(op::make("ShapeOf", {param(element::f32, Shape{2})}, {{"output_type", "f32"}}, 3), ModelError);
    EXPECT_THROW(op::make("ShapeOf", {param(element::f32, Shape{2})}, {{"output_type", "int"}}, 3), ModelError);
    EXPECT_THROW(op::make("ShapeOf", {}, {}, 1), ModelError);

    for (auto type : test::kElementTypes) {
        SCOPED_TRACE(type.get_type_name());
        Tensor data(type, {4, 1, 7});
        EXPECT_TENSOR_EQ(run(v1, {data}).at(0), i64_tensor({4, 1, 7}));
        EXPECT_TENSOR_EQ(run(v3d, {data}).at(0), i64_tensor({4, 1, 7}));
        auto v3i = op::make("ShapeOf", {param(type, PartialShape::dynamic())}, {{"output_type", "i32"}}, 3);
        EXPECT_TENSOR_EQ(run(v3i, {data}).at(0), test::make_tensor<int>(element::i32, {3}, {4, 1, 7}));
    }
    EXPECT_EQ(run(v3d, {Tensor(element::f32, Shape{})}).at(0).get_shape(), Shape{0});
    EXPECT_TENSOR_EQ(run(v3d, {Tensor(element::f32, Shape{0, 3})}).at(0), i64_tensor({0, 3}));
}

// Squeeze-15's allow_axis_skip, against OpenVINO 2026.4's shape inference: a named axis that may or may not be 1
// leaves the rank unknown; without the attribute (or when every named axis is known) it is Squeeze-1.
TEST(Squeeze, Version15AllowAxisSkip) {
    const auto shape = [](const PartialShape& s, const std::vector<int64_t>& axes, bool skip) {
        return op::make("Squeeze", {param(element::f32, s), i64_const(axes)}, {{"allow_axis_skip", skip ? "true" : "false"}}, 15)
            ->get_output_partial_shape(0);
    };
    for (bool skip : {false, true}) {
        EXPECT_EQ(shape(PartialShape("[2,1,3]"), {0, 1}, skip), PartialShape("[2,3]"));
        EXPECT_EQ(shape(PartialShape("[2,1,3]"), {-2}, skip), PartialShape("[2,3]"));
        EXPECT_EQ(shape(PartialShape("[1,2]"), {1}, skip), PartialShape("[1,2]"));
    }
    EXPECT_EQ(shape(PartialShape("[?,1,3]"), {0, 1}, false), PartialShape("[3]"));
    EXPECT_TRUE(shape(PartialShape("[?,1,3]"), {0, 1}, true).rank_is_dynamic());
    EXPECT_TRUE(shape(PartialShape("[1,?]"), {0, 1}, true).rank_is_dynamic());
    auto n = op::make("Squeeze", {param(element::f32, PartialShape("[2,1,3]")), param(element::i64, Shape{1})},
                      {{"allow_axis_skip", "true"}}, 15);
    EXPECT_TRUE(n->get_output_partial_shape(0).rank_is_dynamic());
    Tensor data = test::iota(element::f32, {2, 1, 3});
    expect_same_bytes(run(n, {data, i64_tensor({0})}).at(0), data, Shape{2, 1, 3});
    expect_same_bytes(run(n, {data, i64_tensor({1})}).at(0), data, Shape{2, 3});
    EXPECT_THROW(shape(PartialShape("[2,1,3]"), {3}, true), ModelError);
}
