// MVN / LayerNorm pattern fusion (src/gpu/transform/fusions_norm.cpp) and the FusedMVN kernel (mvn_affine in
// kernels_cl/normalization.cl): every decomposition variant the front ends produce becomes one step whose output is
// within 1e-5 (abs + rel) of the unfused graph on REF (the kernel accumulates in f32 over at most 300 elements
// here, host_ref in double: a few f32 ulps), MVN + scale + shift as well; intermediates read elsewhere, model
// outputs, other axes and scales along kept axes stop it; DISABLE_TRANSFORMATIONS and host ops turn it off. RMS
// normalisation (no mean) is a FusedMVN too.
#include <gtest/gtest.h>

#include "fusion_test_utils.hpp"
#include "transform/fusions.hpp"

using namespace ovcl;
using test::binary;
using test::named;
using test::Runtime;
using test::unary;

namespace {

const Attributes kKeep{{"keep_dims", "true"}};

Output<Node> axes_of(const std::vector<int64_t>& axes, const std::string& name) {
    return named(op::constant<int64_t>(element::i64, Shape{axes.size()}, axes), name);
}

Output<Node> mean(const Output<Node>& x, const std::vector<int64_t>& axes, const std::string& name) {
    return named(op::make("ReduceMean", {x, axes_of(axes, name + ".axes")}, kKeep), name);
}

// How a decomposition writes d^2, the divisor and the division.
enum class Square { POWER, MULTIPLY, SQUARED_DIFFERENCE };
enum class Root { SQRT_INSIDE, POWER_INSIDE, SQRT_OUTSIDE, POWER_OUTSIDE, RSQRT };
enum class Division { DIVIDE, POWER_MINUS_ONE, ONE_OVER };

struct Variant {
    Square square;
    Root root;
    Division division;
    bool two_means;  ///< the variance reads its own ReduceMean and Subtract of x
    bool affine;     ///< then * gamma + beta
};

// A decomposed LayerNorm of x over `axes`, its nodes named p.<what>; the last one is p.y (p.beta when affine).
Output<Node> layer_norm(const Output<Node>& x, const Variant& v, const std::string& p, const std::vector<int64_t>& axes = {-1}) {
    const Output<Node> m = mean(x, axes, p + ".mean");
    const Output<Node> d = binary("Subtract", x, m, p + ".d");
    const Output<Node> m2 = v.two_means ? mean(x, axes, p + ".mean2") : m;
    const Output<Node> d2 = v.two_means ? binary("Subtract", x, m2, p + ".d2") : d;
    Output<Node> sq;
    if (v.square == Square::POWER)
        sq = binary("Power", d2, test::scalar_constant(2.f, p + ".two"), p + ".sq");
    else if (v.square == Square::MULTIPLY)
        sq = binary("Multiply", d2, d2, p + ".sq");
    else
        sq = binary("SquaredDifference", x, m2, p + ".sq");
    const Output<Node> var = mean(sq, axes, p + ".var");
    // A large eps, so that inside and outside the square root differ well beyond the tolerance.
    const Output<Node> eps = test::scalar_constant(0.25f, p + ".eps", {1});
    auto root = [&](const Output<Node>& a, bool power) {
        return power ? binary("Power", a, test::scalar_constant(0.5f, p + ".half"), p + ".root")
                     : unary("Sqrt", a, p + ".root");
    };
    Output<Node> y;
    if (v.root == Root::RSQRT) {
        const Output<Node> r = binary("Power", binary("Add", eps, var, p + ".ve"), test::scalar_constant(-0.5f, p + ".e"),
                                p + ".rsqrt");
        y = binary("Multiply", r, d, p + ".y");
    } else {
        const bool inside = v.root == Root::SQRT_INSIDE || v.root == Root::POWER_INSIDE;
        const bool power = v.root == Root::POWER_INSIDE || v.root == Root::POWER_OUTSIDE;
        const Output<Node> s = inside ? root(binary("Add", var, eps, p + ".ve"), power)
                                : binary("Add", root(var, power), eps, p + ".se");
        if (v.division == Division::DIVIDE)
            y = binary("Divide", d, s, p + ".y");
        else if (v.division == Division::POWER_MINUS_ONE)
            y = binary("Multiply", d, binary("Power", s, test::scalar_constant(-1.f, p + ".m1"), p + ".inv"), p + ".y");
        else  // the reciprocal first
            y = binary("Multiply", binary("Divide", test::scalar_constant(1.f, p + ".one"), s, p + ".inv"), d,
                       p + ".y");
    }
    if (!v.affine)
        return y;
    const size_t width = x.get_shape().back();
    const Output<Node> g = binary("Multiply", y, test::random_constant({width}, 21, p + ".g"), p + ".gamma");
    return binary("Add", test::random_constant({1, width}, 22, p + ".b"), g, p + ".beta");
}

std::vector<Variant> all_variants() {
    std::vector<Variant> v;
    bool flip = false;
    for (Square s : {Square::POWER, Square::MULTIPLY, Square::SQUARED_DIFFERENCE})
        for (Root r : {Root::SQRT_INSIDE, Root::POWER_INSIDE, Root::SQRT_OUTSIDE, Root::POWER_OUTSIDE, Root::RSQRT})
            for (Division d : {Division::DIVIDE, Division::POWER_MINUS_ONE, Division::ONE_OVER}) {
                if (r == Root::RSQRT && d != Division::DIVIDE)
                    continue;  // the reciprocal square root is its own division
                v.push_back({s, r, d, flip, !flip});
                flip = !flip;
            }
    return v;
}

Output<Node> mvn6(const Output<Node>& x, const std::vector<int64_t>& axes, const std::string& name, const std::string& mode) {
    return named(op::make("MVN", {x, axes_of(axes, name + ".axes")},
                          {{"normalize_variance", "true"}, {"eps", "0.125"}, {"eps_mode", mode}}),
                 name);
}

// RMS normalisation, scaled: LLaMA's and Qwen's RMSNorm as OpenVINO's PyTorch frontend writes it (spelling 0:
// Power(x, 2), ReduceMean, Add eps, Sqrt, Divide(1, .), Multiply(x, .), then * gamma) and other spellings.
Output<Node> rms_norm(const Output<Node>& x, int spelling, const std::string& p, size_t width) {
    const Output<Node> sq = spelling % 2 == 0 ? binary("Power", x, test::scalar_constant(2.f, p + ".two"), p + ".sq")
                                              : binary("Multiply", x, x, p + ".sq");
    const Output<Node> var = mean(sq, {-1}, p + ".var");
    const Output<Node> eps = test::scalar_constant(0.25f, p + ".eps", {1});
    Output<Node> y;
    switch (spelling / 2) {
    case 0:
        y = binary("Multiply", x,
                   binary("Divide", test::scalar_constant(1.f, p + ".one"),
                          unary("Sqrt", binary("Add", var, eps, p + ".ve"), p + ".root"), p + ".inv"),
                   p + ".y");
        break;
    case 1:
        y = binary("Divide", x, unary("Sqrt", binary("Add", var, eps, p + ".ve"), p + ".root"), p + ".y");
        break;
    case 2:
        y = binary("Multiply",
                   binary("Power", binary("Add", eps, var, p + ".ve"), test::scalar_constant(-0.5f, p + ".e"),
                          p + ".rsqrt"),
                   x, p + ".y");
        break;
    default:  // eps outside the square root
        y = binary("Divide", x, binary("Add", unary("Sqrt", var, p + ".root"), eps, p + ".se"), p + ".y");
    }
    return binary("Multiply", test::random_constant({width}, 31, p + ".g"), y, p + ".gamma");
}

}  // namespace

TEST(GpuFusionNorm, RmsNormalisationIsOneStepWithoutTheMean) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    for (size_t width : {48u, 300u}) {
        auto x = op::parameter(element::f32, Shape{2, 7, width}, "x");
        OutputVector outs;
        for (int i = 0; i < 8; ++i)
            outs.push_back(rms_norm(x, i, "rms" + std::to_string(i), width));
        // The square of another tensor than the one divided is no normalisation of either.
        const Output<Node> z = binary("Add", x, test::scalar_constant(1.f, "z.one"), "z");
        const Output<Node> var = mean(binary("Power", z, test::scalar_constant(2.f, "o.two"), "o.sq"), {-1}, "o.var");
        outs.push_back(binary("Divide", x, unary("Sqrt", binary("Add", var, test::scalar_constant(1.f, "o.eps"), "o.ve"),
                                                 "o.root"),
                              "o.y"));
        const Runtime r = test::run_and_compare(test::model_of(outs, {x}), {}, 1e-5, 1e-5, -3, 5);
        EXPECT_EQ(r.count("FusedMVN"), 8u);
        for (int i = 0; i < 8; ++i) {
            const std::string p = "rms" + std::to_string(i);
            ASSERT_EQ(r.type.count(p + ".gamma"), 1u) << p;
            EXPECT_EQ(r.type.at(p + ".gamma"), "FusedMVN") << p;
            EXPECT_EQ(r.primitive.at(p + ".gamma"), "rms_affine_rows16") << p;
            EXPECT_NE(r.fused_names.at(p + ".gamma").find(p + ".var"), std::string::npos) << p;
        }
        EXPECT_EQ(r.type.at("o.var"), "ReduceMean");
    }
}

// A decoder's hidden state has a dynamic token count: the normalisation fuses on the compiled model, before the
// element-wise fusion could take its tail, and every shape runs it as one kernel.
TEST(GpuFusionNorm, RmsOverADynamicTokenCountFuses) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    auto x = op::parameter(element::f32, PartialShape{1, Dimension::dynamic(), 64}, "x");
    const auto model = test::model_of({rms_norm(x, 0, "rms", 64)}, {x});
    auto gpu = core.compile_model(model, "GPU", {{"PERF_COUNT", true}}).create_infer_request();
    auto ref = core.compile_model(model, "REF").create_infer_request();
    for (size_t tokens : {5u, 1u}) {
        const Tensor in = test::random_tensor(element::f32, {1, tokens, 64}, -3, 5, static_cast<uint32_t>(tokens));
        gpu.set_input_tensor(in);
        ref.set_input_tensor(in);
        gpu.infer();
        ref.infer();
        EXPECT_TENSOR_NEAR(gpu.get_output_tensor(), ref.get_output_tensor(), 1e-5, 1e-5) << tokens;
        size_t kernels = 0;
        for (const auto& p : gpu.get_profiling_info())
            if (p.node_type != "Stage" && p.node_type != "Parameter" && p.node_type != "Result" &&
                p.status == ProfilingInfo::Status::EXECUTED && p.exec_type.find("rms_affine") == 0)
                ++kernels;
        EXPECT_EQ(kernels, 1u) << tokens;
    }
}

TEST(GpuFusionNorm, EveryDecompositionIsOneStep) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    const std::vector<Variant> variants = all_variants();
    // Rows of 48 and of 300 (18 float16 blocks and a tail) elements.
    for (size_t width : {48u, 300u}) {
        auto x = op::parameter(element::f32, Shape{2, 7, width}, "x");
        OutputVector outs;
        for (size_t i = 0; i < variants.size(); ++i)
            outs.push_back(layer_norm(x, variants[i], "ln" + std::to_string(i)));
        const Runtime r = test::run_and_compare(test::model_of(outs, {x}), {}, 1e-5, 1e-5, -3, 5);
        ASSERT_EQ(variants.size(), 39u);
        EXPECT_EQ(r.ops, variants.size());
        for (size_t i = 0; i < variants.size(); ++i) {
            const std::string p = "ln" + std::to_string(i), last = variants[i].affine ? p + ".beta" : p + ".y";
            ASSERT_EQ(r.type.count(last), 1u) << last;
            EXPECT_EQ(r.type.at(last), "FusedMVN") << last;
            EXPECT_EQ(r.primitive.at(last), "mvn_affine_rows16");
            const std::string& names = r.fused_names.at(last);
            for (const char* part : {".mean,", ".d,", ".sq,", ".var,", ".y"})
                EXPECT_NE(names.find(p + part), std::string::npos) << names;
        }
    }
}

TEST(GpuFusionNorm, MvnWithScaleAndShift) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    auto x = op::parameter(element::f32, Shape{2, 6, 5, 20}, "x");
    // MVN-6 over the last axis (LayerNorm), eps outside, then gamma and beta.
    const Output<Node> a = binary("Add", binary("Multiply", mvn6(x, {-1}, "a.mvn", "outside_sqrt"),
                                          test::random_constant({20}, 3, "a.g"), "a.scale"),
                            test::random_constant({20}, 4, "a.b"), "a.shift");
    // MVN-6 over axes 0 and 2 (two reduced runs, a kept one inside: the column kernel) with a scale [2,1,5,1].
    const Output<Node> b = binary("Multiply", mvn6(x, {0, 2}, "b.mvn", "inside_sqrt"),
                            test::random_constant({2, 1, 5, 1}, 5, "b.g"), "b.scale");
    // MVN-1 (across channels) then a shift only.
    const Output<Node> c = binary("Add",
                            named(op::make("MVN", {x}, {{"across_channels", "true"}, {"normalize_variance", "true"},
                                                        {"eps", "1e-6"}}, 2),
                                  "c.mvn"),
                            test::scalar_constant(0.5f, "c.b"), "c.shift");
    const Runtime r = test::run_and_compare(test::model_of({a, b, c}, {x}), {}, 1e-5, 1e-5, -2, 3);
    EXPECT_EQ(r.ops, 3u);
    EXPECT_EQ(r.fused_names.at("a.shift"), "a.mvn,a.scale,a.shift");
    EXPECT_EQ(r.fused_names.at("b.scale"), "b.mvn,b.scale");
    EXPECT_EQ(r.primitive.at("b.scale"), "mvn_affine_cols8");
    EXPECT_EQ(r.fused_names.at("c.shift"), "c.mvn,c.shift");
}

TEST(GpuFusionNorm, NotFusedWhenReadElsewhereOrNotALayerNorm) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    const Variant v{Square::POWER, Root::SQRT_INSIDE, Division::DIVIDE, false, false};
    auto x = op::parameter(element::f32, Shape{3, 4, 32}, "x");
    // d also feeds a Relu: the decomposition stays (its element-wise parts fuse as DAGs).
    const Output<Node> a = layer_norm(x, v, "a");
    const Output<Node> a_d = unary("Relu", a.node->input_value(0), "a.relu");
    // The variance is a model output.
    const Output<Node> b = layer_norm(x, v, "b");
    const Output<Node> b_var = b.node->input_value(1).node->input_value(0).node->input_value(0);
    // The variance over other axes than the mean.
    const Output<Node> m = mean(x, {-1}, "c.mean");
    const Output<Node> d = binary("Subtract", x, m, "c.d");
    const Output<Node> var = mean(binary("Multiply", d, d, "c.sq"), {1, 2}, "c.var");
    const Output<Node> c = binary("Divide", d, unary("Sqrt", binary("Add", var, test::scalar_constant(1e-5f, "c.e"), "c.ve"),
                                               "c.root"), "c.y");
    // A scale along a kept axis: the normalisation fuses, the scale and shift do not.
    const Output<Node> e = binary("Add", binary("Multiply", layer_norm(x, v, "e"), test::random_constant({4, 1}, 7, "e.g"),
                                          "e.scale"),
                            test::random_constant({32}, 8, "e.b"), "e.shift");
    const Runtime r = test::run_and_compare(test::model_of({a, a_d, b, b_var, c, e}, {x}), {}, 1e-5, 1e-5);
    EXPECT_EQ(b_var.node->get_friendly_name(), "b.var");
    EXPECT_EQ(r.type.at("a.mean"), "ReduceMean");
    EXPECT_EQ(r.type.at("b.mean"), "ReduceMean");
    EXPECT_EQ(r.type.at("c.mean"), "ReduceMean");
    EXPECT_EQ(r.type.at("e.y"), "FusedMVN");
    EXPECT_EQ(r.type.at("e.shift"), "FusedEltwise");
    EXPECT_EQ(r.count("FusedMVN"), 1u);
}

TEST(GpuFusionNorm, DisabledAndHostOpsAreNotFused) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    auto x = op::parameter(element::f32, Shape{2, 3, 40}, "x");
    const Output<Node> a = layer_norm(x, {Square::MULTIPLY, Root::RSQRT, Division::DIVIDE, false, true}, "a");
    const Output<Node> b = binary("Multiply", mvn6(x, {-1}, "b.mvn", "inside_sqrt"), test::random_constant({40}, 3, "b.g"),
                            "b.scale");
    const auto model = test::model_of({a, b}, {x});
    const Runtime off = test::run_and_compare(model, {{disable_transformations.key, true}}, 1e-5, 1e-5);
    EXPECT_EQ(off.count("FusedMVN"), 0u);
    EXPECT_EQ(off.ops, 11u);
    const Runtime host = test::run_and_compare(model, {{"OVCL_GPU_HOST_OPS", "ReduceMean MVN"}}, 1e-5, 1e-5);
    EXPECT_EQ(host.count("FusedMVN"), 0u);
    EXPECT_EQ(host.primitive.at("a.mean"), "ref");
    EXPECT_EQ(host.primitive.at("b.mvn"), "ref");
}

TEST(GpuFusionNorm, F16Precision) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    auto x = op::parameter(element::f32, Shape{4, 64}, "x");
    const Output<Node> a = layer_norm(x, {Square::POWER, Root::SQRT_INSIDE, Division::DIVIDE, true, true}, "a");
    // f16 storage: normalised values of a few units rounded to half (2^-11 relative) and scaled.
    const Runtime r = test::run_and_compare(test::model_of({a}, {x}), {{"INFERENCE_PRECISION_HINT", "f16"}}, 5e-3,
                                            5e-3);
    EXPECT_EQ(r.ops, 3u);  // x/to_f16, the FusedMVN, a.beta/to_f32
    EXPECT_EQ(r.count("FusedMVN"), 1u);
}

TEST(GpuFusionNorm, RefRunsTheTransformedModel) {
    // FusedMVN's registry entry (MVN-6, then * scale + shift on the host) against the decomposition on REF.
    auto x = op::parameter(element::f32, Shape{2, 5, 30}, "x");
    OutputVector outs;
    const auto variants = all_variants();
    for (size_t i = 0; i < variants.size(); i += 4)
        outs.push_back(layer_norm(x, variants[i], "ln" + std::to_string(i)));
    outs.push_back(binary("Multiply", mvn6(x, {-1}, "m", "outside_sqrt"), test::random_constant({30}, 3, "g"), "s"));
    for (int spelling : {0, 7})  // RMS, eps inside and outside the square root
        outs.push_back(rms_norm(x, spelling, "rms" + std::to_string(spelling), 30));
    EXPECT_EQ(test::transformed_matches_on_ref(test::model_of(outs, {x}), 1e-5, 1e-5), outs.size());
}

TEST(GpuFusionNorm, KernelAgainstHostAndRefusals) {
    OVCL_REQUIRE_GPU();
    gpu::register_fused_ops();
    const auto device = test::gpu_env()->device;
    // FusedMVN nodes built by hand, against their registry entry (1e-5 as above): rows and columns, eps inside and
    // outside, without variance normalisation, f16 storage (1e-3: as the f16 element-wise tests).
    struct Case {
        Shape data;
        std::vector<int64_t> axes;
        Shape scale, shift;
        const char* nv;
        const char* mode;
        element::Type type;
    };
    const std::vector<Case> cases = {
        {{2, 7, 37}, {2}, {37}, {1, 37}, "true", "inside_sqrt", element::f32},
        {{2, 3, 4, 21}, {1, 3}, {3, 1, 21}, {}, "true", "outside_sqrt", element::f32},
        {{2, 6, 20}, {1}, {6, 1}, {1, 6, 1}, "false", "inside_sqrt", element::f32},
        {{3, 5, 19}, {0, 1}, {5, 1}, {3, 1, 1}, "true", "inside_sqrt", element::f32},
        {{2, 7, 37}, {2}, {37}, {37}, "true", "inside_sqrt", element::f16},
    };
    for (const auto& c : cases) {
        auto x = op::parameter(c.type, c.data);
        auto axes = op::constant<int64_t>(element::i64, Shape{c.axes.size()}, c.axes);
        auto scale = op::constant(test::random_tensor(c.type, c.scale, -2, 2, 5));
        auto shift = op::constant(test::random_tensor(c.type, c.shift, -2, 2, 6));
        auto node = std::make_shared<Node>("FusedMVN", 1, OutputVector{x, axes, scale, shift},
                                           Attributes{{"normalize_variance", c.nv}, {"eps", "1e-3"},
                                                      {"eps_mode", c.mode}});
        node->validate_and_infer_types();
        ASSERT_TRUE(gpu::validate_node(*node, device).supported) << gpu::validate_node(*node, device).reason;
        const TensorVector in{test::random_tensor(c.type, c.data, -3, 4, 7), axes->get_constant_value(),
                              scale->get_constant_value(), shift->get_constant_value()};
        const double tol = c.type == element::f16 ? 1e-3 : 1e-5;
        EXPECT_TRUE(test::gpu_matches_host(node, in, tol, tol)) << c.data << " axes " << c.axes.size();
    }
    // Hand-checked: [1, 2, 3] normalised is [-1.2247, 0, 1.2247]; times [1, 2, 3] plus 1: [-0.2247, 1, 4.6742].
    auto x = op::parameter(element::f32, Shape{1, 3});
    auto node = std::make_shared<Node>(
        "FusedMVN", 1,
        OutputVector{x, op::constant<int64_t>(element::i64, Shape{1}, {1}),
                     op::constant<float>(element::f32, Shape{3}, {1, 2, 3}),
                     op::constant<float>(element::f32, Shape{}, {1})},
        Attributes{{"normalize_variance", "true"}, {"eps", "0"}, {"eps_mode", "inside_sqrt"}});
    node->validate_and_infer_types();
    const TensorVector in{test::make_tensor<float>(element::f32, {1, 3}, {1, 2, 3}),
                          test::make_tensor<int64_t>(element::i64, {1}, {1}),
                          test::make_tensor<float>(element::f32, {3}, {1, 2, 3}),
                          test::make_tensor<float>(element::f32, {}, {1})};
    EXPECT_TENSOR_NEAR(test::run_gpu(node, in).at(0),
                       test::make_tensor<float>(element::f32, {1, 3}, {-0.22474487f, 1.f, 4.67423461f}), 1e-6, 1e-6);
    // A scale along a kept axis is refused, with the reason.
    auto kept = std::make_shared<Node>(
        "FusedMVN", 1,
        OutputVector{op::parameter(element::f32, Shape{2, 3, 8}), op::constant<int64_t>(element::i64, Shape{1}, {2}),
                     op::constant<float>(element::f32, Shape{3, 1}, {1, 2, 3}),
                     op::constant<float>(element::f32, Shape{}, {0})},
        Attributes{{"normalize_variance", "true"}, {"eps", "0"}, {"eps_mode", "inside_sqrt"}});
    kept->validate_and_infer_types();
    const auto v = gpu::validate_node(*kept, device);
    EXPECT_FALSE(v.supported);
    EXPECT_NE(v.reason.find("varies along axes that are not normalised"), std::string::npos) << v.reason;
}
