// FusedAttention (src/gpu/transform/fusions_attention.cpp): grouped-query attention, K and V heads repeated by
// Unsqueeze -> Broadcast -> Reshape before ScaledDotProductAttention, as OpenVINO's PyTorch frontend converts
// LLaMA's repeat_kv. The attention kernel reads head h / G of K and V: one step where there were seven. Against REF
// running the unfused graph: 1e-5 abs + 1e-4 rel in f32 (the attention kernel's tolerance, test_attention.cpp),
// 1e-2 in f16; groups of 1, 2 and 4, batch 2, masks, causal, the scale input, targets computed from ShapeOf with a
// dynamic key count, and targets that also broadcast another axis (fused, then run on the host: same result).
#include <gtest/gtest.h>

#include "fusion_test_utils.hpp"
#include "ops/fused_ops.hpp"

using namespace ovcl;
using test::i64s;
using test::named;
using test::Runtime;

namespace {

constexpr double kAbsF32 = 1e-5, kRelF32 = 1e-4, kTolF16 = 1e-2;

// x [B, Hkv, S, E] with each head repeated `groups` times: [B, Hkv * groups, S, E]. `target` is the Broadcast's
// target; empty: computed from ShapeOf(x) as the frontend does, with the Reshape's target [0, Hkv * groups, -1, E]
// under special_zero.
Output<Node> repeat_heads(const Output<Node>& x, int64_t groups, int64_t heads, int64_t e, const std::string& name,
                          std::vector<int64_t> target = {}) {
    const Output<Node> u = named(op::make("Unsqueeze", {x, i64s({2})}), name + ".unsqueeze");
    Output<Node> t, shape;
    if (target.empty()) {
        const Output<Node> dims = op::make_output("ShapeOf", {x}, {{"output_type", "i64"}}, 3);
        const auto pick = [&](int64_t from, int64_t to) {
            return op::make_output("Slice", {dims, i64s({from}), i64s({to}), i64s({1}), i64s({0})}, {}, 8);
        };
        t = op::make_output("Concat", {pick(0, 2), i64s({groups}), pick(2, 4)}, {{"axis", "0"}});
        shape = i64s({0, heads * groups, -1, e});
    } else {
        t = i64s(target);
        shape = i64s({target[0], target[1] * target[2], target[3], target[4]});
    }
    const Output<Node> b = named(op::make("Broadcast", {u, t}, {{"mode", "bidirectional"}}, 3), name + ".expand");
    return named(op::make("Reshape", {b, shape}, {{"special_zero", "true"}}), name + ".reshape");
}

struct Gqa {
    size_t batch = 1, heads = 2, groups = 2, l = 3, s = 5, e = 16;
    bool causal = false, mask = true, bool_mask = false, scale = false, shape_of = false;
    element::Type et = element::f32;
};

std::shared_ptr<Model> gqa_model(const Gqa& g) {
    const auto b = static_cast<int64_t>(g.batch), h = static_cast<int64_t>(g.heads);
    const auto s = static_cast<int64_t>(g.s), e = static_cast<int64_t>(g.e);
    const Dimension keys = g.shape_of ? Dimension::dynamic() : Dimension(s);
    auto q = op::parameter(g.et, Shape{g.batch, g.heads * g.groups, g.l, g.e}, "q");
    auto k = op::parameter(g.et, PartialShape{b, h, keys, e}, "k");
    auto v = op::parameter(g.et, PartialShape{b, h, keys, e}, "v");
    NodeVector params{q, k, v};
    const std::vector<int64_t> target = g.shape_of ? std::vector<int64_t>{}
                                                   : std::vector<int64_t>{b, h, static_cast<int64_t>(g.groups), s, e};
    OutputVector inputs{q, repeat_heads(k, static_cast<int64_t>(g.groups), h, e, "k", target),
                        repeat_heads(v, static_cast<int64_t>(g.groups), h, e, "v", target)};
    if (g.mask || g.scale) {
        const element::Type mt = g.bool_mask ? element::boolean : g.et;
        auto m = op::parameter(mt, PartialShape{1, 1, static_cast<int64_t>(g.l), keys}, "mask");
        params.push_back(m);
        inputs.emplace_back(m, 0);
    }
    if (g.scale) {
        auto sc = op::parameter(g.et, Shape{}, "scale");
        params.push_back(sc);
        inputs.emplace_back(sc, 0);
    }
    auto sdpa = op::make("ScaledDotProductAttention", inputs, {{"causal", g.causal ? "true" : "false"}}, 13);
    return test::model_of({named(sdpa, "attention")}, params);
}

}  // namespace

TEST(GpuFusionAttention, GroupedHeadsAreOneKernelStep) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    std::vector<Gqa> cases(7);
    cases[1].groups = 4, cases[1].batch = 2, cases[1].l = 17;
    cases[2].groups = 1;
    cases[3].causal = true, cases[3].mask = false;
    cases[4].bool_mask = true, cases[4].scale = true;
    cases[5].mask = false, cases[5].l = 1, cases[5].s = 40;  // a decode step
    cases[6].et = element::f16;
    for (const Gqa& g : cases) {
        SCOPED_TRACE("groups " + std::to_string(g.groups) + " batch " + std::to_string(g.batch) + " L " +
                     std::to_string(g.l) + " " + g.et.to_string());
        const bool f16 = g.et == element::f16;
        const Runtime r = test::run_and_compare(gqa_model(g), {}, f16 ? kTolF16 : kAbsF32, f16 ? kTolF16 : kRelF32);
        EXPECT_EQ(r.ops, 1u);
        EXPECT_EQ(r.type.at("attention"), "FusedAttention");
        EXPECT_EQ(r.primitive.at("attention").rfind("sdpa_rows", 0), 0u) << r.primitive.at("attention");
    }
}

TEST(GpuFusionAttention, TargetsFromTheKeysShape) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    Gqa g;
    g.shape_of = true, g.l = 1;
    const auto model = gqa_model(g);
    auto gpu = core.compile_model(model, "GPU");
    auto ref = core.compile_model(model, "REF");
    for (size_t keys : {5, 9, 1}) {
        const TensorVector in{test::random_tensor(element::f32, {1, 4, 1, 16}, -1, 1, 3),
                              test::random_tensor(element::f32, {1, 2, keys, 16}, -1, 1, 4),
                              test::random_tensor(element::f32, {1, 2, keys, 16}, -1, 1, 5),
                              test::random_tensor(element::f32, {1, 1, 1, keys}, -1, 0, 6)};
        EXPECT_TENSOR_NEAR(test::infer(gpu, in).at(0), test::infer(ref, in).at(0), kAbsF32, kRelF32) << keys << " keys";
    }
    // With the key count known, the targets fold and the fused step is planned as a kernel.
    g.shape_of = true, g.s = 7;
    auto fixed = gqa_model(g);
    fixed->reshape({{"k", PartialShape{1, 2, 7, 16}}, {"v", PartialShape{1, 2, 7, 16}},
                    {"mask", PartialShape{1, 1, 1, 7}}});
    const Runtime r = test::run_and_compare(fixed, {}, kAbsF32, kRelF32);
    EXPECT_EQ(r.type.at("attention"), "FusedAttention");
    EXPECT_EQ(r.primitive.at("attention").rfind("sdpa_rows", 0), 0u) << r.primitive.at("attention");
}

TEST(GpuFusionAttention, TargetsThatBroadcastMoreRunOnTheHost) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    // K and V of one key, broadcast to 5 keys by the same Broadcast that repeats the heads.
    auto q = op::parameter(element::f32, Shape{1, 4, 3, 8}, "q");
    auto k = op::parameter(element::f32, Shape{1, 2, 1, 8}, "k");
    auto v = op::parameter(element::f32, Shape{1, 2, 1, 8}, "v");
    const std::vector<int64_t> target{1, 2, 2, 5, 8};
    auto sdpa = op::make("ScaledDotProductAttention",
                         {q, repeat_heads(k, 2, 2, 8, "k", target), repeat_heads(v, 2, 2, 8, "v", target)},
                         {{"causal", "true"}}, 13);
    const auto model = test::model_of({named(sdpa, "attention")}, {q, k, v});
    const Runtime r = test::run_and_compare(model, {}, kAbsF32, kRelF32);
    EXPECT_EQ(r.type.at("attention"), "FusedAttention");
    EXPECT_EQ(r.primitive.at("attention"), "ref");
}

TEST(GpuFusionAttention, HostReferenceOfTheFusedNode) {
    // REF running the transformed model evaluates FusedAttention through the ops it stands for: bit-exact.
    Gqa g;
    g.scale = true;
    EXPECT_GE(test::transformed_matches_on_ref(gqa_model(g), 0, 0), 1u);
    g.shape_of = true;
    auto m = gqa_model(g);
    m->reshape(
        {{"k", PartialShape{1, 2, 5, 16}}, {"v", PartialShape{1, 2, 5, 16}}, {"mask", PartialShape{1, 1, 3, 5}}});
    EXPECT_GE(test::transformed_matches_on_ref(m, 0, 0), 1u);
}

TEST(GpuFusionAttention, MalformedNodesAreRefused) {
    gpu::register_fused_ops();
    auto p = [](const Shape& s) { return Output<Node>(op::parameter(element::f32, s), 0); };
    for (int64_t axis : {0, 3, -1}) {  // the group axis must follow a batch axis of K and V
        auto n = std::make_shared<Node>(
            "FusedAttention", 1,
            OutputVector{p({1, 4, 3, 8}), p({1, 2, 5, 8}), p({1, 2, 5, 8}), i64s({1, 2, 2, 5, 8}), i64s({1, 4, 5, 8}),
                         i64s({1, 2, 2, 5, 8}), i64s({1, 4, 5, 8})},
            Attributes{{"causal", "false"}, {"axis", std::to_string(axis)}, {"mode", "numpy"},
                       {"special_zero", "false"}});
        EXPECT_THROW(n->validate_and_infer_types(), ModelError) << "axis " << axis;
    }
    auto few = std::make_shared<Node>("FusedAttention", 1, OutputVector{p({1, 4, 3, 8}), p({1, 2, 5, 8})},
                                      Attributes{{"causal", "false"}, {"axis", "2"}, {"mode", "numpy"},
                                                 {"special_zero", "false"}});
    EXPECT_THROW(few->validate_and_infer_types(), ModelError);
}
