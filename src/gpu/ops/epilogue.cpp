#include "ops/epilogue.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <map>
#include <vector>

#include "host_ref/ref_utils.hpp"
#include "ops/quantize.hpp"
#include "ops/fused_ops.hpp"

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

// FakeQuantize-1 of `e` as the host reference (host_ref/fake_quantize.cpp) computes it, in the operand order of
// fake_quantize_entry (lo, hi, il, ih - il, ol, oh - ol, oh; literals or EPI_CH planes):
// x <= lo ? ol : x > hi ? oh : rint((x - il) / (ih - il) * steps) / steps * (oh - ol) + ol. A ternary rather
// than select(): for a vector e its scalar branches widen.
std::string fake_quantize_expression(const std::string& e, const std::array<std::string, 7>& q, int64_t levels) {
    const std::string steps = float_literal(static_cast<double>(static_cast<float>(levels - 1)));
    const std::string level = "rint(((" + e + ")-" + q[2] + ")/" + q[3] + "*" + steps + ")";
    const std::string y = "(" + level + "/" + steps + "*" + q[5] + "+" + q[4] + ")";
    return "((" + e + ")<=" + q[0] + "?" + q[4] + ":((" + e + ")>" + q[1] + "?" + q[6] + ":" + y + "))";
}

// The post ops (fusions.hpp, their Constants from input 3 on) for the kernel: the body of ACT_POST(v) (empty when
// there are none, "?" when they are malformed), the number of inputs they take, whether one is a FakeQuantize,
// and the values of the table planes 1.. that EPI_CH reads (one per channel each), for the post ops whose
// Constants hold one value per channel (those with one value are literals).
struct PostCode {
    std::string expression;
    size_t inputs = 0;
    bool quantizes = false;
    std::vector<std::vector<float>> planes;
};

PostCode post_code(const Node& node) {
    static const std::map<std::string, char> ops = {
        {"Multiply", '*'}, {"Add", '+'}, {"Subtract", '-'}, {"Divide", '/'}};
    PostCode code;
    const auto malformed = [&code] {
        code.expression = "?";
        return code;
    };
    std::vector<PostOp> post;
    try {
        post = post_ops_of(node);
    } catch (const Exception&) {
        return malformed();
    }
    const PartialShape& out = node.get_output_partial_shape(0);
    const size_t axis = output_channel_axis(base_op_type(node), out);
    // A post op's Constant as f32 values, one or one per channel (what the kernel computes with); false when it
    // is neither.
    const auto values_of = [&](const Output<Node>& c, std::vector<float>& values) {
        if (!channel_shaped(c, node.get_output_element_type(0), out, axis))
            return false;
        const Tensor t = host_ref::to_f32(c.node->get_constant_value());
        values.assign(t.data<const float>(), t.data<const float>() + t.get_size());
        return !values.empty();
    };
    // `values` (one per channel) as a new table plane read by EPI_CH, or one value as a literal.
    const auto operand = [&code](const std::vector<float>& values) {
        if (std::all_of(values.begin(), values.end(), [&](float v) { return v == values[0]; }))
            return float_literal(values[0]);
        code.planes.push_back(values);
        return "EPI_CH(" + std::to_string(code.planes.size()) + ")";
    };
    std::string e = "(v)";
    size_t j = 3;
    for (const PostOp& p : post) {
        if (j + p.inputs() > node.get_input_size())
            return malformed();
        std::vector<std::vector<float>> c(p.inputs());
        size_t channels = 1;
        for (size_t k = 0; k < p.inputs(); ++k) {
            if (!values_of(node.input_value(j + k), c[k]))
                return malformed();
            channels = std::max(channels, c[k].size());
        }
        j += p.inputs();
        const auto op = ops.find(p.type);
        if (p.type == "FakeQuantize") {
            // Per channel: fake_quantize_entry of each channel's ranges, its k-th value as operand k.
            std::array<std::vector<float>, 7> q;
            for (size_t ch = 0; ch < channels; ++ch) {
                const auto at = [&](size_t k) { return c[k][c[k].size() == 1 ? 0 : ch]; };
                const std::array<float, 7> entry = fake_quantize_entry(at(0), at(1), at(2), at(3));
                for (size_t k = 0; k < q.size(); ++k)
                    q[k].push_back(entry[k]);
            }
            std::array<std::string, 7> operands;
            for (size_t k = 0; k < q.size(); ++k)
                operands[k] = operand(q[k]);
            e = fake_quantize_expression(e, operands, p.levels);
            code.quantizes = true;
        } else if (op != ops.end()) {
            const std::string c0 = operand(c[0]);
            e = "(" + (p.constant_first ? c0 + op->second + e : e + op->second + c0) + ")";
        } else {
            return malformed();
        }
    }
    code.inputs = j - 3;
    code.expression = post.empty() ? "" : e;
    return code;
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
    const PostCode post = post_code(node);
    if (post.expression == "?" || node.get_input_size() != 3 + post.inputs + residual)
        return Validation::no("the fused post ops are not Multiply/Add/Subtract/Divide by Constants or FakeQuantize "
                              "with Constant ranges, of one value or one per channel");
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

std::string epilogue_options(const Node& node, int mode, const DeviceInfo& device, const Tensor& table) {
    if (!is_fused(node))
        return "";
    const std::string act = node.get_attr<std::string>("activation", "");
    std::string opts = " " + define("FUSED", mode) + " " + define("ACT", activation_code(node));
    if (act == "Clamp")
        opts += " " + define("ACT_LO", float_literal(node.get_attr<double>("min"))) + " " +
                define("ACT_HI", float_literal(node.get_attr<double>("max")));
    if (act == "Elu")
        opts += " " + define("ACT_ALPHA", float_literal(node.get_attr<double>("alpha")));
    const PostCode post = post_code(node);
    if (!post.expression.empty())
        opts += " " + define("ACT_POST(v)", post.expression);
    if (!post.planes.empty())
        opts += " " + define("EPI_PLANE", static_cast<long long>(table.get_size() / (1 + post.planes.size())));
    if (post.quantizes)  // FakeQuantize computes as the host does: no contraction, division correctly rounded
        opts += " " + define("EPI_EXACT", 1) + correctly_rounded_division(device);
    if (has_residual(node))
        opts += " " + define("RESIDUAL", node.get_attr<std::string>("residual_op", "Add") == "Multiply" ? 2 : 1);
    return opts;
}

Tensor channel_bias(const Node& node, size_t channels, size_t padded) {
    const Tensor bias = host_ref::to_f32(node.input_value(2).node->get_constant_value());
    std::vector<std::vector<float>> planes{std::vector<float>(bias.data<const float>(),
                                                              bias.data<const float>() + bias.get_size())};
    if (planes[0].size() == 1) {
        const float b = planes[0][0];
        planes[0].assign(channels, b);
    }
    for (std::vector<float>& p : post_code(node).planes)
        planes.push_back(std::move(p));
    Tensor out(element::f32, Shape{planes.size() * padded});
    float* dst = out.data<float>();
    std::fill_n(dst, out.get_size(), 0.f);
    for (size_t k = 0; k < planes.size(); ++k) {
        if (planes[k].size() != channels || channels > padded)
            raise<ModelError>(node.describe(), ": the fused ", k == 0 ? "bias" : "post op", " has ", planes[k].size(),
                              " values for ", channels, " channels");
        std::copy(planes[k].begin(), planes[k].end(), dst + k * padded);
    }
    return out;
}

}  // namespace gpu
}  // namespace ovcl
