#include "ops/epilogue.hpp"

#include <cmath>
#include <cstdio>
#include <map>
#include <vector>

#include "fusions.hpp"

namespace ovcl {
namespace gpu {

namespace {

const std::map<std::string, int>& activation_codes() {
    static const std::map<std::string, int> codes = {{"", 0},     {"Relu", 1},   {"Clamp", 2}, {"Sigmoid", 3},
                                                     {"Tanh", 4}, {"HSwish", 5}, {"Swish", 6}};
    return codes;
}

// An OpenCL C float literal of `v` (rounded to f32, as the host reference compares in f32).
std::string float_literal(double v) {
    if (std::isinf(v))
        return v > 0 ? "INFINITY" : "(-INFINITY)";
    char buf[32];
    std::snprintf(buf, sizeof(buf), "%.9g", static_cast<double>(static_cast<float>(v)));
    std::string s = buf;
    if (s.find_first_of(".e") == std::string::npos)
        s += ".0";
    return "(" + s + "f)";
}

}  // namespace

bool is_fused(const Node& node) { return !fused_base_type(node.get_type_name()).empty(); }

std::string base_op_type(const Node& node) {
    return is_fused(node) ? fused_base_type(node.get_type_name()) : node.get_type_name();
}

Validation validate_epilogue(const Node& node) {
    if (!is_fused(node))
        return Validation::yes();
    if (node.get_input_size() != 3 || !node.input_value(2).node->is_constant())
        return Validation::no("the fused bias (input 2) is not a Constant");
    const std::string act = node.get_attr<std::string>("activation", "");
    if (!activation_codes().count(act))
        return Validation::no("no fused epilogue for activation " + act);
    if (act == "Clamp" && (std::isnan(node.get_attr<double>("min")) || std::isnan(node.get_attr<double>("max"))))
        return Validation::no("Clamp with a NaN bound");
    return Validation::yes();
}

std::string epilogue_options(const Node& node, int mode) {
    if (!is_fused(node))
        return "";
    const std::string act = node.get_attr<std::string>("activation", "");
    std::string opts = " " + define("FUSED", mode) + " " + define("ACT", activation_codes().at(act));
    if (act == "Clamp")
        opts += " " + define("ACT_LO", float_literal(node.get_attr<double>("min"))) + " " +
                define("ACT_HI", float_literal(node.get_attr<double>("max")));
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
