// Transpose, Concat, Split, VariadicSplit, ShapeOf and Range on the device against host_ref, bitwise:
// hand-checked values, every permutation of ranks 3 and 4 (each kernel path), ranks 1-5, every axis
// (negative too) and element type, and what validate() refuses.
#include <algorithm>
#include <numeric>

#include "movement_test_utils.hpp"

using namespace ovcl;
using namespace ovcl::test::movement;
using test::kElementTypes;

namespace {

::testing::AssertionResult transpose_ok(element::Type t, const Shape& s, const Ints& order, uint32_t seed = 7) {
    return same_as_host(transpose(t, s, order), {data(t, s, seed), ints(order)});
}


}  // namespace

TEST(GpuTranspose, HandChecked) {
    OVCL_REQUIRE_GPU();
    auto node = transpose(element::f32, {2, 3}, {1, 0});
    const auto out = test::run_gpu(node, {test::make_tensor<float>(element::f32, {2, 3}, {0, 1, 2, 3, 4, 5}),
                                          ints({1, 0})});
    EXPECT_TENSOR_EQ(out.at(0), test::make_tensor<float>(element::f32, {3, 2}, {0, 3, 1, 4, 2, 5}));
}

TEST(GpuTranspose, EveryPermutationOfRanks3And4) {
    OVCL_REQUIRE_GPU();
    // Small extents take the gather path; extents of 17 and 20 (one full tile and a partial one) the
    // tiled path when the innermost axis moves.
    const std::vector<Shape> shapes{{3, 5, 7}, {17, 3, 20}, {2, 3, 4, 5}, {3, 17, 2, 20}};
    for (const Shape& s : shapes) {
        Ints order(s.size());
        std::iota(order.begin(), order.end(), 0);
        do {
            for (element::Type t : {element::f32, element::u8, element::i64, element::f16})
                EXPECT_TRUE(transpose_ok(t, s, order)) << t << " " << s << " order " << op::list(order);
        } while (std::next_permutation(order.begin(), order.end()));
    }
}

TEST(GpuTranspose, EachKernelPathIsTaken) {
    OVCL_REQUIRE_GPU();
    EXPECT_EQ(impl_of(transpose(element::f32, {4, 64, 32}, {0, 2, 1})), "transpose_tiled16");
    EXPECT_EQ(impl_of(transpose(element::f32, {4, 64, 32}, {1, 0, 2})), "transpose_rows");
    EXPECT_EQ(impl_of(transpose(element::f32, {4, 3, 32}, {0, 2, 1})), "transpose_gather");
    // Full tiles only, several of them, and tiles next to other axes on both sides.
    for (element::Type t : kElementTypes) {
        EXPECT_TRUE(transpose_ok(t, {64, 48}, {1, 0})) << t;
        EXPECT_TRUE(transpose_ok(t, {2, 32, 3, 48}, {3, 1, 0, 2})) << t;
        EXPECT_TRUE(transpose_ok(t, {1, 3, 56, 40}, {0, 2, 3, 1})) << t;  // NCHW -> NHWC
        EXPECT_TRUE(transpose_ok(t, {1, 56, 40, 3}, {0, 3, 1, 2})) << t;  // NHWC -> NCHW
    }
}

TEST(GpuTranspose, Ranks1To5TypesAndEmptyOrder) {
    OVCL_REQUIRE_GPU();
    std::mt19937 gen(3);
    const std::vector<Shape> shapes{{7}, {1, 9}, {5, 1, 3}, {2, 1, 3, 1, 4}, {2, 3, 4, 5, 6}, {1, 1, 1}};
    for (const Shape& s : shapes)
        for (element::Type t : kElementTypes) {
            Ints order(s.size());
            std::iota(order.begin(), order.end(), 0);
            std::shuffle(order.begin(), order.end(), gen);
            EXPECT_TRUE(transpose_ok(t, s, order)) << t << " " << s << " order " << op::list(order);
            // An empty order reverses the axes; its 0-byte input cannot be uploaded by run_node_on_device
            // yet, so it is checked to configure exactly the launches of the explicit reversal.
            Ints reversed(s.size());
            std::iota(reversed.rbegin(), reversed.rend(), 0);
            auto empty = op::make("Transpose", {op::parameter(t, s), op::constant(ints({}))});
            const auto& device = test::gpu_env()->device;
            const auto a = gpu::find_gpu_op("Transpose")->configure(*empty, device);
            const auto b = gpu::find_gpu_op("Transpose")->configure(*transpose(t, s, reversed), device);
            ASSERT_EQ(a.launches.size(), b.launches.size());
            for (size_t i = 0; i < a.launches.size(); ++i) {
                EXPECT_EQ(a.launches[i].global, b.launches[i].global);
                for (size_t k = 0; k < a.launches[i].args.size(); ++k)
                    EXPECT_EQ(a.launches[i].args[k].bytes, b.launches[i].args[k].bytes);
            }
            for (size_t i = 0; i < a.constants.size(); ++i)
                EXPECT_TENSOR_EQ(a.constants[i], b.constants[i]);
        }
}

TEST(GpuTranspose, Refusals) {
    OVCL_REQUIRE_GPU();
    // A cube keeps a static output shape with an order known only at run time.
    auto node = op::make("Transpose", {op::parameter(element::f32, Shape{4, 4, 4}),
                                       op::parameter(element::i64, Shape{3})});
    EXPECT_EQ(refusal(node), "the order input is not an integer Constant");
    auto huge = transpose(element::u8, {2, 1u << 30}, {1, 0});
    EXPECT_NE(refusal(huge).find("more than 2^31-1 elements"), std::string::npos) << refusal(huge);
}

TEST(GpuConcat, HandChecked) {
    OVCL_REQUIRE_GPU();
    auto node = concat(element::i32, {{2, 1}, {2, 2}}, -1);
    const auto out = test::run_gpu(node, {test::make_tensor<int>(element::i32, {2, 1}, {1, 2}),
                                          test::make_tensor<int>(element::i32, {2, 2}, {3, 4, 5, 6})});
    EXPECT_TENSOR_EQ(out.at(0), test::make_tensor<int>(element::i32, {2, 3}, {1, 3, 4, 2, 5, 6}));
}

// Empty tensors: no launch moves anything for them. (run_node_on_device cannot upload a 0-byte input
// yet, so these are checked at configure().)
TEST(GpuMovement, EmptyTensorsNeedNoLaunch) {
    OVCL_REQUIRE_GPU();
    auto launches = [](const std::shared_ptr<Node>& n) {
        EXPECT_EQ(refusal(n), "");
        return gpu::find_gpu_op(n->get_type_name())->configure(*n, test::gpu_env()->device).launches.size();
    };
    EXPECT_EQ(launches(concat(element::f32, {{2, 3}, {2, 0}, {2, 4}}, 1)), 1u);
    EXPECT_EQ(launches(concat(element::f32, {{0, 3}, {0, 3}}, 1)), 0u);
    EXPECT_EQ(launches(transpose(element::f32, {3, 0, 2}, {2, 0, 1})), 0u);
    EXPECT_EQ(launches(op::make("ShapeOf", {op::parameter(element::f32, Shape{})})), 0u);
}

TEST(GpuConcat, TwoToSixInputsOnEveryAxis) {
    OVCL_REQUIRE_GPU();
    const std::vector<Shape> bases{{70}, {3, 5}, {2, 3, 33}, {2, 1, 3, 4}, {1, 2, 3, 2, 5}};
    for (const Shape& base : bases)
        for (size_t n = 2; n <= 6; ++n)  // one launch moves up to 4 parts: 5 and 6 take two
            for (int64_t axis = -static_cast<int64_t>(base.size()); axis < static_cast<int64_t>(base.size());
                 ++axis)
                for (element::Type t : {element::f32, element::boolean, element::i64, element::f16}) {
                    const size_t a = static_cast<size_t>(axis < 0 ? axis + static_cast<int64_t>(base.size()) : axis);
                    std::vector<Shape> shapes;
                    TensorVector in;
                    for (size_t k = 0; k < n; ++k) {
                        Shape s = base;
                        s[a] = base[a] + k * 3;
                        shapes.push_back(s);
                        in.push_back(data(t, s, static_cast<uint32_t>(k + 1)));
                    }
                    EXPECT_TRUE(same_as_host(concat(t, shapes, axis), in)) << t << " " << base << " axis " << axis;
                }
}

TEST(GpuSplit, EveryAxisAndType) {
    OVCL_REQUIRE_GPU();
    const std::vector<Shape> shapes{{12}, {4, 6}, {2, 6, 40}, {2, 4, 3, 6}, {3, 2, 66}};
    for (const Shape& s : shapes)
        for (int64_t axis = -static_cast<int64_t>(s.size()); axis < static_cast<int64_t>(s.size()); ++axis)
            for (element::Type t : kElementTypes) {
                const size_t a = static_cast<size_t>(axis < 0 ? axis + static_cast<int64_t>(s.size()) : axis);
                for (size_t parts : {size_t{1}, size_t{2}, size_t{6}}) {
                    if (s[a] % parts != 0)
                        continue;
                    auto node = op::make("Split", {op::parameter(t, s), op::constant(scalar_int(axis))},
                                         {{"num_splits", std::to_string(parts)}});
                    EXPECT_TRUE(same_as_host(node, {data(t, s), scalar_int(axis)})) << t << " " << s << " " << axis;
                }
                const Ints lengths = s[a] > 4 ? Ints{1, -1, 0, 1, 2} : Ints{1, -1, 0};
                auto var = op::make("VariadicSplit", {op::parameter(t, s), op::constant(scalar_int(axis, element::i32)),
                                                      op::constant(ints(lengths))});
                EXPECT_TRUE(same_as_host(var, {data(t, s), scalar_int(axis, element::i32), ints(lengths)}))
                    << t << " " << s << " " << axis;
            }
}

TEST(GpuSplit, HandCheckedAndRefusal) {
    OVCL_REQUIRE_GPU();
    auto node = op::make("Split", {op::parameter(element::f32, Shape{2, 2}), op::constant(scalar_int(1))},
                         {{"num_splits", "2"}});
    const auto out = test::run_gpu(node, {test::make_tensor<float>(element::f32, {2, 2}, {1, 2, 3, 4}), scalar_int(1)});
    EXPECT_TENSOR_EQ(out.at(0), test::make_tensor<float>(element::f32, {2, 1}, {1, 3}));
    EXPECT_TENSOR_EQ(out.at(1), test::make_tensor<float>(element::f32, {2, 1}, {2, 4}));
    // With the axis known only at run time the output shapes are not static: the op's own check says why.
    auto runtime_axis = op::make("Split", {op::parameter(element::f32, Shape{4, 4}), op::parameter(element::i64, {})},
                                 {{"num_splits", "2"}});
    EXPECT_EQ(gpu::find_gpu_op("Split")->validate(*runtime_axis, test::gpu_env()->device).reason,
              "the axis input is not an integer Constant of one value");
}

TEST(GpuShapeOf, WritesTheStaticShape) {
    OVCL_REQUIRE_GPU();
    for (int64_t version : {1, 3})
        for (element::Type t : {element::i32, element::i64}) {
            Attributes attrs;
            if (version == 3)
                attrs.emplace_back("output_type", t.to_string());
            else if (t == element::i32)
                continue;
            auto node = op::make("ShapeOf", {op::parameter(element::f16, Shape{2, 5, 7})}, attrs, version);
            const Tensor in = data(element::f16, {2, 5, 7});
            ASSERT_TRUE(same_as_host(node, {in})) << version << " " << t;
            EXPECT_TENSOR_EQ(test::run_gpu(node, {in}).at(0), test::make_tensor<int64_t>(t, {3}, {2, 5, 7}));
        }
}

TEST(GpuRange, ConstantInputsAreComputedOnce) {
    OVCL_REQUIRE_GPU();
    auto f = [](double v) { return test::make_tensor<double>(element::f32, {}, {v}); };
    auto range4 = op::make("Range", {op::constant(f(1.5)), op::constant(f(-3)), op::constant(f(-0.5))},
                           {{"output_type", "f32"}}, 4);
    EXPECT_TRUE(same_as_host(range4, {f(1.5), f(-3), f(-0.5)}));
    const Tensor a = scalar_int(2, element::i32), b = scalar_int(300, element::i32), c = scalar_int(3, element::i32);
    auto range1 = op::make("Range", {op::constant(a), op::constant(b), op::constant(c)}, {}, 1);
    EXPECT_TRUE(same_as_host(range1, {a, b, c}));
    auto range_i64 = op::make("Range", {op::constant(a), op::constant(b), op::constant(c)},
                              {{"output_type", "i64"}}, 4);
    EXPECT_TRUE(same_as_host(range_i64, {a, b, c}));
}
