// Shape values (ovcl/shape.hpp, src/shape_infer/shape_values.hpp): a target shape computed from a partly dynamic
// shape keeps the dims it knows. Each expected shape is the one OpenVINO 2026.4's shape inference gives for the same
// graph (built with openvino.opset13), so a KV cache's [batch, heads, ?, head_size] stays static but for its length.
#include <gtest/gtest.h>

#include "common/test_utils.hpp"
#include "ovcl/op_registry.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;

namespace {

Output<Node> i64s(const std::vector<int64_t>& v) { return op::constant<int64_t>(element::i64, Shape{v.size()}, v); }
Output<Node> scalar(int64_t v) { return op::constant<int64_t>(element::i64, Shape{}, {v}); }
Output<Node> gather(const Output<Node>& data, const Output<Node>& indices) {
    return op::make_output("Gather", {data, indices, scalar(0)});
}
Output<Node> concat(const OutputVector& parts) { return op::make_output("Concat", parts, {{"axis", "0"}}); }
Output<Node> shape_of(const Output<Node>& x, const char* type = "i64") {
    return op::make_output("ShapeOf", {x}, {{"output_type", type}});
}
PartialShape reshaped(const PartialShape& data, const Output<Node>& target, bool special_zero) {
    return op::make("Reshape", {op::parameter(element::f32, data), target},
                    {{"special_zero", special_zero ? "true" : "false"}})
        ->get_output_partial_shape(0);
}
ShapeValue value_of(const Output<Node>& o) {
    const auto& v = o.node->get_output_shape_value(o.index);
    return v ? *v : ShapeValue{};
}

}  // namespace

TEST(ShapeValues, ShapeOfGatherAndConcatKeepTheKnownDims) {
    auto kv = op::parameter(element::f32, PartialShape("[1,2,?,16]"));
    const auto s = shape_of(kv);
    EXPECT_EQ(value_of(s), (ShapeValue{1, 2, std::nullopt, 16}));
    EXPECT_EQ(value_of(gather(s, i64s({3, 0}))), (ShapeValue{16, 1}));
    EXPECT_EQ(value_of(gather(s, scalar(-2))), ShapeValue{});  // picks only the unknown dim: nothing known
    // An input of known length whose values are unknown adds unknown elements.
    auto n = op::parameter(element::i64, Shape{1});
    EXPECT_EQ(value_of(concat({gather(s, i64s({0})), n, i64s({7})})), (ShapeValue{1, std::nullopt, 7}));
    // i32 and back (ShapeOf-3's output_type, then Convert), Unsqueeze of a gathered scalar.
    const auto through_i32 = op::make_output("Convert", {shape_of(kv, "i32")}, {{"destination_type", "i64"}});
    EXPECT_EQ(value_of(through_i32), value_of(s));
    EXPECT_EQ(value_of(op::make_output("Unsqueeze", {gather(s, scalar(1)), scalar(0)})), ShapeValue{2});
}

TEST(ShapeValues, ReshapeAndBroadcastReadTheDimsTheirTargetKnows) {
    auto kv = op::parameter(element::f32, PartialShape("[1,2,?,16]"));
    const auto s = shape_of(kv);
    const PartialShape expanded("[1,2,2,?,16]");
    EXPECT_EQ(reshaped(expanded, concat({gather(s, i64s({0})), i64s({4}), gather(s, i64s({2})), i64s({16})}), false),
              PartialShape("[1,4,?,16]"));
    EXPECT_EQ(reshaped(expanded, concat({gather(s, i64s({0})), i64s({4, -1, 16})}), false), PartialShape("[1,4,?,16]"));
    EXPECT_EQ(reshaped(expanded, concat({i64s({0, 4}), gather(s, i64s({2})), i64s({16})}), true),
              PartialShape("[1,4,?,16]"));
    auto mask = op::parameter(element::i64, PartialShape("[1,?]"));
    EXPECT_EQ(reshaped(PartialShape("[?]"), concat({i64s({1, 1, 1}), gather(shape_of(mask), i64s({1}))}), false),
              PartialShape("[1,1,1,?]"));
    // Every element known: a static shape, as from a constant.
    EXPECT_EQ(reshaped(PartialShape("[?]"),
                       concat({op::make_output("Unsqueeze", {gather(s, scalar(1)), scalar(0)}), i64s({-1})}), false),
              PartialShape("[2,?]"));

    const auto target = concat({gather(s, i64s({0, 1})), i64s({2}), gather(s, i64s({2, 3}))});
    auto b = op::make("Broadcast", {op::parameter(element::f32, PartialShape("[1,2,1,?,16]")), target});
    EXPECT_EQ(b->get_output_partial_shape(0), expanded);
    // A known negative extent is refused as a constant one is.
    EXPECT_THROW(op::make("Broadcast", {op::parameter(element::f32, PartialShape("[1,?]")),
                                        concat({i64s({-3}), gather(s, i64s({2}))})}),
                 ModelError);
}

TEST(ShapeValues, AShapeValueIsRecomputedWhenTheGraphIsReshaped) {
    auto kv = op::parameter(element::f32, PartialShape("[1,2,?,16]"));
    const auto s = shape_of(kv);
    auto reshape = op::make("Reshape", {op::parameter(element::f32, PartialShape("[?]")),
                                        concat({gather(s, i64s({2})), i64s({-1})})},
                            {{"special_zero", "false"}});
    auto model = std::make_shared<Model>(OutputVector{Output<Node>(reshape, 0)},
                                         NodeVector{kv, std::static_pointer_cast<Node>(reshape->input_value(0).node)});
    EXPECT_EQ(reshape->get_output_partial_shape(0), PartialShape("[?,?]"));
    model->reshape(std::map<size_t, PartialShape>{{0, PartialShape("[1,2,5,16]")}, {1, PartialShape("[40]")}});
    EXPECT_EQ(reshape->get_output_partial_shape(0), PartialShape("[5,8]"));
}
