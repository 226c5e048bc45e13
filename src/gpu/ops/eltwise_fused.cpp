// FusedEltwise on the device: the OP expressions of its nodes (eltwise_exprs.cpp) composed into one expression
// of kernels_cl/eltwise.cl, "(t0=<node 0>,t1=<node 1>,...,tN)", each node's operands replaced by the kernel's
// inputs (a..f), by earlier temporaries or by literals (single-value Constants, Clamp bounds, Elu alpha), which
// the kernel reads from its `lits` argument: DAGs that differ only by their constants share one program.
#include <algorithm>
#include <cctype>

#include "ops/eltwise.hpp"
#include "ops/fused_ops.hpp"

namespace ovcl {
namespace gpu {

namespace {

bool real_type(element::Type t) { return t == element::f32 || t == element::f16; }

// Literal i of the kernel's `lits` as a vector, and as a scalar (parameters).
std::string vector_literal(size_t i) { return "((VT(float))lits[" + std::to_string(i) + "])"; }
std::string scalar_literal(size_t i) { return "lits[" + std::to_string(i) + "]"; }

// The tokens of an OP expression: identifiers (first: true) and everything else, numbers whole ("1e-5f").
std::vector<std::pair<bool, std::string>> tokens(const std::string& expr) {
    std::vector<std::pair<bool, std::string>> out;
    const auto id_char = [](char ch) { return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_'; };
    for (size_t i = 0; i < expr.size();) {
        const unsigned char c = static_cast<unsigned char>(expr[i]);
        size_t j = i + 1;
        if (std::isdigit(c) || c == '.') {  // a number, with its suffix and exponent sign
            while (j < expr.size() && (id_char(expr[j]) || expr[j] == '.' ||
                                       ((expr[j] == '-' || expr[j] == '+') && std::tolower(expr[j - 1]) == 'e')))
                ++j;
        } else if (std::isalpha(c) || c == '_') {
            while (j < expr.size() && id_char(expr[j]))
                ++j;
        }
        out.emplace_back(std::isalpha(c) || c == '_', expr.substr(i, j - i));
        i = j;
    }
    return out;
}

bool mentions(const std::string& expr, const std::string& id) {
    for (const auto& [is_id, text] : tokens(expr))
        if (is_id && text == id)
            return true;
    return false;
}

// `expr` with the identifiers a, b, c (operands) and p0, p1 (parameters) replaced, in one pass.
std::string substitute(const std::string& expr, const std::vector<std::string>& operands,
                       const std::array<std::string, 2>& params) {
    std::string out;
    for (const auto& [is_id, text] : tokens(expr)) {
        if (is_id && text.size() == 1 && text[0] >= 'a' && text[0] < static_cast<char>('a' + operands.size()))
            out += operands[static_cast<size_t>(text[0] - 'a')];
        else if (is_id && (text == "p0" || text == "p1"))
            out += params[text == "p0" ? 0 : 1];
        else
            out += text;
    }
    return out;
}

struct Composed {
    EltwiseKernel kernel;
    std::vector<size_t> inputs;  ///< node input read by each kernel input
    std::vector<Shape> reads;
};

Composed compose(const Node& node) {
    Composed c;
    EltwiseKernel& k = c.kernel;
    const auto fail = [&](std::string why) {
        k.op.clear();
        k.reason = std::move(why);
        return c;
    };
    const NodeVector nodes = unfold_fused_eltwise(node, node.input_values());
    if (nodes.size() > kMaxFusedEltwiseOps)
        return fail("FusedEltwise of " + std::to_string(nodes.size()) + " nodes (the kernel has " +
                    std::to_string(kMaxFusedEltwiseOps) + " temporaries)");
    // Kernel inputs and literals for the node's inputs.
    std::vector<std::string> external(node.get_input_size());
    for (size_t i = 0; i < node.get_input_size(); ++i) {
        double v = 0;
        if (literal_input(node.input_value(i), v)) {
            external[i] = vector_literal(k.literals.size());
            k.literals.push_back(static_cast<float>(v));
            continue;
        }
        if (c.inputs.size() == kMaxFusedEltwiseInputs)
            return fail("FusedEltwise reads more than " + std::to_string(kMaxFusedEltwiseInputs) +
                        " inputs from memory");
        const size_t slot = c.inputs.size();
        external[i] = std::string(1, static_cast<char>('a' + slot));
        c.inputs.push_back(i);
        c.reads.push_back(node.get_input_shape(i));
        k.types[slot] = "float";
        k.half[slot] = node.get_input_element_type(i) == element::f16;
    }
    std::string body;
    for (size_t j = 0; j < nodes.size(); ++j) {
        const Node& n = *nodes[j];
        const Validation ok = fusable_eltwise(n);
        if (!ok.supported)
            return fail(n.get_type_name() + " in a FusedEltwise: " + ok.reason);
        const EltwiseKernel e = eltwise_kernel(n);
        k.divide_exact = k.divide_exact || e.divide_exact;
        std::vector<std::string> operands;
        for (const auto& in : n.input_values()) {
            auto producer = std::find(nodes.begin(), nodes.begin() + static_cast<long>(j), in.node);
            if (producer != nodes.begin() + static_cast<long>(j)) {
                operands.push_back("t" + std::to_string(producer - nodes.begin()));
                continue;
            }
            auto ext = std::find(node.input_values().begin(), node.input_values().end(), in);
            if (ext == node.input_values().end())
                return fail("FusedEltwise node " + std::to_string(j) + " reads a value from outside");
            operands.push_back(external[static_cast<size_t>(ext - node.input_values().begin())]);
        }
        double exponent = 0;
        const bool square = n.get_type_name() == "Power" && literal_input(n.input_value(1), exponent) && exponent == 2;
        const std::string expr = square ? "a*a" : e.op;  // x^2 exactly as the correctly rounded pow gives it
        std::array<std::string, 2> params;
        for (size_t q = 0; q < 2; ++q)
            if (mentions(expr, q == 0 ? "p0" : "p1")) {
                params[q] = scalar_literal(k.literals.size());
                k.literals.push_back(static_cast<float>(e.params[q]));
            }
        body += "t" + std::to_string(j) + "=(" + substitute(expr, operands, params) + "),";
    }
    k.op = "(" + body + "t" + std::to_string(nodes.size() - 1) + ")";
    k.arity = c.inputs.size();
    k.types[kEltwiseOut] = "float";
    k.half[kEltwiseOut] = node.get_output_element_type(0) == element::f16;
    k.real = true;
    k.temps = true;
    if (k.arity == 0) {  // every input a literal (folding normally leaves none): read one anyway
        c.inputs.push_back(0);
        c.reads.push_back(node.get_input_shape(0));
        k.types[0] = "float";
        k.half[0] = node.get_input_element_type(0) == element::f16;
        k.arity = 1;
    }
    return c;
}

}  // namespace

Validation fusable_eltwise(const Node& node, bool dims_known_later) {
    const std::string& type = node.get_type_name();
    if (node.get_output_size() != 1 || node.get_input_size() == 0)
        return Validation::no(type + " is not an element-wise op of one output");
    const PartialShape& out = node.get_output_partial_shape(0);
    auto unknown = [&](const PartialShape& s) { return dims_known_later ? s.rank_is_dynamic() : s.is_dynamic(); };
    if (unknown(out))
        return Validation::no("dynamic output shape");
    for (size_t i = 0; i < node.get_input_size(); ++i) {
        if (!real_type(node.get_input_element_type(i)))
            return Validation::no("input " + std::to_string(i) + " is " + node.get_input_element_type(i).to_string() +
                                  " (fused element-wise ops are f32 / f16)");
        if (unknown(node.get_input_partial_shape(i)) || node.get_input_partial_shape(i).size() > out.size())
            return Validation::no("input " + std::to_string(i) + " is dynamic or of a higher rank than the output");
    }
    if (!real_type(node.get_output_element_type(0)))
        return Validation::no("the output is " + node.get_output_element_type(0).to_string());
    std::string bcast = node.get_attr<std::string>("auto_broadcast", "numpy");
    std::transform(bcast.begin(), bcast.end(), bcast.begin(), [](unsigned char c) { return std::tolower(c); });
    if (bcast != "numpy" && bcast != "none")
        return Validation::no("auto_broadcast " + bcast);
    if (type == "PRelu") {  // a slope along axis 1 (host_ref's per-channel rule) is no numpy broadcast
        if (node.get_input_partial_shape(0).is_dynamic() || node.get_input_partial_shape(1).is_dynamic())
            return Validation::no("PRelu of dynamic shapes (its slope may be per channel)");
        const Shape s = node.get_input_shape(1), d = node.get_input_shape(0);
        if (s.size() == 1 && d.size() >= 2 && s[0] == d[1] && shape_size(s) != 1)
            return Validation::no("PRelu with a per-channel slope");
    }
    const EltwiseKernel k = eltwise_kernel(node);
    if (k.op.empty())
        return Validation::no(k.reason);
    if (!k.real && type != "Convert")
        return Validation::no(type + " does not compute in float");
    return Validation::yes();
}

Validation FusedEltwiseOp::validate(const Node& node, const DeviceInfo&) const {
    try {
        const Composed c = compose(node);
        if (c.kernel.op.empty())
            return Validation::no(c.kernel.reason);
    } catch (const Exception& e) {
        return Validation::no(e.what());
    }
    return eltwise_sizes_fit(node);
}

OpConfig FusedEltwiseOp::configure(const Node& node, const DeviceInfo& device) const {
    const Composed c = compose(node);
    if (c.kernel.op.empty())
        raise<NotImplemented>(node.describe(), ": ", c.kernel.reason);
    return eltwise_config(c.kernel, c.inputs, c.reads, node.get_output_shape(0), device, "eltwise_fused");
}

}  // namespace gpu
}  // namespace ovcl
