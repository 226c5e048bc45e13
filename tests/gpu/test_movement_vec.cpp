// The loop-free vector kernels of kernels_cl/movement.cl against host_ref, bitwise: copy_runs (Transpose,
// Slice, Broadcast, Tile, Pad whose innermost axis is contiguous, and Concat / Split of rows a vector long or
// more) and gather_runs (Gather of slices a vector long or more), one 16-element vector or a 64-element chunk
// per work-item, the last one of a run moved back to end at its end. Run lengths around 16 and 64, 1-element
// axes, long runs, runs over more axes than copy_runs takes (the mapped copy), every element type.
#include <numeric>

#include "movement_test_utils.hpp"

using namespace ovcl;
using namespace ovcl::test::movement;
using test::kElementTypes;

namespace {

TensorVector data_for(const std::shared_ptr<Node>& node, uint32_t seed) {
    TensorVector in;
    for (size_t i = 0; i < node->get_input_size(); ++i) {
        const auto& src = node->input_value(i).node;
        in.push_back(src->is_constant() ? src->get_constant_value()
                                        : data(node->get_input_element_type(i), node->get_input_shape(i), seed + i));
    }
    return in;
}

/// The kernel entries of the node's launches, joined by spaces.
std::string entries_of(const std::shared_ptr<Node>& node) {
    std::string out;
    for (const auto& l : gpu::find_gpu_op(node->get_type_name())->configure(*node, test::gpu_env()->device).launches)
        out += (out.empty() ? "" : " ") + l.entry;
    return out;
}

const std::vector<size_t> kRuns{1, 15, 16, 17, 63, 64, 65, 100, 768};

}  // namespace

TEST(GpuMovementVec, HandCheckedTransposeRuns) {
    OVCL_REQUIRE_GPU();
    // [2, 2, 17] -> [2, 2, 17] with the first two axes swapped: runs of 17, the last vector overlapping.
    std::vector<float> in(68), expected(68);
    std::iota(in.begin(), in.end(), 0.0f);
    for (size_t i = 0; i < 2; ++i)
        for (size_t j = 0; j < 2; ++j)
            for (size_t k = 0; k < 17; ++k)
                expected[(j * 2 + i) * 17 + k] = in[(i * 2 + j) * 17 + k];
    auto node = transpose(element::f32, {2, 2, 17}, {1, 0, 2});
    EXPECT_EQ(entries_of(node), "copy_runs");
    const auto out = test::run_gpu(node, {test::make_tensor<float>(element::f32, {2, 2, 17}, in), ints({1, 0, 2})});
    EXPECT_TENSOR_EQ(out.at(0), test::make_tensor<float>(element::f32, {2, 2, 17}, expected));
}

TEST(GpuMovementVec, EntriesByRunLength) {
    OVCL_REQUIRE_GPU();
    EXPECT_EQ(entries_of(transpose(element::f32, {1, 128, 12, 64}, {0, 2, 1, 3})), "copy_runs");
    EXPECT_EQ(entries_of(transpose(element::f32, {1, 128, 12, 15}, {0, 2, 1, 3})), "copy_mapped");
    // Six axes that stay apart are more than copy_runs enumerates (its row axis and 4 more).
    EXPECT_EQ(entries_of(transpose(element::f32, {2, 3, 2, 3, 2, 3, 16}, {5, 4, 3, 2, 1, 0, 6})), "copy_mapped");
    EXPECT_EQ(entries_of(transpose(element::f32, {1, 128, 12, 64}, {0, 2, 3, 1})), "transpose_tiles");
    EXPECT_EQ(entries_of(transpose(element::f32, {2, 3, 2, 3, 2, 3, 16, 16}, {5, 4, 3, 2, 1, 0, 7, 6})),
              "copy_mapped");
    EXPECT_EQ(entries_of(concat(element::f32, {{2, 16}, {2, 40}, {2, 17}}, 1)), "copy_runs copy_runs copy_runs");
    EXPECT_EQ(entries_of(concat(element::f32, {{2, 16}, {2, 15}}, 1)), "concat_rows");
    // Five small parts share joined launches; five large ones take one launch each.
    EXPECT_EQ(entries_of(concat(element::f32, {{2, 16}, {2, 16}, {2, 16}, {2, 16}, {2, 16}}, 1)),
              "concat_rows concat_rows");
    EXPECT_EQ(entries_of(concat(element::f32, {{4, 4096}, {4, 4096}, {4, 4096}, {4, 4096}, {4, 4096}}, 1)),
              "copy_runs copy_runs copy_runs copy_runs copy_runs");
    auto rows = op::make("Gather", {op::parameter(element::f32, Shape{50, 768}), op::parameter(element::i32, {7}),
                                    op::constant(scalar_int(0))},
                         {{"batch_dims", "0"}}, 8);
    EXPECT_EQ(entries_of(rows), "gather_runs");
    auto narrow = op::make("Gather", {op::parameter(element::f32, Shape{50, 15}), op::parameter(element::i32, {7}),
                                      op::constant(scalar_int(0))},
                           {{"batch_dims", "0"}}, 8);
    EXPECT_EQ(entries_of(narrow), "gather");
}

TEST(GpuMovementVec, TransposeRunsEveryTypeAndLength) {
    OVCL_REQUIRE_GPU();
    uint32_t seed = 1;
    for (element::Type t : kElementTypes)
        for (size_t d : kRuns) {
            // BERT's heads split and merge, a middle swap over 1-element axes, the last two of five kept.
            EXPECT_TRUE(same_as_host(transpose(t, {1, 9, 3, d}, {0, 2, 1, 3}), {data(t, {1, 9, 3, d}, seed++),
                                                                                 ints({0, 2, 1, 3})}))
                << t << " " << d;
            EXPECT_TRUE(same_as_host(transpose(t, {2, 1, 5, 1, d}, {2, 3, 0, 1, 4}),
                                     {data(t, {2, 1, 5, 1, d}, seed++), ints({2, 3, 0, 1, 4})}))
                << t << " " << d;
            EXPECT_TRUE(same_as_host(transpose(t, {2, 3, 4, 2, d}, {3, 1, 0, 2, 4}),
                                     {data(t, {2, 3, 4, 2, d}, seed++), ints({3, 1, 0, 2, 4})}))
                << t << " " << d;
        }
    // The innermost axis moves: 16 x 16 register tiles, partial ones overlapping their neighbours.
    for (element::Type t : kElementTypes)
        for (size_t d : {16, 17, 31, 33, 64}) {
            EXPECT_TRUE(same_as_host(transpose(t, {1, 20, 3, d}, {0, 2, 3, 1}), {data(t, {1, 20, 3, d}, seed++),
                                                                                  ints({0, 2, 3, 1})}))
                << t << " " << d;
            EXPECT_TRUE(same_as_host(transpose(t, {2, d, 1, 3, 18}, {1, 3, 0, 4, 2}),
                                     {data(t, {2, d, 1, 3, 18}, seed++), ints({1, 3, 0, 4, 2})}))
                << t << " " << d;
        }
    // More axes than copy_runs takes: the mapped copy, same values.
    EXPECT_TRUE(same_as_host(transpose(element::f32, {2, 3, 2, 3, 2, 3, 16}, {5, 4, 3, 2, 1, 0, 6}),
                             {data(element::f32, {2, 3, 2, 3, 2, 3, 16}), ints({5, 4, 3, 2, 1, 0, 6})}));
}

TEST(GpuMovementVec, ConcatAndSplitRuns) {
    OVCL_REQUIRE_GPU();
    uint32_t seed = 200;
    for (element::Type t : kElementTypes)
        for (size_t d : kRuns) {
            // Parts of different lengths, an empty part, more than four parts, and the channel concat of CNNs.
            auto c1 = concat(t, {{3, d}, {3, 17}, {3, 0}, {3, 2 * d}}, 1);
            EXPECT_TRUE(same_as_host(c1, data_for(c1, seed++))) << t << " " << d;
            auto c2 = concat(t, {{1, 2, 1, d}, {1, 3, 1, d}, {1, 1, 1, d}, {1, 2, 1, d}, {1, 1, 1, d}}, 1);
            EXPECT_TRUE(same_as_host(c2, data_for(c2, seed++))) << t << " " << d;
            auto c3 = concat(t, {{2, d, 1}, {2, 20, 1}}, -2);
            EXPECT_TRUE(same_as_host(c3, data_for(c3, seed++))) << t << " " << d;
            auto split = op::make("Split", {op::parameter(t, Shape{4, 3 * d}), op::constant(scalar_int(1))},
                                  {{"num_splits", "3"}});
            EXPECT_TRUE(same_as_host(split, data_for(split, seed++))) << t << " " << d;
            const auto n = static_cast<int64_t>(d);
            auto variadic = op::make("VariadicSplit", {op::parameter(t, Shape{2, 2 * d + 20}),
                                                       op::constant(scalar_int(-1)), op::constant(ints({n, 20, n}))});
            EXPECT_TRUE(same_as_host(variadic, data_for(variadic, seed++))) << t << " " << d;
        }
}

TEST(GpuMovementVec, GatherRowsEveryTypeAndWidth) {
    OVCL_REQUIRE_GPU();
    uint32_t seed = 400;
    for (element::Type t : kElementTypes)
        for (size_t d : kRuns)
            for (element::Type it : {element::i32, element::i64}) {
                // An embedding lookup with negative (wrapping) and out-of-range (zero) indices.
                auto rows = op::make("Gather", {op::parameter(t, Shape{30, d}), op::parameter(it, Shape{2, 9}),
                                                op::constant(scalar_int(0))},
                                     {{"batch_dims", "0"}}, 8);
                Tensor idx = test::random_tensor(it, {2, 9}, -35, 34, seed++);
                EXPECT_TRUE(same_as_host(rows, {data(t, {30, d}, seed++), idx, scalar_int(0)})) << t << " " << d;
                // Batch dims and an outer axis before the gathered one.
                auto batched = op::make("Gather", {op::parameter(t, Shape{2, 3, 5, d}), op::parameter(it, Shape{2, 4}),
                                                   op::constant(scalar_int(2))},
                                        {{"batch_dims", "1"}}, 8);
                Tensor bidx = test::random_tensor(it, {2, 4}, -5, 4, seed++);
                EXPECT_TRUE(same_as_host(batched, {data(t, {2, 3, 5, d}, seed++), bidx, scalar_int(2)}))
                    << t << " " << d;
            }
    // Constant indices (resolved once on the host), Gather-7.
    auto constant = op::make("Gather", {op::parameter(element::f32, Shape{10, 70}), op::constant(ints({9, 0, 3, 3})),
                                        op::constant(scalar_int(0))},
                             {{"batch_dims", "0"}}, 7);
    EXPECT_TRUE(same_as_host(constant, {data(element::f32, {10, 70}), ints({9, 0, 3, 3}), scalar_int(0)}));
}

TEST(GpuMovementVec, SliceBroadcastTilePadRuns) {
    OVCL_REQUIRE_GPU();
    uint32_t seed = 600;
    for (element::Type t : {element::u8, element::f16, element::f32, element::i64})
        for (size_t d : {16, 17, 64, 100}) {
            const auto n = static_cast<int64_t>(d);
            auto slice = op::make("Slice", {op::parameter(t, Shape{4, 6, d + 3}), op::constant(ints({1, 5, 2})),
                                            op::constant(ints({4, 0, n + 2})), op::constant(ints({2, -2, 1})),
                                            op::constant(ints({0, 1, 2}))},
                                  {}, 8);
            EXPECT_EQ(entries_of(slice), "copy_runs");
            EXPECT_TRUE(same_as_host(slice, data_for(slice, seed++))) << t << " " << d;
            auto bcast = op::make("Broadcast", {op::parameter(t, Shape{3, 1, d}), op::constant(ints({2, 3, 4, n}))},
                                  {{"mode", "numpy"}}, 3);
            EXPECT_TRUE(same_as_host(bcast, data_for(bcast, seed++))) << t << " " << d;
            auto tile = op::make("Tile", {op::parameter(t, Shape{2, d}), op::constant(ints({3, 2, 1}))});
            EXPECT_TRUE(same_as_host(tile, data_for(tile, seed++))) << t << " " << d;
            // Padded (mapped) outer axes: the generic copy, around runs of a vector or more.
            auto pad = op::make("Pad", {op::parameter(t, Shape{2, 3, d}), op::constant(ints({0, 1, 0})),
                                        op::constant(ints({1, 0, 0}))},
                                {{"pad_mode", "edge"}}, 1);
            EXPECT_TRUE(same_as_host(pad, data_for(pad, seed++))) << t << " " << d;
        }
}
