// Element-wise DAG fusion (src/gpu/transform/fusions_eltwise.cpp, the FusedEltwise kernel of src/gpu/ops/eltwise_fused.cpp):
// a DAG of element-wise nodes becomes one step whose outputs match the unfused graph on REF, it stops at
// intermediates read outside the DAG or that are model outputs, at ops forced to the host and at six inputs read
// from memory, DISABLE_TRANSFORMATIONS turns it off, and REF runs the transformed model.
// Tolerances: f32 1e-5 abs + rel (as the element-wise ops: OpenCL builtins differ from libm by a few ulp, and
// the kernel does not round between nodes where REF does not either: f32 both); f16 storage 2e-3 (the fused
// kernel keeps the intermediates in f32, REF rounds each to f16: a few half ulps, 2^-10 relative each).
#include <gtest/gtest.h>

#include "fusion_test_utils.hpp"
#include "ops/eltwise.hpp"
#include "transform/fusions.hpp"
#include "transform/transformations.hpp"

using namespace ovcl;
using test::binary;
using test::named;
using test::Runtime;
using test::unary;

namespace {

Runtime compare(const std::shared_ptr<Model>& model, const AnyMap& props = {}, double tol = 1e-5) {
    return test::run_and_compare(model, props, tol, tol);
}

// (sigmoid(x * 1.5 + bias) * x - y)^2, y broadcast along the channels: x read twice, a scalar literal, a bias
// Constant [C,1,1] and y [1,C,1,W].
std::shared_ptr<Model> chain_model(const Shape& xs) {
    auto x = op::parameter(element::f32, xs, "x");
    auto y = op::parameter(element::f32, Shape{1, xs[1], 1, xs[3]}, "y");
    const Output<Node> s = binary("Multiply", x, test::scalar_constant(1.5f, "k"), "scale");
    const Output<Node> b = binary("Add", s, test::random_constant({xs[1], 1, 1}, 3, "bias"), "bias_add");
    const Output<Node> g = unary("Sigmoid", b, "sigmoid");
    const Output<Node> m = binary("Multiply", g, x, "gate");
    const Output<Node> d = binary("SquaredDifference", m, y, "sqdiff");
    return test::model_of({d}, {x, y});
}

}  // namespace

TEST(GpuFusionEltwise, ChainIsOneStepWithEveryName) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    const Runtime r = compare(chain_model({2, 8, 5, 37}));
    EXPECT_EQ(r.ops, 1u);
    EXPECT_EQ(r.fused_names.at("sqdiff"), "scale,bias_add,sigmoid,gate,sqdiff");
    EXPECT_EQ(r.primitive.at("sqdiff"), "eltwise_fused_bcast_x16");
    // Same shapes (and single values) everywhere: the flat kernel.
    auto x = op::parameter(element::f32, Shape{1000}, "x");
    auto z = op::parameter(element::f32, Shape{1000}, "z");
    const Output<Node> e = unary("Exp", binary("Subtract", binary("Maximum", x, z, "max"), x, "sub"), "exp");
    const Output<Node> c = unary("Clamp", e, "clamp", {{"min", "0.25"}, {"max", "2"}});
    const Runtime f = compare(test::model_of({c}, {x, z}));
    EXPECT_EQ(f.ops, 1u);
    EXPECT_EQ(f.fused_names.at("clamp"), "max,sub,exp,clamp");
    EXPECT_EQ(f.primitive.at("clamp"), "eltwise_fused_flat_x16");
}

TEST(GpuFusionEltwise, ManyOpsAndBroadcastsPerInput) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    // Six inputs read from memory, each with its own broadcast onto [2,3,4,21], and literals; every real op kind.
    auto a = op::parameter(element::f32, Shape{2, 3, 4, 21}, "a");
    auto b = op::parameter(element::f32, Shape{21}, "b");
    auto c = op::parameter(element::f32, Shape{3, 1, 1}, "c");
    auto d = op::parameter(element::f32, Shape{1, 3, 4, 1}, "d");
    auto e = op::parameter(element::f32, Shape{2, 1, 1, 1}, "e");
    auto f = op::parameter(element::f32, Shape{4, 21}, "f");
    Output<Node> t = binary("Add", a, b, "t0");
    t = binary("Multiply", t, c, "t1");
    t = unary("Tanh", t, "t2");
    t = binary("Subtract", t, d, "t3");
    t = binary("Divide", t, unary("Abs", binary("Add", e, test::scalar_constant(2.f, "two"), "t4"), "t5"), "t6");
    t = binary("Minimum", t, f, "t7");
    t = unary("Elu", t, "t8", {{"alpha", "0.3"}});
    t = binary("Power", unary("Abs", t, "t9"), test::scalar_constant(2.f, "sq"), "t10");
    t = unary("Gelu", t, "t11", {{"approximation_mode", "tanh"}}, 7);
    t = binary("PRelu", binary("Subtract", t, test::scalar_constant(0.5f, "half"), "t12"),
               test::scalar_constant(0.1f, "slope", {1}), "t13");
    t = unary("HSwish", t, "t14");
    t = binary("Swish", t, test::scalar_constant(1.25f, "beta"), "t15");
    const Runtime r = compare(test::model_of({t}, {a, b, c, d, e, f}));
    EXPECT_EQ(r.ops, 1u);
    EXPECT_EQ(r.count("FusedEltwise"), 1u);
}

TEST(GpuFusionEltwise, StopsAtOutsideReadersModelOutputsAndSevenInputs) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    auto x = op::parameter(element::f32, Shape{4, 33}, "x");
    const Output<Node> axes(op::constant<int64_t>(element::i64, Shape{1}, {1}), 0);
    // u is read by a ReduceSum too: the DAG {v, w} stops there, u and its producer s fuse on their own.
    const Output<Node> s = unary("Sigmoid", x, "s");
    const Output<Node> u = binary("Multiply", s, x, "u");
    const Output<Node> v = unary("Relu", u, "v");
    const Output<Node> w = binary("Add", v, named(op::make("ReduceSum", {u, axes}, {{"keep_dims", "true"}}), "sum"), "w");
    // m is a model output: n alone is no DAG, m fuses with l.
    const Output<Node> l = unary("Negative", x, "l");
    const Output<Node> m = unary("Exp", l, "m");
    const Output<Node> n = unary("Sqrt", m, "n");
    const Runtime r = compare(test::model_of({w, m, n}, {x}));
    EXPECT_EQ(r.fused_names.at("u"), "s,u");
    EXPECT_EQ(r.fused_names.at("w"), "v,w");
    EXPECT_EQ(r.fused_names.at("m"), "l,m");
    EXPECT_EQ(r.type.at("n"), "Sqrt");
    EXPECT_EQ(r.ops, 5u);

    // Seven inputs read from memory: the sum of seven tensors takes two steps.
    NodeVector params;
    Output<Node> sum;
    for (int i = 0; i < 7; ++i) {
        params.push_back(op::parameter(element::f32, Shape{3, 17}, "p" + std::to_string(i)));
        sum = i == 0 ? Output<Node>(params[0], 0) : binary("Add", sum, params.back(), "add" + std::to_string(i));
    }
    const Runtime seven = compare(test::model_of({sum}, params));
    EXPECT_EQ(seven.ops, 2u);
    EXPECT_EQ(seven.count("FusedEltwise"), 1u);
}

TEST(GpuFusionEltwise, DisabledAndHostOpsAreNotFused) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    const auto model = chain_model({1, 4, 3, 20});
    const Runtime off = compare(model, {{disable_transformations.key, true}});
    EXPECT_EQ(off.ops, 5u);
    EXPECT_TRUE(off.fused_names.empty());
    // Sigmoid on the host splits the DAG: {scale, bias_add} and {gate, sqdiff}.
    const Runtime host = compare(model, {{"OVCL_GPU_HOST_OPS", "Sigmoid"}});
    EXPECT_EQ(host.ops, 3u);
    EXPECT_EQ(host.primitive.at("sigmoid"), "ref");
    EXPECT_EQ(host.fused_names.at("bias_add"), "scale,bias_add");
    EXPECT_EQ(host.fused_names.at("sqdiff"), "gate,sqdiff");
}

TEST(GpuFusionEltwise, F16Precision) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    // The Converts of the f16 precision pass at the model's boundaries fuse too: one kernel reads the f32 inputs
    // and writes the f32 output.
    const Runtime r = compare(chain_model({1, 6, 7, 19}), {{"INFERENCE_PRECISION_HINT", "f16"}}, 2e-3);
    EXPECT_EQ(r.ops, 1u);
    EXPECT_EQ(r.fused_names.at("sqdiff/to_f32"), "x/to_f16,scale,bias_add,sigmoid,gate,y/to_f16,sqdiff,sqdiff/to_f32");
    // Between two reductions the DAG reads and writes f16 storage (softmax's output, the ReduceMax's input).
    auto x = op::parameter(element::f32, Shape{3, 5, 40}, "x");
    auto y = op::parameter(element::f32, Shape{5, 1}, "y");
    const Output<Node> sm = unary("Softmax", x, "softmax", {{"axis", "2"}});
    const Output<Node> t = unary("Tanh", binary("Add", binary("Multiply", sm, test::scalar_constant(20.f, "k"), "mul"), y,
                                          "add"), "tanh");
    const Output<Node> axes(op::constant<int64_t>(element::i64, Shape{1}, {1}), 0);
    const Output<Node> out = named(op::make("ReduceMax", {t, axes}, {{"keep_dims", "false"}}), "max");
    const Runtime h = compare(test::model_of({out}, {x, y}), {{"INFERENCE_PRECISION_HINT", "f16"}}, 2e-3);
    EXPECT_EQ(h.fused_names.at("tanh"), "mul,y/to_f16,add,tanh");
    EXPECT_EQ(h.ops, 5u);  // x/to_f16, softmax, the DAG, max, max/to_f32
}

TEST(GpuFusionEltwise, RefRunsTheTransformedModel) {
    // The FusedEltwise registry entry evaluates the original nodes' host references in order: bit-exact.
    EXPECT_EQ(test::transformed_matches_on_ref(chain_model({2, 3, 4, 5}), 0, 0), 1u);
    // An op on the host list stays out (host_ops reach the fusion): two DAGs instead of one.
    EXPECT_EQ(test::transformed_matches_on_ref(chain_model({2, 3, 4, 5}), 0, 0, {"Sigmoid"}), 2u);
}

TEST(GpuFusionEltwise, HandBuiltNodeAndRefusals) {
    OVCL_REQUIRE_GPU();
    gpu::register_fused_ops();
    const auto device = test::gpu_env()->device;
    auto p = [](element::Type t, const Shape& s) { return Output<Node>(op::parameter(t, s), 0); };
    // (x + 1) * y, hand-checked: x = [1, 2, 3], y = [2, 2, -1] -> [4, 6, -4].
    auto one = Output<Node>(op::constant<float>(element::f32, Shape{}, {1.f}), 0);
    auto node = std::make_shared<Node>(
        "FusedEltwise", 1, OutputVector{p(element::f32, {3}), one, p(element::f32, {3})},
        Attributes{{"ops", "2"}, {"op0", "Add-1:i0,i1"}, {"op1", "Multiply-1:t0,i2"}});
    node->validate_and_infer_types();
    const TensorVector in{test::make_tensor<float>(element::f32, {3}, {1, 2, 3}),
                          test::make_tensor<float>(element::f32, {}, {1}),
                          test::make_tensor<float>(element::f32, {3}, {2, 2, -1})};
    EXPECT_TENSOR_EQ(test::run_gpu(node, in).at(0), test::make_tensor<float>(element::f32, {3}, {4, 6, -4}));
    EXPECT_TENSOR_EQ(test::run_host(node, in).at(0), test::make_tensor<float>(element::f32, {3}, {4, 6, -4}));

    // Integer nodes are refused, with the reason.
    auto ints = std::make_shared<Node>("FusedEltwise", 1, OutputVector{p(element::i32, {4}), p(element::i32, {4})},
                                       Attributes{{"ops", "2"}, {"op0", "Add-1:i0,i1"}, {"op1", "Negative-1:t0"}});
    ints->validate_and_infer_types();
    const auto v = gpu::validate_node(*ints, device);
    EXPECT_FALSE(v.supported);
    EXPECT_NE(v.reason.find("input 0 is i32"), std::string::npos) << v.reason;
    // Seven inputs read from memory are refused.
    OutputVector seven;
    for (int i = 0; i < 7; ++i)
        seven.push_back(p(element::f32, {2}));
    Attributes attrs{{"ops", "6"}, {"op0", "Add-1:i0,i1"}};
    for (int j = 1; j < 6; ++j)
        attrs.emplace_back("op" + std::to_string(j), "Add-1:t" + std::to_string(j - 1) + ",i" + std::to_string(j + 1));
    auto wide = std::make_shared<Node>("FusedEltwise", 1, seven, attrs);
    wide->validate_and_infer_types();
    const auto w = gpu::validate_node(*wide, device);
    EXPECT_FALSE(w.supported);
    EXPECT_NE(w.reason.find("more than 6 inputs"), std::string::npos) << w.reason;
    // A malformed encoding is a model error naming the node.
    auto bad = std::make_shared<Node>("FusedEltwise", 1, OutputVector{p(element::f32, {2})},
                                      Attributes{{"ops", "1"}, {"op0", "Add-1:i0,t3"}});
    EXPECT_THROW(bad->validate_and_infer_types(), ModelError);
}

TEST(GpuFusionEltwise, DagsThatDifferByTheirConstantsShareOneProgram) {
    OVCL_REQUIRE_GPU();
    auto x = op::parameter(element::f32, Shape{4, 50}, "x");
    auto dag = [&](float k, float lo, const std::string& p) {
        const Output<Node> s = binary("Multiply", x, test::scalar_constant(k, p + ".k"), p + ".mul");
        return unary("Clamp", unary("Exp", s, p + ".exp"), p + ".clamp", {{"min", std::to_string(lo)}, {"max", "9"}});
    };
    const auto model = test::model_of({dag(0.5f, 0.25f, "a"), dag(-2.f, 1.f, "b")}, {x});
    auto transformed = model->clone();
    gpu::transform_model(*transformed);
    std::vector<gpu::OpConfig> configs;
    for (const auto& n : transformed->get_ordered_ops())
        if (n->get_type_name() == "FusedEltwise")
            configs.push_back(gpu::find_gpu_op("FusedEltwise")->configure(*n, test::gpu_env()->device));
    ASSERT_EQ(configs.size(), 2u);
    EXPECT_EQ(configs[0].launches.at(0).options, configs[1].launches.at(0).options);
    EXPECT_NE(configs[0].constants.back().data<float>()[0], configs[1].constants.back().data<float>()[0]);
    test::run_and_compare(model, {}, 1e-5, 1e-5);
}

namespace {

size_t fused_eltwise_nodes(const Model& m) {
    size_t n = 0;
    for (const auto& node : m.get_ordered_ops())
        n += node->get_type_name() == "FusedEltwise";
    return n;
}

}  // namespace

// A model whose plans specialise its shapes (a KV cache's length, an image's height) fuses its element-wise DAGs
// once, on the dynamic model: static ranks suffice, and each specialisation validates the FusedEltwise again for
// its shapes. Each shape's result matches the unfused graph on REF.
TEST(GpuFusionEltwise, DynamicDimsFuseOnceForEverySpecialisation) {
    auto x = op::parameter(element::f32, PartialShape{1, 8, Dimension::dynamic(), 37}, "x");
    auto y = op::parameter(element::f32, Shape{1, 8, 1, 37}, "y");
    const Output<Node> s = binary("Multiply", x, test::scalar_constant(1.5f, "k"), "scale");
    const Output<Node> b = binary("Add", s, test::random_constant({8, 1, 1}, 3, "bias"), "bias_add");
    const Output<Node> d = binary("SquaredDifference", binary("Multiply", unary("Sigmoid", b, "sigmoid"), x, "gate"), y,
                                  "sqdiff");
    const auto model = test::model_of({d}, {x, y});
    auto transformed = model->clone();
    gpu::transform_model(*transformed);
    EXPECT_EQ(fused_eltwise_nodes(*transformed), 1u);
    EXPECT_EQ(transformed->get_ordered_ops().size(), model->get_ordered_ops().size() - 4);  // five ops became one

    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    auto gpu = core.compile_model(model, "GPU");
    auto ref = core.compile_model(model, "REF");
    for (size_t h : {5u, 9u, 1u}) {
        const TensorVector in = {test::random_tensor(element::f32, {1, 8, h, 37}, -1, 1, 7),
                                 test::random_tensor(element::f32, {1, 8, 1, 37}, -1, 1, 8)};
        const TensorVector g = test::infer(gpu, in), r = test::infer(ref, in);
        EXPECT_TENSOR_NEAR(g[0], r[0], 1e-5, 1e-5) << "height " << h;
    }
}

// The specialisations of one dynamic model share a FusionHistory: a pass that fused nothing in the first two is
// skipped from then on (each walks the whole graph, once per token for a KV cache); one that fused keeps running.
TEST(GpuFusionEltwise, SpecialisationsSkipAPassThatFusedNothingInTheFirstTwo) {
    using gpu::FusionHistory;
    FusionHistory fusing;
    for (int i = 0; i < 3; ++i) {
        auto m = chain_model({2, 8, 5, 37});
        gpu::transform_model(*m, {}, element::f32, &fusing);
        EXPECT_EQ(fused_eltwise_nodes(*m), 1u) << "specialisation " << i;
    }
    EXPECT_FALSE(fusing.skips(FusionHistory::ELTWISE));
    EXPECT_EQ(fusing.fused[FusionHistory::ELTWISE], 2u);  // counted over the first two only

    FusionHistory idle;
    for (int i = 0; i < 2; ++i) {
        auto x = op::parameter(element::f32, Shape{4, 5}, "x");
        auto m = test::model_of({unary("Relu", x, "relu")}, {x});
        gpu::transform_model(*m, {}, element::f32, &idle);
    }
    EXPECT_TRUE(idle.skips(FusionHistory::ELTWISE));
    EXPECT_TRUE(idle.skips(FusionHistory::NORMALIZATION));
    auto m = chain_model({2, 8, 5, 37});
    gpu::transform_model(*m, {}, element::f32, &idle);
    EXPECT_EQ(fused_eltwise_nodes(*m), 0u);  // the pass did not run: the plan would run the five ops apart
}
