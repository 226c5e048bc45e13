// FusedMVN (fusions.hpp): its registry entry and the fusion of the MVN / LayerNorm patterns that
// fusions_norm_patterns.cpp recognises, with the scale (gamma) and shift (beta) that follow them: a Multiply by
// and an Add of Constants that vary along the normalised axes only (what the kernel's tables hold).
#include <algorithm>
#include <cstdio>
#include <map>

#include "ovcl/ops.hpp"
#include "transform/fusions.hpp"
#include "transform/fusions_graph.hpp"

namespace ovcl {
namespace gpu {

namespace {

const char* const kType = "FusedMVN";

}  // namespace

namespace {

// The operand of binary `n` other than `x` (empty when neither is x).
Output<Node> other(const Node& n, const Output<Node>& x) {
    if (n.get_input_size() != 2)
        return {};
    if (n.input_value(0) == x)
        return n.input_value(1);
    return n.input_value(1) == x ? n.input_value(0) : Output<Node>();
}

// `c` (the operand of a Multiply / Add after the normalisation) as its scale / shift: a Constant of the data's
// type whose broadcast onto the data keeps its shape and varies along the normalised axes only.
bool affine_operand(const Output<Node>& c, const NormPattern& m) {
    if (!c.node || !c.node->is_constant() || c.get_element_type() != m.data.get_element_type())
        return false;
    const Shape cs = c.get_shape();
    const PartialShape& ds = m.data.get_partial_shape();  // static along the normalised axes (fuse_normalization)
    if (cs.size() > ds.size())
        return false;
    for (size_t i = 0; i < cs.size(); ++i) {
        const size_t axis = ds.size() - cs.size() + i;
        if (cs[i] == 1)
            continue;
        if (std::find(m.axes.begin(), m.axes.end(), axis) == m.axes.end() ||
            cs[i] != static_cast<size_t>(ds[axis].get_length()))
            return false;
    }
    return true;
}

std::string float_text(double v) {
    char buf[32];
    std::snprintf(buf, sizeof(buf), "%.9g", static_cast<double>(static_cast<float>(v)));
    return buf;
}

Output<Node> scalar_of(element::Type type, float v) {
    Tensor t(type, Shape{});
    if (type == element::f16)
        t.data<float16>()[0] = float16(v);
    else
        t.data<float>()[0] = v;
    return Output<Node>(op::constant(t), 0);
}

}  // namespace

size_t fuse_normalization(Model& model, const std::set<std::string>& host_ops) {
    FusionWalk walk(model);
    const Consumers& consumers = walk.consumers;
    const auto& position = walk.position;
    size_t fused = 0;
    for (const auto& node : walk.order) {
        if (!position.count(node.get()))
            continue;  // already fused
        NormPattern m;
        if (!match_normalisation(node, m))
            continue;
        // Dims outside the normalised axes may be dynamic (a decoder's tokens): the kernel is configured per shape.
        const element::Type et = m.data.get_element_type();
        const PartialShape& ds = m.data.get_partial_shape();
        if ((et != element::f32 && et != element::f16) || ds.rank_is_dynamic() ||
            std::any_of(m.axes.begin(), m.axes.end(), [&](size_t a) { return a >= ds.size() || ds[a].is_dynamic(); }))
            continue;
        NodeVector nodes = m.nodes;
        walk.sort_in_order(nodes);
        nodes.erase(std::unique(nodes.begin(), nodes.end()), nodes.end());
        const bool closed = std::all_of(nodes.begin(), nodes.end() - 1, [&](const auto& n) {
            return position.count(n.get()) && consumers.all_in(Output<Node>(n, 0), nodes);
        });
        const bool allowed = std::none_of(nodes.begin(), nodes.end(), [&](const auto& n) {
            return host_ops.count(n->get_type_name()) || n->get_output_element_type(0) != et;
        });
        if (!closed || !allowed || host_ops.count("MVN"))
            continue;
        // The scale and shift that follow.
        Output<Node> scale = scalar_of(et, 1.f), shift = scalar_of(et, 0.f);
        for (const char* type : {"Multiply", "Add"}) {
            auto next = consumers.only(Output<Node>(nodes.back(), 0));
            if (!next || next->get_type_name() != type || !numpy_binary(*next) || host_ops.count(type))
                continue;
            const Output<Node> c = other(*next, Output<Node>(nodes.back(), 0));
            if (!affine_operand(c, m))
                continue;
            (std::string(type) == "Multiply" ? scale : shift) = c;
            nodes.push_back(next);
        }
        if (m.mvn && nodes.size() == 1)
            continue;  // a lone MVN stays what it is
        std::vector<int64_t> axes(m.axes.begin(), m.axes.end());
        auto axes_const = op::constant<int64_t>(element::i64, Shape{axes.size()}, axes);
        Attributes attrs{{"normalize_variance", m.normalize_variance ? "true" : "false"},
                         {"eps", float_text(m.eps)},
                         {"eps_mode", m.inside ? "inside_sqrt" : "outside_sqrt"}};
        if (!m.center)
            attrs.emplace_back("center", "false");
        auto f = std::make_shared<Node>(kType, 1, OutputVector{m.data, Output<Node>(axes_const, 0), scale, shift},
                                        attrs);
        walk.replace_taken(f, nodes);
        ++fused;
    }
    return walk.done(fused);
}

}  // namespace gpu
}  // namespace ovcl
