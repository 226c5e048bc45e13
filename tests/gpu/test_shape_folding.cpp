// Shape computations fold before planning (src/gpu/transform/transformations.cpp), passes repeated until nothing
// changes, so the plan runs none of them, nor what they shape, on the host. The zoo's ShuffleNet (its stage-4
// block, tools/model_zoo.py) had 90 host steps with one pass and has none now; this hand-built channel split
// folds in either case, and guards the folding of such chains.
#include <gtest/gtest.h>

#include "gpu_test_utils.hpp"
#include "ovcl/core.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;

namespace {

Output<Node> i64s(std::vector<int64_t> v) { return op::constant<int64_t>(element::i64, Shape{v.size()}, v); }

// ShuffleNet's channel split as PyTorch's frontend writes it: x [2,6,4] split on axis 1 into lengths computed from
// ShapeOf(x) (channels // 2 through f32, Divide, Floor), the halves joined in swapped order, then a Reshape to
// ShapeOf(the join) with two axes swapped, and a Relu.
std::shared_ptr<Model> chained_shape_model() {
    auto x = op::parameter(element::f32, PartialShape({2, 6, 4}), "x");
    auto shape = op::make_output("ShapeOf", {x});
    auto channels = op::make_output("Convert", {op::make_output("Gather", {shape, i64s({1}), i64s({0})})},
                                    {{"destination_type", "f32"}});
    auto halved = op::make_output("Floor", {op::make_output("Divide", {channels, op::constant<float>(
                                                                                element::f32, Shape{1}, {2.0f})})});
    auto half = op::make_output("Convert", {halved}, {{"destination_type", "i64"}});
    auto lengths = op::make_output("Concat", {half, half}, {{"axis", "0"}});
    auto split = op::make("VariadicSplit", {x, op::constant<int64_t>(element::i64, Shape{}, {1}), lengths});
    auto joined = op::make_output("Concat", {Output<Node>(split, 1), Output<Node>(split, 0)}, {{"axis", "1"}});
    auto swapped = op::make_output("Gather", {op::make_output("ShapeOf", {joined}), i64s({0, 2, 1}), i64s({0})});
    auto second = op::make_output("Reshape", {joined, swapped}, {{"special_zero", "false"}});
    auto relu = op::make_output("Relu", {second});
    return std::make_shared<Model>(OutputVector{relu}, NodeVector{x}, "chained_shapes");
}

}  // namespace

TEST(GpuShapeFolding, ShapesComputedFromFoldedShapesFoldToo) {
    OVCL_REQUIRE_GPU();
    Core core;
    auto compiled = core.compile_model(chained_shape_model(), "GPU");
    for (const auto& n : compiled.get_runtime_model()->get_ordered_ops())
        EXPECT_NE(n->get_rt_info().at("primitiveType").as<std::string>(), "ref")
            << n->get_friendly_name() << " (" << n->get_type_name() << ") runs on the host";
    EXPECT_EQ(compiled.get_runtime_model()->output(0).get_partial_shape(), PartialShape({2, 4, 6}));
    Tensor x(element::f32, {2, 6, 4});
    for (size_t i = 0; i < x.get_size(); ++i)
        x.data<float>()[i] = static_cast<float>(i % 7) - 3.0f;
    auto request = compiled.create_infer_request();
    request.set_input_tensor(x);
    request.infer();
    const float* y = request.get_output_tensor().data<float>();
    const float* in = x.data<float>();
    for (size_t b = 0; b < 2; ++b)  // joined[b][c][k] = x[b][(c + 3) % 6][k]; the reshape keeps the element order
        for (size_t c = 0; c < 6; ++c)
            for (size_t k = 0; k < 4; ++k)
                EXPECT_EQ(y[(b * 6 + c) * 4 + k], std::max(0.0f, in[(b * 6 + (c + 3) % 6) * 4 + k])) << b << c << k;
}
