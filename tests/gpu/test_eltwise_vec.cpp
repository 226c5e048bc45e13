// The vector paths of kernels_cl/eltwise.cl against host_ref: one vector of VEC elements per work-item whose
// last block is moved back to end at the tensor's (or the row's) end, overlapping its neighbour; the _one
// kernels for tensors and rows shorter than VEC; the z axes of eltwise_bcast unrolled (up to 7 outer axes) or
// in a loop (-DMANY_AXES). Sizes around the vector widths (8 for 64-bit types, 16 otherwise), 1-element axes,
// large inner dims, every element type the ops take.
// Tolerances: f32 1e-5 abs + 1e-5 rel (Add/Multiply/Select/Convert are exact in f32 and compared so; Sigmoid
// goes through OpenCL's exp, a few ulp from libm); f16 storage 1e-3 abs + rel (f32 compute, rounded to half once:
// a few-ulp f32 difference can flip the last half bit); integers, booleans and comparisons exactly (1e-5 on
// values that are whole numbers below 2^24 cannot hide a wrong element).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "gpu_test_utils.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;
using test::make_tensor;
using test::random_tensor;

namespace {

std::shared_ptr<Node> binary(const std::string& type, element::Type t, const Shape& a, const Shape& b) {
    return op::make(type, {op::parameter(t, a), op::parameter(t, b)}, {{"auto_broadcast", "numpy"}});
}

TensorVector random_inputs(const std::shared_ptr<Node>& node, uint32_t seed) {
    TensorVector in;
    for (size_t i = 0; i < node->get_input_size(); ++i) {
        const element::Type t = node->get_input_element_type(i);
        const double lo = t == element::boolean || t == element::u8 ? 0 : -100;
        const double hi = t == element::boolean ? 1 : t == element::u8 ? 200 : 100;
        in.push_back(random_tensor(t, node->get_input_shape(i), lo, hi, seed + i));
    }
    return in;
}

double tolerance(element::Type t) { return t == element::f16 ? 1e-3 : 1e-5; }

/// The kernel entry configure() picks for the node (its one launch).
std::string entry_of(const std::shared_ptr<Node>& node) {
    const auto config = gpu::find_gpu_op(node->get_type_name())->configure(*node, test::gpu_env()->device);
    return config.launches.size() == 1 ? config.launches[0].entry
                                       : "launches: " + std::to_string(config.launches.size());
}

std::string options_of(const std::shared_ptr<Node>& node) {
    return gpu::find_gpu_op(node->get_type_name())->configure(*node, test::gpu_env()->device).launches.at(0).options;
}

}  // namespace

TEST(GpuEltwiseVec, HandCheckedOverlappingTail) {
    OVCL_REQUIRE_GPU();
    // 17 elements: work-item 0 writes [0, 16), work-item 1 the last vector [1, 17).
    std::vector<float> a(17), b(17), expected(17);
    for (size_t i = 0; i < a.size(); ++i) {
        a[i] = static_cast<float>(i);
        b[i] = 100.0f * static_cast<float>(i);
        expected[i] = 101.0f * static_cast<float>(i);
    }
    auto node = binary("Add", element::f32, {17}, {17});
    EXPECT_EQ(entry_of(node), "eltwise_flat");
    const auto out = test::run_gpu(node, {make_tensor<float>(element::f32, {17}, a),
                                          make_tensor<float>(element::f32, {17}, b)});
    EXPECT_TENSOR_EQ(out.at(0), make_tensor<float>(element::f32, {17}, expected));
    // A row of 3 plus a per-row bias: the one-element kernel.
    auto bias = binary("Add", element::f32, {2, 3}, {2, 1});
    EXPECT_EQ(entry_of(bias), "eltwise_bcast_one");
    const auto small = test::run_gpu(bias, {make_tensor<float>(element::f32, {2, 3}, {1, 2, 3, 4, 5, 6}),
                                            make_tensor<float>(element::f32, {2, 1}, {10, 20})});
    EXPECT_TENSOR_EQ(small.at(0), make_tensor<float>(element::f32, {2, 3}, {11, 12, 13, 24, 25, 26}));
}

TEST(GpuEltwiseVec, EntryByLength) {
    OVCL_REQUIRE_GPU();
    EXPECT_EQ(entry_of(binary("Add", element::f32, {15}, {15})), "eltwise_flat_one");
    EXPECT_EQ(entry_of(binary("Add", element::f32, {16}, {16})), "eltwise_flat");
    EXPECT_EQ(entry_of(binary("Add", element::i64, {7}, {})), "eltwise_flat_one");   // 8 lanes of 64 bits
    EXPECT_EQ(entry_of(binary("Add", element::i64, {8}, {})), "eltwise_flat");
    EXPECT_EQ(entry_of(binary("Add", element::f32, {4, 15}, {4, 1})), "eltwise_bcast_one");
    EXPECT_EQ(entry_of(binary("Add", element::f32, {4, 16}, {4, 1})), "eltwise_bcast");
    // Outer axes that cannot merge: 7 unrolled, 8 in the loop.
    const Shape a7{2, 1, 2, 1, 2, 1, 2, 16}, b7{1, 2, 1, 2, 1, 2, 1, 16};
    const Shape a8{1, 2, 1, 2, 1, 2, 1, 2, 16}, b8{2, 1, 2, 1, 2, 1, 2, 1, 16};
    EXPECT_EQ(options_of(binary("Add", element::f32, a7, b7)).find("MANY_AXES"), std::string::npos);
    EXPECT_NE(options_of(binary("Add", element::f32, a8, b8)).find("MANY_AXES"), std::string::npos);
}

TEST(GpuEltwiseVec, FlatLengthsAroundTheVectorWidth) {
    OVCL_REQUIRE_GPU();
    uint32_t seed = 1;
    for (element::Type t : {element::f32, element::f16, element::i32, element::i64})
        for (size_t n : {1, 7, 8, 9, 15, 16, 17, 31, 33, 1000, 4099}) {
            auto node = binary("Multiply", t, {n}, {n});
            EXPECT_TRUE(test::gpu_matches_host(node, random_inputs(node, seed++), tolerance(t), tolerance(t)))
                << t << " " << n;
            auto scalar = binary("Subtract", t, {n}, {});  // a single-element input (stride flag 0)
            EXPECT_TRUE(test::gpu_matches_host(scalar, random_inputs(scalar, seed++), tolerance(t), tolerance(t)))
                << t << " " << n;
        }
}

TEST(GpuEltwiseVec, BroadcastRowsAroundTheVectorWidth) {
    OVCL_REQUIRE_GPU();
    uint32_t seed = 50;
    for (element::Type t : {element::f32, element::f16, element::i32, element::i64})
        for (size_t inner : {1, 3, 8, 15, 16, 17, 33, 3001}) {
            // A per-channel bias, a row vector over rows, and broadcasting on both sides with 1-element axes.
            const std::vector<std::pair<Shape, Shape>> cases{{{2, 3, inner}, {1, 3, 1}},
                                                             {{5, inner}, {1, inner}},
                                                             {{3, 1, inner}, {1, 2, 1}},
                                                             {{1, 1, 4, 1, inner}, {2, 1, 1, 3, 1}}};
            for (const auto& c : cases) {
                auto node = binary("Add", t, c.first, c.second);
                EXPECT_TRUE(test::gpu_matches_host(node, random_inputs(node, seed++), tolerance(t), tolerance(t)))
                    << t << " " << c.first << " + " << c.second;
            }
        }
}

TEST(GpuEltwiseVec, ManyOuterAxesUnrolledAndLooped) {
    OVCL_REQUIRE_GPU();
    uint32_t seed = 90;
    // Alternating broadcasts keep every axis apart: 5, 7 (the unrolled limit) and 9 outer axes.
    const std::vector<std::pair<Shape, Shape>> cases{
        {{2, 1, 3, 1, 2, 20}, {1, 3, 1, 2, 1, 20}},
        {{2, 1, 2, 1, 2, 1, 2, 5}, {1, 3, 1, 2, 1, 2, 1, 5}},
        {{2, 1, 2, 1, 2, 1, 2, 1, 2, 17}, {1, 2, 1, 2, 1, 2, 1, 2, 1, 17}},
        {{2, 1, 2, 1, 2, 1, 2, 1, 2, 3}, {1, 2, 1, 2, 1, 2, 1, 2, 1, 1}}};
    for (element::Type t : {element::f32, element::i64})
        for (const auto& c : cases) {
            auto node = binary("Maximum", t, c.first, c.second);
            EXPECT_TRUE(test::gpu_matches_host(node, random_inputs(node, seed++), 0, 0))
                << t << " " << c.first << " , " << c.second;
        }
}

TEST(GpuEltwiseVec, UnaryCompareSelectConvertEveryType) {
    OVCL_REQUIRE_GPU();
    uint32_t seed = 120;
    for (size_t n : {5, 16, 21, 515}) {
        const Shape s{n};
        auto sig = op::make("Sigmoid", {op::parameter(element::f32, s)});
        EXPECT_TRUE(test::gpu_matches_host(sig, random_inputs(sig, seed++), 1e-5, 1e-5)) << n;
        for (element::Type t : {element::u8, element::i8, element::i32, element::i64, element::f16, element::f32}) {
            auto less = binary("Less", t, {2, n}, {2, 1});
            EXPECT_TRUE(test::gpu_matches_host(less, random_inputs(less, seed++), 0, 0)) << t << " " << n;
            auto conv = op::make("Convert", {op::parameter(t, s)}, {{"destination_type", "f32"}});
            EXPECT_TRUE(test::gpu_matches_host(conv, random_inputs(conv, seed++), 0, 0)) << t << " " << n;
        }
        for (element::Type t : {element::boolean, element::u8, element::f16, element::i32, element::i64}) {
            auto sel = op::make("Select", {op::parameter(element::boolean, s), op::parameter(t, s),
                                           op::parameter(t, {1})},
                                {{"auto_broadcast", "numpy"}});
            EXPECT_TRUE(test::gpu_matches_host(sel, random_inputs(sel, seed++), 0, 0)) << t << " " << n;
        }
        auto band = binary("LogicalAnd", element::boolean, {3, n}, {1, n});
        EXPECT_TRUE(test::gpu_matches_host(band, random_inputs(band, seed++), 0, 0)) << n;
    }
}
