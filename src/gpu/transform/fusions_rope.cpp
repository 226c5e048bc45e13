// FusedRoPE (fusions.hpp): rotary position embedding with the halves rotated, as PyTorch models write it
// (GPT-NeoX, LLaMA, Qwen: q * cos + rotate_half(q) * sin) and OpenVINO's frontends convert it:
//   x1 = Slice(x, 0, D/2), x2 = Slice(x, D/2, end) along the last axis, neg = x2 * -1 (or Negative),
//   y = Add(Multiply(x, cos), Multiply(Concat(neg, x1), sin))
// Multiply and Add take their operands in either order. Seven kernels (five after the element-wise fusion) become
// one, twice per attention layer and token.
#include "ovcl/ops.hpp"
#include "transform/fusions.hpp"
#include "transform/fusions_graph.hpp"

namespace ovcl {
namespace gpu {

namespace {

struct RopePattern {
    Output<Node> x, cos, sin;
    NodeVector nodes;  ///< every node replaced, in any order
};

int64_t single(const Output<Node>& port, bool& ok) {
    const auto v = integer_constant(port);
    ok = ok && v && v->size() == 1;
    return ok ? v->front() : 0;
}

// Slice-8 of [start, stop) with step 1 along the last axis of its data (of static last extent d), clamped as the
// op clamps them; false for any other node.
bool last_axis_slice(const std::shared_ptr<Node>& n, int64_t d, int64_t& start, int64_t& stop) {
    if (n->get_type_name() != "Slice" || n->get_version() != 8 || n->get_input_size() != 5)
        return false;
    const auto rank = static_cast<int64_t>(n->get_input_partial_shape(0).size());
    bool ok = true;
    start = single(n->input_value(1), ok);
    stop = single(n->input_value(2), ok);
    const int64_t step = single(n->input_value(3), ok), axis = single(n->input_value(4), ok);
    if (!ok || step != 1 || (axis != rank - 1 && axis != -1))
        return false;
    const auto clamp = [d](int64_t v) { return std::min(std::max(v < 0 ? v + d : v, int64_t{0}), d); };
    start = clamp(start);
    stop = clamp(stop);
    return true;
}

// x2 * -1, -1 * x2 or Negative(x2): x2; empty otherwise.
Output<Node> negated(const std::shared_ptr<Node>& n) {
    if (n->get_type_name() == "Negative")
        return n->input_value(0);
    if (n->get_type_name() != "Multiply" || !numpy_binary(*n))
        return {};
    for (size_t i = 0; i < 2; ++i) {
        double v = 0;
        if (scalar_constant(n->input_value(1 - i), v) && v == -1.0)
            return n->input_value(i);
    }
    return {};
}

// Concat(neg(Slice(x, D/2, D)), Slice(x, 0, D/2)) along the last axis: fills x and the four nodes.
bool rotate_half(const std::shared_ptr<Node>& concat, RopePattern& m) {
    if (concat->get_type_name() != "Concat" || concat->get_input_size() != 2)
        return false;
    const PartialShape& s = concat->get_output_partial_shape(0);
    if (s.rank_is_dynamic() || s.size() == 0 || s[s.size() - 1].is_dynamic())
        return false;
    const auto rank = static_cast<int64_t>(s.size()), d = s[s.size() - 1].get_length();
    const auto axis = concat->get_attr<int64_t>("axis");
    if ((axis != rank - 1 && axis != -1) || d % 2 != 0)
        return false;
    const auto neg = concat->input_value(0).node, x1 = concat->input_value(1).node;
    const Output<Node> x2_port = negated(neg);
    if (!x2_port.node)
        return false;
    const auto x2 = x2_port.node;
    int64_t a0 = 0, a1 = 0, b0 = 0, b1 = 0;
    if (!last_axis_slice(x1, d, a0, a1) || !last_axis_slice(x2, d, b0, b1) || x1->input_value(0) != x2->input_value(0))
        return false;
    if (a0 != 0 || a1 != d / 2 || b0 != d / 2 || b1 != d || x1->get_input_partial_shape(0) != s)
        return false;
    m.x = x1->input_value(0);
    m.nodes = {x1, x2, neg, concat};
    return true;
}

bool match_rope(const std::shared_ptr<Node>& add, RopePattern& m) {
    if (add->get_type_name() != "Add" || !numpy_binary(*add))
        return false;
    for (size_t i = 0; i < 2; ++i) {
        const auto with_cos = add->input_value(i).node, with_sin = add->input_value(1 - i).node;
        if (with_cos->get_type_name() != "Multiply" || with_sin->get_type_name() != "Multiply" ||
            !numpy_binary(*with_cos) || !numpy_binary(*with_sin))
            continue;
        for (size_t j = 0; j < 2; ++j) {
            RopePattern p;
            if (!rotate_half(with_sin->input_value(j).node, p))
                continue;
            p.sin = with_sin->input_value(1 - j);
            for (size_t k = 0; k < 2; ++k)
                if (with_cos->input_value(k) == p.x) {
                    p.cos = with_cos->input_value(1 - k);
                    p.nodes.insert(p.nodes.end(), {with_cos, with_sin, add});
                    m = p;
                    return true;
                }
        }
    }
    return false;
}

}  // namespace

size_t fuse_rope(Model& model, const std::set<std::string>& host_ops) {
    for (const char* type : {"Slice", "Concat", "Multiply", "Add", "Negative"})
        if (host_ops.count(type))
            return 0;
    FusionWalk walk(model);
    size_t fused = 0;
    for (const auto& add : walk.order) {
        RopePattern m;
        if (!walk.position.count(add.get()) || !match_rope(add, m))
            continue;
        const element::Type et = m.x.get_element_type();
        const PartialShape& xs = m.x.get_partial_shape();
        if ((et != element::f32 && et != element::f16) || m.cos.get_element_type() != et ||
            m.sin.get_element_type() != et || add->get_output_partial_shape(0) != xs ||
            !broadcasts_onto(*add, m.cos.get_partial_shape(), xs) ||
            !broadcasts_onto(*add, m.sin.get_partial_shape(), xs))
            continue;
        walk.sort_in_order(m.nodes);
        const bool closed = std::all_of(m.nodes.begin(), m.nodes.end() - 1, [&](const auto& n) {
            return walk.position.count(n.get()) && walk.consumers.all_in(Output<Node>(n, 0), m.nodes);
        });
        if (!closed)
            continue;
        walk.replace_taken(std::make_shared<Node>("FusedRoPE", 1, OutputVector{m.x, m.cos, m.sin}, Attributes{}),
                           m.nodes);
        ++fused;
    }
    return walk.done(fused);
}

}  // namespace gpu
}  // namespace ovcl
