// The MVN / LayerNorm patterns of FusedMVN (fusions.hpp, fusions_norm.cpp): an MVN node, or the decomposition front
// ends produce (mean, d = x - mean, var = ReduceMean(d^2), then d / sqrt(var + eps) or d / (sqrt(var) + eps), each in
// several spellings), recognised from its last node (the division). The spellings: docs/kernels.md, "The MVN /
// LayerNorm patterns".
#include <algorithm>
#include <cctype>

#include "host_ref/reduce.hpp"
#include "host_ref/ref_utils.hpp"
#include "transform/fusions_graph.hpp"

namespace ovcl {
namespace gpu {

namespace {

using Match = NormPattern;

bool is(const Output<Node>& o, const char* type) { return o.node && o.node->get_type_name() == type; }

bool scalar_is(const Output<Node>& o, double want) {
    double v = 0;
    return scalar_constant(o, v) && v == want;
}

// Runs `alternative` on a copy of m and keeps the copy only when it matches.
template <typename F>
bool attempt(Match& m, F&& alternative) {
    Match trial = m;
    if (!alternative(trial))
        return false;
    m = std::move(trial);
    return true;
}

// The axes of a reduction node (input 1 a Constant), normalised; false when they are not constant.
bool constant_axes_of(const Node& n, std::vector<size_t>& axes) {
    if (!n.input_value(1).node->is_constant() || n.get_input_partial_shape(0).rank_is_dynamic())
        return false;
    try {
        axes = host_ref::reduction_axes_of(n, host_ref::to_i64(n.input_value(1).node->get_constant_value()),
                                           static_cast<size_t>(n.get_input_partial_shape(0).rank_length()));
    } catch (const Exception&) {
        return false;
    }
    return !axes.empty();
}

// mean = ReduceMean(x, constant axes, keep_dims) of m.data (set by the first match, the same afterwards).
bool mean_of(const Output<Node>& mean, Match& m) {
    std::vector<size_t> axes;
    if (!is(mean, "ReduceMean") || !mean.node->get_attr<bool>("keep_dims", false) ||
        !constant_axes_of(*mean.node, axes))
        return false;
    if (m.data.node && (mean.node->input_value(0) != m.data || axes != m.axes))
        return false;
    m.data = mean.node->input_value(0);
    m.axes = axes;
    m.nodes.push_back(mean.node);
    return true;
}

// RMS normalisation's operand: the data itself, no mean subtracted.
bool raw(const Output<Node>& d, Match& m) {
    if (m.data.node && d != m.data)
        return false;
    m.data = d;
    m.center = false;
    return true;
}

// d = Subtract(x, mean).
bool centred(const Output<Node>& d, Match& m) {
    if (!is(d, "Subtract") || !numpy_binary(*d.node) || !mean_of(d.node->input_value(1), m) ||
        d.node->input_value(0) != m.data)
        return false;
    m.nodes.push_back(d.node);
    return true;
}

// var = ReduceMean(d^2) over the same axes; d^2: Power(d, 2), Multiply(d, d) or SquaredDifference(x, mean).
bool variance(const Output<Node>& var, Match& m) {
    std::vector<size_t> axes;
    if (!is(var, "ReduceMean") || !var.node->get_attr<bool>("keep_dims", false) || !constant_axes_of(*var.node, axes))
        return false;
    const Output<Node> sq = var.node->input_value(0);
    const Node& q = *sq.node;
    // Power(d, 2) or Multiply(d, d): the square of its input 0.
    const bool square = (is(sq, "Power") && numpy_binary(q) && scalar_is(q.input_value(1), 2)) ||
                        (is(sq, "Multiply") && q.input_value(0) == q.input_value(1));
    if (!m.center) {  // RMS: mean(x^2) of the data itself, over the axes found here
        if (!square || q.input_value(0) != m.data)
            return false;
        m.axes = axes;
    } else {
        const bool ok =
            (square && attempt(m, [&](Match& t) { return centred(q.input_value(0), t); })) ||
            (is(sq, "SquaredDifference") && numpy_binary(q) &&
             (attempt(m, [&](Match& t) { return mean_of(q.input_value(1), t) && q.input_value(0) == t.data; }) ||
              attempt(m, [&](Match& t) { return mean_of(q.input_value(0), t) && q.input_value(1) == t.data; })));
        if (!ok || axes != m.axes)
            return false;
    }
    m.nodes.push_back(sq.node);
    m.nodes.push_back(var.node);
    return true;
}

// sqrt(v): Sqrt(v) or Power(v, 0.5); the operand in `v`.
bool square_root(const Output<Node>& s, Output<Node>& v, Match& m) {
    if (!is(s, "Sqrt") && !(is(s, "Power") && numpy_binary(*s.node) && scalar_is(s.node->input_value(1), 0.5)))
        return false;
    v = s.node->input_value(0);
    m.nodes.push_back(s.node);
    return true;
}

// v + eps with eps a single-value Constant: the other operand in `v`.
bool plus_eps(const Output<Node>& sum, Output<Node>& v, Match& m) {
    if (!is(sum, "Add") || !numpy_binary(*sum.node))
        return false;
    for (size_t i = 0; i < 2; ++i)
        if (scalar_constant(sum.node->input_value(1 - i), m.eps)) {
            v = sum.node->input_value(i);
            m.nodes.push_back(sum.node);
            return true;
        }
    return false;
}

// The divisor: sqrt(var + eps) (inside) or sqrt(var) + eps (outside).
bool divisor(const Output<Node>& s, Match& m) {
    return attempt(m, [&](Match& t) {
               Output<Node> sum, var;
               t.inside = true;
               return square_root(s, sum, t) && plus_eps(sum, var, t) && variance(var, t);
           }) ||
           attempt(m, [&](Match& t) {
               Output<Node> root, var;
               t.inside = false;
               return plus_eps(s, root, t) && square_root(root, var, t) && variance(var, t);
           });
}

// The reciprocal of the divisor: Power(var + eps, -0.5), Power(divisor, -1) or Divide(1, divisor).
bool reciprocal(const Output<Node>& r, Match& m) {
    if (!(is(r, "Power") || is(r, "Divide")) || !numpy_binary(*r.node))
        return false;
    m.nodes.push_back(r.node);
    const Output<Node> a = r.node->input_value(0), b = r.node->input_value(1);
    if (is(r, "Divide"))
        return scalar_is(a, 1) && divisor(b, m);
    return (scalar_is(b, -1) && divisor(a, m)) || attempt(m, [&](Match& t) {
               Output<Node> var;
               t.inside = true;
               return scalar_is(b, -0.5) && plus_eps(a, var, t) && variance(var, t);
           });
}

// `y` normalises its data: y = d / divisor or d * reciprocal (either operand order).
bool normalisation(const std::shared_ptr<Node>& y, Match& m) {
    const bool div = y->get_type_name() == "Divide";
    if ((!div && y->get_type_name() != "Multiply") || !numpy_binary(*y))
        return false;
    for (size_t i = 0; i < (div ? 1u : 2u); ++i) {
        const Output<Node> d = y->input_value(i), s = y->input_value(1 - i);
        const auto operand = [&](Match& t) { return attempt(t, [&](Match& u) { return centred(d, u); }) || raw(d, t); };
        if (attempt(m, [&](Match& t) { return operand(t) && (div ? divisor(s, t) : reciprocal(s, t)); })) {
            m.nodes.push_back(y);
            return true;
        }
    }
    return false;
}

// An MVN node (MVN-1 or MVN-6 with constant axes) as a match.
bool mvn_node(const std::shared_ptr<Node>& n, Match& m) {
    if (n->get_type_name() != "MVN" || n->get_input_partial_shape(0).rank_is_dynamic())
        return false;
    const auto rank = static_cast<size_t>(n->get_input_partial_shape(0).rank_length());
    if (n->get_version() >= 6) {
        if (!constant_axes_of(*n, m.axes))
            return false;
        m.eps = n->get_attr<float>("eps");
        std::string mode = n->get_attr<std::string>("eps_mode");
        std::transform(mode.begin(), mode.end(), mode.begin(), [](unsigned char c) { return std::tolower(c); });
        m.inside = mode == "inside_sqrt";
        m.normalize_variance = n->get_attr<bool>("normalize_variance");
    } else {
        std::vector<int64_t> a = n->get_attr<std::vector<int64_t>>("reduction_axes", {});
        if (a.empty())
            for (auto d = static_cast<int64_t>(n->get_attr<bool>("across_channels", true) ? 1 : 2);
                 d < static_cast<int64_t>(rank); ++d)
                a.push_back(d);
        try {
            m.axes = host_ref::reduction_axes_of(*n, a, rank);
        } catch (const Exception&) {
            return false;
        }
        m.eps = n->get_attr<double>("eps");
        m.inside = true;
        m.normalize_variance = n->get_attr<bool>("normalize_variance", true);
    }
    m.data = n->input_value(0);
    m.nodes = {n};
    return !m.axes.empty();
}

}  // namespace

bool match_normalisation(const std::shared_ptr<Node>& node, NormPattern& pattern) {
    pattern = NormPattern();
    if (mvn_node(node, pattern)) {
        pattern.mvn = true;
        return true;
    }
    return normalisation(node, pattern);
}

}  // namespace gpu
}  // namespace ovcl
