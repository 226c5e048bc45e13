// FusedRoPE (src/gpu/transform/fusions_rope.cpp, kernels_cl/rope.cl): rotary position embeddings with the halves
// rotated, as OpenVINO's PyTorch frontend converts LLaMA's q * cos + rotate_half(q) * sin. Which spellings fuse and
// which look-alikes do not; the kernel against REF running the unfused graph, bit for bit in f32 and f16 (it rounds
// once per op of the pattern, as host_ref does, with contraction off); cos and sin broadcast along heads, batch
// and rows; dynamic dims; the fused node's host reference (REF running the transformed model, and the GPU's host
// fallback of a node whose cos and sin differ in shape).
#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <sstream>

#include "fusion_test_utils.hpp"
#include "ops/fused_ops.hpp"
#include "ops/gpu_op.hpp"

using namespace ovcl;
using test::binary;
using test::named;
using test::Runtime;

namespace {

struct Spelling {
    bool negative_op = false;  // Negative(x2) instead of Multiply(x2, -1)
    bool swap_operands = false;  // cos * x, sin * rotated, -1 * x2, Add(rotated * sin, x * cos)
    bool axis_minus_one = false;  // Slice and Concat along -1 instead of rank - 1
    bool stop_at_max = false;  // the second half's Slice stops at INT64_MAX (PyTorch's x[..., d/2:])
};

Output<Node> i64(int64_t v) { return Output<Node>(op::constant<int64_t>(element::i64, Shape{1}, {v}), 0); }

// rotate_half(x) over the last axis of `x` (extent d): Concat(-x[..., d/2:], x[..., :d/2]).
Output<Node> rotate_half(const Output<Node>& x, int64_t d, const Spelling& s) {
    const auto rank = static_cast<int64_t>(x.get_partial_shape().size());
    const int64_t axis = s.axis_minus_one ? -1 : rank - 1;
    const Output<Node> x1 = named(op::make("Slice", {x, i64(0), i64(d / 2), i64(1), i64(axis)}, {}, 8), "x1");
    const int64_t stop = s.stop_at_max ? std::numeric_limits<int64_t>::max() : d;
    const Output<Node> x2 = named(op::make("Slice", {x, i64(d / 2), i64(stop), i64(1), i64(axis)}, {}, 8), "x2");
    const element::Type et = x.get_element_type();
    Output<Node> minus(op::constant(test::make_tensor<float>(element::f32, {}, {-1.f})), 0);
    if (et != element::f32)
        minus = Output<Node>(op::constant(test::make_tensor(et, {}, std::vector<float>{-1.f})), 0);
    const Output<Node> neg = s.negative_op     ? named(op::make("Negative", {x2}), "neg")
                             : s.swap_operands ? binary("Multiply", minus, x2, "neg")
                                               : binary("Multiply", x2, minus, "neg");
    return named(op::make("Concat", {neg, x1}, {{"axis", std::to_string(axis)}}), "rot");
}

Output<Node> rope(const Output<Node>& x, const Output<Node>& cos, const Output<Node>& sin, int64_t d,
                  const Spelling& s, const std::string& name = "y") {
    const Output<Node> rot = rotate_half(x, d, s);
    const Output<Node> a = s.swap_operands ? binary("Multiply", cos, x, "xc") : binary("Multiply", x, cos, "xc");
    const Output<Node> b = s.swap_operands ? binary("Multiply", sin, rot, "rs") : binary("Multiply", rot, sin, "rs");
    return s.swap_operands ? binary("Add", b, a, name) : binary("Add", a, b, name);
}

// A hand-made rotation of the last axis (of 8): Concat(x[..., split:] * k, x[..., :split]), or with the halves the
// other way round; the pattern's when split is 4, k is -1 and the negated half comes first.
Output<Node> rotated_like(const Output<Node>& x, int64_t split, float k, bool negated_first) {
    auto x1 = named(op::make("Slice", {x, i64(0), i64(split), i64(1), i64(3)}, {}, 8), "x1");
    auto x2 = named(op::make("Slice", {x, i64(split), i64(8), i64(1), i64(3)}, {}, 8), "x2");
    const Output<Node> neg = binary("Multiply", x2, test::scalar_constant(k, "m"), "neg");
    return named(op::make("Concat", negated_first ? OutputVector{neg, x1} : OutputVector{x1, neg}, {{"axis", "3"}}),
                 "rot");
}

// a * cos + rot * sin (the suffix names its nodes apart from another such sum's).
Output<Node> rotary_sum(const Output<Node>& a, const Output<Node>& rot, const Output<Node>& cos,
                        const Output<Node>& sin, const std::string& suffix = "") {
    return binary("Add", binary("Multiply", a, cos, "xc" + suffix), binary("Multiply", rot, sin, "rs" + suffix),
                  "y" + suffix);
}

// x [B, H, L, D] with cos and sin [B?, 1, L, D] (LLaMA's, after their Unsqueeze), as Parameters.
std::shared_ptr<Model> rope_model(const PartialShape& x_shape, const PartialShape& cs_shape, const Spelling& s,
                                  element::Type et = element::f32) {
    auto x = op::parameter(et, x_shape, "x");
    auto cos = op::parameter(et, cs_shape, "cos"), sin = op::parameter(et, cs_shape, "sin");
    const int64_t d = x_shape[x_shape.size() - 1].get_length();
    return test::model_of({rope(x, cos, sin, d, s)}, {x, cos, sin});
}

}  // namespace

TEST(GpuFusionRope, EverySpellingIsOneKernelBitForBit) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    for (int bits = 0; bits < 16; ++bits) {
        const Spelling s{(bits & 1) != 0, (bits & 2) != 0, (bits & 4) != 0, (bits & 8) != 0};
        SCOPED_TRACE("spelling " + std::to_string(bits));
        const Runtime r = test::run_and_compare(rope_model(Shape{2, 4, 3, 16}, Shape{2, 1, 3, 16}, s), {}, 0, 0);
        EXPECT_EQ(r.ops, 1u);
        EXPECT_EQ(r.type.at("y"), "FusedRoPE");
        EXPECT_EQ(r.primitive.at("y"), "rope_half");
        std::vector<std::string> names;
        std::stringstream list(r.fused_names.at("y"));
        for (std::string name; std::getline(list, name, ',');)
            names.push_back(name);
        std::sort(names.begin(), names.end());
        EXPECT_EQ(names, (std::vector<std::string>{"neg", "rot", "rs", "x1", "x2", "xc", "y"}));
    }
}

TEST(GpuFusionRope, BroadcastsF16AndDynamicDims) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    const Spelling s;
    struct Case {
        Shape x, cs;
        bool kernel;  // else the fused node runs on the host: cos broadcast along four groups of axes
    };
    for (const Case& c : std::vector<Case>{{{1, 4, 1, 8}, {1, 1, 1, 8}, true},  // a decode step
                                           {{2, 3, 5, 32}, {5, 32}, true},       // cos over the rows only
                                           {{2, 3, 5, 32}, {2, 3, 5, 32}, true},  // no broadcast
                                           {{2, 3, 5, 32}, {2, 1, 5, 1}, true},   // one value per row
                                           {{3, 2, 5, 4}, {3, 1, 5, 4}, true},    // three groups
                                           {{3, 2, 2, 5, 4}, {3, 1, 2, 1, 4}, false},
                                           {{6, 2}, {6, 2}, true}}) {
        SCOPED_TRACE(c.x.to_string() + " cos " + c.cs.to_string());
        for (element::Type et : {element::f32, element::f16}) {
            const Runtime r = test::run_and_compare(rope_model(c.x, c.cs, s, et), {}, 0, 0);
            EXPECT_EQ(r.type.at("y"), "FusedRoPE");
            EXPECT_EQ(r.primitive.at("y"), !c.kernel ? "ref" : et == element::f16 ? "rope_half_f16" : "rope_half");
        }
    }
    // Batch and tokens dynamic (the decoder's prompt and steps), two shapes through one compiled model.
    const Dimension any = Dimension::dynamic();
    const auto model = rope_model(PartialShape{any, 4, any, 16}, PartialShape{any, 1, any, 16}, s);
    auto gpu = core.compile_model(model, "GPU");
    auto ref = core.compile_model(model, "REF");
    for (size_t tokens : {7, 1}) {
        const TensorVector in{test::random_tensor(element::f32, {2, 4, tokens, 16}, -2, 2, 3),
                              test::random_tensor(element::f32, {2, 1, tokens, 16}, -1, 1, 4),
                              test::random_tensor(element::f32, {2, 1, tokens, 16}, -1, 1, 5)};
        EXPECT_TENSOR_NEAR(test::infer(gpu, in).at(0), test::infer(ref, in).at(0), 0, 0) << tokens << " tokens";
    }
}

TEST(GpuFusionRope, LookAlikesStayAsTheyAre) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    const Spelling s;
    const Shape xs{1, 2, 3, 8}, cs{1, 1, 3, 8};
    auto param = [](const std::string& name, const Shape& shape) { return op::parameter(element::f32, shape, name); };
    const auto fused = [&](const std::shared_ptr<Model>& m) {
        return test::run_and_compare(m, {}, 1e-6, 1e-6).count("FusedRoPE");
    };
    struct Rotation {
        int64_t split;
        float k;
        bool negated_first;
    };
    // The halves split elsewhere, the halves in the other order (concat(x1, -x2)), a multiplier of -2.
    for (const Rotation& r : {Rotation{3, -1, true}, Rotation{4, -1, false}, Rotation{4, -2, true}}) {
        auto x = param("x", xs), cos = param("cos", cs), sin = param("sin", cs);
        const Output<Node> rot = rotated_like(x, r.split, r.k, r.negated_first);
        EXPECT_EQ(fused(test::model_of({rotary_sum(x, rot, cos, sin)}, {x, cos, sin})), 0u) << r.split << " " << r.k;
    }
    {  // x * cos of another tensor than the one rotated
        auto x = param("x", xs), z = param("z", xs), cos = param("cos", cs), sin = param("sin", cs);
        EXPECT_EQ(fused(test::model_of({rotary_sum(z, rotate_half(x, 8, s), cos, sin)}, {x, z, cos, sin})), 0u);
    }
    {  // the rotated tensor read by a second consumer
        auto x = param("x", xs), cos = param("cos", cs), sin = param("sin", cs);
        const Output<Node> rot = rotate_half(x, 8, s);
        EXPECT_EQ(fused(test::model_of({rotary_sum(x, rot, cos, sin, "2"), rot}, {x, cos, sin})), 0u);
    }
    {  // cos that would broadcast the data to a larger shape
        auto x = param("x", {1, 2, 1, 8}), cos = param("cos", {1, 1, 3, 8}), sin = param("sin", {1, 1, 3, 8});
        EXPECT_EQ(fused(test::model_of({rotary_sum(x, rotate_half(x, 8, s), cos, sin)}, {x, cos, sin})), 0u);
    }
}

TEST(GpuFusionRope, HostReferenceOfTheFusedNode) {
    // REF running the transformed model evaluates FusedRoPE through the ops it stands for: bit-exact.
    EXPECT_GE(test::transformed_matches_on_ref(rope_model(Shape{2, 4, 3, 16}, Shape{2, 1, 3, 16}, Spelling{}), 0, 0),
              1u);
    // A FusedRoPE the device refuses (cos and sin of different shapes) runs on the host inside the GPU plan.
    OVCL_REQUIRE_GPU();
    gpu::register_fused_ops();
    auto x = op::parameter(element::f32, Shape{2, 3, 8}), cos = op::parameter(element::f32, Shape{3, 8}),
         sin = op::parameter(element::f32, Shape{1, 3, 8});
    auto node = std::make_shared<Node>("FusedRoPE", 1, OutputVector{x, cos, sin}, Attributes{});
    node->validate_and_infer_types();
    EXPECT_FALSE(gpu::validate_node(*node, test::gpu_env()->device).supported);
    // x = [a | b] per row, cos = 1, sin = 2: y = [a - 2b | b + 2a].
    const Tensor xt = test::random_tensor(element::f32, {2, 3, 8}, -1, 1, 9);
    const TensorVector in{xt, test::make_tensor(element::f32, {3, 8}, std::vector<float>(24, 1.f)),
                          test::make_tensor(element::f32, {1, 3, 8}, std::vector<float>(24, 2.f))};
    const Tensor y = test::run_host(node, in).at(0);
    for (size_t row = 0; row < 6; ++row)
        for (size_t i = 0; i < 4; ++i) {
            const float a = xt.data<float>()[row * 8 + i], b = xt.data<float>()[row * 8 + i + 4];
            EXPECT_EQ(y.data<float>()[row * 8 + i], a + -b * 2.f);
            EXPECT_EQ(y.data<float>()[row * 8 + i + 4], b + a * 2.f);
        }
    // An odd last axis is no rotation of halves: refused when the node is built.
    auto odd = std::make_shared<Node>("FusedRoPE", 1,
                                      OutputVector{op::parameter(element::f32, Shape{2, 7}),
                                                   op::parameter(element::f32, Shape{2, 7}),
                                                   op::parameter(element::f32, Shape{2, 7})},
                                      Attributes{});
    EXPECT_THROW(odd->validate_and_infer_types(), ModelError);
}
