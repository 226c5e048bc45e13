// The GPU plugin's own op types (ops/fused_ops.def): their op registry entries, the encodings their nodes
// carry (post ops, FusedEltwise's member ops) and their host references, which run the replaced ops' host
// references in the order the original graph ran them. transform/ makes such nodes; ops/ runs them.
#include "ops/fused_ops.hpp"

#include <dlfcn.h>

#include <algorithm>
#include <map>
#include <mutex>

#include "ovcl/ops.hpp"
#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace gpu {

const OpSpec& spec_of(const std::string& type, int64_t version) {
    const OpSpec* s = OpRegistry::get().find_exact(type, version);
    if (!s)
        raise<NotImplemented>("GPU fusion: no op ", type, "-", version, " in the op registry");
    return *s;
}

size_t output_channel_axis(const std::string& type, const PartialShape& out) {
    return type == "MatMul" && out.rank_is_static() && out.size() > 0 ? out.size() - 1 : 1;
}

bool broadcasts_onto(const Node& node, const PartialShape& value, const PartialShape& onto) {
    try {
        return shape_infer::broadcast_numpy(node, onto, value) == onto;
    } catch (const ModelError&) {
        return false;
    }
}

bool channel_shaped(const Output<Node>& c, element::Type type, const PartialShape& out, size_t axis) {
    if (!c.node || !c.node->is_constant() || c.get_element_type() != type)
        return false;
    if (out.rank_is_dynamic() || axis >= out.size() || out[axis].is_dynamic())
        return false;
    const Shape bs = c.node->get_output_shape(c.index);
    const size_t rank = out.size();
    if (bs.size() > rank)
        return false;
    for (size_t i = 0; i < bs.size(); ++i) {
        const size_t a = rank - bs.size() + i;
        if (bs[i] != 1 && !(a == axis && static_cast<int64_t>(bs[i]) == out[axis].get_length()))
            return false;
    }
    return true;
}

namespace {

bool residual_of(const Node& node) { return node.get_attr<bool>("residual", false); }

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

// "<Type>-<version>:<operands>" -> its parts; operands "i<k>" or "t<m>".
struct Encoded {
    std::string type;
    int64_t version = 1;
    std::vector<std::string> operands;
};

Encoded parse(const Node& fused, size_t j) {
    const std::string text = fused.get_attr_text("op" + std::to_string(j));
    const size_t dash = text.find('-'), colon = text.find(':');
    if (dash == std::string::npos || colon == std::string::npos || colon < dash)
        raise<ModelError>(fused.describe(), ": malformed op", j, " '", text, "'");
    Encoded e;
    e.type = text.substr(0, dash);
    e.version = std::stoll(text.substr(dash + 1, colon - dash - 1));
    for (size_t p = colon + 1; p < text.size();) {
        const size_t comma = std::min(text.find(',', p), text.size());
        e.operands.push_back(text.substr(p, comma - p));
        p = comma + 1;
    }
    return e;
}

OutputVector parameters_for(const std::vector<std::pair<element::Type, PartialShape>>& inputs) {
    OutputVector params;
    for (const auto& [type, shape] : inputs)
        params.emplace_back(op::parameter(type, shape), 0);
    return params;
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
    const std::string prefix = kFusedPrefix;
    return type.compare(0, prefix.size(), prefix) == 0 ? type.substr(prefix.size()) : std::string();
}

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
        if (!broadcasts_onto(node, in[i].shape, out.at(0).shape))
            raise<ModelError>(node.describe(), ": input ", i, " of shape ", in[i].shape,
                              " does not broadcast onto the output ", out.at(0).shape);
    }
    return out;
}

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
        spec_of(node.get_attr<std::string>("residual_op", "Add"), 1).evaluate(node, {value[0], in.back()}, with, ctx);
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

NodeVector unfold_fused_eltwise(const Node& fused, const OutputVector& inputs) {
    const auto count = fused.get_attr<int64_t>("ops");
    if (count < 1 || inputs.size() != fused.get_input_size())
        raise<ModelError>(fused.describe(), ": ", count, " nodes on ", inputs.size(), " inputs");
    NodeVector nodes;
    for (size_t j = 0; j < static_cast<size_t>(count); ++j) {
        const Encoded e = parse(fused, j);
        OutputVector args;
        for (const std::string& ref : e.operands) {
            const size_t k = ref.size() > 1 ? std::stoul(ref.substr(1)) : SIZE_MAX;
            if (ref[0] == 'i' && k < inputs.size())
                args.push_back(inputs[k]);
            else if (ref[0] == 't' && k < nodes.size())
                args.emplace_back(nodes[k], 0);
            else
                raise<ModelError>(fused.describe(), ": op", j, " reads '", ref, "'");
        }
        const std::string prefix = "op" + std::to_string(j) + ".";
        Attributes attrs;
        for (const auto& [name, value] : fused.get_attributes())
            if (name.compare(0, prefix.size(), prefix) == 0)
                attrs.emplace_back(name.substr(prefix.size()), value);
        auto n = std::make_shared<Node>(e.type, e.version, args, attrs);
        n->set_friendly_name(fused.get_friendly_name() + "/" + e.type + "_" + std::to_string(j));
        n->validate_and_infer_types();
        nodes.push_back(n);
    }
    return nodes;
}

std::vector<OutputInfo> fused_eltwise_infer(const Node& node, const std::vector<InputInfo>& in) {
    std::vector<std::pair<element::Type, PartialShape>> inputs;
    for (const auto& i : in)
        inputs.emplace_back(i.type, i.shape);
    const NodeVector nodes = unfold_fused_eltwise(node, parameters_for(inputs));
    return {{nodes.back()->get_output_element_type(0), nodes.back()->get_output_partial_shape(0)}};
}

// The host references of the nodes, in order, on the actual inputs.
void fused_eltwise_ref(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx) {
    std::vector<std::pair<element::Type, PartialShape>> inputs;
    for (const auto& t : in)
        inputs.emplace_back(t.get_element_type(), PartialShape(t.get_shape()));
    const OutputVector params = parameters_for(inputs);
    const NodeVector nodes = unfold_fused_eltwise(node, params);
    std::map<const Node*, Tensor> values;
    for (size_t k = 0; k < params.size(); ++k)
        values[params[k].node.get()] = in.at(k);
    for (const auto& n : nodes) {
        TensorVector args;
        for (const auto& v : n->input_values())
            args.push_back(values.at(v.node.get()));
        values[n.get()] = evaluate_node(*n, args, ctx).at(0);
    }
    values.at(nodes.back().get()).copy_to(out.at(0));
}

Tensor evaluate_in_order(const NodeVector& nodes, std::map<const Node*, Tensor> values, EvalContext& ctx) {
    for (const auto& n : nodes) {
        TensorVector args;
        for (const auto& v : n->input_values())
            args.push_back(v.node->is_constant() ? v.node->get_constant_value() : values.at(v.node.get()));
        values[n.get()] = evaluate_node(*n, args, ctx).at(0);
    }
    return values.at(nodes.back().get());
}

std::vector<OutputInfo> fused_mvn_infer(const Node& node, const std::vector<InputInfo>& in) {
    if (in.size() != 4)
        raise<ModelError>(node.describe(), ": expects 4 inputs (data, axes, scale, shift), got ", in.size());
    const auto norm = spec_of("MVN", 6).infer(node, {in[0], in[1]});
    const auto scaled = spec_of("Multiply", 1).infer(node, {{norm[0].type, norm[0].shape}, in[2]});
    return spec_of("Add", 1).infer(node, {{scaled[0].type, scaled[0].shape}, in[3]});
}

// RMS normalisation (FusedMVN with center=false): x / sqrt(mean(x^2) + eps), or / (sqrt(mean(x^2)) + eps), through
// the ops of the graph it was fused from.
Tensor rms_ref(const Node& node, const Tensor& x, const Tensor& axes, EvalContext& ctx) {
    const float eps = node.get_attr<float>("eps");
    const bool inside = node.get_attr<std::string>("eps_mode") == "inside_sqrt";
    auto data = op::parameter(x.get_element_type(), x.get_shape());
    auto mean =
        op::make("ReduceMean", {op::make("Multiply", {data, data}), op::constant(axes)}, {{"keep_dims", "true"}});
    auto e = op::constant<float>(element::f32, Shape{}, {eps});
    auto epsilon = op::make("Convert", {e}, {{"destination_type", x.get_element_type().get_type_name()}});
    auto div = inside ? op::make("Sqrt", {op::make("Add", {mean, epsilon})})
                      : op::make("Add", {op::make("Sqrt", {mean}), epsilon});
    auto y = op::make("Divide", {data, div});
    return evaluate_in_order({mean->input_value(0).node, mean, epsilon, div->input_value(0).node, div, y},
                             {{data.get(), x}}, ctx);
}

// MVN-6 (or RMS), then Multiply by the scale and Add of the shift (numpy broadcast), as the original graph ran them.
void fused_mvn_ref(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx) {
    const Tensor& x = in.at(0);
    TensorVector norm{Tensor(x.get_element_type(), x.get_shape())};
    if (node.get_attr<bool>("center", true))
        spec_of("MVN", 6).evaluate(node, {x, in.at(1)}, norm, ctx);
    else
        norm[0] = rms_ref(node, x, in.at(1), ctx);
    const auto s = spec_of("Multiply", 1).infer(node, {{x.get_element_type(), x.get_shape()},
                                                       {in.at(2).get_element_type(), in.at(2).get_shape()}});
    TensorVector scaled{Tensor(s[0].type, s[0].shape.to_shape())};
    spec_of("Multiply", 1).evaluate(node, {norm[0], in.at(2)}, scaled, ctx);
    spec_of("Add", 1).evaluate(node, {scaled[0], in.at(3)}, out, ctx);
}

void register_fused_ops() {
    static std::once_flag once;
    std::call_once(once, [] {
        // The registry outlives this library when it is a dlopen'ed plugin: keep it loaded for good.
        Dl_info info;
        if (dladdr(reinterpret_cast<void*>(&register_fused_ops), &info) && info.dli_fname)
            dlopen(info.dli_fname, RTLD_NOW | RTLD_NOLOAD | RTLD_NODELETE);
#define OVCL_FUSED_OP(TYPE, INFER, REF, GPU) OpRegistry::get().add(OpSpec{#TYPE, 1, INFER, REF});
#include "ops/fused_ops.def"
#undef OVCL_FUSED_OP
    });
}

}  // namespace gpu
}  // namespace ovcl
