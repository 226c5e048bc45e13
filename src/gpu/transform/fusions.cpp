// The op registry entries of the fused types and the Conv / GroupConv / MatMul + bias + activation + post ops
// fusion.
#include "transform/fusions.hpp"

#include <dlfcn.h>

#include <algorithm>
#include <cstring>
#include <mutex>
#include <optional>
#include <set>

#include "ops/infer_utils.hpp"
#include "ovcl/ops.hpp"
#include "transform/fusions_graph.hpp"

namespace ovcl {
namespace gpu {

namespace {

const char* const kPrefix = "Fused";
constexpr size_t kMaxPostOps = 4;

// Activations the kernels' epilogue implements: (type, version) pairs.
bool epilogue_activation(const Node& n) {
    static const std::set<std::pair<std::string, int64_t>> acts = {
        {"Relu", 1},  {"Clamp", 1},    {"Sigmoid", 1}, {"Tanh", 1}, {"HSwish", 4},   {"Swish", 4},
        {"Gelu", 2},  {"Gelu", 7},     {"Elu", 1},     {"Mish", 4}, {"SoftPlus", 4}, {"HSigmoid", 5}};
    return n.get_input_size() == 1 && n.get_output_size() == 1 && acts.count({n.get_type_name(), n.get_version()});
}

bool residual_of(const Node& node) { return node.get_attr<bool>("residual", false); }

}  // namespace

std::vector<OutputInfo> fused_infer(const Node& node, const std::vector<InputInfo>& in) {
    size_t expected = 3 + (residual_of(node) ? 1 : 0);
    for (const PostOp& p : post_ops_of(node))
        expected += p.inputs();
    if (in.size() != expected)
        raise<ModelError>(node.describe(), ": expects ", expected,
                          " inputs (data, weights, bias, the Constants of the post ops, the residual if any), got ",
                          in.size());
    std::vector<OutputInfo> out = spec_of(fused_base_type(node.get_type_name()), 1).infer(node, {in[0], in[1]});
    // The bias, the post ops' Constants and the residual apply element-wise: each broadcasts onto the output
    // without changing it (their host references read them so).
    for (size_t i = 2; i < in.size(); ++i) {
        bool fits = false;
        try {
            fits = shape_infer::broadcast_numpy(node, out.at(0).shape, in[i].shape) == out.at(0).shape;
        } catch (const ModelError&) {
        }
        if (!fits)
            raise<ModelError>(node.describe(), ": input ", i, " of shape ", in[i].shape,
                              " does not broadcast onto the output ", out.at(0).shape);
    }
    return out;
}

namespace {

// `type` as a node of its own reading Parameters like `inputs`, with `attrs`, named as `fused` (what its host
// reference reads).
std::shared_ptr<Node> standalone_node(const Node& fused, const std::string& type, int64_t version,
                                      const TensorVector& inputs, const Attributes& attrs) {
    OutputVector params;
    for (const Tensor& t : inputs)
        params.emplace_back(op::parameter(t.get_element_type(), t.get_shape()));
    auto n = std::make_shared<Node>(type, version, params, attrs);
    n->set_friendly_name(fused.get_friendly_name());
    n->validate_and_infer_types();
    return n;
}

// The activation as a node of its own (its version and attributes).
std::shared_ptr<Node> activation_node(const Node& fused, const Tensor& input) {
    Attributes attrs;
    bool after = false;
    for (const auto& [name, value] : fused.get_attributes()) {
        if (after)
            attrs.emplace_back(name, value);
        after = after || name == "activation_version";
    }
    return standalone_node(fused, fused.get_attr<std::string>("activation"),
                           fused.get_attr<int64_t>("activation_version"), {input}, attrs);
}

}  // namespace

// The base op, then Add (numpy broadcast of the bias), the residual Add, the activation and the post ops: the host
// references of the fused nodes, in the order the original graph ran them.
void fused_ref(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx) {
    const std::string act = node.get_attr<std::string>("activation", "");
    const auto post = post_ops_of(node);
    const bool residual = residual_of(node);
    // base, Add, residual Add, activation, post ops
    const size_t steps = 2 + (residual ? 1 : 0) + (act.empty() ? 0 : 1) + post.size();
    size_t step = 0;
    // The result of the next step: the output for the last one.
    const auto next = [&] {
        return TensorVector{++step == steps ? out.at(0) : Tensor(out.at(0).get_element_type(), out.at(0).get_shape())};
    };
    TensorVector value = next();
    spec_of(fused_base_type(node.get_type_name()), 1).evaluate(node, {in.at(0), in.at(1)}, value, ctx);
    TensorVector sum = next();
    spec_of("Add", 1).evaluate(node, {value[0], in.at(2)}, sum, ctx);
    value = sum;
    if (residual) {
        TensorVector with = next();
        spec_of("Add", 1).evaluate(node, {value[0], in.back()}, with, ctx);
        value = with;
    }
    if (!act.empty()) {
        TensorVector activated = next();
        const auto a = activation_node(node, value[0]);
        a->spec().evaluate(*a, value, activated, ctx);
        value = activated;
    }
    size_t input = 3;
    for (const PostOp& p : post) {
        TensorVector result = next();
        if (p.type == "FakeQuantize") {
            TensorVector args{value[0]};
            args.insert(args.end(), in.begin() + static_cast<std::ptrdiff_t>(input),
                        in.begin() + static_cast<std::ptrdiff_t>(input + 4));
            const auto fq = standalone_node(node, p.type, 1, args,
                                            {{"levels", std::to_string(p.levels)}, {"auto_broadcast", "numpy"}});
            fq->spec().evaluate(*fq, args, result, ctx);
        } else {
            const Tensor& c = in.at(input);
            spec_of(p.type, 1).evaluate(node, p.constant_first ? TensorVector{c, value[0]} : TensorVector{value[0], c},
                                        result, ctx);
        }
        input += p.inputs();
        value = result;
    }
}

namespace {

// `n` as a post op of the epilogue after `value`, or nullopt: Multiply, Add, Subtract or Divide (numpy) of
// `value` and a Constant of its type with one value or one per channel (along `axis` of the value) that does not
// raise its rank (`constants`: that Constant), or FakeQuantize-1 (numpy) of `value` with four such Constants
// (input_low, input_high, output_low, output_high).
std::optional<PostOp> post_op(const Node& n, const Output& value, size_t axis, OutputVector& constants) {
    const auto operand = [&](const Output& c) {
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
    const Output c = n.input_value(constant_first ? 0 : 1);
    if (n.input_value(constant_first ? 1 : 0) != value || !operand(c))
        return std::nullopt;
    constants = {c};
    return PostOp{n.get_type_name(), constant_first, 0};
}

// The residual operand of `add` when it adds a tensor of the producer's type and static shape, element by element
// (no broadcast), that is not the producer itself and not a Constant (a constant Add is a bias or a post op);
// nullptr otherwise.
std::shared_ptr<Node> residual_operand(const Node& add, const Output& producer, Output& operand) {
    if (add.get_type_name() != "Add" || add.get_version() != 1 || !numpy_binary(add))
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

std::vector<PostOp> post_ops_of(const Node& fused) {
    std::vector<PostOp> ops;
    const std::string text = fused.get_attr<std::string>("post_ops", "");
    const auto malformed = [&] { raise<ModelError>(fused.describe(), ": malformed post_ops '", text, "'"); };
    for (size_t p = 0; p < text.size();) {
        const size_t comma = std::min(text.find(',', p), text.size());
        const std::string token = text.substr(p, comma - p);  // Type:io or FakeQuantize:vc:levels
        const size_t colon = token.find(':');
        if (colon == std::string::npos || colon == 0)
            malformed();
        PostOp op{token.substr(0, colon), token.compare(colon + 1, 2, "cv") == 0, 0};
        const std::string io = token.substr(colon + 1, 2);
        if (io != "cv" && io != "vc")
            malformed();
        const std::string rest = token.substr(std::min(colon + 3, token.size()));
        if (op.type == "FakeQuantize") {
            if (op.constant_first || rest.size() < 2 || rest[0] != ':' ||
                rest.find_first_not_of("0123456789", 1) != std::string::npos || rest.size() > 10)
                malformed();
            op.levels = std::stoll(rest.substr(1));
            if (op.levels < 2)
                malformed();
        } else if (!rest.empty()) {
            malformed();
        }
        ops.push_back(op);
        p = comma + 1;
    }
    return ops;
}

std::string fused_base_type(const std::string& type) {
    const std::string prefix = kPrefix;
    return type.compare(0, prefix.size(), prefix) == 0 ? type.substr(prefix.size()) : std::string();
}

void register_fused_ops() {
    static std::once_flag once;
    std::call_once(once, [] {
        // The registry outlives this library when it is a dlopen'ed plugin: keep it loaded for good.
        Dl_info info;
        if (dladdr(reinterpret_cast<void*>(&register_fused_ops), &info) && info.dli_fname)
            dlopen(info.dli_fname, RTLD_NOW | RTLD_NOLOAD | RTLD_NODELETE);
#define OVCL_FUSED_OP(TYPE, INFER, REF, GPU) OpRegistry::get().add(OpSpec{#TYPE, 1, INFER, REF});
#include "transform/fused_ops.def"
#undef OVCL_FUSED_OP
    });
}

size_t fuse_bias_activation(Model& model, const std::set<std::string>& host_ops) {
    register_fused_ops();
    const NodeVector order = model.get_ordered_ops();
    Consumers consumers(order);
    size_t fused = 0;
    for (const auto& node : order) {
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
        const auto tail = [&] { return Output(chain.back(), 0); };
        const size_t axis = output_channel_axis(type, ps);
        std::shared_ptr<Node> bias;
        if (auto add = consumers.only(tail()); add && add->get_type_name() == "Add" && !host_ops.count("Add")) {
            bias = channel_constant(*add, tail(), axis);
            if (bias)
                chain.push_back(add);
        }
        // Then an Add of a tensor of the same shape (ResNet's shortcut, a transformer's residual stream).
        Output residual;
        if (auto add = consumers.only(tail()); add && !host_ops.count("Add") && residual_kernel(*node) &&
                                               residual_operand(*add, tail(), residual))
            chain.push_back(add);
        else
            residual = Output();
        std::shared_ptr<Node> act = consumers.only(tail());
        if (act && epilogue_activation(*act) && !host_ops.count(act->get_type_name()))
            chain.push_back(act);
        else
            act = nullptr;
        // Then element-wise ops with a Constant of one value or one per channel: the epilogue's post ops.
        OutputVector inputs{node->input_value(0), node->input_value(1), Output()};
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
        inputs[2] = Output(bias, 0);
        if (residual.node)
            inputs.push_back(residual);

        Attributes attrs = node->get_attributes();
        attrs.emplace_back("post_ops", post);
        if (residual.node)  // before activation_version: what follows that is the activation's own
            attrs.emplace_back("residual", "true");
        attrs.emplace_back("activation", act ? act->get_type_name() : "");
        attrs.emplace_back("activation_version", std::to_string(act ? act->get_version() : 0));
        if (act)
            for (const auto& a : act->get_attributes())
                attrs.push_back(a);
        replace_by_fused(std::make_shared<Node>(kPrefix + type, 1, inputs, attrs), chain, consumers);
        ++fused;
    }
    if (fused)
        model.validate_nodes_and_infer_types();
    return fused;
}

}  // namespace gpu
}  // namespace ovcl
