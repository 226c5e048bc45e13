// AttentionOp::rebind: a configuration made for one key count S serves another (a KV cache a token longer at each
// token, RuntimeKernels) with its scalar arguments changed, and on the device gives host_ref's output for the new
// shapes: plain ScaledDotProductAttention with each kind of mask, broadcast batches, causal, and FusedAttention whose
// Broadcast and Reshape targets name the new S, and FusedTransposedAttention whose query and result are transposed.
// Anything else that changes (the query's rows, a batch axis, a mask axis other than the keys', K and V out of step,
// targets that do not follow S, a K laid out with its keys outside its heads) is refused: configured anew.
#include <gtest/gtest.h>

#include <optional>

#include "gpu_test_utils.hpp"
#include "ocl/ocl.hpp"
#include "ops/attention.hpp"
#include "ops/fused_ops.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;

namespace {

// The attention kernel's tolerance in f32 (test_attention.cpp).
constexpr double kAbsF32 = 1e-5, kRelF32 = 1e-4;

Output<Node> i64s(const std::vector<int64_t>& v) {
    return Output<Node>(op::constant<int64_t>(element::i64, Shape{v.size()}, v), 0);
}

std::vector<InputInfo> infos(const TensorVector& inputs) {
    std::vector<InputInfo> out;
    for (const auto& t : inputs)
        out.emplace_back(t.get_element_type(), t.get_shape(), &t);
    return out;
}

// `configured`'s configuration rebound to `inputs` and run on the device; none when rebind refuses.
std::optional<Tensor> run_rebound(const Node& configured, const TensorVector& inputs) {
    auto& env = *test::gpu_env();
    const gpu::AttentionOp op;
    const gpu::OpConfig config = op.configure(configured, env.device);
    const auto rebound = op.rebind(configured, config, infos(inputs));
    if (!rebound)
        return std::nullopt;
    std::vector<cl::Buffer> constants;
    for (const auto& c : rebound->constants)
        constants.push_back(gpu::make_buffer(env.context, c.get_byte_size(), CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                                             const_cast<void*>(c.data())));
    return gpu::run_configured(configured, *rebound, constants, inputs,
                               {env.context, env.queue, *env.programs, ""})
        .at(0);
}

// ScaledDotProductAttention over Parameters of the inputs' shapes.
std::shared_ptr<Node> sdpa(const TensorVector& inputs, bool causal = false) {
    OutputVector params;
    for (const auto& t : inputs)
        params.push_back(op::parameter(t.get_element_type(), t.get_shape()));
    return op::make("ScaledDotProductAttention", params, {{"causal", causal ? "true" : "false"}});
}

struct Spec {
    Shape q, k, v;
    std::optional<Shape> mask;  // its last axis: the keys (S) or 1
    bool keys_in_mask = true;
    bool causal = false;
};

Shape with_keys(Shape s, size_t axis_from_end, size_t S) {
    s[s.size() - axis_from_end] = S;
    return s;
}

TensorVector inputs_of(const Spec& s, size_t S, uint32_t seed) {
    TensorVector in{test::random_tensor(element::f32, s.q, -1, 1, seed),
                    test::random_tensor(element::f32, with_keys(s.k, 2, S), -1, 1, seed + 1),
                    test::random_tensor(element::f32, with_keys(s.v, 2, S), -1, 1, seed + 2)};
    if (s.mask)
        in.push_back(test::random_tensor(element::f32, s.keys_in_mask ? with_keys(*s.mask, 1, S) : *s.mask, -2, 2,
                                         seed + 3));
    return in;
}

}  // namespace

TEST(GpuAttentionRebind, ANewKeyCountGivesTheNewShapesResult) {
    OVCL_REQUIRE_GPU();
    const std::vector<Spec> specs{
        {{2, 3, 1, 16}, {2, 3, 0, 16}, {2, 3, 0, 8}, std::nullopt},               // one query row: a decode step
        {{2, 3, 1, 16}, {2, 3, 0, 16}, {2, 3, 0, 8}, Shape{2, 1, 1, 0}},           // a padding mask per batch
        {{1, 2, 3, 16}, {1, 2, 0, 16}, {1, 2, 0, 16}, Shape{3, 0}},                // one mask value per (row, key)
        {{1, 2, 3, 16}, {1, 2, 0, 16}, {1, 2, 0, 16}, Shape{1, 1, 3, 1}, false},   // a mask the keys broadcast
        {{2, 3, 20, 16}, {1, 3, 0, 16}, {2, 1, 0, 8}, std::nullopt},               // broadcast batches, 2 row blocks
        {{1, 2, 5, 16}, {1, 2, 0, 16}, {1, 2, 0, 16}, std::nullopt, true, true},   // causal
    };
    uint32_t seed = 1;
    for (const auto& s : specs)
        for (size_t S : {1, 7, 9, 33}) {  // within one block of 8 keys, across blocks
            const auto configured = sdpa(inputs_of(s, 12, seed), s.causal);
            const TensorVector now = inputs_of(s, S, seed += 4);
            const auto out = run_rebound(*configured, now);
            ASSERT_TRUE(out) << configured->describe() << " to S " << S;
            const Tensor want = test::run_host(sdpa(now, s.causal), now).at(0);
            EXPECT_TENSOR_NEAR(*out, want, kAbsF32, kRelF32) << configured->describe() << " to S " << S;
        }
}

TEST(GpuAttentionRebind, ChangesOtherThanTheKeyCountAreConfiguredAnew) {
    OVCL_REQUIRE_GPU();
    const Spec s{{2, 3, 4, 16}, {2, 3, 0, 16}, {2, 3, 0, 8}, Shape{2, 1, 4, 0}};
    const auto configured = sdpa(inputs_of(s, 12, 5));
    const auto refused = [&](TensorVector now) { return !run_rebound(*configured, now); };
    const auto f32 = [](const Shape& shape) { return test::random_tensor(element::f32, shape, -1, 1, 9); };
    const auto mask = f32({2, 1, 4, 13});
    EXPECT_FALSE(refused({f32({2, 3, 4, 16}), f32({2, 3, 13, 16}), f32({2, 3, 13, 8}), mask}));
    EXPECT_TRUE(refused({f32({2, 3, 5, 16}), f32({2, 3, 13, 16}), f32({2, 3, 13, 8}), f32({2, 1, 5, 13})}));  // L
    EXPECT_TRUE(refused({f32({2, 3, 4, 16}), f32({2, 3, 13, 16}), f32({2, 3, 12, 8}), mask}));  // V's S is not K's
    EXPECT_TRUE(refused({f32({2, 3, 4, 16}), f32({2, 1, 13, 16}), f32({2, 3, 13, 8}), mask}));  // a batch axis
    EXPECT_TRUE(refused({f32({2, 3, 4, 16}), f32({2, 3, 13, 16}), f32({2, 3, 13, 8}), f32({2, 1, 1, 13})}));  // mask L
    EXPECT_TRUE(refused({f32({2, 3, 4, 16}), f32({2, 3, 13, 16}), f32({2, 3, 13, 8}), f32({2, 1, 4, 12})}));  // mask S
    EXPECT_TRUE(refused({f32({2, 3, 4, 16}), f32({2, 3, 13, 16}), f32({2, 3, 13, 8})}));  // the mask gone
    const auto bool_mask = test::make_tensor<int>(element::boolean, {2, 1, 4, 13}, std::vector<int>(104, 1));
    EXPECT_TRUE(refused({f32({2, 3, 4, 16}), f32({2, 3, 13, 16}), f32({2, 3, 13, 8}), bool_mask}));  // its type
}

namespace {

// FusedAttention over K and V [1, 2, S, 16] grouped by 2 onto 4 query heads, its targets Constants (as RuntimeKernels
// configures it, from the values the run computed); the mask [1, 1, 1, S].
std::shared_ptr<Node> grouped(size_t S, const std::vector<int64_t>& broadcast, const std::vector<int64_t>& reshape,
                              const std::string& special_zero) {
    gpu::register_fused_ops();
    auto p = [](const Shape& shape) { return Output<Node>(op::parameter(element::f32, shape), 0); };
    auto node = std::make_shared<Node>(
        "FusedAttention", 1,
        OutputVector{p({1, 4, 1, 16}), p({1, 2, S, 16}), p({1, 2, S, 16}), i64s(broadcast), i64s(reshape),
                     i64s(broadcast), i64s(reshape), p({1, 1, 1, S})},
        Attributes{{"causal", "false"}, {"axis", "2"}, {"mode", "bidirectional"}, {"special_zero", special_zero}});
    node->validate_and_infer_types();
    return node;
}

TensorVector grouped_inputs(const Node& node, uint32_t seed) {
    TensorVector in;
    for (size_t i = 0; i < node.get_input_size(); ++i)
        in.push_back(node.input_value(i).node->is_constant()
                         ? node.input_value(i).node->get_constant_value()
                         : test::random_tensor(element::f32, node.get_input_shape(i), -1, 1, seed + uint32_t(i)));
    return in;
}

}  // namespace

TEST(GpuAttentionRebind, GroupedHeadsWhoseTargetsNameTheKeyCount) {
    OVCL_REQUIRE_GPU();
    const auto targets = [](int64_t S) {
        return std::make_pair(std::vector<int64_t>{1, 2, 2, S, 16}, std::vector<int64_t>{1, 4, S, 16});
    };
    const auto [b12, r12] = targets(12);
    for (const bool inferred : {false, true}) {  // the Reshape's key count given, or -1
        const auto configured = grouped(12, b12, inferred ? std::vector<int64_t>{0, 4, -1, 16} : r12, "true");
        for (int64_t S : {1, 9, 30}) {
            const auto [b, r] = targets(S);
            const auto target = grouped(static_cast<size_t>(S), b, inferred ? std::vector<int64_t>{0, 4, -1, 16} : r,
                                        "true");
            const TensorVector now = grouped_inputs(*target, 40 + static_cast<uint32_t>(S));
            const auto out = run_rebound(*configured, now);
            ASSERT_TRUE(out) << "S " << S << (inferred ? " (-1)" : "");
            EXPECT_TENSOR_NEAR(*out, test::run_host(target, now).at(0), kAbsF32, kRelF32) << "S " << S;
        }
    }
    // Targets that do not follow the keys: the Broadcast's key count left at 12, the groups changed, a Reshape's
    // special zero that copied the key count onto another axis.
    const auto configured = grouped(12, b12, r12, "false");
    const auto [b9, r9] = targets(9);
    auto now = grouped_inputs(*grouped(9, b9, r9, "false"), 3);
    ASSERT_TRUE(run_rebound(*configured, now));
    auto stale = now;
    stale[3] = grouped_inputs(*configured, 3)[3];
    EXPECT_FALSE(run_rebound(*configured, stale));
    auto regrouped = now;
    regrouped[3] = i64s({1, 2, 1, 9, 16}).node->get_constant_value();
    EXPECT_FALSE(run_rebound(*configured, regrouped));
    const auto [b16, r16] = targets(16);
    const auto zeros = grouped(16, b16, {1, 4, 16, 0}, "true");  // the 0 copies the key count (16) onto E
    const auto [b5, r5] = targets(5);
    auto longer = grouped_inputs(*grouped(5, b5, r5, "true"), 7);
    longer[4] = longer[6] = i64s({1, 4, 5, 0}).node->get_constant_value();
    EXPECT_FALSE(run_rebound(*zeros, longer));
}

namespace {

// FusedTransposedAttention: the query [1, L, 4, 16] and the result transposed to and from heads ([0, 2, 1, 3]); K
// and V [1, 4, S, 16] as they are, or K stored heads first, [4, 1, S, 16], transposed by [1, 0, 2, 3].
std::shared_ptr<Node> transposed(size_t L, size_t S, bool k_transposed) {
    gpu::register_fused_ops();
    auto p = [](const Shape& shape) { return Output<Node>(op::parameter(element::f32, shape), 0); };
    Attributes attrs{{"causal", "false"}, {"q_order", "0,2,1,3"}, {"out_order", "0,2,1,3"}};
    if (k_transposed)
        attrs.emplace_back("k_order", "1,0,2,3");
    auto node = std::make_shared<Node>(
        "FusedTransposedAttention", 1,
        OutputVector{p({1, L, 4, 16}), p(k_transposed ? Shape{4, 1, S, 16} : Shape{1, 4, S, 16}), p({1, 4, S, 16}),
                     p({1, 1, 1, S})},
        attrs);
    node->validate_and_infer_types();
    return node;
}

}  // namespace

TEST(GpuAttentionRebind, TransposedQueryAndResultFollowTheKeyCount) {
    OVCL_REQUIRE_GPU();
    for (size_t L : {1, 3}) {
        const auto configured = transposed(L, 12, false);
        for (size_t S : {1, 9, 30}) {
            const auto target = transposed(L, S, false);
            const TensorVector now = grouped_inputs(*target, 60 + static_cast<uint32_t>(S));
            const auto out = run_rebound(*configured, now);
            ASSERT_TRUE(out) << "L " << L << " S " << S;
            EXPECT_TENSOR_NEAR(*out, test::run_host(target, now).at(0), kAbsF32, kRelF32) << "L " << L << " S " << S;
        }
    }
    // K laid out [4, 1, S, 16]: the keys still its second last axis, but its heads' offsets count S, so a new key
    // count is configured anew.
    EXPECT_FALSE(run_rebound(*transposed(1, 12, true), grouped_inputs(*transposed(1, 9, true), 5)));
}
