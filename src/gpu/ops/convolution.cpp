#include "ops/convolution.hpp"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <climits>
#include <string>
#include <vector>

#include "host_ref/ref_utils.hpp"
#include "kernel_stems.hpp"
#include "ops/convolution_depthwise.hpp"
#include "ops/convolution_geometry.hpp"
#include "shape_infer/convolution_infer.hpp"
#include "ops/epilogue.hpp"
#include "ops/matmul.hpp"

namespace ovcl {
namespace gpu {

namespace {

using conv::Conv3d;
using conv::depthwise_launch;
using conv::dw_candidates;
using conv::DwPlan;
using conv::geometry;
using conv::work_group;

constexpr int64_t kLanes = 16;  // output channels per float16 weight vector

// The register block of conv2d_k16: XB pixels x KBLK * 16 output channels. With `gemm`, a pointwise convolution
// run by matmul_panel instead (gemm_launch): `pixels` output channels x `vectors` * 16 pixels; with `tiled` too,
// by matmul_tiled's 64 x 64 tiles (devices where matmul_tiles_pay); `tiled` alone: any other convolution of one
// group by matmul_tiled as an implicit GEMM (its input read through the taps while staging B).
struct Block {
    int64_t pixels = 14, vectors = 1;
    bool gemm = false, tiled = false;
    int64_t channels() const { return vectors * kLanes; }
    std::string name() const {
        if (tiled)
            return gemm ? "gemm_tiled_64x64" : "implicit_gemm_64x64";
        return (gemm ? "gemm_" : "k16_") + std::to_string(pixels) + "x" + std::to_string(channels());
    }
};

// matmul_panel's register block for pointwise convolutions (kRows x 16 * kVectors in kernels_cl/matmul.cl's
// terms): the MatMul op's own (ops/matmul.cpp says why 8 x 32).
constexpr int64_t kGemmRows = 8, kGemmVectors = 2;

// "conv2d" for 1-D and 2-D (one kernel shape), "conv3d" for 3-D: the implementation name's stem.
std::string prefix(const Conv3d& g) { return g.spatial == 3 ? "conv3d" : "conv2d"; }

bool grouped(const Node& node) { return base_op_type(node) == "GroupConvolution"; }

// Pixel counts of a row block per channel vectors: XB * KBLK float16 accumulators must keep to registers
// (32 zmm on AVX-512), so 14 or 16 pixels with one vector, at most 8 with two.
const std::vector<int64_t>& pixel_choices(int64_t vectors) {
    static const std::vector<int64_t> one{14, 16, 12, 8, 7}, two{8, 7, 6, 5, 4};
    return vectors == 2 ? two : one;
}

// Idle pixels in the last block of a row.
int64_t row_waste(const Conv3d& g, int64_t pixels) { return (g.ow + pixels - 1) / pixels * pixels - g.ow; }

// The heuristic register block of conv2d_k16: the heuristic's pick for every convolution but the large pointwise ones
// (block_candidates); the tuner may pick another. Shape only: the same float16 blocks serve every device. Two
// channel vectors (32 channels) when that pads K no further than one does, so each input value read feeds two FMAs;
// pixels: the fewest idle pixels in a row (the first on ties). Why: docs/kernels.md, "conv2d_k16"; figures:
// docs/tuning.md, "conv2d_k16: register block and work-item order".
Block choose_block(const Conv3d& g) {
    Block b;
    b.vectors = (g.out_channels + kLanes - 1) / kLanes % 2 == 0 ? 2 : 1;
    const auto& candidates = pixel_choices(b.vectors);
    b.pixels = candidates[0];
    for (int64_t p : candidates)
        if (row_waste(g, p) < row_waste(g, b.pixels))
            b.pixels = p;
    return b;
}

// A pointwise convolution (1 tap per axis, stride 1, no padding, one group) is a MatMul per image over the
// tensors as stored: Y[n] (K x pixels) = W (K x C) x X[n] (C x pixels). matmul_panel (kernels_cl/matmul.cl) runs it
// with its float16 vectors along the pixels, so every load of X and every store of Y is a whole contiguous vector;
// conv2d_k16 has its vectors along the output channels and stores runs of XB pixels into 16 or 32 channel planes.
// Only where weights and data share a type (matmul_panel reads both as T).
bool pointwise(const Node& node, const Conv3d& g) {
    return g.groups == 1 && g.kd == 1 && g.kh == 1 && g.kw == 1 && g.sd == 1 && g.sh == 1 && g.sw == 1 &&
           g.pd == 0 && g.ph == 0 && g.pw == 0 && g.od == g.d && g.oh == g.h && g.ow == g.w &&
           node.get_input_element_type(1) == node.get_input_element_type(0);
}

// A convolution matmul_tiled runs as an implicit GEMM: not depthwise, weights of the data's type (read as T), not a
// pointwise one of one group (that one is a plain GEMM). A grouped one is a batch of GEMMs per image and group.
bool implicit_gemm(const Node& node, const Conv3d& g) {
    return !g.depthwise() && !pointwise(node, g) &&
           node.get_input_element_type(1) == node.get_input_element_type(0);
}

// Where the heuristic runs a pointwise convolution as matmul_panel: from this many pixels per image. The last
// 32-pixel block of an image recomputes up to 31 pixels (matmul_panel shifts it back inside the row), so gemm_8x32
// pays where that is a small share (figures by map size: docs/tuning.md, "Candidates").
constexpr int64_t kGemmMinPixels = 512;

// The blocks the tuner times: the heuristic's first (on devices where matmul_tiles_pay matmul_tiled for a
// pointwise convolution; else matmul_panel for one of kGemmMinPixels or more, else choose_block), then per
// channel-vector count (two only when K > 16) the two pixel counts with the fewest idle pixels, and matmul_panel
// for any pointwise convolution (`gemm`). At most seven programs to build per convolution shape.
std::vector<Block> block_candidates(const Conv3d& g, bool gemm, bool implicit_gemm, const DeviceInfo& device) {
    std::vector<Block> blocks;
    const auto add = [&blocks](const Block& b) {
        if (std::none_of(blocks.begin(), blocks.end(), [&b](const Block& o) {
                return o.pixels == b.pixels && o.vectors == b.vectors && o.gemm == b.gemm && o.tiled == b.tiled;
            }))
            blocks.push_back(b);
    };
    const Block gemm_block{kGemmRows, kGemmVectors, true};
    if ((gemm || implicit_gemm) && matmul_tiles_pay(device))
        add(Block{kGemmRows, kGemmVectors, gemm, true});
    if (gemm && g.od * g.oh * g.ow >= kGemmMinPixels)
        add(gemm_block);
    add(choose_block(g));
    for (int64_t vectors : {int64_t{1}, int64_t{2}}) {
        if (vectors == 2 && g.out_channels <= kLanes)
            continue;
        std::vector<int64_t> pixels = pixel_choices(vectors);
        std::stable_sort(pixels.begin(), pixels.end(),
                         [&g](int64_t a, int64_t b) { return row_waste(g, a) < row_waste(g, b); });
        for (size_t i = 0; i < 2; ++i)
            add(Block{pixels[i], vectors});
    }
    if (gemm)
        add(gemm_block);
    return blocks;
}

// [G][K][C][KD][KH][KW] -> [G][KB][KD][KH][KW][C][B] for blocks of B = KBLK * 16 output channels, zero past K.
Tensor reorder_weights(const Tensor& weights, const Conv3d& g, const Block& b) {
    const Tensor values = host_ref::to_f32(weights);  // f16 weights become f32 here, once
    const float* src = values.data<const float>();
    const int64_t bw = b.channels(), kb_count = (g.out_channels + bw - 1) / bw, taps = g.kd * g.kh * g.kw;
    Tensor out(element::f32, Shape{static_cast<size_t>(g.groups * kb_count * taps * g.in_channels * bw)});
    float* dst = out.data<float>();
    if (g.out_channels % bw)
        std::fill_n(dst, out.get_size(), 0.f);  // the last block's padding
    // One block of bw output channels per task: an import reorders every convolution's weights (megabytes).
    tbb::parallel_for(int64_t(0), g.groups * kb_count, [&](int64_t block) {
        const int64_t grp = block / kb_count, k0 = block % kb_count * bw;
        for (int64_t k = k0; k < std::min(k0 + bw, g.out_channels); ++k)
            for (int64_t c = 0; c < g.in_channels; ++c)
                for (int64_t t = 0; t < taps; ++t) {  // t = (kd * KH + kh) * KW + kw in both layouts
                    const int64_t s = ((grp * g.out_channels + k) * g.in_channels + c) * taps + t;
                    const int64_t d = ((block * taps + t) * g.in_channels + c) * bw + (k - k0);
                    dst[d] = src[s];
                }
    });
    return out;
}

// The fused epilogue's table of conv2d_k16: planes of [G][KB * KBLK * 16], zero past K in each group.
Tensor padded_bias(const Node& node, const Conv3d& g, const Block& b) {
    const int64_t per_group = (g.out_channels + b.channels() - 1) / b.channels() * b.channels();
    const auto channels = static_cast<size_t>(g.groups * g.out_channels);
    const Tensor table = channel_bias(node, channels, channels);
    const size_t planes = table.get_size() / channels;
    Tensor out(element::f32, Shape{planes * static_cast<size_t>(g.groups * per_group)});
    std::fill_n(out.data<float>(), out.get_size(), 0.f);
    for (size_t p = 0; p < planes; ++p)
        for (int64_t grp = 0; grp < g.groups; ++grp)
            std::copy_n(table.data<const float>() + p * channels + grp * g.out_channels, g.out_channels,
                        out.data<float>() + (p * g.groups + grp) * per_group);
    return out;
}

// f16 activations are stored as half and computed in f32 (-DIO_HALF); f16 depthwise weights likewise (-DW_HALF).
std::string storage_options(const Node& node, bool depthwise) {
    std::string opts;
    if (node.get_input_element_type(0) == element::f16)
        opts += " -DIO_HALF";
    if (depthwise && node.get_input_element_type(1) == element::f16)
        opts += " -DW_HALF";
    return opts;
}

// The order of conv2d_k16's work-items. By default the channel blocks vary fastest (global dimension 0), so the
// work-items that run one after another on a core read the same input rows. On small output maps the weights are
// what is large, so there the rows vary fastest (KB_DIM=2) and consecutive work-items read the same weight block
// from the cache. CPU devices only: on a GPU the order decides which work-items share a warp, unmeasured there.
// Figures: docs/tuning.md, "conv2d_k16: register block and work-item order".
constexpr int64_t kRowsFirstMaxPixels = 400;

KernelLaunch direct_launch(const Conv3d& g, const Block& b, const DeviceInfo& device) {
    KernelLaunch launch;
    launch.source = stem::convolution;
    launch.entry = "conv2d_k16";
    launch.options = define("XB", b.pixels) + " " + define("KBLK", b.vectors) + " " + define("SW", g.sw);
    launch.args = {KernelArg::input(0), KernelArg::constant(0), KernelArg::output(0)};
    for (int64_t v : {g.in_channels, g.h, g.w, g.out_channels, g.oh, g.ow, g.kh, g.kw, g.sh, g.dh, g.dw, g.ph, g.pw,
                      g.groups, g.d, g.od, g.kd, g.sd, g.dd, g.pd})
        launch.args.push_back(KernelArg::scalar(static_cast<cl_int>(v)));
    launch.global = {static_cast<size_t>((g.out_channels + b.channels() - 1) / b.channels()),
                     static_cast<size_t>((g.ow + b.pixels - 1) / b.pixels),
                     static_cast<size_t>(g.od * g.oh * g.batch * g.groups)};
    if (!device.is_gpu && g.od * g.oh * g.ow <= kRowsFirstMaxPixels) {  // neighbouring work-items share weights
        std::swap(launch.global[0], launch.global[2]);
        launch.options += " " + define("KB_DIM", 2);
    }
    launch.local = work_group(device, 3);
    return launch;
}

// The pointwise convolution as matmul_panel with A = the weights as stored (K x C, input 1), B = one image (C x
// pixels, input 0), C = its output (K x pixels); one batch of the kernel per image. Build options as the MatMul op
// gives them, so both share the program. Bias per kernel row (FUSED=2), the residual at the output's index.
KernelLaunch gemm_launch(const Conv3d& g, const Block& b, element::Type type, const DeviceInfo& device) {
    const int64_t pixels = g.od * g.oh * g.ow;
    auto i32 = [](int64_t x) { return KernelArg::scalar<cl_int>(static_cast<cl_int>(x)); };
    KernelLaunch launch;
    launch.source = stem::matmul;
    launch.entry = "matmul_panel";
    launch.options = define("T", cl_type(type)) + " " + define("F16", type == element::f16 ? 1 : 0) + " " +
                     define("RB", b.pixels) + " " + define("NV", b.vectors) + " " + define("RD", 4) + " " +
                     define("CD", 4);
    launch.args = {KernelArg::input(1), KernelArg::input(0), KernelArg::output(0), KernelArg::constant(0),
                   i32(g.out_channels), i32(pixels), i32(g.in_channels),   // M, N, K
                   i32(g.in_channels), i32(1),                             // A(i, k) at i * C + k
                   i32(1), i32(pixels), i32(pixels),                       // B(k, j) at k * pixels + j, unpacked
                   i32(pixels), i32(1)};                                   // C(i, j) at i * pixels + j
    launch.local = device.is_gpu ? std::vector<size_t>{8, 8, 1} : std::vector<size_t>{1, 1, 1};
    launch.global = {static_cast<size_t>((g.out_channels + b.pixels - 1) / b.pixels),
                     static_cast<size_t>((pixels + b.channels() - 1) / b.channels()), static_cast<size_t>(g.batch)};
    for (size_t i = 0; i < 3; ++i)
        launch.global[i] = (launch.global[i] + launch.local[i] - 1) / launch.local[i] * launch.local[i];
    return launch;
}

// The convolution as matmul_tiled, operands as gemm_launch's: the pointwise one as it is (`b.gemm`), another one
// (implicit_gemm) with its input read through its taps, A the weights as stored (K x C * KD * KH * KW).
KernelLaunch gemm_tiled_launch(const Conv3d& g, const Block& b, element::Type type, bool half) {
    const int64_t pixels = g.od * g.oh * g.ow, taps = g.in_channels * g.kd * g.kh * g.kw;
    KernelLaunch l = matmul_tiled_launch(type, half, 0, KernelArg::input(1), KernelArg::input(0), g.out_channels,
                                         pixels, taps, taps, 1, pixels, 1, static_cast<size_t>(g.batch * g.groups));
    if (g.groups > 1)
        l.options += " " + define("CONV_GROUPS", g.groups);
    if (b.gemm)
        return l;
    std::vector<std::pair<const char*, int64_t>> geometry = {
        {"CONV_H", g.h},   {"CONV_W", g.w},   {"CONV_OW", g.ow}, {"CONV_KH", g.kh}, {"CONV_KW", g.kw}, {"CONV_SH", g.sh},
        {"CONV_SW", g.sw}, {"CONV_PH", g.ph}, {"CONV_PW", g.pw}, {"CONV_DH", g.dh}, {"CONV_DW", g.dw}};
    if (g.spatial == 3)  // the depth axis too
        geometry.insert(geometry.end(), {{"CONV_D", g.d}, {"CONV_OH", g.oh}, {"CONV_KD", g.kd}, {"CONV_SD", g.sd},
                                         {"CONV_PD", g.pd}, {"CONV_DD", g.dd}});
    for (const auto& [name, v] : geometry)
        l.options += " " + define(name, v);
    return l;
}

// Per image and group (n * G + g): the element offsets of its weights and of its input ([batch * G, 2] i32,
// matmul_panel's and matmul_tiled's batch_offsets).
Tensor gemm_offsets(const Conv3d& g) {
    Tensor t(element::i32, Shape{static_cast<size_t>(g.batch * g.groups), 2});
    int32_t* dst = t.data<int32_t>();
    const int64_t weights = g.out_channels * g.in_channels * g.kd * g.kh * g.kw, input = g.in_channels * g.d * g.h * g.w;
    for (int64_t n = 0; n < g.batch; ++n)
        for (int64_t grp = 0; grp < g.groups; ++grp) {
            dst[2 * (n * g.groups + grp)] = static_cast<int32_t>(grp * weights);
            dst[2 * (n * g.groups + grp) + 1] = static_cast<int32_t>((n * g.groups + grp) * input);
        }
    return t;
}

}  // namespace

namespace conv {

Conv3d geometry(const Node& node) {
    const Shape data = node.get_input_shape(0), filter = node.get_input_shape(1);
    const auto win = shape_infer::convolution_window(node, data, filter);
    Conv3d g;
    g.batch = static_cast<int64_t>(data[0]);
    const bool grp = grouped(node);
    g.groups = grp ? static_cast<int64_t>(filter[0]) : 1;
    g.out_channels = static_cast<int64_t>(filter[grp ? 1 : 0]);
    g.in_channels = static_cast<int64_t>(filter[grp ? 2 : 1]);
    const size_t n = win.kernel.size();
    if (n < 1 || n > 3)
        raise<ModelError>(node.describe(), ": ", n, " spatial axes (1 to 3 expected)");
    g.spatial = static_cast<int>(n);
    int64_t* in[3] = {&g.d, &g.h, &g.w};
    int64_t* out[3] = {&g.od, &g.oh, &g.ow};
    int64_t* kernel[3] = {&g.kd, &g.kh, &g.kw};
    int64_t* stride[3] = {&g.sd, &g.sh, &g.sw};
    int64_t* dilation[3] = {&g.dd, &g.dh, &g.dw};
    int64_t* pad[3] = {&g.pd, &g.ph, &g.pw};
    for (size_t i = 0; i < n; ++i) {
        const size_t a = 3 - n + i;
        *in[a] = static_cast<int64_t>(data[2 + i]);
        *out[a] = win.output[i];
        *kernel[a] = win.kernel[i];
        *stride[a] = win.strides[i];
        *dilation[a] = win.dilations[i];
        *pad[a] = win.pads_begin[i];
    }
    return g;
}

}  // namespace conv

Validation ConvolutionOp::validate(const Node& node, const DeviceInfo&) const {
    for (size_t i = 0; i < 2; ++i) {
        const element::Type t = node.get_input_element_type(i);
        if (t != element::f32 && t != element::f16)
            return Validation::no("input " + std::to_string(i) + " is " + t.get_type_name() +
                                  "; the OpenCL convolution supports f32 and f16");
    }
    if (node.get_output_element_type(0) != node.get_input_element_type(0))
        return Validation::no("the output type " + node.get_output_element_type(0).get_type_name() +
                              " differs from the data type " + node.get_input_element_type(0).get_type_name());
    Conv3d g;
    try {
        g = geometry(node);
    } catch (const Exception& e) {
        return Validation::no(e.what());
    }
    if (!g.depthwise() && !node.input_value(1).node->is_constant())
        return Validation::no("the weights (input 1) are not a Constant: the OpenCL convolution reorders them once "
                              "when the model is compiled");
    const auto too_big = [](size_t elements) { return elements > static_cast<size_t>(INT_MAX); };
    const int64_t padded_k = (g.out_channels + 2 * kLanes - 1) / (2 * kLanes) * 2 * kLanes;  // reordered weights
    const Validation epilogue = validate_epilogue(node);
    if (!epilogue.supported)
        return epilogue;
    if (g.depthwise() && has_residual(node))
        return Validation::no("the depthwise kernels (conv2d_dw*) have no fused residual Add");
    if (too_big(shape_size(node.get_input_shape(0))) || too_big(shape_size(node.get_output_shape(0))) ||
        too_big(static_cast<size_t>(g.groups * padded_k * g.in_channels * g.kd * g.kh * g.kw)))
        return Validation::no("a tensor of 2^31 elements or more (the kernels index with 32-bit integers)");
    return Validation::yes();
}

std::vector<std::string> ConvolutionOp::candidate_names(const Node& node, const DeviceInfo& device) const {
    const Conv3d g = geometry(node);
    std::vector<std::string> names;
    if (g.depthwise()) {
        for (const DwPlan& p : dw_candidates(g, device))
            names.push_back(p.name());
    } else {
        for (const Block& b : block_candidates(g, pointwise(node, g), implicit_gemm(node, g), device))
            names.push_back(b.name());
    }
    return names;
}

OpConfig ConvolutionOp::configure(const Node& node, const DeviceInfo& device) const {
    return configure_candidate(node, device, 0);
}

OpConfig ConvolutionOp::configure_candidate(const Node& node, const DeviceInfo& device, size_t index) const {
    const Conv3d g = geometry(node);
    OpConfig config;
    bool half = false;  // matmul_tiled computing in half
    if (g.depthwise()) {
        const std::vector<DwPlan> plans = dw_candidates(g, device);
        config.launches.push_back(depthwise_launch(g, plans.at(std::min(index, plans.size() - 1)), device));
        config.launches.back().options += storage_options(node, true);
        config.impl_name = prefix(g) + config.launches.back().entry.substr(6);  // "_dw_flat2", ..., "_dw16"
        if (is_fused(node)) {
            const auto channels = static_cast<size_t>(g.groups * g.out_channels);
            config.constants.push_back(channel_bias(node, channels, channels));
        }
    } else {
        const std::vector<Block> blocks = block_candidates(g, pointwise(node, g), implicit_gemm(node, g), device);
        const Block b = blocks.at(std::min(index, blocks.size() - 1));
        if (b.gemm || b.tiled) {
            const element::Type type = node.get_input_element_type(0);
            half = b.tiled && half_compute(type, device);
            config.launches.push_back(b.tiled ? gemm_tiled_launch(g, b, type, half) : gemm_launch(g, b, type, device));
            config.constants.push_back(gemm_offsets(g));
            if (is_fused(node)) {
                const auto channels = static_cast<size_t>(g.groups * g.out_channels);
                config.constants.push_back(channel_bias(node, channels, channels));
            }
        } else {
            config.launches.push_back(direct_launch(g, b, device));
            config.launches.back().options += storage_options(node, false);
            config.constants.push_back(reorder_weights(node.input_value(1).node->get_constant_value(), g, b));
            if (is_fused(node))
                config.constants.push_back(padded_bias(node, g, b));
        }
        config.impl_name = prefix(g) + "_" + b.name();
    }
    if (node.get_input_element_type(0) == element::f16)
        config.impl_name += half ? "_f16_half" : "_f16";
    if (is_fused(node)) {  // the bias is the last constant; bias (and residual) are the last kernel arguments
        KernelLaunch& l = config.launches.back();
        // matmul_panel: bias per kernel row
        l.options += epilogue_options(node, l.source == stem::matmul ? 2 : 1, device, config.constants.back());
        add_epilogue_args(node, config.constants.size() - 1, l);
        config.impl_name += has_residual(node) ? "_fused_res" : "_fused";
    }
    return config;
}

}  // namespace gpu
}  // namespace ovcl
