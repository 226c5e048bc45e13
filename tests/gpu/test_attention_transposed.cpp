// Transposes folded into the attention (transform/fusions_attention.cpp, fold_attention_transposes): multi-head
// attention's Reshape -> Transpose [0, 2, 1, 3] of Q, K and V and the same Transpose of the result, as OpenVINO's
// frontends convert BERT, T5, Whisper and GPT-2, become FusedTransposedAttention (FusedAttention keeps its query's
// and result's), and the attention kernel reads and writes those layouts with strides. The kernel against REF
// running the Transposes and ScaledDotProductAttention apart (1e-5 abs + 1e-4 rel in f32, test_attention.cpp;
// 1e-2 in f16) for several orders, ranks, broadcast batches and masks; which Transposes the pass folds; the fused
// node's host reference bit-exact against the ops it stands for; malformed orders refused.
#include <gtest/gtest.h>

#include "fusion_test_utils.hpp"
#include "ops/fused_ops.hpp"

using namespace ovcl;
using test::i64s;
using test::named;
using test::Runtime;

namespace {

constexpr double kAbsF32 = 1e-5, kRelF32 = 1e-4, kTolF16 = 1e-2;

// The tensor stored before Transpose(order) gives `view`: stored[order[d]] = view[d].
Shape stored_shape(const Shape& view, const std::vector<int64_t>& order) {
    if (order.empty())
        return view;
    Shape s(view.size());
    for (size_t d = 0; d < order.size(); ++d)
        s[static_cast<size_t>(order[d])] = view[d];
    return s;
}

// ScaledDotProductAttention of the views q, k, v (and a mask) whose inputs are stored transposed by their orders and
// whose result is transposed by out_order (empty: none).
struct Layouts {
    Shape q, k, v;  // as the attention sees them
    std::vector<int64_t> q_order, k_order, v_order, out_order;
    std::optional<Shape> mask;
    bool bool_mask = false, causal = false;
    element::Type et = element::f32;
};

TensorVector inputs_of(const Layouts& c) {
    TensorVector in{test::random_tensor(c.et, stored_shape(c.q, c.q_order), -1, 1, 1),
                    test::random_tensor(c.et, stored_shape(c.k, c.k_order), -1, 1, 2),
                    test::random_tensor(c.et, stored_shape(c.v, c.v_order), -1, 1, 3)};
    if (c.mask && c.bool_mask) {
        const auto r = test::values(test::random_tensor(element::f32, *c.mask, 0, 1, 4));
        std::vector<int> bits(r.size());
        for (size_t i = 0; i < r.size(); ++i)  // key 0 always visible: no fully masked row
            bits[i] = i % c.mask->back() == 0 || r[i] > 0.3;
        in.push_back(test::make_tensor<int>(element::boolean, *c.mask, bits));
    } else if (c.mask) {
        in.push_back(test::random_tensor(c.et, *c.mask, -2, 2, 4));
    }
    return in;
}

// The Transposes and the attention as separate ops, over Parameters of the inputs.
std::shared_ptr<Model> unfused(const Layouts& c, const TensorVector& in) {
    NodeVector params;
    OutputVector sdpa_in;
    const std::vector<int64_t>* orders[3] = {&c.q_order, &c.k_order, &c.v_order};
    for (size_t i = 0; i < in.size(); ++i) {
        auto p = op::parameter(in[i].get_element_type(), in[i].get_shape(), "in" + std::to_string(i));
        params.push_back(p);
        sdpa_in.push_back(i < 3 && !orders[i]->empty() ? op::make_output("Transpose", {p, i64s(*orders[i])})
                                                       : Output<Node>(p, 0));
    }
    Output<Node> y = op::make_output("ScaledDotProductAttention", sdpa_in, {{"causal", c.causal ? "true" : "false"}});
    if (!c.out_order.empty())
        y = op::make_output("Transpose", {y, i64s(c.out_order)});
    return test::model_of({y}, params);
}

std::shared_ptr<Node> fused(const Layouts& c, const TensorVector& in) {
    OutputVector params;
    for (const auto& t : in)
        params.push_back(op::parameter(t.get_element_type(), t.get_shape()));
    Attributes attrs{{"causal", c.causal ? "true" : "false"}};
    const std::pair<const char*, const std::vector<int64_t>*> orders[] = {
        {"q_order", &c.q_order}, {"k_order", &c.k_order}, {"v_order", &c.v_order}, {"out_order", &c.out_order}};
    for (const auto& [name, order] : orders)
        if (!order->empty())
            attrs.emplace_back(name, op::list(*order));
    auto node = std::make_shared<Node>("FusedTransposedAttention", 1, params, attrs);
    node->validate_and_infer_types();
    return node;
}

const std::vector<int64_t> kHeads{0, 2, 1, 3};  // [B, L, H, E] <-> [B, H, L, E]

}  // namespace

TEST(GpuAttentionTransposed, KernelReadsAndWritesTheTransposedLayouts) {
    OVCL_REQUIRE_GPU();
    gpu::register_fused_ops();
    std::vector<Layouts> cases(7);
    // BERT's layout: every operand and the result [B, L, H, E]; 2 row blocks of 16, 5 keys, a padding mask.
    cases[0] = {{2, 3, 17, 16}, {2, 3, 5, 16}, {2, 3, 5, 8}, kHeads, kHeads, kHeads, kHeads, Shape{2, 1, 1, 5}};
    // GPT-2's decode step: the query and result transposed, K and V from the cache as they are.
    cases[1] = {{1, 4, 1, 16}, {1, 4, 9, 16}, {1, 4, 9, 16}, kHeads, {}, {}, kHeads, std::nullopt};
    // Rank 3, sequence first ([L, B, E]), causal, V as it is.
    cases[2] = {{2, 6, 8}, {2, 6, 8}, {2, 6, 4}, {1, 0, 2}, {1, 0, 2}, {}, {1, 0, 2}, std::nullopt};
    cases[2].causal = true;
    // Other permutations: the query stored [H, L, B, E], the result stored [H, L, B, Ev], a mask per (row, key).
    cases[3] = {{2, 3, 7, 16}, {2, 3, 11, 16}, {2, 3, 11, 16}, {2, 0, 1, 3}, {1, 0, 2, 3}, {0, 2, 1, 3},
                {1, 2, 0, 3}, Shape{7, 11}};
    // K and V of one batch broadcast onto two, a boolean mask.
    cases[4] = {{2, 3, 4, 16}, {1, 3, 6, 16}, {1, 3, 6, 16}, kHeads, kHeads, kHeads, kHeads, Shape{2, 1, 4, 6}, true};
    // f16 storage.
    cases[5] = cases[0];
    cases[5].et = element::f16;
    // The result alone (LLaMA's), one query row per head.
    cases[6] = {{1, 4, 1, 32}, {1, 4, 40, 32}, {1, 4, 40, 32}, {}, {}, {}, kHeads, std::nullopt};
    for (const Layouts& c : cases) {
        const TensorVector in = inputs_of(c);
        const auto node = fused(c, in);
        SCOPED_TRACE(node->describe());
        Core core;
        auto ref = core.compile_model(unfused(c, in), "REF");
        const Tensor want = test::infer(ref, in).at(0);
        const Tensor got = test::run_gpu(node, in).at(0);
        const bool f16 = c.et == element::f16;
        EXPECT_TENSOR_NEAR(got, want, f16 ? kTolF16 : kAbsF32, f16 ? kTolF16 : kRelF32);
        // The fused node's host reference: the same ops, bit-exact.
        EXPECT_TENSOR_NEAR(test::run_host(node, in).at(0), want, 0, 0);
    }
}

namespace {

// One multi-head attention block as OpenVINO's PyTorch frontend converts BERT's: x [B, L, H * E] projected (here: by
// Constants) to Q, K, V, each Reshape [B, L, H, E] -> Transpose [0, 2, 1, 3]; the attention with a padding mask;
// Transpose [0, 2, 1, 3] -> Reshape [B, L, H * E].
struct Block {
    size_t batch = 2, l = 9, heads = 2, e = 16;
    bool q_also_output = false, attention_also_output = false, k_transposed_last = false;
};

std::shared_ptr<Model> block_model(const Block& b) {
    const auto B = static_cast<int64_t>(b.batch), L = static_cast<int64_t>(b.l), H = static_cast<int64_t>(b.heads),
               E = static_cast<int64_t>(b.e);
    auto x = op::parameter(element::f32, Shape{b.batch, b.l, b.heads * b.e}, "x");
    auto mask = op::parameter(element::f32, Shape{b.batch, 1, 1, b.l}, "mask");
    const auto heads = [&](const std::string& name, uint32_t seed, const std::vector<int64_t>& order) {
        const Output<Node> w = test::random_constant({b.heads * b.e, b.heads * b.e}, seed, name + ".w", -0.3, 0.3);
        const Output<Node> y = named(op::make("MatMul", {x, w}), name);
        const Output<Node> r = named(op::make("Reshape", {y, i64s({B, L, H, E})}, {{"special_zero", "false"}}),
                                     name + ".reshape");
        return named(op::make("Transpose", {r, i64s(order)}), name + ".transpose");
    };
    const Output<Node> q = heads("q", 1, kHeads);
    // K^T ([B, H, E, L]) transposed back: an order that moves the last axis, which the kernel cannot read.
    const Output<Node> k =
        b.k_transposed_last
            ? named(op::make("Transpose", {heads("k", 2, {0, 2, 3, 1}), i64s({0, 1, 3, 2})}), "k.back")
            : heads("k", 2, kHeads);
    const Output<Node> v = heads("v", 3, kHeads);
    const Output<Node> a = named(op::make("ScaledDotProductAttention", {q, k, v, mask}, {{"causal", "false"}}, 13),
                                 "attention");
    const Output<Node> t = named(op::make("Transpose", {a, i64s(kHeads)}), "merge");
    const Output<Node> y =
        named(op::make("Reshape", {t, i64s({B, L, H * E})}, {{"special_zero", "false"}}), "merge.reshape");
    OutputVector outputs{y};
    if (b.q_also_output)
        outputs.push_back(q);
    if (b.attention_also_output)
        outputs.push_back(a);
    return test::model_of(outputs, {x, mask});
}

}  // namespace

TEST(GpuAttentionTransposed, MultiHeadBlockIsOneAttentionStep) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    const Runtime r = test::run_and_compare(block_model({}), {}, kAbsF32, kRelF32);
    EXPECT_EQ(r.count("Transpose"), 0u);
    EXPECT_EQ(r.type.at("merge"), "FusedTransposedAttention");  // the fused node takes the last op's name
    EXPECT_EQ(r.primitive.at("merge").rfind("sdpa_rows", 0), 0u) << r.primitive.at("merge");
    for (const char* name : {"q.transpose", "k.transpose", "v.transpose", "attention", "merge"})
        EXPECT_NE(r.fused_names.at("merge").find(name), std::string::npos) << name;
    EXPECT_GE(test::transformed_matches_on_ref(block_model({}), 0, 0), 1u);
}

TEST(GpuAttentionTransposed, TransposesOthersReadOrThatMoveTheLastAxisStay) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    Block b;
    b.q_also_output = true;  // Q's Transpose is a model output: computed as it is, K's and V's folded
    Runtime r = test::run_and_compare(block_model(b), {}, kAbsF32, kRelF32);
    EXPECT_EQ(r.type.at("q.transpose"), "Transpose");
    EXPECT_EQ(r.count("Transpose"), 1u);
    EXPECT_EQ(r.type.at("merge"), "FusedTransposedAttention");
    EXPECT_EQ(r.fused_names.at("merge").find("q.transpose"), std::string::npos) << r.fused_names.at("merge");
    b = Block{};
    b.attention_also_output = true;  // the attention's own result is an output: its Transpose stays
    r = test::run_and_compare(block_model(b), {}, kAbsF32, kRelF32);
    EXPECT_EQ(r.type.at("merge"), "Transpose");
    EXPECT_EQ(r.type.at("attention"), "FusedTransposedAttention");
    EXPECT_EQ(r.count("Transpose"), 1u);
    b = Block{};
    b.k_transposed_last = true;  // [0, 1, 3, 2] moves E: a Transpose step, Q's and V's folded
    r = test::run_and_compare(block_model(b), {}, kAbsF32, kRelF32);
    EXPECT_EQ(r.type.at("k.back"), "Transpose");
    EXPECT_EQ(r.type.at("merge"), "FusedTransposedAttention");
}

TEST(GpuAttentionTransposed, GroupedAttentionKeepsItsQueryAndResultTransposes) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    // LLaMA-like: Q [1, L, 4, 16] transposed to heads, K and V [1, 2, S, 16] repeated by 2, the result transposed.
    auto q = op::parameter(element::f32, Shape{1, 3, 4, 16}, "q");
    auto k = op::parameter(element::f32, Shape{1, 2, 5, 16}, "k");
    auto v = op::parameter(element::f32, Shape{1, 2, 5, 16}, "v");
    const auto repeat = [](const Output<Node>& x, const std::string& name) {
        const Output<Node> u = op::make_output("Unsqueeze", {x, i64s({2})});
        const Output<Node> b =
            op::make_output("Broadcast", {u, i64s({1, 2, 2, 5, 16})}, {{"mode", "bidirectional"}}, 3);
        return named(op::make("Reshape", {b, i64s({1, 4, 5, 16})}, {{"special_zero", "false"}}), name);
    };
    const Output<Node> qt = named(op::make("Transpose", {q, i64s(kHeads)}), "q.transpose");
    auto a = op::make("ScaledDotProductAttention", {qt, repeat(k, "k"), repeat(v, "v")}, {{"causal", "true"}}, 13);
    const Output<Node> y = named(op::make("Transpose", {named(a, "attention"), i64s(kHeads)}), "merge");
    const auto model = test::model_of({y}, {q, k, v});
    const Runtime r = test::run_and_compare(model, {}, kAbsF32, kRelF32);
    EXPECT_EQ(r.ops, 1u);
    EXPECT_EQ(r.type.at("merge"), "FusedAttention");
    EXPECT_EQ(r.primitive.at("merge").rfind("sdpa_rows", 0), 0u) << r.primitive.at("merge");
    EXPECT_GE(test::transformed_matches_on_ref(model, 0, 0), 2u);
}

TEST(GpuAttentionTransposed, MalformedOrdersAreRefused) {
    gpu::register_fused_ops();
    const auto p = [](const Shape& s) { return Output<Node>(op::parameter(element::f32, s), 0); };
    const auto node = [&](const std::string& type, const std::string& attr, const std::string& order) {
        OutputVector in{p({1, 4, 4, 8}), p({1, 4, 4, 8}), p({1, 4, 4, 8})};
        Attributes attrs{{"causal", "false"}, {attr, order}};
        if (type == "FusedAttention") {
            in.insert(in.end(), {i64s({1, 4, 1, 4, 8}), i64s({1, 4, 4, 8}), i64s({1, 4, 1, 4, 8}), i64s({1, 4, 4, 8})});
            attrs.insert(attrs.end(), {{"axis", "2"}, {"mode", "numpy"}, {"special_zero", "false"}});
        }
        return std::make_shared<Node>(type, 1, in, attrs);
    };
    // E moved, too short, an axis twice, an axis out of range, no numbers
    for (const char* order : {"0,1,3,2", "0,2,1", "0,1,1,3", "0,2,1,4", "a,b,c,d"})
        for (const char* attr : {"q_order", "k_order", "v_order", "out_order"})
            EXPECT_THROW(node("FusedTransposedAttention", attr, order)->validate_and_infer_types(), ModelError)
                << attr << " " << order;
    EXPECT_NO_THROW(node("FusedTransposedAttention", "q_order", "0,2,1,3")->validate_and_infer_types());
    for (const char* attr : {"k_order", "v_order"})  // FusedAttention's K and V are expanded, not transposed
        EXPECT_THROW(node("FusedAttention", attr, "0,2,1,3")->validate_and_infer_types(), ModelError) << attr;
    EXPECT_NO_THROW(node("FusedAttention", "out_order", "0,2,1,3")->validate_and_infer_types());
}
