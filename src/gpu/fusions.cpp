#include "fusions.hpp"

#include <dlfcn.h>

#include <map>
#include <mutex>
#include <set>

#include "ovcl/op_registry.hpp"

namespace ovcl {
namespace gpu {

namespace {

const char* const kPrefix = "Fused";

// Activation types the kernels' epilogue implements, with their op versions.
const std::map<std::string, int64_t>& activations() {
    static const std::map<std::string, int64_t> acts = {{"Relu", 1},    {"Clamp", 1},  {"Sigmoid", 1},
                                                        {"Tanh", 1},    {"HSwish", 4}, {"Swish", 4}};
    return acts;
}

const OpSpec& spec_of(const std::string& type, int64_t version) {
    const OpSpec* s = OpRegistry::get().find_exact(type, version);
    if (!s)
        raise<NotImplemented>("GPU fusion: no op ", type, "-", version, " in the op registry");
    return *s;
}

std::vector<OutputInfo> fused_infer(const Node& node, const std::vector<InputInfo>& in) {
    if (in.size() != 3)
        raise<ModelError>(node.describe(), ": expects 3 inputs (data, weights, bias), got ", in.size());
    return spec_of(fused_base_type(node.get_type_name()), 1).infer(node, {in[0], in[1]});
}

// The base op, then Add (numpy broadcast of the bias), then the activation: the host references of the
// fused nodes, in the order the original graph ran them.
void fused_ref(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx) {
    const std::string act = node.get_attr<std::string>("activation", "");
    TensorVector base{Tensor(out.at(0).get_element_type(), out.at(0).get_shape())};
    spec_of(fused_base_type(node.get_type_name()), 1).evaluate(node, {in.at(0), in.at(1)}, base, ctx);
    TensorVector sum{act.empty() ? out.at(0) : Tensor(out.at(0).get_element_type(), out.at(0).get_shape())};
    spec_of("Add", 1).evaluate(node, {base[0], in.at(2)}, sum, ctx);
    if (!act.empty())
        spec_of(act, node.get_attr<int64_t>("activation_version")).evaluate(node, sum, out, ctx);
}

std::string joined_names(const std::vector<std::shared_ptr<Node>>& chain) {
    std::string names;
    for (const auto& n : chain) {
        const auto& rt = n->get_rt_info();
        auto it = rt.find("fused_names");
        const std::string own = it != rt.end() && it->second.is<std::string>() ? it->second.as<std::string>()
                                                                              : n->get_friendly_name();
        names += (names.empty() ? "" : ",") + own;
    }
    return names;
}

// The bias input of `add` (the operand that is not `producer`) when it is a Constant that broadcasts along
// the channel axis `axis` of the producer's output only; nullptr otherwise.
std::shared_ptr<Node> channel_bias(const Node& add, const Output& producer, size_t axis) {
    if (add.get_input_size() != 2 || add.get_attr<std::string>("auto_broadcast", "numpy") != "numpy")
        return nullptr;
    const size_t other = add.input_value(0) == producer ? 1 : 0;
    if (add.input_value(1 - other) != producer)
        return nullptr;
    const auto bias = add.input_value(other).node;
    if (!bias->is_constant() || bias->get_output_element_type(0) != producer.get_element_type())
        return nullptr;
    const PartialShape& out = producer.get_partial_shape();
    if (out.rank_is_dynamic() || out[axis].is_dynamic())
        return nullptr;
    const Shape bs = bias->get_output_shape(0);
    const size_t rank = out.size();
    if (bs.size() > rank)
        return nullptr;
    for (size_t i = 0; i < bs.size(); ++i) {
        const size_t a = rank - bs.size() + i;
        if (bs[i] != 1 && !(a == axis && static_cast<int64_t>(bs[i]) == out[axis].get_length()))
            return nullptr;
    }
    return bias;
}

}  // namespace

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
        for (const char* base : {"Convolution", "GroupConvolution", "MatMul"})
            OpRegistry::get().add(OpSpec{std::string(kPrefix) + base, 1, fused_infer, fused_ref});
    });
}

size_t fuse_bias_activation(Model& model, const std::set<std::string>& host_ops) {
    register_fused_ops();
    const NodeVector order = model.get_ordered_ops();
    std::map<Output, std::vector<std::pair<std::shared_ptr<Node>, size_t>>> consumers;
    for (const auto& n : order)
        for (size_t i = 0; i < n->get_input_size(); ++i)
            consumers[n->input_value(i)].emplace_back(n, i);
    // The single consumer of `port`, unless it has several or is a model output.
    auto only_consumer = [&](const Output& port) -> std::shared_ptr<Node> {
        auto it = consumers.find(port);
        if (it == consumers.end() || it->second.size() != 1 || it->second[0].first->get_type_name() == "Result")
            return nullptr;
        return it->second[0].first;
    };

    size_t fused = 0;
    for (const auto& node : order) {
        const std::string& type = node->get_type_name();
        if ((type != "Convolution" && type != "GroupConvolution" && type != "MatMul") || host_ops.count(type) ||
            host_ops.count("Add"))
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
        const Output out(node, 0);
        auto add = only_consumer(out);
        if (!add || add->get_type_name() != "Add")
            continue;
        auto bias = channel_bias(*add, out, type == "MatMul" ? ps.size() - 1 : 1);
        if (!bias)
            continue;
        std::vector<std::shared_ptr<Node>> chain{node, add};
        auto act = only_consumer(Output(add, 0));
        if (act && activations().count(act->get_type_name()) && !host_ops.count(act->get_type_name()) &&
            act->get_input_size() == 1 &&
            act->get_version() == activations().at(act->get_type_name()))
            chain.push_back(act);
        const auto& last = chain.back();

        Attributes attrs = node->get_attributes();
        attrs.emplace_back("activation", chain.size() == 3 ? last->get_type_name() : "");
        attrs.emplace_back("activation_version", std::to_string(chain.size() == 3 ? last->get_version() : 0));
        if (chain.size() == 3)
            for (const auto& a : last->get_attributes())
                attrs.push_back(a);
        auto f = std::make_shared<Node>(kPrefix + type, 1,
                                        OutputVector{node->input_value(0), node->input_value(1), Output(bias, 0)},
                                        attrs);
        f->validate_and_infer_types();
        f->set_friendly_name(last->get_friendly_name());
        f->output_names(0) = last->output_names(0);
        f->get_rt_info() = last->get_rt_info();
        f->get_rt_info()["fused_names"] = joined_names(chain);
        for (const auto& [consumer, index] : consumers[Output(last, 0)]) {
            consumer->set_argument(index, Output(f, 0));
            consumers[Output(f, 0)].emplace_back(consumer, index);
        }
        ++fused;
    }
    if (fused)
        model.validate_nodes_and_infer_types();
    return fused;
}

}  // namespace gpu
}  // namespace ovcl
