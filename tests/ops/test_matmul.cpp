// MatMul-1: hand-derived products, a grid of shapes / transposes / broadcast batches / types against a naive
// per-element formulation, shape inference (1-D operands, dynamic dims) and invalid models.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "common/test_utils.hpp"
#include "ovcl/op_registry.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;
using test::Dims;
using test::run;
using test::to_shape;

namespace {

std::shared_ptr<Node> make_matmul(element::Type et, const PartialShape& a, const PartialShape& b, bool ta = false,
                                  bool tb = false) {
    return op::make("MatMul", {op::parameter(et, a), op::parameter(et, b)},
                    {{"transpose_a", ta ? "true" : "false"}, {"transpose_b", tb ? "true" : "false"}});
}

// The expected product, one output element at a time: output coordinates are mapped back to each operand
// (batch axes right-aligned, size-1 axes pinned to 0, transposes by swapping the matrix coordinates).
struct Naive {
    Dims out;
    std::vector<double> values;
};

Naive naive_matmul(const std::vector<double>& a, Dims as, const std::vector<double>& b, Dims bs, bool ta, bool tb) {
    const bool a_vec = as.size() == 1, b_vec = bs.size() == 1;
    if (a_vec) {
        as.insert(as.begin(), 1);
        ta = false;
    }
    if (b_vec) {
        bs.push_back(1);
        tb = false;
    }
    const int64_t M = ta ? as.back() : as[as.size() - 2], K = ta ? as[as.size() - 2] : as.back();
    const int64_t N = tb ? bs[bs.size() - 2] : bs.back();
    const size_t batch_rank = std::max(as.size(), bs.size()) - 2;
    Dims batch(batch_rank);
    for (size_t i = 0; i < batch_rank; ++i) {
        const int64_t da = i + as.size() - 2 >= batch_rank ? as[i + as.size() - 2 - batch_rank] : 1;
        const int64_t db = i + bs.size() - 2 >= batch_rank ? bs[i + bs.size() - 2 - batch_rank] : 1;
        batch[i] = std::max(da, db);
    }
    int64_t batches = 1;
    for (int64_t d : batch)
        batches *= d;
    // the element of operand s (shape ds) at batch coordinate bc and matrix coordinate (r, c)
    const auto at = [&](const std::vector<double>& v, const Dims& ds, const Dims& bc, int64_t r, int64_t c) {
        int64_t off = 0;
        const size_t lead = ds.size() - 2;
        for (size_t i = 0; i < lead; ++i) {
            const int64_t coord = ds[i] == 1 ? 0 : bc[i + batch_rank - lead];
            off = off * ds[i] + coord;
        }
        return v[static_cast<size_t>((off * ds[lead] + r) * ds[lead + 1] + c)];
    };
    Naive res;
    res.out = batch;
    if (!a_vec)
        res.out.push_back(M);
    if (!b_vec)
        res.out.push_back(N);
    Dims bc(batch_rank, 0);
    for (int64_t t = 0; t < batches; ++t) {
        int64_t rem = t;
        for (size_t i = batch_rank; i-- > 0;) {
            bc[i] = rem % batch[i];
            rem /= batch[i];
        }
        for (int64_t i = 0; i < M; ++i)
            for (int64_t j = 0; j < N; ++j) {
                double sum = 0;
                for (int64_t k = 0; k < K; ++k)
                    sum += (ta ? at(a, as, bc, k, i) : at(a, as, bc, i, k)) *
                           (tb ? at(b, bs, bc, j, k) : at(b, bs, bc, k, j));
                res.values.push_back(sum);
            }
    }
    return res;
}

// Swaps the two trailing axes (the stored layout of a transposed operand).
Dims stored(Dims d, bool transposed) {
    if (transposed && d.size() > 1)
        std::swap(d[d.size() - 1], d[d.size() - 2]);
    return d;
}

void check(element::Type et, const Dims& a_logical, const Dims& b_logical, bool ta, bool tb, uint32_t seed,
           double tol) {
    const Dims as = stored(a_logical, ta), bs = stored(b_logical, tb);
    const bool integer = et == element::i32 || et == element::i64;
    const Tensor a = test::random_tensor(et, to_shape(as), integer ? -20 : -1, integer ? 20 : 1, seed);
    const Tensor b = test::random_tensor(et, to_shape(bs), integer ? -20 : -1, integer ? 20 : 1, seed + 77);
    const Naive expected = naive_matmul(test::values(a), as, test::values(b), bs, ta, tb);
    auto node = make_matmul(et, to_shape(as), to_shape(bs), ta, tb);
    SCOPED_TRACE(et.get_type_name() + " " + to_shape(as).to_string() + (ta ? "^T" : "") + " x " +
                 to_shape(bs).to_string() + (tb ? "^T" : ""));
    ASSERT_EQ(node->get_output_partial_shape(0), PartialShape(to_shape(expected.out)));
    EXPECT_TENSOR_NEAR(run(node, {a, b})[0], test::make_tensor(et, to_shape(expected.out), expected.values), tol, tol);
}

}  // namespace

TEST(MatMul, HandDerived) {
    const auto f = element::f32;
    const Tensor a = test::make_tensor<float>(f, {2, 2}, {1, 2, 3, 4}),
                 b = test::make_tensor<float>(f, {2, 2}, {5, 6, 7, 8});
    EXPECT_TENSOR_NEAR(run(make_matmul(f, {2, 2}, {2, 2}), {a, b})[0],
                       test::make_tensor<float>(f, {2, 2}, {19, 22, 43, 50}), 0, 0);
    EXPECT_TENSOR_NEAR(run(make_matmul(f, {2, 2}, {2, 2}, false, true), {a, b})[0],
                       test::make_tensor<float>(f, {2, 2}, {17, 23, 39, 53}), 0, 0);
    EXPECT_TENSOR_NEAR(run(make_matmul(f, {2, 2}, {2, 2}, true, false), {a, b})[0],
                       test::make_tensor<float>(f, {2, 2}, {26, 30, 38, 44}), 0, 0);
    const Tensor u = test::make_tensor<float>(f, {3}, {1, 2, 3}), v = test::make_tensor<float>(f, {3}, {4, 5, 6});
    const Tensor dot = run(make_matmul(f, {3}, {3}, true, true), {u, v})[0];  // transposes ignored for 1-D
    EXPECT_TENSOR_NEAR(dot, test::make_tensor<float>(f, {}, {32}), 0, 0);
    const Tensor m = test::make_tensor<float>(f, {3, 2}, {1, 0, 0, 1, 1, 1});
    EXPECT_TENSOR_NEAR(run(make_matmul(f, {3}, {3, 2}), {u, m})[0], test::make_tensor<float>(f, {2}, {4, 5}), 0, 0);
    EXPECT_TENSOR_NEAR(run(make_matmul(f, {3, 2}, {3}, true, false), {m, u})[0],
                       test::make_tensor<float>(f, {2}, {4, 5}), 0, 0);
    const Tensor big = test::make_tensor<int64_t>(element::i64, {1, 2}, {3000000000LL, -1});
    const Tensor col = test::make_tensor<int64_t>(element::i64, {2, 1}, {3, 5});
    EXPECT_TENSOR_EQ(run(make_matmul(element::i64, {1, 2}, {2, 1}), {big, col})[0],
                     test::make_tensor<int64_t>(element::i64, {1, 1}, {8999999995LL}));
}

TEST(MatMul, GridAgainstNaive) {
    struct Pair {
        Dims a, b;  // logical (untransposed) shapes
    };
    const std::vector<Pair> pairs = {{{3, 4}, {4, 5}},
                                     {{2, 3, 4}, {4, 5}},
                                     {{4}, {4, 5}},
                                     {{3, 4}, {4}},
                                     {{4}, {4}},
                                     {{2, 1, 3, 4}, {5, 4, 6}},
                                     {{1, 3, 4}, {2, 4, 5}},
                                     {{2, 3, 4}, {2, 4, 1}},
                                     {{3, 1, 2, 4}, {1, 4, 4, 3}},
                                     {{4}, {3, 2, 4, 5}},
                                     {{2, 2, 3, 4}, {4}},
                                     {{1, 1}, {1, 7}},
                                     {{5, 0}, {0, 3}},
                                     {{2, 0, 3}, {3, 4}}};
    uint32_t seed = 0;
    for (element::Type et : {element::f32, element::f16, element::i32, element::i64})
        for (const auto& p : pairs)
            for (bool ta : {false, true})
                for (bool tb : {false, true}) {
                    const double tol = et == element::f16 ? 1e-2 : et == element::f32 ? 1e-5 : 0.0;
                    check(et, p.a, p.b, ta, tb, seed++, tol);
                }
    EXPECT_EQ(seed, 4u * 14 * 4);
}

TEST(MatMul, LongReductionCrossesBlocks) {
    check(element::f32, {2, 33, 300}, {300, 47}, false, false, 5, 1e-5);
    check(element::f32, {33, 300}, {2, 300, 47}, true, true, 6, 1e-5);
    check(element::i32, {17, 260}, {260, 9}, false, true, 7, 0.0);
}

TEST(MatMul, ShapeInference) {
    const auto f = element::f32;
    EXPECT_EQ(make_matmul(f, PartialShape("[?,3,4]"), {4, 5})->get_output_partial_shape(0), PartialShape("[?,3,5]"));
    EXPECT_EQ(make_matmul(f, PartialShape("[2,?,4]"), PartialShape("[?,5]"))->get_output_partial_shape(0),
              PartialShape("[2,?,5]"));
    EXPECT_EQ(make_matmul(f, PartialShape("[1,3,4]"), PartialShape("[?,4,5]"))->get_output_partial_shape(0),
              PartialShape("[?,3,5]"));
    EXPECT_EQ(make_matmul(f, PartialShape::dynamic(), {4, 5})->get_output_partial_shape(0), PartialShape::dynamic());
    EXPECT_EQ(make_matmul(f, {7, 4, 3}, {4}, true, false)->get_output_partial_shape(0), PartialShape({7, 3}));
    EXPECT_EQ(make_matmul(f, {1024}, {1000, 1024}, false, true)->get_output_partial_shape(0), PartialShape({1000}));
    EXPECT_EQ(make_matmul(f, {5, 10, 1024}, {1024, 1000})->get_output_partial_shape(0), PartialShape({5, 10, 1000}));
    EXPECT_EQ(make_matmul(element::i64, {3}, {3})->get_output_partial_shape(0), PartialShape({}));
}

TEST(MatMul, InvalidModelsThrowModelError) {
    const auto f = element::f32;
    EXPECT_THROW(make_matmul(f, {3, 4}, {5, 6}), ModelError);            // inner dims
    EXPECT_THROW(make_matmul(f, {3, 4}, {4, 6}, true), ModelError);      // inner dims after transpose
    EXPECT_THROW(make_matmul(f, {2, 3, 4}, {3, 4, 5}), ModelError);      // batch does not broadcast
    EXPECT_THROW(make_matmul(f, PartialShape({}), {4, 5}), ModelError);  // scalar operand
    EXPECT_THROW(op::make("MatMul", {op::parameter(f, {2, 2}), op::parameter(element::i32, {2, 2})}), ModelError);
    EXPECT_THROW(op::make("MatMul", {op::parameter(f, {2, 2}), op::parameter(f, {2, 2})}, {{"transpose_a", "maybe"}}),
                 ModelError);
    EXPECT_THROW(op::make("MatMul", {op::parameter(f, {2, 2})}), ModelError);
    auto dyn = make_matmul(f, PartialShape::dynamic(2), PartialShape::dynamic(2));
    EXPECT_THROW(run(dyn, {test::random_tensor(f, {2, 3}), test::random_tensor(f, {4, 2})}), ModelError);
    auto u8 = make_matmul(element::u8, {2, 2}, {2, 2});
    EXPECT_THROW(
        run(u8, {test::random_tensor(element::u8, {2, 2}, 0, 3), test::random_tensor(element::u8, {2, 2}, 0, 3)}),
        NotImplemented);
}
