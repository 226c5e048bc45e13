// A stateful decoder's KV cache on the GPU plugin: after three plans that differ in the same dims, a variable's
// among them (a token each), one plan serves every later length (plugin/plan_keys.hpp). Its projections stay kernel
// steps; the cache is read and written in place on the device (a ReadValue lends the variable's buffer, an Assign
// adopts the new value's), and what depends on the length runs as kernels configured per run. Every token's output
// and the final state are REF's, with beam reordering of a batch of two, and across a reset; a reorder that keeps
// every beam in its place passes the cache on as it is.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "fusion_test_utils.hpp"
#include "ovcl/core.hpp"
#include "plan/plan.hpp"
#include "plugin/compiled_model.hpp"
#include "plugin/plan_keys.hpp"
#include "plugin/plugin.hpp"
#include "plugin/runtime_kernels.hpp"

using namespace ovcl;

namespace {

constexpr int64_t kHeads = 2, kKvHeads = 1, kHeadSize = 8, kHidden = kHeads * kHeadSize;

Output<Node> i64s(const std::vector<int64_t>& v) { return op::constant<int64_t>(element::i64, Shape{v.size()}, v); }
Output<Node> dims(const Output<Node>& x, const std::vector<int64_t>& which) {
    return op::make_output("Gather", {op::make_output("ShapeOf", {x}), i64s(which), i64s({0})});
}
Output<Node> concat(const OutputVector& parts, int64_t axis = 0) {
    return op::make_output("Concat", parts, {{"axis", std::to_string(axis)}});
}

// [batch, heads, tokens, head_size] of x [batch, tokens, hidden] projected by a random weight, with the target shape
// computed from ShapeOf(x) as PyTorch's frontend writes it.
Output<Node> heads(const Output<Node>& x, int64_t n, uint32_t seed, const std::string& name) {
    auto y = op::make_output("MatMul", {x, test::random_constant({static_cast<size_t>(n * kHeadSize), kHidden}, seed,
                                                                 name + "_w")},
                             {{"transpose_a", "false"}, {"transpose_b", "true"}});
    y = op::make_output("Reshape", {y, concat({dims(x, {0, 1}), i64s({n, kHeadSize})})}, {{"special_zero", "false"}});
    return op::make_output("Transpose", {y, i64s({0, 2, 1, 3})});
}

// Grouped-query attention's expand of the cache to the query's heads, as transformers' repeat_kv exports: the
// target shapes come from ShapeOf of the cache, whose length only the run knows.
Output<Node> repeated(const Output<Node>& kv, const std::string& name) {
    auto wide = op::make_output("Unsqueeze", {kv, i64s({2})});
    auto grouped = op::make("Broadcast", {wide, concat({dims(kv, {0, 1}), i64s({kHeads / kKvHeads}), dims(kv, {2, 3})})});
    grouped->set_friendly_name(name + "_expand");
    return op::make_output("Reshape", {grouped, concat({dims(kv, {0}), i64s({kHeads, -1, kHeadSize})})},
                           {{"special_zero", "false"}});
}

// The cache of `id`: its past (empty at first: an init of 0 tokens) reordered by beam, then this step's tokens.
Output<Node> cache(const std::string& id, const Output<Node>& x, const Output<Node>& now, const Output<Node>& beam,
                   NodeVector& sinks) {
    auto zero = op::constant<float>(element::f32, Shape{}, {0.0f});
    auto init = op::make_output("Broadcast", {zero, concat({dims(x, {0}), i64s({kKvHeads, 0, kHeadSize})})});
    auto past = op::make_output("ReadValue", {init},
                                {{"variable_id", id}, {"variable_type", "f32"},
                                 {"variable_shape", op::shape_attr(PartialShape("[?,1,?,8]"))}});
    auto reordered = op::make("Gather", {past, beam, i64s({0})});
    reordered->set_friendly_name(id + "_reordered");
    auto all = op::make("Concat", {reordered, now}, {{"axis", "2"}});
    all->set_friendly_name(id + "_cache");
    sinks.push_back(op::make("Assign", {all}, {{"variable_id", id}}));
    return all;
}

// x [batch, tokens, 16], mask [batch, past + tokens] of 0/1, beam [batch]: one attention layer over a KV cache.
std::shared_ptr<Model> decoder() {
    auto x = op::parameter(element::f32, PartialShape("[?,?,16]"), "x");
    auto mask = op::parameter(element::i64, PartialShape("[?,?]"), "mask");
    auto beam = op::parameter(element::i32, PartialShape("[?]"), "beam");
    NodeVector sinks;
    auto k = repeated(cache("k", x, heads(x, kKvHeads, 2, "k"), beam, sinks), "k");
    auto v = repeated(cache("v", x, heads(x, kKvHeads, 3, "v"), beam, sinks), "v");
    auto m = op::make_output("Convert", {mask}, {{"destination_type", "f32"}});
    m = op::make_output("Reshape", {m, concat({dims(mask, {0}), i64s({1, 1}), dims(mask, {1})})},
                        {{"special_zero", "false"}});
    m = test::binary("Multiply", test::binary("Subtract", m, test::scalar_constant(1, "one"), "m1"),
                     test::scalar_constant(1e4f, "big"), "additive_mask");
    auto attn = op::make_output("ScaledDotProductAttention", {heads(x, kHeads, 1, "q"), k, v, m}, {{"causal", "false"}});
    attn = op::make_output("Transpose", {attn, i64s({0, 2, 1, 3})});
    attn = op::make_output("Reshape", {attn, concat({dims(x, {0, 1}), i64s({kHidden})})}, {{"special_zero", "false"}});
    auto out = op::make_output("MatMul", {attn, test::random_constant({kHidden, kHidden}, 4, "o_w")},
                               {{"transpose_a", "false"}, {"transpose_b", "true"}});
    return std::make_shared<Model>(NodeVector{op::result(out, "out")}, NodeVector{x, mask, beam}, "kv_decoder", sinks);
}

TensorVector step(size_t batch, size_t tokens, size_t total, const std::vector<int32_t>& beam, uint32_t seed) {
    Tensor mask(element::i64, Shape{batch, total});
    for (size_t i = 0; i < mask.get_size(); ++i)
        mask.data<int64_t>()[i] = (i % total) == 1 ? 0 : 1;  // one masked position, to see the mask applied
    return {test::random_tensor(element::f32, {batch, tokens, static_cast<size_t>(kHidden)}, -1, 1, seed), mask,
            test::make_tensor<int32_t>(element::i32, {batch}, beam)};
}

struct Decoding {
    std::shared_ptr<gpu::CompiledModel> compiled;
    CompiledModel gpu, ref;
};
Decoding compile(const std::shared_ptr<Model>& model) {
    Core core;
    auto compiled = std::static_pointer_cast<gpu::CompiledModel>(
        std::make_shared<gpu::Plugin>()->compile_model(model, test::on_cpu_kernels({{"PERF_COUNT", true}})));
    return {compiled, CompiledModel(SoPtr<ICompiledModel>{nullptr, compiled}), core.compile_model(model, "REF")};
}

// Prefills 4 tokens, then decodes `tokens` one by one, on both devices: each output is REF's.
void decode(Decoding& d, InferRequest& on_gpu, InferRequest& on_ref, size_t batch, size_t tokens,
            const std::vector<std::vector<int32_t>>& beams) {
    on_gpu.reset_state();
    on_ref.reset_state();
    for (size_t t = 0; t <= tokens; ++t) {
        const size_t now = t == 0 ? 4 : 1, total = t == 0 ? 4 : 4 + t;
        const TensorVector inputs = step(batch, now, total, beams[t % beams.size()], static_cast<uint32_t>(10 + t));
        for (size_t i = 0; i < inputs.size(); ++i) {
            on_gpu.set_input_tensor(i, inputs[i]);
            on_ref.set_input_tensor(i, inputs[i]);
        }
        on_gpu.infer();
        on_ref.infer();
        EXPECT_TENSOR_NEAR(on_gpu.get_output_tensor(0), on_ref.get_output_tensor(0), 1e-4, 1e-4) << "token " << t;
    }
    (void)d;
}

std::map<std::string, std::string> exec_types(const InferRequest& request) {
    std::map<std::string, std::string> exec;
    for (const auto& p : request.get_profiling_info())
        exec[p.node_name] = p.exec_type;
    return exec;
}
bool ran_at_run_time(const std::string& e) { return e.size() > 8 && e.compare(e.size() - 8, 8, "_runtime") == 0; }

}  // namespace

TEST(GpuKvDecode, OnePlanServesEveryLengthAfterTheThirdTokenAndMatchesRef) {
    OVCL_REQUIRE_GPU();
    Decoding d = compile(decoder());
    auto on_gpu = d.gpu.create_infer_request();
    auto on_ref = d.ref.create_infer_request();
    decode(d, on_gpu, on_ref, 1, 16, {{0}});
    // The prefill, two decode plans of their own lengths, then one for every length.
    EXPECT_EQ(d.compiled->plans_built(), 4u);
    // The attention over a cache a key longer at each token is configured at its first run-time token only, then
    // rebound to the new key count (AttentionOp::rebind); nothing else there is configured.
    const size_t configured = d.compiled->runtime_kernels().configurations();
    EXPECT_EQ(configured, 1u);
    decode(d, on_gpu, on_ref, 1, 16, {{0}});  // after a reset: the same plans
    EXPECT_EQ(d.compiled->plans_built(), 4u);
    EXPECT_EQ(d.compiled->runtime_kernels().configurations(), configured);

    // The plan a later token runs: its projections are kernel steps, its cache is read in place.
    const Shape held{1, kKvHeads, 30, kHeadSize};
    const auto dp = d.compiled->plan_for({Shape{1, 1, kHidden}, Shape{1, 31}, Shape{1}}, {held, held});
    EXPECT_EQ(d.compiled->plans_built(), 4u);
    size_t matmuls = 0, reads = 0, attentions = 0;
    for (const auto& s : dp->plan->steps) {
        const std::string& type = s.node->get_type_name();
        if (type == "MatMul" || type == "FusedMatMul") {
            ++matmuls;
            EXPECT_EQ(s.kind, gpu::Step::Kind::KERNELS) << s.node->describe() << ": " << s.reason;
        }
        if (type == "ReadValue") {
            ++reads;
            EXPECT_EQ(s.kind, gpu::Step::Kind::READ_VALUE) << s.node->describe();
        }
        if (type == "FusedAttention") {  // with the expand of K and V to the query's heads
            ++attentions;
            EXPECT_TRUE(s.kernels_at_run_time) << s.node->describe() << ": " << s.reason;
        }
    }
    EXPECT_EQ(matmuls, 4u);
    EXPECT_EQ(reads, 2u);
    EXPECT_EQ(attentions, 1u);

    // What depends on the length ran on the device: the beam gather, the attention reading K and V head by group
    // (the expand's targets shapes the host computed), no expand of its own.
    // One beam keeps its place: the reorder passes the cache on as it is.
    const auto exec = exec_types(on_gpu);
    EXPECT_EQ(exec.count("k_expand") + exec.count("v_expand"), 0u);
    size_t attention_runs = 0;
    for (const auto& [name, e] : exec)
        if (e.rfind("sdpa_rows", 0) == 0) {
            ++attention_runs;
            EXPECT_TRUE(ran_at_run_time(e)) << name << ": " << e;
        }
    EXPECT_EQ(attention_runs, 1u);
    for (const char* name : {"k_reordered", "v_reordered"})
        EXPECT_EQ(exec.at(name), "view_runtime") << name;
    // The cache grows by copies of the past and the new token into a buffer of the new length: no kernel to
    // configure per token.
    for (const char* name : {"k_cache", "v_cache"})
        EXPECT_EQ(exec.at(name), "copies_runtime") << name;
}

TEST(GpuKvDecode, BeamReorderAndStateStayRefsOnTheDevice) {
    OVCL_REQUIRE_GPU();
    Decoding d = compile(decoder());
    auto on_gpu = d.gpu.create_infer_request();
    auto on_ref = d.ref.create_infer_request();
    decode(d, on_gpu, on_ref, 2, 9, {{1, 0}, {0, 0}, {1, 1}, {0, 1}});
    EXPECT_LE(d.compiled->plans_built(), 4u);
    const std::string reorder = exec_types(on_gpu).at("k_reordered");  // the last token's beams: {0, 0}
    EXPECT_TRUE(ran_at_run_time(reorder) && reorder != "view_runtime") << reorder;
    EXPECT_EQ(exec_types(on_gpu).at("k_cache"), "copies_runtime");  // a rectangle per input: two rows of a batch
    for (const auto& state : on_ref.query_state()) {
        bool found = false;
        for (const auto& mine : on_gpu.query_state())
            if (mine.get_name() == state.get_name()) {
                found = true;
                EXPECT_TENSOR_NEAR(mine.get_state(), state.get_state(), 1e-5, 1e-5) << state.get_name();
            }
        EXPECT_TRUE(found) << state.get_name();
    }
    // The state API writes the value the next token reads, in place of the one the last token adopted.
    for (auto& state : on_gpu.query_state())
        state.set_state(test::random_tensor(element::f32, {2, kKvHeads, 13, kHeadSize}, -1, 1, 77));
    for (auto& state : on_ref.query_state())
        state.set_state(test::random_tensor(element::f32, {2, kKvHeads, 13, kHeadSize}, -1, 1, 77));
    const TensorVector inputs = step(2, 1, 14, {0, 1}, 99);
    for (size_t i = 0; i < inputs.size(); ++i) {
        on_gpu.set_input_tensor(i, inputs[i]);
        on_ref.set_input_tensor(i, inputs[i]);
    }
    on_gpu.infer();
    on_ref.infer();
    EXPECT_TENSOR_NEAR(on_gpu.get_output_tensor(0), on_ref.get_output_tensor(0), 1e-4, 1e-4);
    EXPECT_EQ(exec_types(on_gpu).at("k_reordered"), "view_runtime");  // beams {0, 1}: in their places
}

// Two requests decode at once on one compiled model (its plans, op cache and run-time kernels shared), each its own
// sequence: every token is REF's. Under ThreadSanitizer in scripts/test.
TEST(GpuKvDecode, TwoRequestsDecodeAtOnce) {
    OVCL_REQUIRE_GPU();
    Decoding d = compile(decoder());
    InferRequest gpu[2] = {d.gpu.create_infer_request(), d.gpu.create_infer_request()};
    InferRequest ref[2] = {d.ref.create_infer_request(), d.ref.create_infer_request()};
    for (size_t t = 0; t <= 12; ++t) {
        for (size_t r = 0; r < 2; ++r) {  // the second sequence is two tokens ahead
            const size_t now = t == 0 ? 4 + 2 * r : 1, total = (t == 0 ? 0 : 4 + 2 * r) + now + (t == 0 ? 0 : t - 1);
            const TensorVector inputs = step(1, now, total, {0}, static_cast<uint32_t>(100 * r + t));
            for (size_t i = 0; i < inputs.size(); ++i) {
                gpu[r].set_input_tensor(i, inputs[i]);
                ref[r].set_input_tensor(i, inputs[i]);
            }
            gpu[r].start_async();
        }
        for (size_t r = 0; r < 2; ++r) {
            gpu[r].wait();
            ref[r].infer();
            EXPECT_TENSOR_NEAR(gpu[r].get_output_tensor(0), ref[r].get_output_tensor(0), 1e-4, 1e-4)
                << "request " << r << ", token " << t;
        }
    }
}

TEST(GpuKvDecode, OnlyDimsThatChangeAlikeAtEveryPlanAndIncludeAVariablesGoDynamic) {
    const auto key = [](int64_t tokens, int64_t total, std::optional<int64_t> past) {
        gpu::PlanKey k;
        k.inputs = {PartialShape{1, tokens}, PartialShape{1, total}};
        if (past)
            k.variables.push_back(PartialShape{1, 2, *past, 8});
        else
            k.variables.emplace_back();
        return k;
    };
    gpu::KeyHistory decode;
    EXPECT_EQ(decode.to_build(key(5, 5, std::nullopt)), key(5, 5, std::nullopt));  // prefill
    EXPECT_EQ(decode.to_build(key(1, 6, 5)), key(1, 6, 5));
    EXPECT_EQ(decode.to_build(key(1, 7, 6)), key(1, 7, 6));
    const gpu::PlanKey general = decode.to_build(key(1, 8, 7));
    EXPECT_EQ(general.inputs[0], PartialShape({1, 1}));
    EXPECT_EQ(general.inputs[1], PartialShape({1, Dimension::dynamic()}));
    EXPECT_EQ(*general.variables[0], PartialShape({1, 2, Dimension::dynamic(), 8}));
    EXPECT_TRUE(general.serves(key(1, 400, 399)));
    EXPECT_FALSE(general.serves(key(2, 400, 398)));  // another prompt's length
    EXPECT_FALSE(general.serves(key(1, 9, std::nullopt)));  // a reset cache
    EXPECT_EQ(general.dynamic_dims(), 2u);

    // Inputs alone that change every time (no variable among the dims): each shape keeps a plan of its own.
    gpu::KeyHistory images;
    for (int64_t side = 10; side < 16; ++side) {
        gpu::PlanKey k;
        k.inputs = {PartialShape{1, 3, side, side}};
        EXPECT_EQ(images.to_build(k), k);
    }
    // Prompts of new lengths between decode runs: the dims that changed differ from one plan to the next.
    gpu::KeyHistory chat;
    chat.to_build(key(1, 9, 8));
    chat.to_build(key(3, 12, 9));
    EXPECT_EQ(chat.to_build(key(1, 13, 12)), key(1, 13, 12));
}
