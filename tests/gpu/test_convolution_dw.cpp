// Depthwise GroupConvolution-1 (one input channel per group) on the OpenCL device against host_ref: the five
// kernels of kernels_cl/convolution_dw.cl (conv2d_dw_flat / conv2d_dw_flat2: stride 1 with OW == W;
// conv2d_dw_s2: stride 2 along W with up to 7 taps there; conv2d_dw_narrow: rows of one or two outputs, and the rest
// with rows of fewer than 16; conv2d_dw16: the rest), over image sizes below, at and above
// the 16-lane vector (1, 3, 7, 14, 15, 112, 113), asymmetric pads, dilation 2, channel multipliers, batch 2, f16
// storage, the fused bias + Clamp epilogue, every tuning candidate, a hand-checked case and the refusals.
//
// Tolerance (f32) 1e-5 abs + rel: an output sums at most KH * KW = 49 products of values in [-1, 1] in another
// order than host_ref (which accumulates in f64); 49 roundings of ~2^-24 relative to partial sums of a few units
// stay far below 1e-5.
// f16 (storage only; both sides round the f32/f64 sum to f16 once): 1e-3 abs + 2e-3 rel, the summation order can
// flip one f16 rounding (an ulp is 2^-10 relative).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "gpu_test_utils.hpp"
#include "ops/gpu_op.hpp"
#include "ovcl/ops.hpp"
#include "transform/fusions.hpp"
#include "tuning/tuning.hpp"

using namespace ovcl;

namespace {

constexpr double kTol = 1e-5;
constexpr double kAbsF16 = 1e-3, kRelF16 = 2e-3;

struct Dw {
    size_t n = 1, c = 4, h = 7, w = 7, k = 3, mult = 1;  // mult: output channels per group
    size_t sh = 1, sw = 1, dh = 1, dw = 1;
    size_t pt = 1, pl = 1, pb = 1, pr = 1;  // pads: top, left, bottom, right

    Shape data() const { return {n, c, h, w}; }
    Shape filter() const { return {c, mult, 1, k, k}; }
    Attributes attrs() const {
        const auto pair = [](size_t a, size_t b) { return std::to_string(a) + "," + std::to_string(b); };
        return {{"strides", pair(sh, sw)},
                {"dilations", pair(dh, dw)},
                {"pads_begin", pair(pt, pl)},
                {"pads_end", pair(pb, pr)},
                {"auto_pad", "explicit"}};
    }
    std::string describe() const {
        return data().to_string() + " * " + filter().to_string() + " s" + std::to_string(sh) + "," +
               std::to_string(sw) + " d" + std::to_string(dh) + "," + std::to_string(dw) + " pads " +
               std::to_string(pt) + "," + std::to_string(pl) + "/" + std::to_string(pb) + "," + std::to_string(pr);
    }
    bool fits() const {  // the dilated window fits the padded input
        return (k - 1) * dh + 1 <= h + pt + pb && (k - 1) * dw + 1 <= w + pl + pr;
    }
};

struct Case {
    std::shared_ptr<Node> node;
    TensorVector inputs;
};

Case make_case(const Dw& d, element::Type et = element::f32, bool constant_weights = true, uint32_t seed = 11) {
    Tensor x = test::random_tensor(et, d.data(), -1.0, 1.0, seed);
    Tensor w = test::random_tensor(et, d.filter(), -1.0, 1.0, seed + 1);
    auto weights = constant_weights ? op::constant(w) : op::parameter(et, d.filter());
    return {op::make("GroupConvolution", {op::parameter(et, d.data()), weights}, d.attrs()), {x, w}};
}

// A FusedGroupConvolution with a bias [1, C * mult, 1, 1] and Clamp(-0.5, 0.75).
Case make_fused(const Dw& d, element::Type et = element::f32) {
    gpu::register_fused_ops();
    const Case plain = make_case(d, et);
    const Tensor b = test::random_tensor(et, {1, d.c * d.mult, 1, 1}, -1.0, 1.0, 5);
    Attributes attrs = d.attrs();
    attrs.emplace_back("activation", "Clamp");
    attrs.emplace_back("activation_version", "1");
    attrs.emplace_back("min", "-0.5");
    attrs.emplace_back("max", "0.75");
    auto node = op::make("FusedGroupConvolution",
                         {op::parameter(et, d.data()), op::constant(plain.inputs[1]), op::constant(b)}, attrs);
    return {node, {plain.inputs[0], plain.inputs[1], b}};
}

// The fused bias + Clamp in f32 and f16 storage, and weights that are not a Constant, match host_ref.
void expect_variants_match(const Dw& d) {
    const Case fused = make_fused(d);
    EXPECT_TRUE(test::gpu_matches_host(fused.node, fused.inputs, kTol, kTol)) << d.describe();
    const Case f16 = make_fused(d, element::f16);
    EXPECT_TRUE(test::gpu_matches_host(f16.node, f16.inputs, kAbsF16, kRelF16)) << d.describe();
    const Case runtime = make_case(d, element::f32, false);
    EXPECT_TRUE(test::gpu_matches_host(runtime.node, runtime.inputs, kTol, kTol)) << d.describe();
}

// The kernel the heuristic picks for a node.
std::string entry_of(const Case& c) {
    const auto device = test::presented_as_cpu(test::gpu_env()->device);  // the same kernels on PoCL and GPUs
    return gpu::find_gpu_op(c.node->get_type_name())->configure(*c.node, device).launches.at(0).entry;
}

}  // namespace

// Two channels, 3x4 images 1..12 and 13..24, 3x3 filters with 1 at the centre and -1 at the right neighbour
// (channel 0) or the one below (channel 1), pads 1: x[r][c] - x[r][c + 1] (x[r][4] = 0), so -1 everywhere but
// 4, 8, 12 in the last column; and x[r][c] - x[r + 1][c] (x[3][c] = 0), so -4 everywhere but 21..24 in the last row.
TEST(GpuDepthwise, HandChecked) {
    OVCL_REQUIRE_GPU();
    std::vector<float> xs(24);
    for (size_t i = 0; i < xs.size(); ++i)
        xs[i] = static_cast<float>(i + 1);
    const Tensor x = test::make_tensor(element::f32, {1, 2, 3, 4}, xs);
    const Tensor w = test::make_tensor(element::f32, {2, 1, 1, 3, 3},
                                       std::vector<float>{0, 0, 0, 0, 1, -1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, -1, 0});
    Dw d;
    d.c = 2, d.h = 3, d.w = 4;
    const auto node = op::make("GroupConvolution", {op::parameter(element::f32, x.get_shape()), op::constant(w)},
                               d.attrs());
    EXPECT_EQ(entry_of({node, {}}), "conv2d_dw_flat");
    const Tensor want = test::make_tensor(element::f32, {1, 2, 3, 4},
                                          std::vector<float>{-1, -1, -1, 4, -1, -1, -1, 8, -1, -1, -1, 12,  //
                                                             -4, -4, -4, -4, -4, -4, -4, -4, 21, 22, 23, 24});
    EXPECT_TENSOR_NEAR(test::run_gpu(node, {x, w}).at(0), want, 0.0, 0.0);
}

// Stride 1, OW == W: conv2d_dw_flat2 (rows of 16 or more, no dilation along H; odd row counts leave a last row
// alone) and conv2d_dw_flat (the others) over sizes around the vector width, symmetric and asymmetric pads (the columns
// kept equal to the input's; all the rows' pad on top in some), dilation 2, kernels 1, 3 and 5, 2 to 5 channels
// (one channel is no depthwise convolution: a single group runs conv2d_k16), channel multipliers, batch 2. Rows of
// one or two outputs go to conv2d_dw_narrow.
TEST(GpuDepthwise, FlatGrid) {
    OVCL_REQUIRE_GPU();
    size_t i = 0;
    for (size_t hw : {1, 3, 7, 14, 15, 112, 113})
        for (size_t k : {3, 5, 1})
            for (size_t dil : {1, 2}) {
                Dw d;
                d.h = hw, d.w = hw == 112 ? 113 : hw;  // one non-square image
                d.k = k, d.dh = d.dw = dil;
                const size_t span = (k - 1) * dil;  // pads that keep OW == W: span in all, split unevenly
                d.pl = span / 2 + (i % 2 == 0 ? 0 : span % 2), d.pr = span - d.pl;
                d.pt = (i % 3 == 0) ? span : span / 2, d.pb = span - d.pt;  // also all on top
                d.c = 2 + i % 4, d.mult = 1 + (i / 5) % 2, d.n = 1 + i % 2;
                ++i;
                if (k == 1 && dil == 2)
                    continue;
                const Case t = make_case(d);
                const char* want = d.w <= 2                 ? "conv2d_dw_narrow"
                                   : dil == 1 && d.w >= 16 ? "conv2d_dw_flat2"
                                                           : "conv2d_dw_flat";
                EXPECT_EQ(entry_of(t), want) << d.describe();
                EXPECT_TRUE(test::gpu_matches_host(t.node, t.inputs, kTol, kTol)) << d.describe();
            }
}

// The output width of a case.
size_t out_width(const Dw& d) { return (d.w + d.pl + d.pr - (d.k - 1) * d.dw - 1) / d.sw + 1; }

// Stride 2 along W with 3, 5 or 7 taps: conv2d_dw_s2 over the same sizes, pads 0..3 per side, stride 1 or 2 along
// H, dilation 2 along H (conv2d_dw_narrow where a row has one or two outputs).
TEST(GpuDepthwise, Stride2Grid) {
    OVCL_REQUIRE_GPU();
    size_t i = 0;
    for (size_t k : {3, 5, 7})
        for (size_t hw : {1, 3, 7, 14, 15, 112, 113})
            for (size_t pads : {0, 1, 2, 3}) {
                Dw d;
                d.h = hw, d.w = hw, d.k = k;
                d.sw = 2, d.sh = 1 + i % 2, d.dh = 1 + (i / 2) % 2;
                d.pl = pads % 2 + (k > 3 ? pads / 2 : 0), d.pr = pads / 2 + (pads == 0 ? 0 : 1), d.pt = pads,
                d.pb = 1;
                d.c = 2 + i % 5, d.mult = 1 + (i / 3) % 2, d.n = 1 + i % 2;
                ++i;
                if (!d.fits())
                    continue;
                const Case t = make_case(d);
                EXPECT_EQ(entry_of(t), out_width(d) <= 2 ? "conv2d_dw_narrow" : "conv2d_dw_s2") << d.describe();
                EXPECT_TRUE(test::gpu_matches_host(t.node, t.inputs, kTol, kTol)) << d.describe();
            }
}

// The other shapes with rows of 16 outputs or more stay on conv2d_dw16: stride 1 with OW != W, stride 3, 9 taps at
// stride 2, dilation 2 along W at stride 2.
TEST(GpuDepthwise, GenericKernel) {
    OVCL_REQUIRE_GPU();
    std::vector<Dw> cases(4);
    cases[0].h = 15, cases[0].w = 40, cases[0].pl = 0;                            // OW = W - 1
    cases[1].h = 14, cases[1].w = 113, cases[1].sw = 3, cases[1].sh = 3;          // stride 3
    cases[2].h = 14, cases[2].w = 45, cases[2].k = 9, cases[2].sw = 2;            // 9 taps at stride 2
    cases[3].h = 7, cases[3].w = 36, cases[3].sw = 2, cases[3].dw = 2, cases[3].n = 2;  // dilated at stride 2
    for (const Dw& d : cases) {
        const Case t = make_case(d);
        EXPECT_EQ(entry_of(t), "conv2d_dw16") << d.describe();
        EXPECT_TRUE(test::gpu_matches_host(t.node, t.inputs, kTol, kTol)) << d.describe();
    }
}

// Rows of fewer than 16 outputs that conv2d_dw16 would take, and rows of one or two outputs, go to conv2d_dw_narrow
// (one output at a time over the taps inside the input): output widths 1 to 15, strides 1 to 3, 1 to 7 taps,
// dilation 2, pads larger than the window's overlap on one side and none on the other, channel multipliers,
// batch 2, f16 storage, the fused bias + Clamp, weights that are not a Constant; and, as a tuning candidate, on the
// shapes conv2d_dw_flat serves.
TEST(GpuDepthwise, NarrowRows) {
    OVCL_REQUIRE_GPU();
    auto& env = *test::gpu_env();
    const auto* op = dynamic_cast<const gpu::tuning::TunableOp*>(gpu::find_gpu_op("GroupConvolution"));
    ASSERT_NE(op, nullptr);
    std::vector<Dw> shapes(7);
    shapes[0].c = 6, shapes[0].h = shapes[0].w = 4, shapes[0].k = 5, shapes[0].sh = shapes[0].sw = 2,
    shapes[0].pt = shapes[0].pl = shapes[0].pb = shapes[0].pr = 2;  // MobileNet-V3's last 5x5 s2 at 64x64 input
    shapes[1].h = 16, shapes[1].w = 16, shapes[1].k = 5, shapes[1].sh = shapes[1].sw = 2, shapes[1].dw = 2,
    shapes[1].pt = shapes[1].pl = shapes[1].pb = shapes[1].pr = 2;  // 6 outputs a row, dilated at stride 2
    shapes[2].h = 9, shapes[2].w = 13, shapes[2].sh = 1, shapes[2].sw = 3, shapes[2].dh = 2, shapes[2].dw = 2,
    shapes[2].pt = 0, shapes[2].pl = 3, shapes[2].pb = 2, shapes[2].pr = 0;  // 5 outputs a row, dilated
    shapes[3].c = 3, shapes[3].mult = 2, shapes[3].n = 2, shapes[3].h = 5, shapes[3].w = 30, shapes[3].k = 7,
    shapes[3].sw = 3, shapes[3].pl = 0, shapes[3].pr = 0;  // 8 outputs a row, channel multiplier, batch 2
    shapes[4].h = 1, shapes[4].w = 2, shapes[4].k = 1, shapes[4].sw = 2, shapes[4].pt = shapes[4].pb = 0,
    shapes[4].pl = shapes[4].pr = 0;  // one output
    shapes[5].h = 3, shapes[5].w = 45, shapes[5].k = 3, shapes[5].sh = shapes[5].sw = 3;  // 15 outputs a row
    shapes[6].h = 7, shapes[6].w = 7, shapes[6].k = 3, shapes[6].pl = 0;  // stride 1, OW = W - 1
    for (const Dw& d : shapes) {
        ASSERT_TRUE(d.fits()) << d.describe();
        ASSERT_LT(out_width(d), 16u) << d.describe();
        const Case t = make_case(d);
        EXPECT_EQ(entry_of(t), "conv2d_dw_narrow") << d.describe();
        EXPECT_TRUE(test::gpu_matches_host(t.node, t.inputs, kTol, kTol)) << d.describe();
        expect_variants_match(d);
    }
    Dw flat;  // 7x7, stride 1: conv2d_dw_flat first, conv2d_dw_narrow among the candidates
    flat.c = 5;
    const Case t = make_case(flat);
    EXPECT_EQ(entry_of(t), "conv2d_dw_flat");
    const auto names = op->candidate_names(*t.node, env.device);
    size_t narrow = 0;
    for (size_t c = 0; c < names.size(); ++c) {
        if (names[c].rfind("dw_narrow_", 0) != 0)
            continue;
        ++narrow;
        const Tensor got =
            gpu::tuning::run_candidate(*t.node, t.inputs, c, env.context, env.queue, *env.programs, env.device).at(0);
        EXPECT_TENSOR_NEAR(got, test::run_host(t.node, t.inputs).at(0), kTol, kTol) << names[c];
    }
    EXPECT_GE(narrow, 1u);
}

// MobileNet-V2's shapes (a few channels each), the fused bias + Clamp epilogue on both new kernels, in f32 and
// f16 storage, and weights that are not a Constant.
TEST(GpuDepthwise, FusedF16AndRuntimeWeights) {
    OVCL_REQUIRE_GPU();
    for (size_t s : {1, 2})
        for (size_t hw : {112, 14, 7}) {
            Dw d;
            d.c = 3, d.h = hw, d.w = hw, d.sh = d.sw = s;
            expect_variants_match(d);
        }
}

// Every candidate the tuner may pick (the shape's kernel at three work sizes, conv2d_dw_flat after
// conv2d_dw_flat2, then conv2d_dw16) matches host_ref.
TEST(GpuDepthwise, TuningCandidates) {
    OVCL_REQUIRE_GPU();
    auto& env = *test::gpu_env();
    Dw s1, s2;
    s1.c = 5, s1.h = 30, s1.w = 30;
    s2 = s1, s2.sh = s2.sw = 2, s2.n = 2;
    for (const Dw& d : {s1, s2}) {
        const Case t = make_case(d);
        const auto* op = dynamic_cast<const gpu::tuning::TunableOp*>(gpu::find_gpu_op("GroupConvolution"));
        ASSERT_NE(op, nullptr);
        const auto names = op->candidate_names(*t.node, env.device);
        ASSERT_GE(names.size(), 2u);
        EXPECT_EQ(names.back().rfind("dw16_rows", 0), 0u) << names.back();
        const Tensor want = test::run_host(t.node, t.inputs).at(0);
        for (size_t c = 0; c < names.size(); ++c) {
            const Tensor got = gpu::tuning::run_candidate(*t.node, t.inputs, c, env.context, env.queue,
                                                          *env.programs, env.device)
                                   .at(0);
            EXPECT_TENSOR_NEAR(got, want, kTol, kTol) << d.describe() << " candidate " << names[c];
        }
    }
}

// On a GPU the heuristic picks conv2d_dw_pixel (one output per work-item) for every shape; it matches host_ref on
// PoCL, presented to the selector as a GPU: strides 1 and 2, dilation 2, asymmetric pads, channel multipliers,
// batch 2, 1x1 and odd image sizes, f16 storage, the fused bias + Clamp.
TEST(GpuDepthwise, PixelKernelForGpus) {
    OVCL_REQUIRE_GPU();
    auto& env = *test::gpu_env();
    const gpu::DeviceInfo gpu = test::presented_as_gpu(env.device);
    const auto* op = dynamic_cast<const gpu::tuning::TunableOp*>(gpu::find_gpu_op("GroupConvolution"));
    ASSERT_NE(op, nullptr);
    std::vector<Dw> shapes(5);
    shapes[0].c = 5, shapes[0].h = 30, shapes[0].w = 33;
    shapes[1] = shapes[0], shapes[1].sh = shapes[1].sw = 2, shapes[1].n = 2;
    shapes[2].h = 13, shapes[2].w = 9, shapes[2].dh = shapes[2].dw = 2, shapes[2].pt = 2, shapes[2].pr = 0;
    shapes[3].c = 3, shapes[3].mult = 2, shapes[3].h = shapes[3].w = 1, shapes[3].k = 1, shapes[3].pt =
        shapes[3].pl = shapes[3].pb = shapes[3].pr = 0;
    shapes[4].c = 3, shapes[4].h = 7, shapes[4].w = 112, shapes[4].k = 5, shapes[4].pt = shapes[4].pl = 2,
    shapes[4].pb = shapes[4].pr = 2;
    for (const Dw& d : shapes) {
        ASSERT_TRUE(d.fits()) << d.describe();
        for (const Case& t : {make_case(d), make_fused(d), make_fused(d, element::f16)}) {
            const auto names = op->candidate_names(*t.node, gpu);
            ASSERT_FALSE(names.empty());
            EXPECT_EQ(names[0], "dw_pixel") << d.describe();
            const bool f16 = t.node->get_output_element_type(0) == element::f16;
            const Tensor got =
                gpu::tuning::run_candidate(*t.node, t.inputs, 0, env.context, env.queue, *env.programs, gpu).at(0);
            EXPECT_TENSOR_NEAR(got, test::run_host(t.node, t.inputs).at(0), f16 ? kAbsF16 : kTol, f16 ? kRelF16 : kTol)
                << d.describe() << (f16 ? " f16" : "");
        }
    }
}

// A fused residual Add stays refused on depthwise convolutions (no kernel adds one), with its reason.
TEST(GpuDepthwise, Refusals) {
    OVCL_REQUIRE_GPU();
    gpu::register_fused_ops();
    Dw d;
    const Case plain = make_case(d);
    const Tensor b = test::random_tensor(element::f32, {1, 4, 1, 1}, -1.0, 1.0, 5);
    Attributes attrs = d.attrs();
    attrs.emplace_back("activation", "Relu");
    attrs.emplace_back("activation_version", "1");
    attrs.emplace_back("residual", "true");
    const auto node =
        op::make("FusedGroupConvolution",
                 {op::parameter(element::f32, d.data()), op::constant(plain.inputs[1]), op::constant(b),
                  op::parameter(element::f32, d.data())},
                 attrs);
    EXPECT_EQ(gpu::validate_node(*node, test::gpu_env()->device).reason,
              "the depthwise kernels (conv2d_dw*) have no fused residual Add");
}
