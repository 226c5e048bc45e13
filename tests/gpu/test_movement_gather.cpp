// Gather-1/7/8 on the device against host_ref, bitwise: hand-checked values, data ranks 1-4 over every
// axis (negative too) and batch_dims, runtime i32/i64 and constant indices with negative and
// out-of-range values (Gather-8: wrap and zeros), element types, and what validate() refuses.
#include "movement_test_utils.hpp"

using namespace ovcl;
using namespace ovcl::test::movement;
using test::kElementTypes;

namespace {

std::shared_ptr<Node> gather(int64_t version, const Output<Node>& data, const Output<Node>& indices, int64_t axis,
                             int64_t batch_dims = 0) {
    Attributes attrs;
    if (version > 1)
        attrs.emplace_back("batch_dims", std::to_string(batch_dims));
    return op::make("Gather", {data, indices, op::constant(scalar_int(axis))}, attrs, version);
}

// Indices of `shape` in [lo, hi].
Tensor indices(element::Type t, const Shape& shape, int64_t lo, int64_t hi, uint32_t seed) {
    return test::random_tensor(t, shape, static_cast<double>(lo), static_cast<double>(hi), seed);
}

}  // namespace

TEST(GpuGather, HandChecked) {
    OVCL_REQUIRE_GPU();
    auto node = gather(8, op::parameter(element::f32, Shape{3, 2}), op::parameter(element::i32, Shape{4}), 0);
    const auto out = test::run_gpu(node, {test::make_tensor<float>(element::f32, {3, 2}, {1, 2, 3, 4, 5, 6}),
                                          test::make_tensor<int>(element::i32, {4}, {2, 0, -1, 3}),
                                          scalar_int(0)});
    // -1 wraps to row 2; 3 is outside [0, 3): zeros.
    EXPECT_TENSOR_EQ(out.at(0), test::make_tensor<float>(element::f32, {4, 2}, {5, 6, 1, 2, 5, 6, 0, 0}));
}

TEST(GpuGather, V8OverRanksAxesBatchDimsAndIndexTypes) {
    OVCL_REQUIRE_GPU();
    struct Case {
        Shape data, idx;
    };
    // Batch dims lead both shapes; the slice after the axis is 1 element, a partial chunk, or several chunks.
    const std::vector<Case> cases{{{9}, {5}},         {{4, 70}, {3}},        {{2, 5, 3}, {2, 4}},
                                  {{3, 4, 130}, {3, 2}}, {{2, 3, 4, 5}, {2, 3, 2}}};
    uint32_t seed = 1;
    for (const Case& c : cases) {
        const auto dr = static_cast<int64_t>(c.data.size()), ir = static_cast<int64_t>(c.idx.size());
        for (int64_t axis = -dr; axis < dr; ++axis) {
            const int64_t a = axis < 0 ? axis + dr : axis;
            for (int64_t b = 0; b <= std::min(a, ir); ++b) {
                bool batch_ok = true;
                for (int64_t i = 0; i < b; ++i)
                    batch_ok = batch_ok && c.data[static_cast<size_t>(i)] == c.idx[static_cast<size_t>(i)];
                if (!batch_ok)
                    continue;
                const auto n = static_cast<int64_t>(c.data[static_cast<size_t>(a)]);
                for (element::Type it : {element::i32, element::i64})
                    for (element::Type t : {element::f32, element::u8, element::i64, element::f16}) {
                        const int64_t batch_dims = b > 0 && b < ir && seed % 2 ? b - ir : b;  // negative spelling
                        auto node = gather(8, op::parameter(t, c.data), op::parameter(it, c.idx), axis, batch_dims);
                        const Tensor idx = indices(it, c.idx, -n - 2, n + 1, ++seed);
                        EXPECT_TRUE(same_as_host(node, {data(t, c.data, seed), idx, scalar_int(axis)}))
                            << t << " data " << c.data << " indices " << it << c.idx << " axis " << axis
                            << " batch_dims " << batch_dims;
                    }
            }
        }
    }
}

TEST(GpuGather, NegativeBatchDimsAndScalarIndices) {
    OVCL_REQUIRE_GPU();
    auto node = gather(8, op::parameter(element::i32, Shape{2, 3, 4}), op::parameter(element::i64, Shape{2, 3}), 2,
                       -1);  // batch_dims -1 = 1 of the indices' rank 2
    EXPECT_TRUE(same_as_host(node, {data(element::i32, {2, 3, 4}), indices(element::i64, {2, 3}, -4, 3, 5),
                                    scalar_int(2)}));
    auto scalar = gather(8, op::parameter(element::boolean, Shape{5, 3}), op::parameter(element::i32, Shape{}), 0);
    EXPECT_TRUE(same_as_host(scalar, {data(element::boolean, {5, 3}), scalar_int(-2, element::i32), scalar_int(0)}));
}

TEST(GpuGather, ConstantIndicesEveryVersionAndType) {
    OVCL_REQUIRE_GPU();
    const Shape ds{3, 4, 5};
    for (element::Type t : kElementTypes)
        for (element::Type it : {element::i32, element::i64, element::u8}) {
            // In range: every version runs them.
            const Tensor idx = test::make_tensor<int64_t>(it, {2, 3}, {0, 3, 1, 2, 2, 0});
            for (int64_t version : {1, 7, 8}) {
                auto node = gather(version, op::parameter(t, ds), op::constant(idx), 1);
                EXPECT_TRUE(same_as_host(node, {data(t, ds), idx, scalar_int(1)}))
                    << "Gather-" << version << " " << t << " indices " << it;
            }
            // Gather-8 only: negative values wrap, values outside [-4, 4) give zeros.
            const Tensor wild = it == element::u8 ? test::make_tensor<int64_t>(it, {2, 3}, {0, 3, 4, 2, 200, 1})
                                                  : test::make_tensor<int64_t>(it, {2, 3}, {-4, 3, -1, 4, 9, -5});
            auto node = gather(8, op::parameter(t, ds), op::constant(wild), -2);
            EXPECT_TRUE(same_as_host(node, {data(t, ds), wild, scalar_int(-2)})) << t << " indices " << it;
        }
}

TEST(GpuGather, V7BatchDimsWithConstantIndices) {
    OVCL_REQUIRE_GPU();
    const Tensor idx = test::make_tensor<int64_t>(element::i32, {2, 3}, {0, 3, 1, 2, 2, 0});
    auto node = gather(7, op::parameter(element::f32, Shape{2, 4, 5}), op::constant(idx), 1, 1);
    EXPECT_TRUE(same_as_host(node, {data(element::f32, {2, 4, 5}), idx, scalar_int(1)}));
}

TEST(GpuGather, Refusals) {
    OVCL_REQUIRE_GPU();
    auto runtime_v7 = gather(7, op::parameter(element::f32, Shape{4, 3}), op::parameter(element::i32, Shape{2}), 0);
    EXPECT_NE(refusal(runtime_v7).find("Gather-7 with runtime indices"), std::string::npos) << refusal(runtime_v7);
    auto runtime_v1 = gather(1, op::parameter(element::f32, Shape{4, 3}), op::parameter(element::i64, Shape{2}), 0);
    EXPECT_NE(refusal(runtime_v1).find("Gather-1 with runtime indices"), std::string::npos) << refusal(runtime_v1);
    auto outside = gather(1, op::parameter(element::f32, Shape{4, 3}),
                          op::constant(test::make_tensor<int64_t>(element::i64, {2}, {1, -1})), 0);
    EXPECT_EQ(refusal(outside), "Gather-1: constant index -1 is outside [0, 4)");
    auto u8_runtime = gather(8, op::parameter(element::f32, Shape{4, 3}), op::parameter(element::u8, Shape{2}), 1);
    EXPECT_EQ(refusal(u8_runtime), "runtime indices of type u8 (i32 or i64 only)");
    auto runtime_axis = op::make("Gather", {op::parameter(element::f32, Shape{4, 4}), op::parameter(element::i32, {2}),
                                            op::parameter(element::i64, Shape{})},
                                 {{"batch_dims", "0"}}, 8);
    EXPECT_EQ(gpu::find_gpu_op("Gather")->validate(*runtime_axis, test::gpu_env()->device).reason,
              "the axis input is not an integer Constant of one value");
}
