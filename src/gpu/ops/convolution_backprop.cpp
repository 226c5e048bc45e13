// ConvolutionBackpropData-1 (transposed convolution) on the OpenCL device: kernels_cl/deconvolution.cl.
#include <algorithm>
#include <climits>
#include <optional>
#include <vector>

#include "host_ref/convolution.hpp"
#include "kernel_stems.hpp"
#include "ops/convolution.hpp"
#include "shape_infer/convolution_infer.hpp"

namespace ovcl {
namespace gpu {

namespace {

constexpr int64_t kLanes = 16;  // output channels per float16 weight vector

// The register block of deconv_k16: XB output columns of one phase x KBLK * 16 output channels.
struct Block {
    int64_t columns = 14, vectors = 1;
    int64_t channels() const { return vectors * kLanes; }
};

// The values of the optional output_shape input (a Constant; validate() checks).
std::optional<std::vector<int64_t>> output_shape(const Node& node) {
    if (node.get_input_size() < 3)
        return std::nullopt;
    return host_ref::to_i64(node.input_value(2).node->get_constant_value());
}

// The host reference's geometry (spatial axes right-aligned into three: D, H, W), so the kernel and the oracle
// read the window the same way. in_channels: C of the data, out_channels: K of the output.
host_ref::ConvGeometry geometry(const Node& node) {
    const Shape data = node.get_input_shape(0), filter = node.get_input_shape(1);
    const auto win = shape_infer::backprop_window(node, data, filter, output_shape(node));
    host_ref::ConvGeometry g;
    g.batch = data[0];
    g.in_channels = filter[0];
    g.out_channels = filter[1];
    host_ref::set_spatial_window(g, data, win);
    return g;
}

// Two channel vectors when that pads K no further than one does (each input value then feeds two FMAs);
// columns per work-item: the candidate that leaves the fewest idle columns in a phase (the first on ties).
Block choose_block(const host_ref::ConvGeometry& g) {
    Block b;
    const auto k = static_cast<int64_t>(g.out_channels);
    b.vectors = (k + kLanes - 1) / kLanes % 2 == 0 ? 2 : 1;
    const std::vector<int64_t> candidates =
        b.vectors == 2 ? std::vector<int64_t>{8, 7, 6, 5, 4} : std::vector<int64_t>{14, 16, 12, 8, 7};
    const int64_t per_phase = (static_cast<int64_t>(g.out[2]) + g.strides[2] - 1) / g.strides[2];
    const auto waste = [per_phase](int64_t p) { return (per_phase + p - 1) / p * p - per_phase; };
    b.columns = candidates[0];
    for (int64_t p : candidates)
        if (waste(p) < waste(b.columns))
            b.columns = p;
    return b;
}

// [C][K][taps] -> [KB][taps][C][B] for blocks of B = KBLK * 16 output channels, zero past K; f32 whatever the
// weights' type.
Tensor reorder_weights(const Tensor& weights, const host_ref::ConvGeometry& g, const Block& b) {
    const Tensor values = host_ref::to_f32(weights);
    const float* src = values.data<const float>();
    const auto c_count = static_cast<int64_t>(g.in_channels), k_count = static_cast<int64_t>(g.out_channels);
    const auto taps = static_cast<int64_t>(host_ref::volume(g.kernel));
    const int64_t bw = b.channels(), kb_count = (k_count + bw - 1) / bw;
    Tensor out(element::f32, Shape{static_cast<size_t>(kb_count * taps * c_count * bw)});
    float* dst = out.data<float>();
    std::fill_n(dst, out.get_size(), 0.f);
    for (int64_t c = 0; c < c_count; ++c)
        for (int64_t k = 0; k < k_count; ++k)
            for (int64_t t = 0; t < taps; ++t)
                dst[((k / bw * taps + t) * c_count + c) * bw + k % bw] = src[(c * k_count + k) * taps + t];
    return out;
}

}  // namespace

Validation ConvolutionBackpropOp::validate(const Node& node, const DeviceInfo&) const {
    for (size_t i = 0; i < 2; ++i) {
        const element::Type t = node.get_input_element_type(i);
        if (t != element::f32 && t != element::f16)
            return Validation::no("input " + std::to_string(i) + " is " + t.get_type_name() +
                                  "; the OpenCL transposed convolution supports f32 and f16 (f16 as storage, f32 "
                                  "compute)");
    }
    if (node.get_output_element_type(0) != node.get_input_element_type(0))
        return Validation::no("the output type " + node.get_output_element_type(0).get_type_name() +
                              " differs from the data type " + node.get_input_element_type(0).get_type_name());
    if (!node.input_value(1).node->is_constant())
        return Validation::no("the weights (input 1) are not a Constant: the OpenCL transposed convolution "
                              "reorders them once when the model is compiled");
    if (node.get_input_size() > 2 && !node.input_value(2).node->is_constant())
        return Validation::no("the output_shape (input 2) is not a Constant: the OpenCL transposed convolution "
                              "derives its pads from it when the model is compiled");
    host_ref::ConvGeometry g;
    try {
        g = geometry(node);
    } catch (const Exception& e) {
        return Validation::no(e.what());
    }
    const auto too_big = [](size_t elements) { return elements > static_cast<size_t>(INT_MAX); };
    const size_t padded_k = (g.out_channels + 2 * kLanes - 1) / (2 * kLanes) * 2 * kLanes;  // reordered weights
    if (too_big(shape_size(node.get_input_shape(0))) || too_big(shape_size(node.get_output_shape(0))) ||
        too_big(padded_k * g.in_channels * host_ref::volume(g.kernel)))
        return Validation::no("a tensor of 2^31 elements or more (the kernel indexes with 32-bit integers)");
    return Validation::yes();
}

OpConfig ConvolutionBackpropOp::configure(const Node& node, const DeviceInfo& device) const {
    const host_ref::ConvGeometry g = geometry(node);
    const Block b = choose_block(g);
    const auto per_phase = static_cast<int64_t>((g.out[2] + g.strides[2] - 1) / g.strides[2]);
    KernelLaunch launch;
    launch.source = stem::deconvolution;
    launch.entry = "deconv_k16";
    launch.options = define("XB", b.columns) + " " + define("KBLK", b.vectors);
    if (node.get_input_element_type(0) == element::f16)
        launch.options += " -DIO_HALF";
    launch.args = {KernelArg::input(0), KernelArg::constant(0), KernelArg::output(0)};
    const auto i64 = [](size_t v) { return static_cast<int64_t>(v); };
    for (int64_t v : {i64(g.in_channels), i64(g.out_channels), i64(g.in[0]), i64(g.in[1]), i64(g.in[2]),
                      i64(g.out[0]), i64(g.out[1]), i64(g.out[2]), i64(g.kernel[0]), i64(g.kernel[1]),
                      i64(g.kernel[2]), g.strides[0], g.strides[1], g.strides[2], g.dilations[0], g.dilations[1],
                      g.dilations[2], g.pads_begin[0], g.pads_begin[1], g.pads_begin[2]})
        launch.args.push_back(KernelArg::scalar(static_cast<cl_int>(v)));
    launch.global = {static_cast<size_t>((g.out_channels + b.channels() - 1) / b.channels()),
                     static_cast<size_t>((per_phase + b.columns - 1) / b.columns * g.strides[2]),
                     g.out[0] * g.out[1] * g.batch};
    // One work-item per work-group on CPU devices (one JIT variant per program on PoCL); a GPU gets the
    // runtime's choice.
    launch.local = device.is_gpu ? std::vector<size_t>{} : std::vector<size_t>(3, 1);

    OpConfig config;
    config.launches.push_back(std::move(launch));
    config.constants.push_back(reorder_weights(node.input_value(1).node->get_constant_value(), g, b));
    const size_t spatial = node.get_input_shape(0).size() - 2;
    config.impl_name = std::string(spatial == 3 ? "deconv3d" : "deconv2d") + "_k16_" + std::to_string(b.columns) +
                       "x" + std::to_string(b.channels());
    if (node.get_input_element_type(0) == element::f16)
        config.impl_name += "_f16";
    return config;
}

}  // namespace gpu
}  // namespace ovcl
