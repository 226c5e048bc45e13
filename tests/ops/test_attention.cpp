// ScaledDotProductAttention-13 against a naive matmul-softmax-matmul written here: inputs
// broadcast to the full batch explicitly, scores as plain loops, softmax without the max shift.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <optional>

#include "common/test_utils.hpp"
#include "ovcl/op_registry.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;
using test::broadcast_at;
using test::make_tensor;
using test::unravel;

namespace {

struct Mask {
    Tensor value;
    bool boolean = false;
};

std::vector<double> naive_sdpa(const Tensor& q, const Tensor& k, const Tensor& v, const std::optional<Mask>& mask,
                               std::optional<double> scale, bool causal, const Shape& out) {
    const auto Q = test::values(q), K = test::values(k), V = test::values(v);
    const Shape &qs = q.get_shape(), &ks = k.get_shape(), &vs = v.get_shape();
    const size_t L = qs[qs.size() - 2], E = qs.back(), S = ks[ks.size() - 2], Ev = vs.back();
    const double sc = scale ? *scale : 1.0 / std::sqrt(static_cast<double>(E));
    const size_t rank = out.size();
    std::vector<double> M;
    Shape ms;
    if (mask) {
        M = test::values(mask->value);
        ms = mask->value.get_shape();
    }
    std::vector<double> y(shape_size(out));
    for (size_t flat = 0; flat < y.size(); flat += Ev * L) {
        const Coordinate c = unravel(flat, out);
        for (size_t l = 0; l < L; ++l) {
            std::vector<double> w(S);
            double total = 0;
            for (size_t s = 0; s < S; ++s) {
                double dot = 0;
                for (size_t e = 0; e < E; ++e) {
                    auto cq = c, ck = c;
                    cq[rank - 2] = l, cq[rank - 1] = e;
                    ck[rank - 2] = s, ck[rank - 1] = e;
                    dot += broadcast_at(Q, qs, cq) * broadcast_at(K, ks, ck);
                }
                double bias = 0;
                if (causal && s > l) {
                    bias = -std::numeric_limits<double>::infinity();
                } else if (!causal && mask) {
                    auto cm = c;
                    cm[rank - 2] = l, cm[rank - 1] = s;
                    const double m = ms.empty() ? M[0] : broadcast_at(M, ms, cm);
                    bias = mask->boolean ? (m != 0 ? 0 : -std::numeric_limits<double>::infinity()) : m;
                }
                w[s] = std::exp(dot * sc + bias);
                total += w[s];
            }
            for (size_t e = 0; e < Ev; ++e) {
                double sum = 0;
                for (size_t s = 0; s < S; ++s) {
                    auto cv = c;
                    cv[rank - 2] = s, cv[rank - 1] = e;
                    sum += w[s] / total * broadcast_at(V, vs, cv);
                }
                y[flat + l * Ev + e] = sum;
            }
        }
    }
    return y;
}

struct Case {
    Shape q, k, v;
    bool causal = false;
    std::optional<Shape> mask;
    bool bool_mask = false;
    std::optional<double> scale;
    Shape out;
};

void check(const Case& cs, element::Type type, uint32_t seed) {
    SCOPED_TRACE("q " + cs.q.to_string() + " k " + cs.k.to_string() + " v " + cs.v.to_string() +
                 (cs.causal ? " causal" : "") + (cs.mask ? " mask " + cs.mask->to_string() : "") +
                 (cs.bool_mask ? " boolean" : "") + " " + type.get_type_name());
    TensorVector in{test::random_tensor(type, cs.q, -1, 1, seed), test::random_tensor(type, cs.k, -1, 1, seed + 1),
                    test::random_tensor(type, cs.v, -1, 1, seed + 2)};
    std::optional<Mask> mask;
    if (cs.mask) {
        if (cs.bool_mask) {
            // Mostly true, never a whole row false (that row would be NaN, checked separately).
            Tensor m = test::random_tensor(element::u8, *cs.mask, 0, 3, seed + 3);
            std::vector<int> bits;
            for (double x : test::values(m))
                bits.push_back(x != 0);
            for (size_t i = 0; i < bits.size(); i += cs.mask->back())
                bits[i] = 1;
            mask = Mask{make_tensor<int>(element::boolean, *cs.mask, bits), true};
        } else {
            mask = Mask{test::random_tensor(type, *cs.mask, -2, 2, seed + 3), false};
        }
        in.push_back(mask->value);
    } else if (cs.scale) {
        in.push_back(make_tensor<float>(type, {}, {0}));  // a scalar zero mask: no mask
    }
    if (cs.scale)
        in.push_back(make_tensor<double>(type, {}, {*cs.scale}));
    OutputVector params;
    for (const auto& t : in)
        params.push_back(op::parameter(t.get_element_type(), t.get_shape()));
    auto node = op::make("ScaledDotProductAttention", params, {{"causal", cs.causal ? "true" : "false"}});
    ASSERT_EQ(node->get_output_partial_shape(0), PartialShape(cs.out));
    EvalContext ctx;
    const Tensor y = evaluate_node(*node, in, ctx).at(0);
    const auto expect = naive_sdpa(in[0], in[1], in[2], mask, cs.scale, cs.causal, cs.out);
    const double tol = type == element::f16 ? 2e-3 : 1e-5;
    EXPECT_TENSOR_NEAR(y, make_tensor<double>(type, cs.out, expect), tol, tol);
}

}  // namespace

TEST(ScaledDotProductAttention, HandDerivedSingleQuery) {
    // q = [1, 0], keys e0 and e1, scale 1: weights e/(e+1) and 1/(e+1).
    auto node = op::make("ScaledDotProductAttention",
                         {op::parameter(element::f32, {1, 1, 2}), op::parameter(element::f32, {1, 2, 2}),
                          op::parameter(element::f32, {1, 2, 2}), op::parameter(element::f32, {}),
                          op::parameter(element::f32, {})},
                         {{"causal", "false"}});
    EvalContext ctx;
    const auto y = evaluate_node(*node,
                                 {make_tensor<float>(element::f32, {1, 1, 2}, {1, 0}),
                                  make_tensor<float>(element::f32, {1, 2, 2}, {1, 0, 0, 1}),
                                  make_tensor<float>(element::f32, {1, 2, 2}, {1, 2, 3, 4}),
                                  make_tensor<float>(element::f32, {}, {0}), make_tensor<float>(element::f32, {}, {1})},
                                 ctx);
    const double e = std::exp(1.0);
    const auto expect = make_tensor<double>(element::f32, {1, 1, 2}, {(e + 3) / (e + 1), (2 * e + 4) / (e + 1)});
    EXPECT_TENSOR_NEAR(y.at(0), expect, 1e-6, 1e-6);
    // Causal with L = S = 2: the first query sees only the first key, whatever the scores.
    auto causal = op::make("ScaledDotProductAttention",
                           {op::parameter(element::f32, {1, 2, 1}), op::parameter(element::f32, {1, 2, 1}),
                            op::parameter(element::f32, {1, 2, 1})},
                           {{"causal", "true"}});
    const auto c = evaluate_node(*causal,
                                 {make_tensor<float>(element::f32, {1, 2, 1}, {5, 0}),
                                  make_tensor<float>(element::f32, {1, 2, 1}, {-3, 9}),
                                  make_tensor<float>(element::f32, {1, 2, 1}, {7, 11})},
                                 ctx);
    EXPECT_TENSOR_NEAR(c.at(0), make_tensor<float>(element::f32, {1, 2, 1}, {7, 9}), 1e-6, 1e-6);  // 2nd: equal scores
}

TEST(ScaledDotProductAttention, MatchesNaiveFormulation) {
    const std::vector<Case> cases = {
        {{2, 4, 8}, {2, 6, 8}, {2, 6, 5}, false, std::nullopt, false, std::nullopt, {2, 4, 5}},
        {{2, 4, 8}, {2, 6, 8}, {2, 6, 5}, true, std::nullopt, false, std::nullopt, {2, 4, 5}},
        {{1, 6, 3}, {1, 4, 3}, {1, 4, 2}, true, Shape{1, 6, 4}, false, std::nullopt, {1, 6, 2}},  // mask ignored
        {{2, 4, 8}, {2, 6, 8}, {2, 6, 5}, false, Shape{2, 4, 6}, false, std::nullopt, {2, 4, 5}},
        {{2, 4, 8}, {2, 6, 8}, {2, 6, 5}, false, Shape{4, 6}, false, 0.3, {2, 4, 5}},
        {{2, 4, 8}, {2, 6, 8}, {2, 6, 5}, false, Shape{1, 1, 6}, true, std::nullopt, {2, 4, 5}},
        {{2, 4, 8}, {2, 6, 8}, {2, 6, 5}, false, Shape{2, 4, 1}, false, std::nullopt, {2, 4, 5}},
        {{2, 4, 8}, {2, 6, 8}, {2, 6, 5}, false, std::nullopt, false, -0.7, {2, 4, 5}},
        // Broadcast batch dimensions, the mask's included.
        {{1, 3, 4, 8}, {2, 1, 6, 8}, {2, 3, 6, 5}, false, std::nullopt, false, std::nullopt, {2, 3, 4, 5}},
        {{1, 3, 4, 8}, {2, 1, 6, 8}, {1, 1, 6, 5}, false, Shape{2, 1, 4, 6}, true, std::nullopt, {2, 3, 4, 5}},
        {{3, 4, 8}, {3, 6, 8}, {1, 6, 5}, false, Shape{2, 1, 1, 6}, false, 0.5, {2, 3, 4, 5}},
        {{2, 3, 4, 8}, {3, 6, 8}, {1, 6, 5}, false, std::nullopt, false, std::nullopt, {2, 3, 4, 5}},
    };
    uint32_t seed = 10;
    for (const auto& c : cases)
        for (auto type : {element::f32, element::f16}) {
            check(c, type, seed);
            seed += 5;
        }
}

TEST(ScaledDotProductAttention, FullyMaskedRowIsNaN) {
    auto node = op::make("ScaledDotProductAttention",
                         {op::parameter(element::f32, {1, 2, 2}), op::parameter(element::f32, {1, 3, 2}),
                          op::parameter(element::f32, {1, 3, 2}), op::parameter(element::boolean, {1, 2, 3})},
                         {{"causal", "false"}});
    EvalContext ctx;
    const auto y = evaluate_node(*node,
                                 {test::random_tensor(element::f32, {1, 2, 2}),
                                  test::random_tensor(element::f32, {1, 3, 2}),
                                  make_tensor<float>(element::f32, {1, 3, 2}, {1, 2, 3, 4, 5, 6}),
                                  make_tensor<int>(element::boolean, {1, 2, 3}, {0, 0, 0, 0, 1, 0})},
                                 ctx);
    const auto v = test::values(y.at(0));
    EXPECT_TRUE(std::isnan(v[0]) && std::isnan(v[1]));
    EXPECT_NEAR(v[2], 3, 1e-6);  // only the second key is visible to the second query
    EXPECT_NEAR(v[3], 4, 1e-6);
}

TEST(ScaledDotProductAttention, ShapeInferenceWithDynamicDims) {
    auto node = op::make("ScaledDotProductAttention",
                         {op::parameter(element::f32, PartialShape("[1,?,80]")),
                          op::parameter(element::f32, PartialShape("[?,?,80]")),
                          op::parameter(element::f32, PartialShape("[1,?,64]")),
                          op::parameter(element::f32, PartialShape("[1,?,?]"))},
                         {{"causal", "false"}});
    EXPECT_EQ(node->get_output_partial_shape(0), PartialShape("[?,?,64]"));  // 1 broadcasts against ?
    node = op::make("ScaledDotProductAttention",
                    {op::parameter(element::f32, PartialShape("[1,?,80]")),
                     op::parameter(element::f32, PartialShape("[1,?,80]")),
                     op::parameter(element::f32, PartialShape("[1,?,64]")),
                     op::parameter(element::f32, PartialShape("[1,1,?]"))},
                    {{"causal", "false"}});
    EXPECT_EQ(node->get_output_partial_shape(0), PartialShape("[1,?,64]"));
    node = op::make("ScaledDotProductAttention",
                    {op::parameter(element::f16, PartialShape::dynamic()), op::parameter(element::f16, {2, 5, 8}),
                     op::parameter(element::f16, {2, 5, 8})},
                    {{"causal", "true"}});
    EXPECT_TRUE(node->get_output_partial_shape(0).rank_is_dynamic());
    EXPECT_EQ(node->get_output_element_type(0), element::f16);
}

TEST(ScaledDotProductAttention, InvalidModelsThrow) {
    auto make = [](const std::vector<PartialShape>& shapes, std::vector<element::Type> types, bool causal = false) {
        OutputVector in;
        for (size_t i = 0; i < shapes.size(); ++i)
            in.push_back(op::parameter(i < types.size() ? types[i] : element::f32, shapes[i]));
        return op::make("ScaledDotProductAttention", in, {{"causal", causal ? "true" : "false"}});
    };
    using P = PartialShape;
    EXPECT_NO_THROW(make({P{2, 4, 8}, P{2, 6, 8}, P{2, 6, 5}}, {}));
    EXPECT_THROW(make({P{4, 8}, P{2, 6, 8}, P{2, 6, 5}}, {}), ModelError);               // rank 2 query
    EXPECT_THROW(make({P{2, 4, 8}, P{2, 6, 7}, P{2, 6, 5}}, {}), ModelError);            // E differs
    EXPECT_THROW(make({P{2, 4, 8}, P{2, 6, 8}, P{2, 5, 5}}, {}), ModelError);            // S differs
    EXPECT_THROW(make({P{2, 4, 8}, P{3, 6, 8}, P{2, 6, 5}}, {}), ModelError);            // batch mismatch
    EXPECT_THROW(make({P{2, 4, 8}, P{2, 6, 8}, P{2, 6, 5}}, {element::f32, element::f16}), ModelError);
    EXPECT_THROW(make({P{2, 4, 8}, P{2, 6, 8}, P{2, 6, 5}}, {element::i32, element::i32, element::i32}), ModelError);
    EXPECT_THROW(make({P{2, 4, 8}, P{2, 6, 8}, P{2, 6, 5}, P{2, 3, 6}}, {}), ModelError);  // mask L
    EXPECT_THROW(make({P{2, 4, 8}, P{2, 6, 8}, P{2, 6, 5}, P{2, 4, 5}}, {}), ModelError);  // mask S
    EXPECT_THROW(make({P{2, 4, 8}, P{2, 6, 8}, P{2, 6, 5}, P{6}}, {}), ModelError);        // mask rank 1
    EXPECT_THROW(make({P{2, 4, 8}, P{2, 6, 8}, P{2, 6, 5}, P{2, 4, 6}},
                      {element::f32, element::f32, element::f32, element::i32}),
                 ModelError);
    EXPECT_THROW(make({P{2, 4, 8}, P{2, 6, 8}, P{2, 6, 5}, P{}, P{2}}, {}), ModelError);  // scale of 2 elements
    EXPECT_THROW(make({P{2, 4, 8}, P{2, 6, 8}, P{2, 6, 5}, P{}, P{}},
                      {element::f32, element::f32, element::f32, element::f32, element::f16}),
                 ModelError);
    // A causal op ignores the mask entirely.
    EXPECT_NO_THROW(make({P{2, 4, 8}, P{2, 6, 8}, P{2, 6, 5}, P{7}}, {}, true));
    EXPECT_THROW(op::make("ScaledDotProductAttention",
                          {op::parameter(element::f32, {2, 4, 8}), op::parameter(element::f32, {2, 6, 8}),
                           op::parameter(element::f32, {2, 6, 5})},
                          {}),
                 ModelError);  // causal is required
    // Run-time shapes that contradict each other.
    auto node = op::make("ScaledDotProductAttention",
                         {op::parameter(element::f32, P("[?,?,?]")), op::parameter(element::f32, P("[?,?,?]")),
                          op::parameter(element::f32, P("[?,?,?]"))},
                         {{"causal", "false"}});
    EvalContext ctx;
    EXPECT_THROW(evaluate_node(*node,
                               {test::random_tensor(element::f32, {1, 2, 4}),
                                test::random_tensor(element::f32, {1, 3, 5}),
                                test::random_tensor(element::f32, {1, 3, 2})},
                               ctx),
                 ModelError);
}
