// GatherND-5/8 and GatherElements-6 on the device against host_ref, bitwise (the kernels copy words): hand-checked
// values, ranks, batch_dims, slices shorter and longer than a work-item's chunk, negative indices, element and index
// types, empty tensors, an index outside the data (the inference fails as host_ref throws), and the refusals.
#include "movement_test_utils.hpp"

using namespace ovcl;
using namespace ovcl::test::movement;

namespace {

std::shared_ptr<Node> gather_nd(int64_t version, element::Type t, const Shape& data, element::Type it,
                                const Shape& indices, int64_t batch_dims = 0) {
    return op::make("GatherND", {op::parameter(t, data), op::parameter(it, indices)},
                    {{"batch_dims", std::to_string(batch_dims)}}, version);
}

std::shared_ptr<Node> gather_elements(element::Type t, const Shape& data, element::Type it, const Shape& indices,
                                      int64_t axis) {
    return op::make("GatherElements", {op::parameter(t, data), op::parameter(it, indices)},
                    {{"axis", std::to_string(axis)}}, 6);
}

// Indices of `shape` in [-n, n): every value valid on an axis of n elements or more.
Tensor indices(element::Type t, const Shape& shape, int64_t n, uint32_t seed) {
    return test::random_tensor(t, shape, static_cast<double>(-n), static_cast<double>(n - 1), seed);
}

}  // namespace

TEST(GpuGatherND, HandChecked) {
    OVCL_REQUIRE_GPU();
    auto node = gather_nd(8, element::f32, {2, 3}, element::i32, {3, 2});
    const auto out = test::run_gpu(node, {test::make_tensor<float>(element::f32, {2, 3}, {1, 2, 3, 4, 5, 6}),
                                          test::make_tensor<int>(element::i32, {3, 2}, {1, -1, 0, 0, -2, 1})});
    EXPECT_TENSOR_EQ(out.at(0), test::make_tensor<float>(element::f32, {3}, {6, 1, 2}));
}

TEST(GpuGatherND, OverRanksBatchDimsAndTypes) {
    OVCL_REQUIRE_GPU();
    struct Case {
        Shape data, idx;
        int64_t batch_dims;
    };
    // Slices of 1 element, a partial chunk (3, 5), more than a chunk (70, 130); batch_dims 0 to 2.
    const std::vector<Case> cases{{{5}, {3, 1}, 0},           {{4, 3}, {2, 2}, 0},       {{4, 3}, {2, 1}, 0},
                                  {{2, 3, 70}, {2, 4, 1}, 1}, {{2, 3, 4, 5}, {2, 3, 2, 1}, 2},
                                  {{3, 130}, {5, 1}, 0},      {{2, 3, 4}, {2, 2, 2, 2}, 1}};
    uint32_t seed = 1;
    for (const Case& c : cases) {
        const size_t k = c.idx.back();
        int64_t n = 1 << 20;  // the smallest extent an index addresses
        for (size_t a = 0; a < k; ++a)
            n = std::min<int64_t>(n, static_cast<int64_t>(c.data[static_cast<size_t>(c.batch_dims) + a]));
        for (int64_t version : {5, 8})
            for (element::Type it : {element::i32, element::i64})
                for (element::Type t : {element::f32, element::f16, element::u8, element::i64}) {
                    auto node = gather_nd(version, t, c.data, it, c.idx, c.batch_dims);
                    EXPECT_TRUE(same_as_host(node, {data(t, c.data, ++seed), indices(it, c.idx, n, seed)}))
                        << "GatherND-" << version << " " << t << c.data << " indices " << it << c.idx
                        << " batch_dims " << c.batch_dims;
                }
    }
}

TEST(GpuGatherND, EmptyTensors) {
    OVCL_REQUIRE_GPU();
    auto no_tuples = gather_nd(8, element::f32, {4, 3}, element::i64, {0, 1});
    EXPECT_TRUE(same_as_host(no_tuples, {data(element::f32, {4, 3}), indices(element::i64, {0, 1}, 4, 1)}));
    auto empty_slices = gather_nd(8, element::f32, {4, 0}, element::i32, {2, 1});
    EXPECT_TRUE(same_as_host(empty_slices, {data(element::f32, {4, 0}), indices(element::i32, {2, 1}, 4, 1)}));
}

TEST(GpuGatherND, IndexOutsideTheDataFails) {
    OVCL_REQUIRE_GPU();
    auto node = gather_nd(8, element::f32, {4, 3}, element::i64, {2, 2});
    const Tensor d = data(element::f32, {4, 3});
    for (int64_t bad : {3, -4}) {  // axis 1 has 3 elements: [-3, 3)
        const Tensor idx = test::make_tensor<int64_t>(element::i64, {2, 2}, {0, 0, 1, bad});
        EXPECT_THROW(test::run_host(node, {d, idx}), ModelError);
        try {
            test::run_gpu(node, {d, idx});
            ADD_FAILURE() << "index " << bad << " ran";
        } catch (const ModelError& e) {
            EXPECT_NE(std::string(e.what()).find("an index is outside its axis"), std::string::npos) << e.what();
        }
    }
}

TEST(GpuGatherElements, OverRanksAxesAndTypes) {
    OVCL_REQUIRE_GPU();
    struct Case {
        Shape data, idx;  // equal but on the axis
        int64_t axis;
    };
    const std::vector<Case> cases{{{7}, {4}, 0},           {{3, 4}, {3, 6}, 1},       {{3, 4}, {2, 4}, -2},
                                  {{2, 5, 3}, {2, 2, 3}, 1}, {{2, 3, 4, 5}, {2, 3, 4, 9}, -1}};
    uint32_t seed = 1;
    for (const Case& c : cases)
        for (element::Type it : {element::i32, element::i64})
            for (element::Type t : {element::f32, element::f16, element::boolean, element::i64}) {
                auto node = gather_elements(t, c.data, it, c.idx, c.axis);
                const int64_t rank = static_cast<int64_t>(c.data.size());
                const auto extent = static_cast<int64_t>(c.data[static_cast<size_t>((c.axis + rank) % rank)]);
                const Tensor idx = indices(it, c.idx, extent, seed);
                EXPECT_TRUE(same_as_host(node, {data(t, c.data, ++seed), idx}))
                    << t << c.data << " indices " << it << c.idx << " axis " << c.axis;
            }
    auto empty = gather_elements(element::f32, {3, 4}, element::i32, {3, 0}, 1);
    EXPECT_TRUE(same_as_host(empty, {data(element::f32, {3, 4}), indices(element::i32, {3, 0}, 4, 1)}));
}

TEST(GpuGatherElements, IndexOutsideTheDataFails) {
    OVCL_REQUIRE_GPU();
    auto node = gather_elements(element::f32, {3, 4}, element::i32, {3, 2}, 1);
    const Tensor idx = test::make_tensor<int>(element::i32, {3, 2}, {0, 1, 2, 3, -5, 0});
    EXPECT_THROW(test::run_gpu(node, {data(element::f32, {3, 4}), idx}), ModelError);
}

TEST(GpuGatherND, Refusals) {
    OVCL_REQUIRE_GPU();
    EXPECT_EQ(refusal(gather_nd(8, element::f32, {4, 3}, element::u8, {2, 1})), "indices of type u8 (i32 or i64 only)");
    EXPECT_EQ(refusal(gather_elements(element::f32, {4, 3}, element::i16, {4, 3}, 0)),
              "indices of type i16 (i32 or i64 only)");
    EXPECT_EQ(refusal(gather_nd(8, element::f32, {4, 3}, element::i32, {2, 0})), "index tuples of 0 elements");
}
