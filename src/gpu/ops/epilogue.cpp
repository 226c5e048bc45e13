#include "ops/epilogue.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <map>
#include <vector>

#include "fusions.hpp"
#include "fusions_graph.hpp"

namespace ovcl {
namespace gpu {

namespace {

const std::map<std::string, int>& activation_codes() {
    static const std::map<std::string, int> codes = {
        {"", 0},     {"Relu", 1},   {"Clamp", 2}, {"Sigmoid", 3},  {"Tanh", 4},      {"HSwish", 5},
        {"Swish", 6}, {"Gelu", 7},  {"Elu", 9},   {"HSigmoid", 10}, {"Mish", 11},    {"SoftPlus", 12}};
    return codes;
}

// The ACT code of the node's activation (Gelu-7 with approximation_mode tanh: 8); -1 when the epilogue has none.
int activation_code(const Node& node) {
    const std::string act = node.get_attr<std::string>("activation", "");
    auto it = activation_codes().find(act);
    if (it == activation_codes().end())
        return -1;
    if (act == "Gelu" && node.get_attr<int64_t>("activation_version", 2) >= 7) {
        std::string mode = node.get_attr<std::string>("approximation_mode", "erf");
        std::transform(mode.begin(), mode.end(), mode.begin(), [](unsigned char c) { return std::tolower(c); });
        return mode == "tanh" ? 8 : 7;
    }
    return it->second;
}

// FakeQuantize-1 of `e` as the host reference (host_ref/fake_quantize.cpp) computes it, its ranges as literals:
// x <= min(il, ih) ? ol : x > max(il, ih) ? oh : rint((x - il) / (ih - il) * steps) / steps * (oh - ol) + ol, the
// range differences rounded to f32 as the host rounds them. A ternary rather than select(): for a vector e its
// scalar branches widen.
std::string fake_quantize_expression(const std::string& e, const float r[4], int64_t levels) {
    const float il = r[0], ih = r[1], ol = r[2], oh = r[3];
    const std::string steps = float_literal(static_cast<double>(static_cast<float>(levels - 1)));
    const std::string level =
        "rint(((" + e + ")-" + float_literal(il) + ")/" + float_literal(ih - il) + "*" + steps + ")";
    const std::string y = "(" + level + "/" + steps + "*" + float_literal(oh - ol) + "+" + float_literal(ol) + ")";
    return "((" + e + ")<=" + float_literal(std::min(il, ih)) + "?" + float_literal(ol) + ":((" + e + ")>" +
           float_literal(std::max(il, ih)) + "?" + float_literal(oh) + ":" + y + "))";
}

// The post ops (fusions.hpp, their Constants from input 3 on) as the body of ACT_POST(v), the number of inputs
// they take and whether one is a FakeQuantize; empty when there are none, "?" when they are malformed.
std::string post_expression(const Node& node, size_t& inputs, bool& quantizes) {
    static const std::map<std::string, char> ops = {
        {"Multiply", '*'}, {"Add", '+'}, {"Subtract", '-'}, {"Divide", '/'}};
    std::vector<PostOp> post;
    try {
        post = post_ops_of(node);
    } catch (const Exception&) {
        return "?";
    }
    std::string e = "(v)";
    size_t j = 3;
    quantizes = false;
    for (const PostOp& p : post) {
        float c[4] = {0, 0, 0, 0};
        if (j + p.inputs() > node.get_input_size())
            return "?";
        for (size_t k = 0; k < p.inputs(); ++k) {
            double v = 0;
            if (!scalar_constant(node.input_value(j + k), v))
                return "?";
            c[k] = static_cast<float>(v);  // what the kernel computes with
        }
        j += p.inputs();
        if (p.type == "FakeQuantize") {
            e = fake_quantize_expression(e, c, p.levels);
            quantizes = true;
            continue;
        }
        const auto op = ops.find(p.type);
        if (op == ops.end())
            return "?";
        const std::string lit = float_literal(c[0]);
        e = "(" + (p.constant_first ? lit + op->second + e : e + op->second + lit) + ")";
    }
    inputs = j - 3;
    return post.empty() ? "" : e;
}

}  // namespace

std::string float_literal(double v) {
    if (std::isnan(v))
        return "NAN";
    if (std::isinf(v))
        return v > 0 ? "INFINITY" : "(-INFINITY)";
    char buf[32];
    std::snprintf(buf, sizeof(buf), "%.9g", static_cast<double>(static_cast<float>(v)));
    std::string s = buf;
    if (s.find_first_of(".e") == std::string::npos)
        s += ".0";
    return "(" + s + "f)";
}

bool is_fused(const Node& node) { return !fused_base_type(node.get_type_name()).empty(); }

std::string base_op_type(const Node& node) {
    return is_fused(node) ? fused_base_type(node.get_type_name()) : node.get_type_name();
}

bool has_residual(const Node& node) { return is_fused(node) && node.get_attr<bool>("residual", false); }

size_t residual_input(const Node& node) { return node.get_input_size() - 1; }

void add_epilogue_args(const Node& node, size_t bias_constant, KernelLaunch& launch) {
    launch.args.push_back(KernelArg::constant(bias_constant));
    if (has_residual(node))
        launch.args.push_back(KernelArg::input(residual_input(node)));
}

Validation validate_epilogue(const Node& node) {
    if (!is_fused(node))
        return Validation::yes();
    if (node.get_input_size() < 3 || !node.input_value(2).node->is_constant())
        return Validation::no("the fused bias (input 2) is not a Constant");
    const size_t residual = has_residual(node) ? 1 : 0;
    size_t posts = 0;
    bool quantizes = false;
    const std::string post = post_expression(node, posts, quantizes);
    if (post == "?" || node.get_input_size() != 3 + posts + residual)
        return Validation::no("the fused post ops are not Multiply/Add/Subtract/Divide by single-value Constants or "
                              "FakeQuantize with single-value ranges");
    if (residual && (node.get_input_element_type(residual_input(node)) != node.get_output_element_type(0) ||
                     !(node.get_input_partial_shape(residual_input(node)) == node.get_output_partial_shape(0))))
        return Validation::no("the fused residual (input " + std::to_string(residual_input(node)) +
                              ") is not of the output's type and shape (a broadcast Add is not fused)");
    const std::string act = node.get_attr<std::string>("activation", "");
    if (activation_code(node) < 0)
        return Validation::no("no fused epilogue for activation " + act);
    if (act == "Clamp" && (std::isnan(node.get_attr<double>("min")) || std::isnan(node.get_attr<double>("max"))))
        return Validation::no("Clamp with a NaN bound");
    return Validation::yes();
}

std::string epilogue_options(const Node& node, int mode, const DeviceInfo& device) {
    if (!is_fused(node))
        return "";
    const std::string act = node.get_attr<std::string>("activation", "");
    std::string opts = " " + define("FUSED", mode) + " " + define("ACT", activation_code(node));
    if (act == "Clamp")
        opts += " " + define("ACT_LO", float_literal(node.get_attr<double>("min"))) + " " +
                define("ACT_HI", float_literal(node.get_attr<double>("max")));
    if (act == "Elu")
        opts += " " + define("ACT_ALPHA", float_literal(node.get_attr<double>("alpha")));
    size_t posts = 0;
    bool quantizes = false;
    const std::string post = post_expression(node, posts, quantizes);
    if (!post.empty())
        opts += " " + define("ACT_POST(v)", post);
    if (quantizes)  // FakeQuantize computes as the host does: no contraction, division correctly rounded
        opts += " " + define("EPI_EXACT", 1) + correctly_rounded_division(device);
    if (has_residual(node))
        opts += " " + define("RESIDUAL", 1);
    return opts;
}

Tensor channel_bias(const Node& node, size_t channels, size_t padded) {
    const Tensor& src = node.input_value(2).node->get_constant_value();
    Tensor dense(src.get_element_type(), src.get_shape());
    src.copy_to(dense);
    const size_t n = dense.get_size();
    std::vector<float> b(n);
    for (size_t i = 0; i < n; ++i)
        b[i] = dense.get_element_type() == element::f16 ? static_cast<float>(dense.data<const float16>()[i])
                                                        : dense.data<const float>()[i];
    if (n != 1 && n != channels)
        raise<ModelError>(node.describe(), ": the fused bias has ", n, " values for ", channels, " channels");
    Tensor out(element::f32, Shape{padded});
    float* dst = out.data<float>();
    for (size_t i = 0; i < padded; ++i)
        dst[i] = i < channels ? b[n == 1 ? 0 : i] : 0.f;
    return out;
}

}  // namespace gpu
}  // namespace ovcl
