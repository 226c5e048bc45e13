// The op registry entries of the fused types and the Conv / GroupConv / MatMul + bias + activation + post ops
// fusion.
#include "transform/fusions.hpp"

#include <dlfcn.h>

#include <algorithm>
#include <cstring>
#include <mutex>
#include <optional>
#include <set>

#include "shape_infer/infer_utils.hpp"
#include "ovcl/ops.hpp"
#include "transform/fusions_graph.hpp"

namespace ovcl {
namespace gpu {

namespace {

constexpr size_t kMaxPostOps = 4;

// Activations the kernels' epilogue implements: (type, version) pairs.
bool epilogue_activation(const Node& n) {
    static const std::set<std::pair<std::string, int64_t>> acts = {
        {"Relu", 1},  {"Clamp", 1},    {"Sigmoid", 1}, {"Tanh", 1}, {"HSwish", 4},   {"Swish", 4},
        {"Gelu", 2},  {"Gelu", 7},     {"Elu", 1},     {"Mish", 4}, {"SoftPlus", 4}, {"HSigmoid", 5}};
    return n.get_input_size() == 1 && n.get_output_size() == 1 && acts.count({n.get_type_name(), n.get_version()});
}

}  // namespace

namespace {

// `n` as a post op of the epilogue after `value`, or nullopt: Multiply, Add, Subtract or Divide (numpy) of
// `value` and a Constant of its type with one value or one per channel (along `axis` of the value) that does not
// raise its rank (`constants`: that Constant), or FakeQuantize-1 (numpy) of `value` with four such Constants
// (input_low, input_high, output_low, output_high).
std::optional<PostOp> post_op(const Node& n, const Output<Node>& value, size_t axis, OutputVector& constants) {
    const auto operand = [&](const Output<Node>& c) {
        return channel_shaped(c, value.get_element_type(), value.get_partial_shape(), axis);
    };
    if (n.get_version() != 1)
        return std::nullopt;
    if (n.get_type_name() == "FakeQuantize") {
        if (n.get_input_size() != 5 || n.input_value(0) != value ||
            n.get_attr<std::string>("auto_broadcast", "numpy") != "numpy")
            return std::nullopt;
        constants.clear();
        for (size_t i = 1; i < 5; ++i) {
            if (!operand(n.input_value(i)))
                return std::nullopt;
            constants.push_back(n.input_value(i));
        }
        const auto levels = n.get_attr<int64_t>("levels");
        if (levels > (int64_t(1) << 24))  // post_ops_of reads at most 9 digits; f32 steps stop being exact anyway
            return std::nullopt;
        return PostOp{n.get_type_name(), false, levels};
    }
    static const std::set<std::string> types = {"Multiply", "Add", "Subtract", "Divide"};
    if (!types.count(n.get_type_name()) || !numpy_binary(n))
        return std::nullopt;
    const bool constant_first = n.input_value(1) == value;
    const Output<Node> c = n.input_value(constant_first ? 0 : 1);
    if (n.input_value(constant_first ? 1 : 0) != value || !operand(c))
        return std::nullopt;
    constants = {c};
    return PostOp{n.get_type_name(), constant_first, 0};
}

// The residual operand of `add` when it adds (an Add) or multiplies by (a Multiply: a gated MLP's product) a tensor of
// the producer's type and static shape, element by element (no broadcast), that is not the producer itself and not
// a Constant (a constant Add is a bias or a post op); nullptr otherwise.
std::shared_ptr<Node> residual_operand(const Node& add, const Output<Node>& producer, Output<Node>& operand) {
    if ((add.get_type_name() != "Add" && add.get_type_name() != "Multiply") || add.get_version() != 1 ||
        !numpy_binary(add))
        return nullptr;
    const size_t other = add.input_value(0) == producer ? 1 : 0;
    if (add.input_value(1 - other) != producer || add.input_value(other) == producer)
        return nullptr;
    operand = add.input_value(other);
    const PartialShape& out = producer.get_partial_shape();
    if (operand.node->is_constant() || operand.get_element_type() != producer.get_element_type() ||
        !out.is_static() || !operand.get_partial_shape().is_static() ||
        operand.get_partial_shape().to_shape() != out.to_shape())
        return nullptr;
    return operand.node;
}

// Whether the kernel of `node` can add a residual: conv2d_k16 and the float MatMul kernels, not the depthwise
// convolution (a GroupConvolution of one input channel per group).
bool residual_kernel(const Node& node) {
    if (node.get_type_name() != "GroupConvolution")
        return true;
    const PartialShape& w = node.get_input_partial_shape(1);
    return w.rank_is_static() && w.size() > 2 && w[2].is_static() && w[2].get_length() != 1;
}

}  // namespace

size_t fuse_bias_activation(Model& model, const std::set<std::string>& host_ops) {
    FusionWalk walk(model);
    Consumers& consumers = walk.consumers;
    size_t fused = 0;
    for (const auto& node : walk.order) {
        const std::string& type = node->get_type_name();
        if ((type != "Convolution" && type != "GroupConvolution" && type != "MatMul") || host_ops.count(type))
            continue;
        if (node->get_version() != 1 || node->get_input_size() != 2 || node->get_output_size() != 1)
            continue;
        const element::Type et = node->get_output_element_type(0);
        const PartialShape& ps = node->get_output_partial_shape(0);
        if ((et != element::f32 && et != element::f16) || ps.rank_is_dynamic() || ps.size() == 0)
            continue;
        if (type == "MatMul" && (node->get_input_partial_shape(1).rank_is_dynamic() ||
                                 node->get_input_partial_shape(1).size() < 2))
            continue;  // B a vector: C's last axis is M, not a column axis
        NodeVector chain{node};
        const auto tail = [&] { return Output<Node>(chain.back(), 0); };
        const size_t axis = output_channel_axis(type, ps);
        std::shared_ptr<Node> bias;
        if (auto add = consumers.only(tail()); add && add->get_type_name() == "Add" && !host_ops.count("Add")) {
            bias = channel_constant(*add, tail(), axis);
            if (bias)
                chain.push_back(add);
        }
        // Then an Add of a tensor of the same shape (ResNet's shortcut, a transformer's residual stream), or a
        // Multiply by one (SwiGLU's up projection times the activated gate).
        Output<Node> residual;
        std::string residual_op;
        if (auto add = consumers.only(tail()); add && !host_ops.count(add->get_type_name()) && residual_kernel(*node) &&
                                               residual_operand(*add, tail(), residual)) {
            chain.push_back(add);
            residual_op = add->get_type_name();
        } else {
            residual = Output<Node>();
        }
        std::shared_ptr<Node> act = consumers.only(tail());
        if (act && epilogue_activation(*act) && !host_ops.count(act->get_type_name()))
            chain.push_back(act);
        else
            act = nullptr;
        // Then element-wise ops with a Constant of one value or one per channel: the epilogue's post ops.
        OutputVector inputs{node->input_value(0), node->input_value(1), Output<Node>()};
        std::string post;
        for (size_t n = 0; n < kMaxPostOps; ++n) {
            auto next = consumers.only(tail());
            OutputVector constants;
            const auto p = next && !host_ops.count(next->get_type_name())
                               ? post_op(*next, tail(), axis, constants)
                               : std::nullopt;
            if (!p)
                break;
            post += (post.empty() ? "" : ",") + p->type + (p->constant_first ? ":cv" : ":vc") +
                    (p->levels ? ":" + std::to_string(p->levels) : "");
            inputs.insert(inputs.end(), constants.begin(), constants.end());
            chain.push_back(next);
        }
        if (chain.size() == 1)
            continue;
        if (!bias) {  // the kernels' epilogue always adds one
            Tensor zero(et, Shape{1});
            std::memset(zero.data(), 0, zero.get_byte_size());
            bias = op::constant(zero);
            bias->set_friendly_name(node->get_friendly_name() + "/zero_bias");
        }
        inputs[2] = Output<Node>(bias, 0);
        if (residual.node)
            inputs.push_back(residual);

        Attributes attrs = node->get_attributes();
        attrs.emplace_back("post_ops", post);
        if (residual.node)  // before activation_version: what follows that is the activation's own
            attrs.emplace_back("residual", "true");
        if (residual_op == "Multiply")
            attrs.emplace_back("residual_op", residual_op);
        attrs.emplace_back("activation", act ? act->get_type_name() : "");
        attrs.emplace_back("activation_version", std::to_string(act ? act->get_version() : 0));
        if (act)
            for (const auto& a : act->get_attributes())
                attrs.push_back(a);
        walk.replace(std::make_shared<Node>(kFusedPrefix + type, 1, inputs, attrs), chain);
        ++fused;
    }
    return walk.done(fused);
}

}  // namespace gpu
}  // namespace ovcl
