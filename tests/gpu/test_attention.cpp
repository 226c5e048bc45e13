// ScaledDotProductAttention on the OpenCL device against host_ref: hand-checked outputs, a grid of L, S, E, Ev
// (1, odd, across the 16-row and 8-key blocks), masks of each kind and broadcast, causal, the scale input,
// broadcast batch axes, f16 storage, the kernel variant each case picks, and what validate() refuses.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <optional>

#include "gpu_test_utils.hpp"
#include "ops/attention.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;

namespace {

// f32: host_ref sums in f64; the kernel sums E products per score and S weighted values per output in f32, in
// another order, with its own exp2 (relative error 7.5e-8) of scores pre-multiplied by scale * log2(e). The
// softmax turns an absolute score error into a relative weight error, so errors grow with |scale * q . k|:
// outputs (convex combinations of V rows, |V| <= 1) differ by up to 1.5e-6 here (scale 3), below 1e-6 elsewhere.
// 1e-5 abs + 1e-4 rel leaves that margin and still catches a wrong or missing term (>= 1e-3 here).
constexpr double kAbsF32 = 1e-5, kRelF32 = 1e-4;
// f16 storage: inputs and the result are rounded to f16 on both sides; summation-order differences can move the
// final rounding by an f16 ulp (2^-10 relative) and the inputs' rounding enters through the f32 softmax.
constexpr double kTolF16 = 1e-2;

enum class MaskKind { kNone, kReal, kBool };

struct Spec {
    Spec(Shape q_, Shape k_, Shape v_, MaskKind mask_ = MaskKind::kNone, Shape mask_shape_ = {}, bool causal_ = false,
         std::optional<float> scale_ = std::nullopt)
        : q(std::move(q_)), k(std::move(k_)), v(std::move(v_)), mask(mask_), mask_shape(std::move(mask_shape_)),
          causal(causal_), scale(scale_) {}
    Shape q, k, v;
    MaskKind mask;
    Shape mask_shape;
    bool causal;
    std::optional<float> scale;  // the scale input (a scalar), absent when unset
};

struct Case {
    std::shared_ptr<Node> node;
    TensorVector inputs;
};

// A boolean mask mostly true, never false across a whole row of keys (such a row is NaN, tested apart).
Tensor bool_mask(const Shape& shape, uint32_t seed) {
    const auto r = test::values(test::random_tensor(element::f32, shape, 0, 1, seed));
    const size_t S = shape.empty() ? 1 : shape.back();
    std::vector<int> bits(r.size());
    for (size_t i = 0; i < r.size(); ++i)
        bits[i] = i % S == (i / S) % S || r[i] > 0.3;
    return test::make_tensor<int>(element::boolean, shape, bits);
}

Case make_case(element::Type type, const Spec& s, uint32_t seed = 1) {
    Case c;
    c.inputs = {test::random_tensor(type, s.q, -1, 1, seed), test::random_tensor(type, s.k, -1, 1, seed + 1),
                test::random_tensor(type, s.v, -1, 1, seed + 2)};
    if (s.mask == MaskKind::kReal)
        c.inputs.push_back(test::random_tensor(type, s.mask_shape, -2, 2, seed + 3));
    else if (s.mask == MaskKind::kBool)
        c.inputs.push_back(bool_mask(s.mask_shape, seed + 3));
    else if (s.scale)
        c.inputs.push_back(test::make_tensor<float>(type, {}, {0}));  // a zero mask ahead of the scale
    if (s.scale)
        c.inputs.push_back(test::make_tensor<float>(type, {}, {*s.scale}));
    OutputVector params;
    for (const auto& t : c.inputs)
        params.push_back(op::parameter(t.get_element_type(), t.get_shape()));
    c.node = op::make("ScaledDotProductAttention", params, {{"causal", s.causal ? "true" : "false"}});
    return c;
}

std::string impl_of(const Case& c) {
    return gpu::AttentionOp().configure(*c.node, test::gpu_env()->device).impl_name;
}

::testing::AssertionResult matches(const Case& c, double abs_tol = kAbsF32, double rel_tol = kRelF32) {
    return test::gpu_matches_host(c.node, c.inputs, abs_tol, rel_tol);
}

std::string describe(const Case& c) { return c.node->describe() + " " + impl_of(c); }

// Q = 0 (all scores equal) and V rows (1, 2), (3, 4): each output row is an average of the V rows the bias leaves.
TEST(GpuAttention, HandChecked) {
    OVCL_REQUIRE_GPU();
    const auto f32 = element::f32;
    const Tensor q = test::make_tensor<float>(f32, {1, 2, 2}, {0, 0, 0, 0});
    const Tensor k = test::make_tensor<float>(f32, {1, 2, 2}, {0.5f, -1, 2, 3});
    const Tensor v = test::make_tensor<float>(f32, {1, 2, 2}, {1, 2, 3, 4});
    auto run = [&](bool causal, std::optional<Tensor> mask, std::optional<Tensor> scale, const Tensor& query) {
        TensorVector in{query, k, v};
        if (mask)
            in.push_back(*mask);
        if (scale)
            in.push_back(*scale);
        OutputVector params;
        for (const auto& t : in)
            params.push_back(op::parameter(t.get_element_type(), t.get_shape()));
        auto node = op::make("ScaledDotProductAttention", params, {{"causal", causal ? "true" : "false"}});
        return test::run_gpu(node, in).at(0);
    };
    auto expect = [&](std::vector<float> values) { return test::make_tensor<float>(f32, {1, 2, 2}, values); };
    EXPECT_TENSOR_NEAR(run(false, {}, {}, q), expect({2, 3, 2, 3}), 1e-6, 1e-6);  // the mean of both rows
    EXPECT_TENSOR_NEAR(run(true, {}, {}, q), expect({1, 2, 2, 3}), 1e-6, 1e-6);   // row 0 sees key 0 only
    const Tensor diag = test::make_tensor<int>(element::boolean, {2, 2}, {1, 0, 0, 1});
    EXPECT_TENSOR_NEAR(run(false, diag, {}, q), expect({1, 2, 3, 4}), 1e-6, 1e-6);
    // Real mask ln 3: weights 1/4 and 3/4 -> (1 + 9) / 4, (2 + 12) / 4; (3 + 3) / 4, (6 + 4) / 4.
    const float ln3 = std::log(3.f);
    const Tensor bias = test::make_tensor<float>(f32, {2, 2}, {0, ln3, ln3, 0});
    EXPECT_TENSOR_NEAR(run(false, bias, {}, q), expect({2.5f, 3.5f, 1.5f, 2.5f}), 1e-6, 1e-6);
    // The scale input 2 on q = (ln 3 / 2, 0) against keys (0.5, -1), (2, 3): scores 0.5 ln 3 and 2 ln 3, weights
    // exp(0.5 ln 3) : exp(2 ln 3) = sqrt(3) : 9; the second query row (0, 0) still averages.
    const Tensor q1 = test::make_tensor<float>(f32, {1, 2, 2}, {ln3 / 2, 0, 0, 0});
    const Tensor two = test::make_tensor<float>(f32, {}, {2});
    const double w0 = std::sqrt(3.0) / (std::sqrt(3.0) + 9.0), w1 = 1 - w0;
    EXPECT_TENSOR_NEAR(run(false, test::make_tensor<float>(f32, {}, {0}), two, q1),
                       expect({static_cast<float>(w0 + 3 * w1), static_cast<float>(2 * w0 + 4 * w1), 2, 3}), 1e-6,
                       1e-6);
}

// A row whose keys are all masked is NaN, as host_ref's softmax of all -inf; the other rows are unaffected.
TEST(GpuAttention, FullyMaskedRowIsNaN) {
    OVCL_REQUIRE_GPU();
    const Tensor mask = test::make_tensor<int>(element::boolean, {1, 2, 3}, {0, 0, 0, 0, 1, 0});
    const Tensor real = test::make_tensor<float>(element::f32, {1, 2, 3},
                                                 {-INFINITY, -INFINITY, -INFINITY, -INFINITY, 0, -INFINITY});
    for (const Tensor& m : {mask, real}) {
        auto node = op::make("ScaledDotProductAttention",
                             {op::parameter(element::f32, {1, 2, 2}), op::parameter(element::f32, {1, 3, 2}),
                              op::parameter(element::f32, {1, 3, 2}), op::parameter(m.get_element_type(), {1, 2, 3})},
                             {{"causal", "false"}});
        const TensorVector in{test::random_tensor(element::f32, {1, 2, 2}),
                              test::random_tensor(element::f32, {1, 3, 2}),
                              test::make_tensor<float>(element::f32, {1, 3, 2}, {1, 2, 3, 4, 5, 6}), m};
        const auto y = test::values(test::run_gpu(node, in).at(0));
        EXPECT_TRUE(std::isnan(y[0]) && std::isnan(y[1])) << y[0] << " " << y[1];
        EXPECT_NEAR(y[2], 3, 1e-6);  // only the second key is visible to the second query
        EXPECT_NEAR(y[3], 4, 1e-6);
    }
}

// Empty extents: no keys (S = 0: nothing summed, zeros as in host_ref), no query rows, no batches.
TEST(GpuAttention, EmptyExtents) {
    OVCL_REQUIRE_GPU();
    const auto no_keys = make_case(element::f32, {{2, 5, 8}, {2, 0, 8}, {2, 0, 3}});
    EXPECT_TRUE(matches(no_keys)) << describe(no_keys);
    EXPECT_TENSOR_EQ(test::run_gpu(no_keys.node, no_keys.inputs).at(0),
                     test::make_tensor<float>(element::f32, {2, 5, 3}, std::vector<float>(30, 0.f)));
    for (const Spec& s : {Spec{{2, 0, 8}, {2, 6, 8}, {2, 6, 3}}, Spec{{0, 5, 8}, {0, 6, 8}, {0, 6, 3}}}) {
        const auto c = make_case(element::f32, s);
        EXPECT_EQ(test::run_gpu(c.node, c.inputs).at(0).get_size(), 0u) << describe(c);
    }
}

TEST(GpuAttention, KernelChoice) {
    OVCL_REQUIRE_GPU();
    const auto f32 = element::f32;
    EXPECT_EQ(impl_of(make_case(f32, {{1, 16, 8}, {1, 9, 8}, {1, 9, 8}})), "sdpa_rows_16x8");
    EXPECT_EQ(impl_of(make_case(f32, {{1, 17, 8}, {1, 9, 8}, {1, 9, 8}})), "sdpa_rows_32x8");
}

// L, S, E, Ev over 1, odd sizes and the block edges (16 / 32 rows, 8 keys), no mask.
TEST(GpuAttention, SizeGridF32) {
    OVCL_REQUIRE_GPU();
    uint32_t seed = 1;
    for (size_t L : {1, 5, 16, 17, 33, 64})
        for (size_t S : {1, 7, 8, 9, 40})
            for (size_t E : {1, 3, 17, 64})
                for (size_t Ev : {E, size_t{5}}) {
                    const auto c = make_case(element::f32, {{2, L, E}, {2, S, E}, {2, S, Ev}}, seed += 3);
                    ASSERT_TRUE(matches(c)) << describe(c);
                }
}

// Each mask kind over the mask shapes host_ref broadcasts: [L, S], [1, S], [L, 1], [1, 1], a scalar, batch axes
// of its own (broadcast against Q, or adding axes to the output).
TEST(GpuAttention, MasksF32) {
    OVCL_REQUIRE_GPU();
    const size_t L = 19, S = 21, E = 24;
    const Shape q{2, 3, L, E}, k{2, 3, S, E}, v{2, 3, S, 7};
    const std::vector<Shape> shapes{{L, S},       {1, S},          {L, 1},          {1, 1},
                                    {},           {2, 3, L, S},    {2, 1, L, S},    {1, 3, 1, S},
                                    {3, 1, S},    {4, 1, 1, L, S}, {2, 1, 1, S}};
    uint32_t seed = 7;
    for (MaskKind kind : {MaskKind::kReal, MaskKind::kBool})
        for (const Shape& m : shapes) {
            if (kind == MaskKind::kBool && (m.empty() || m.back() == 1))
                continue;  // a boolean mask without a key axis is either all true or masks whole rows
            const auto c = make_case(element::f32, {q, k, v, kind, m}, seed += 4);
            EXPECT_TRUE(matches(c)) << describe(c);
        }
    // Real masks holding -inf (padding) and large negatives, as models write them.
    Case c = make_case(element::f32, {q, k, v, MaskKind::kReal, {2, 1, 1, S}}, 3);
    float* m = c.inputs[3].data<float>();
    for (size_t i = 0; i < c.inputs[3].get_size(); ++i)
        m[i] = i % S > 15 ? -INFINITY : (i % 5 == 0 ? -10000.f : 0.f);
    EXPECT_TRUE(matches(c)) << describe(c);
}

// Causal with L < S, L = S and L > S (top-left aligned), with a mask input that causal ignores, and the blocks'
// early stop at the last visible key.
TEST(GpuAttention, CausalF32) {
    OVCL_REQUIRE_GPU();
    uint32_t seed = 11;
    for (size_t L : {1, 7, 16, 40})
        for (size_t S : {1, 9, 40, 70}) {
            const auto c = make_case(element::f32, {{3, L, 32}, {3, S, 32}, {3, S, 32}, {}, {}, true}, seed += 3);
            EXPECT_TRUE(matches(c)) << describe(c);
            const auto m = make_case(element::f32, {{3, L, 32}, {3, S, 32}, {3, S, 32}, MaskKind::kReal, {L, S}, true},
                                     seed += 3);
            EXPECT_TRUE(matches(m)) << describe(m);
        }
    // causal leaves the mask unread: even a rank-1 one (which a non-causal node would reject)
    const auto c = make_case(element::f32, {{2, 9, 8}, {2, 9, 8}, {2, 9, 8}, MaskKind::kReal, {7}, true}, 4);
    EXPECT_TRUE(matches(c)) << describe(c);
}

// The scale input (host_ref: its first element as float), with and without masks, and as a 1-element tensor.
TEST(GpuAttention, ScaleInputF32) {
    OVCL_REQUIRE_GPU();
    const Shape q{2, 20, 40}, k{2, 13, 40}, v{2, 13, 9};
    uint32_t seed = 5;
    for (float scale : {0.3f, 1.f, -0.7f, 3.f}) {
        for (MaskKind kind : {MaskKind::kNone, MaskKind::kReal, MaskKind::kBool}) {
            const auto c = make_case(element::f32, {q, k, v, kind, {20, 13}, false, scale}, seed += 4);
            EXPECT_TRUE(matches(c)) << describe(c) << " scale " << scale;
        }
        const auto c = make_case(element::f32, {q, k, v, {}, {}, true, scale}, seed += 4);
        EXPECT_TRUE(matches(c)) << describe(c) << " causal, scale " << scale;
    }
    Case c = make_case(element::f32, {q, k, v, MaskKind::kReal, {1, 13}}, 9);
    c.inputs.push_back(test::make_tensor<float>(element::f32, {1}, {0.45f}));
    OutputVector params;
    for (const auto& t : c.inputs)
        params.push_back(op::parameter(t.get_element_type(), t.get_shape()));
    c.node = op::make("ScaledDotProductAttention", params, {{"causal", "false"}});
    EXPECT_TRUE(matches(c)) << describe(c);
}

// Numpy-broadcast batch axes of Q, K and V (missing or size-1 axes on any side).
TEST(GpuAttention, BroadcastBatchesF32) {
    OVCL_REQUIRE_GPU();
    const std::vector<Spec> specs{
        {{1, 3, 18, 16}, {2, 1, 11, 16}, {2, 3, 11, 6}},
        {{2, 3, 18, 16}, {3, 11, 16}, {1, 11, 6}},
        {{5, 18, 16}, {1, 11, 16}, {5, 11, 6}},
        {{4, 1, 18, 16}, {1, 2, 11, 16}, {4, 2, 11, 6}, MaskKind::kBool, {2, 18, 11}},
        {{3, 18, 16}, {3, 11, 16}, {1, 11, 6}, MaskKind::kReal, {2, 1, 1, 11}},
    };
    uint32_t seed = 21;
    for (const auto& s : specs) {
        const auto c = make_case(element::f32, s, seed += 4);
        EXPECT_TRUE(matches(c)) << describe(c);
    }
}

// A BERT-base head shape with a padding mask, and a larger head.
TEST(GpuAttention, ModelShapesF32) {
    OVCL_REQUIRE_GPU();
    const auto bert = make_case(element::f32, {{1, 12, 128, 64}, {1, 12, 128, 64}, {1, 12, 128, 64}, MaskKind::kReal,
                                               {1, 1, 1, 128}},
                                2);
    EXPECT_TRUE(matches(bert)) << describe(bert);
    const auto wide = make_case(element::f32, {{2, 50, 256}, {2, 77, 256}, {2, 77, 200}}, 3);
    EXPECT_TRUE(matches(wide)) << describe(wide);
}

TEST(GpuAttention, F16Storage) {
    OVCL_REQUIRE_GPU();
    const auto f16 = element::f16;
    const std::vector<Spec> specs{
        {{2, 33, 64}, {2, 40, 64}, {2, 40, 64}},
        {{2, 5, 17}, {2, 9, 17}, {2, 9, 5}},
        {{2, 33, 64}, {2, 40, 64}, {2, 40, 64}, MaskKind::kReal, {33, 40}},
        {{2, 33, 64}, {2, 40, 64}, {2, 40, 64}, MaskKind::kBool, {2, 1, 40}},
        {{2, 33, 64}, {2, 40, 64}, {2, 40, 64}, {}, {}, true},
        {{2, 33, 64}, {2, 40, 64}, {2, 40, 64}, {}, {}, false, 0.2f},
    };
    uint32_t seed = 31;
    for (const auto& s : specs) {
        const auto c = make_case(f16, s, seed += 4);
        EXPECT_TRUE(matches(c, kTolF16, kTolF16)) << describe(c);
    }
}

TEST(GpuAttention, RefusesWithReasons) {
    OVCL_REQUIRE_GPU();
    const auto& device = test::gpu_env()->device;
    auto reason = [&](element::Type type, const Shape& q, const Shape& k, const Shape& v) {
        auto node = op::make("ScaledDotProductAttention",
                             {op::parameter(type, q), op::parameter(type, k), op::parameter(type, v)},
                             {{"causal", "false"}});
        const auto r = gpu::validate_node(*node, device);
        EXPECT_FALSE(r.supported);
        return r.reason;
    };
    EXPECT_NE(reason(element::f64, {2, 4, 8}, {2, 6, 8}, {2, 6, 8}).find("f32 and f16"), std::string::npos);
    EXPECT_NE(reason(element::f32, {2, 4, 0}, {2, 6, 0}, {2, 6, 8}).find("E = 0"), std::string::npos);
    EXPECT_NE(reason(element::f32, {2, 4, 300}, {2, 6, 300}, {2, 6, 8}).find("head size"), std::string::npos);
    EXPECT_NE(reason(element::f32, {2, 4, 8}, {2, 6, 8}, {2, 6, 257}).find("head size"), std::string::npos);
    auto dynamic = op::make("ScaledDotProductAttention",
                            {op::parameter(element::f32, PartialShape("[1,?,8]")),
                             op::parameter(element::f32, {1, 6, 8}), op::parameter(element::f32, {1, 6, 8})},
                            {{"causal", "false"}});
    EXPECT_NE(gpu::validate_node(*dynamic, device).reason.find("dynamic"), std::string::npos);
    // What it accepts: the largest head size.
    auto largest = op::make("ScaledDotProductAttention",
                            {op::parameter(element::f32, {1, 4, 256}), op::parameter(element::f32, {1, 6, 256}),
                             op::parameter(element::f32, {1, 6, 256})},
                            {{"causal", "false"}});
    EXPECT_TRUE(gpu::validate_node(*largest, device).supported);
}

}  // namespace
