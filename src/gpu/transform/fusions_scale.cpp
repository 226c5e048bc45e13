// Per-channel scale and shift folded into the convolution that feeds them (fusions.hpp, fold_channel_scale):
// Convolution / GroupConvolution -> Multiply(per-channel Constant) becomes the convolution with scaled weights, and
// -> BatchNormInference(Constants) becomes the convolution with weights scaled by gamma / sqrt(variance + eps),
// then an Add of beta - mean * scale, which fuse_bias_activation then takes as the epilogue's bias.
#include <cmath>
#include <set>
#include <string>
#include <vector>

#include "host_ref/ref_utils.hpp"
#include "ovcl/ops.hpp"
#include "transform/fusions.hpp"
#include "transform/fusions_graph.hpp"

namespace ovcl {
namespace gpu {

namespace {

bool finite(const std::vector<double>& v) {
    for (double x : v)
        if (!std::isfinite(x))
            return false;
    return true;
}

// A convolution whose weights can take a scale per output channel: Convolution-1 or GroupConvolution-1 with
// Constant weights and a real output of static channel count.
bool scalable(const Node& n, const std::set<std::string>& host_ops) {
    const std::string& type = n.get_type_name();
    if ((type != "Convolution" && type != "GroupConvolution") || n.get_version() != 1 || host_ops.count(type))
        return false;
    const element::Type et = n.get_output_element_type(0);
    const PartialShape& ps = n.get_output_partial_shape(0);
    return (et == element::f32 || et == element::f16) && n.input_value(1).node->is_constant() &&
           n.get_input_element_type(1) == et && ps.rank_is_static() && ps.size() >= 3 && ps[1].is_static();
}

// `values` (one per element, f64) as a tensor of `type` and `shape` (f16 rounds to nearest).
Tensor tensor_of(const std::vector<double>& values, element::Type type, const Shape& shape) {
    Tensor f32(element::f32, shape);
    float* d = f32.data<float>();
    for (size_t i = 0; i < values.size(); ++i)
        d[i] = static_cast<float>(values[i]);
    if (type == element::f32)
        return f32;
    Tensor out(type, shape);
    host_ref::from_f32(f32, out);
    return out;
}

// The values of a Constant repeated to `channels` (one value: all channels alike).
std::vector<double> per_channel(const Node& constant, size_t channels) {
    std::vector<double> v = host_ref::to_f64(constant.get_constant_value());
    if (v.size() == 1)
        v.assign(channels, v[0]);
    return v;
}

// `conv` reading weights whose output channel j ([K, ...] or [G, K/G, ...]: K output channels, as many weights
// each) is multiplied by scale[j]. The new node carries `conv`'s friendly name and, as rt_info["fused_names"],
// the names it stands for.
std::shared_ptr<Node> scaled_conv(const Node& conv, const std::vector<double>& scale) {
    const auto& w_node = conv.input_value(1).node;
    const Tensor& w = w_node->get_constant_value();
    std::vector<double> v = host_ref::to_f64(w);
    const size_t per = v.size() / scale.size();
    for (size_t i = 0; i < v.size(); ++i)
        v[i] *= scale[i / per];
    auto weights = op::constant(tensor_of(v, w.get_element_type(), w.get_shape()));
    weights->set_friendly_name(w_node->get_friendly_name() + "/scaled");
    auto scaled = std::make_shared<Node>(conv.get_type_name(), conv.get_version(),
                                         OutputVector{conv.input_value(0), Output<Node>(weights, 0)}, conv.get_attributes());
    scaled->set_friendly_name(conv.get_friendly_name());
    scaled->get_rt_info()["fused_names"] = conv.get_friendly_name();
    scaled->validate_and_infer_types();
    return scaled;
}

// BatchNormInference-1/5 of `data` with Constant gamma, beta, mean and variance of `channels` values each (or one):
// scale = gamma / sqrt(variance + eps) and shift = beta - mean * scale as host_ref computes them (f64).
bool batch_norm_constants(const Node& bn, const Output<Node>& data, size_t channels, std::vector<double>& scale,
                          std::vector<double>& shift) {
    if (bn.get_type_name() != "BatchNormInference" || (bn.get_version() != 1 && bn.get_version() != 5) ||
        bn.get_input_size() != 5)
        return false;
    const bool v1 = bn.get_version() == 1;
    if (bn.input_value(v1 ? 2 : 0) != data)
        return false;
    std::vector<std::vector<double>> p;  // gamma, beta, mean, variance
    for (size_t i : {v1 ? 0 : 1, v1 ? 1 : 2, 3, 4}) {
        const auto& c = bn.input_value(i).node;
        if (!c->is_constant() || (c->get_constant_value().get_size() != channels &&
                                  c->get_constant_value().get_size() != 1))
            return false;
        p.push_back(per_channel(*c, channels));
    }
    const double eps = bn.get_attr<double>("epsilon");
    scale.resize(channels);
    shift.resize(channels);
    for (size_t c = 0; c < channels; ++c) {
        scale[c] = p[0][c] / std::sqrt(p[3][c] + eps);
        shift[c] = p[1][c] - p[2][c] * scale[c];
    }
    return true;
}

}  // namespace

size_t fold_channel_scale(Model& model, const std::set<std::string>& host_ops) {
    FusionWalk walk(model);
    size_t folded = 0;
    for (const auto& node : walk.order) {
        if (!scalable(*node, host_ops))
            continue;
        const Output<Node> out(node, 0);
        const auto next = walk.consumers.only(out);
        if (!next || host_ops.count(next->get_type_name()))
            continue;
        const auto channels = static_cast<size_t>(node->get_output_partial_shape(0)[1].get_length());
        if (channels == 0)  // nothing to scale
            continue;
        if (next->get_type_name() == "Multiply" && next->get_version() == 1) {
            const auto s = channel_constant(*next, out, 1);
            const std::vector<double> scale = s ? per_channel(*s, channels) : std::vector<double>();
            if (!s || !finite(scale))  // an infinite scale times a zero sum is NaN, not a scaled weight's product
                continue;
            replace_by_fused(scaled_conv(*node, scale), {node, next}, walk.consumers);
            ++folded;
            continue;
        }
        std::vector<double> scale, shift;
        if (!batch_norm_constants(*next, out, channels, scale, shift) || !finite(scale) || !finite(shift))
            continue;
        Shape shift_shape(node->get_output_partial_shape(0).size() - 1, 1);
        shift_shape[0] = channels;
        auto shift_node = op::constant(tensor_of(shift, node->get_output_element_type(0), shift_shape));
        shift_node->set_friendly_name(next->get_friendly_name() + "/shift");
        auto add = std::make_shared<Node>("Add", 1, OutputVector{Output<Node>(scaled_conv(*node, scale), 0),
                                                                 Output<Node>(shift_node, 0)},
                                          Attributes{{"auto_broadcast", "numpy"}});
        replace_by_fused(add, {next}, walk.consumers);
        ++folded;
    }
    return walk.done(folded);
}

}  // namespace gpu
}  // namespace ovcl
