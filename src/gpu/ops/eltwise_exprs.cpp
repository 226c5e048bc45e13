// The OpenCL expression of each element-wise op (the OP macro of kernels_cl/eltwise.cl), written to give
// what host_ref gives: the same NaN rules (Maximum is a < b ? b : a, Relu keeps NaN), wrapping integer
// arithmetic (computed unsigned), real-to-integer conversion as OpenVINO CPU's.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <map>

#include "ops/eltwise.hpp"

namespace ovcl {
namespace gpu {

namespace {

struct Rule {
    size_t arity;
    const char* real;     ///< f32, f16 (computed as float); nullptr: none
    const char* integer;  ///< i32, i64; nullptr: none
};

// Expressions on vectors a, b of the input type; macros and helpers are those of kernels_cl/eltwise.cl.
const std::map<std::string, Rule>& rules() {
    static const std::map<std::string, Rule> r{
        {"Abs", {1, "fabs(a)", "select(a,AS_S((UA)0-AS_U(a)),a<(TA)0)"}},
        // Only inside a FusedEltwise: a FakeQuantize alone runs kernels_cl/quantize.cl (ops/quantize.hpp).
        {"FakeQuantize", {5, "fq_v(a,b,c,d,e,p0)", nullptr}},
        {"Negative", {1, "-a", "AS_S((UA)0-AS_U(a))"}},
        {"Exp", {1, "exp(a)", nullptr}},
        {"Log", {1, "log(a)", nullptr}},
        {"Sqrt", {1, "sqrt(a)", nullptr}},
        {"Erf", {1, "erf(a)", nullptr}},
        {"Floor", {1, "floor(a)", "a"}},
        {"Ceiling", {1, "ceil(a)", "a"}},
        {"Sin", {1, "sin(a)", nullptr}},
        {"Cos", {1, "cos(a)", nullptr}},
        {"Tanh", {1, "tanh(a)", nullptr}},
        {"Tan", {1, "tan(a)", nullptr}},
        {"Asin", {1, "asin(a)", nullptr}},
        {"Acos", {1, "acos(a)", nullptr}},
        {"Atan", {1, "atan(a)", nullptr}},
        {"Sinh", {1, "sinh(a)", nullptr}},
        {"Cosh", {1, "cosh(a)", nullptr}},
        {"Asinh", {1, "asinh(a)", nullptr}},
        {"Acosh", {1, "acosh(a)", nullptr}},
        {"Atanh", {1, "atanh(a)", nullptr}},
        {"Sign", {1, "sign(a)", "select(select((VTA)0,(VTA)1,a>(TA)0),(VTA)-1,a<(TA)0)"}},
        {"SoftSign", {1, "a/(1.0f+fabs(a))", nullptr}},
        // b, c: alpha and beta (HardSigmoid), alpha and lambda (Selu), one value each.
        {"HardSigmoid", {3, "clamp_v(b*a+c,0.0f,1.0f)", nullptr}},
        {"Selu", {3, "c*select(b*expm1(a),a,a>0.0f)", nullptr}},
        {"Relu", {1, "select(a,(VTA)0,a<(TA)0)", "select(a,(VTA)0,a<(TA)0)"}},
        {"Sigmoid", {1, "sigmoid_v(a)", nullptr}},
        {"Clamp", {1, "clamp_v(a,p0,p1)", "min(max(a,p0),p1)"}},
        {"Elu", {1, "select(p0*expm1(a),a,a>0.0f)", nullptr}},
        {"HSwish", {1, "a*clamp_v(a+3.0f,0.0f,6.0f)/6.0f", nullptr}},
        {"HSigmoid", {1, "clamp_v(a+3.0f,0.0f,6.0f)/6.0f", nullptr}},
        {"Mish", {1, "a*tanh(softplus_v(a))", nullptr}},
        {"SoftPlus", {1, "softplus_v(a)", nullptr}},
        {"Add", {2, "a+b", "AS_S(AS_U(a)+AS_U(b))"}},
        {"Subtract", {2, "a-b", "AS_S(AS_U(a)-AS_U(b))"}},
        {"Multiply", {2, "a*b", "AS_S(AS_U(a)*AS_U(b))"}},
        {"Divide", {2, "a/b", "idiv_v(a,b,1)"}},  // integers floor unless m_pythondiv is false
        {"Maximum", {2, "select(a,b,a<b)", "select(a,b,a<b)"}},
        {"Minimum", {2, "select(a,b,b<a)", "select(a,b,b<a)"}},
        {"Power", {2, "pow(a,b)", "ipow_v(a,b)"}},
        {"SquaredDifference", {2, "(a-b)*(a-b)", "AS_S((AS_U(a)-AS_U(b))*(AS_U(a)-AS_U(b)))"}},
        {"FloorMod", {2, "floormod_v(a,b)", "imod_v(a,b,1)"}},
        {"Mod", {2, "fmod(a,b)", "imod_v(a,b,0)"}},
        {"PRelu", {2, "select(a,a*b,a<(TA)0)", "select(a,AS_S(AS_U(a)*AS_U(b)),a<(TA)0)"}},
    };
    return r;
}

const std::map<std::string, const char*>& comparisons() {
    static const std::map<std::string, const char*> c{
        {"Equal", "CMP(a==b)"},   {"NotEqual", "CMP(a!=b)"}, {"Less", "CMP(a<b)"},
        {"LessEqual", "CMP(a<=b)"}, {"Greater", "CMP(a>b)"},  {"GreaterEqual", "CMP(a>=b)"},
    };
    return c;
}

const std::map<std::string, const char*>& logicals() {
    static const std::map<std::string, const char*> l{
        {"LogicalAnd", "CMP(IS_TRUE(a)&IS_TRUE(b))"},
        {"LogicalOr", "CMP(IS_TRUE(a)|IS_TRUE(b))"},
        {"LogicalXor", "CMP(IS_TRUE(a)^IS_TRUE(b))"},
    };
    return l;
}

/// BitwiseAnd/Or/Xor-13 on booleans (stored 0/1) and integers alike; BitwiseNot apart (bitwise_kernel).
const std::map<std::string, const char*>& bitwise() {
    static const std::map<std::string, const char*> b{
        {"BitwiseAnd", "a&b"}, {"BitwiseOr", "a|b"}, {"BitwiseXor", "a^b"}};
    return b;
}

bool is_real(element::Type t) { return t == element::f32 || t == element::f16; }
bool is_int(element::Type t) { return t == element::i32 || t == element::i64; }

/// The compute type of a buffer of type t (f16 computes in float) and whether it stores half.
void set_type(EltwiseKernel& k, size_t slot, element::Type t) {
    k.half[slot] = t == element::f16;
    k.types[slot] = k.half[slot] ? "float" : cl_type(t);
}

/// An integral double in T, saturated at T's limits; NaN gives 0.
template <typename T>
int64_t saturate(double v) {
    if (std::isnan(v))
        return 0;
    if (v <= static_cast<double>(std::numeric_limits<T>::lowest()))
        return std::numeric_limits<T>::lowest();
    if (v >= static_cast<double>(std::numeric_limits<T>::max()))
        return std::numeric_limits<T>::max();
    return static_cast<int64_t>(v);
}

EltwiseKernel refuse(std::string why) {
    EltwiseKernel k;
    k.reason = std::move(why);
    return k;
}

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
    return s;
}

/// Integer Divide, FloorMod and Mod: host_ref throws on a zero divisor, which a kernel cannot; the
/// divisor must be a Constant without zeros (so it cannot throw).
std::string divisor_problem(const Node& node) {
    const Node& divisor = *node.input_value(1).node;
    if (!divisor.is_constant())
        return "integer " + node.get_type_name() +
               " needs a Constant divisor (host_ref raises on a zero divisor, a kernel cannot)";
    const Tensor& v = divisor.get_constant_value();
    const auto* p = static_cast<const unsigned char*>(v.data());
    const size_t es = v.get_element_type().size();
    for (size_t i = 0; i < v.get_size(); ++i)
        if (std::all_of(p + i * es, p + (i + 1) * es, [](unsigned char c) { return c == 0; }))
            return "integer " + node.get_type_name() + " by a Constant divisor that holds 0";
    return {};
}

// Convert, as OpenVINO CPU converts (host_ref/unary.hpp, convert_elements): real sources truncate into i32
// (cpu_i32_v), then convert as integers; integers wrap (computed unsigned, then reinterpreted); anything
// becomes boolean as x != 0 (NaN: false); booleans read as 0/1.
EltwiseKernel convert_kernel(element::Type from, element::Type to) {
    const auto ok = [](element::Type t) {
        return is_real(t) || is_int(t) || t == element::i8 || t == element::u8 || t == element::boolean;
    };
    if (!ok(from) || !ok(to))
        return refuse("Convert from " + from.to_string() + " to " + to.to_string() +
                      " (GPU converts among f32, f16, i32, i64, i8, u8, boolean)");
    EltwiseKernel k;
    set_type(k, 0, from);
    set_type(k, kEltwiseOut, to);
    k.real = is_real(from);
    std::string src = from == element::boolean ? "(IS_TRUE(a)&(char)1)" : "a";
    if (k.real && !is_real(to) && to != element::boolean) {
        // An f16 infinity is +-65504 unless the target has 8 bits.
        const std::string x = from == element::f16 && to.size() > 1 ? "select(a,copysign((VTA)65504.0f,a),isinf(a))"
                                                                      : "a";
        src = "cpu_i32_v(" + x + ")";
    }
    const std::string dst = k.types[kEltwiseOut];
    if (to == element::boolean)
        k.op = k.real ? "CMP((a!=(TA)0)&(a==a))" : "CMP(a!=(TA)0)";
    else if (is_real(to))
        k.op = k.real ? "a" : "CVT(float)(" + src + ")";
    else if (to.is_signed())
        k.op = "AS(" + dst + ")(CVT(u" + dst + ")(" + src + "))";
    else
        k.op = "CVT(" + dst + ")(" + src + ")";
    return k;
}

/// Select: values are copied as unsigned integers of their size, so every type is exact.
EltwiseKernel select_kernel(element::Type t) {
    static const char* bits[] = {nullptr, "uchar", "ushort", nullptr, "uint", nullptr, nullptr, nullptr, "ulong"};
    static const char* mask[] = {nullptr, "char", "short", nullptr, "int", nullptr, nullptr, nullptr, "long"};
    const size_t size = t.size();
    if (size == 0 || size > 8 || !bits[size])
        return refuse("Select of " + t.to_string());
    EltwiseKernel k;
    k.arity = 3;
    k.types = {"uchar", bits[size], bits[size]};
    k.types[kEltwiseOut] = bits[size];
    k.op = std::string("select(c,b,CVT(") + mask[size] + ")(IS_TRUE(a)))";
    return k;
}

/// Logical ops and LogicalNot: booleans only.
EltwiseKernel logical_kernel(const std::string& type, element::Type t) {
    if (t != element::boolean)
        return refuse(type + " of " + t.to_string());
    EltwiseKernel k;
    k.arity = type == "LogicalNot" ? 1 : 2;
    k.types.fill("uchar");
    k.op = type == "LogicalNot" ? "CMP(a==(uchar)0)" : logicals().at(type);
    return k;
}

/// Bitwise ops: booleans and the integer types OpenCL C has, each its own type throughout.
EltwiseKernel bitwise_kernel(const std::string& type, element::Type t) {
    static const element::Type_t types[] = {element::Type_t::boolean, element::Type_t::i8,  element::Type_t::u8,
                                            element::Type_t::i16,     element::Type_t::u16, element::Type_t::i32,
                                            element::Type_t::u32,     element::Type_t::i64, element::Type_t::u64};
    if (std::find(std::begin(types), std::end(types), static_cast<element::Type_t>(t)) == std::end(types))
        return refuse(type + " of " + t.to_string() + " (GPU bitwise ops take boolean and 8- to 64-bit integers)");
    EltwiseKernel k;
    k.arity = type == "BitwiseNot" ? 1 : 2;
    k.types.fill(cl_type(t));
    if (type != "BitwiseNot")
        k.op = bitwise().at(type);
    else
        k.op = t == element::boolean ? "CMP(a==(TA)0)" : "~a";
    return k;
}

EltwiseKernel comparison_kernel(const std::string& type, element::Type t) {
    if (!is_real(t) && !is_int(t) && t != element::boolean && t != element::i8 && t != element::u8)
        return refuse(type + " of " + t.to_string() + " (GPU compares f32, f16, i32, i64, i8, u8, boolean)");
    EltwiseKernel k;
    k.arity = 2;
    set_type(k, 0, t);
    set_type(k, 1, t);
    set_type(k, kEltwiseOut, element::boolean);
    k.op = comparisons().at(type);
    return k;
}

/// The expression of an arithmetic op (unary or binary) on inputs of type t; sets k.arity, or k.reason.
std::string arithmetic_expr(const Node& node, element::Type t, EltwiseKernel& k) {
    const std::string& type = node.get_type_name();
    if (type == "Round") {  // half_to_even: rint (ties to even); half_away_from_zero: round
        k.arity = 1;
        if (is_int(t))
            return "a";
        if (!is_real(t)) {
            k.reason = "Round of " + t.to_string();
            return {};
        }
        return lower(node.get_attr<std::string>("mode")) == "half_to_even" ? "rint(a)" : "round(a)";
    }
    if (type == "Gelu" || type == "Swish") {
        if (!is_real(t)) {
            k.reason = type + " of " + t.to_string();
            return {};
        }
        if (type == "Swish") {
            k.arity = node.get_input_size();  // b: beta, a single element
            if (k.arity == 2 && shape_size(node.get_input_shape(1)) != 1)
                k.reason = "Swish beta must hold one value";
            return k.arity == 2 ? "a*sigmoid_v(b*a)" : "a*sigmoid_v(a)";
        }
        const std::string mode = node.get_version() >= 7 ? node.get_attr<std::string>("approximation_mode", "erf")
                                                          : "erf";
        // tanh: 0.5 x (1 + tanh(u)) = x / (1 + exp(-2u)); host_ref's form cancels for x << 0, where PoCL's
        // tanh stops 1 ulp short of -1 and 1 + tanh(u) becomes 2^-24 instead of 0.
        return lower(mode) == "tanh" ? "a/(1.0f+exp(-1.5957691216057308f*(a+0.044715f*a*a*a)))"
                                     : "0.5f*a*(1.0f+erf(a*0.70710678118654752440f))";
    }
    const auto it = rules().find(type);
    if (it == rules().end()) {
        k.reason = "no eltwise kernel for " + type;
        return {};
    }
    k.arity = it->second.arity;
    const char* e = is_real(t) ? it->second.real : is_int(t) ? it->second.integer : nullptr;
    if (!e) {
        if (is_int(t) && it->second.real)
            k.reason = "integer " + type + " (host_ref computes it in double and rounds)";
        else
            k.reason = type + " of " + t.to_string() + " (GPU arithmetic is f32, f16, i32, i64)";
        return {};
    }
    if (is_int(t) && (type == "Divide" || type == "FloorMod" || type == "Mod"))
        k.reason = divisor_problem(node);
    if (type == "Divide" && is_int(t) && !node.get_attr<bool>("m_pythondiv", true))
        return "idiv_v(a,b,0)";
    return e;
}

/// p0, p1: Clamp's bounds, Elu's alpha, FakeQuantize's steps (levels - 1), as host_ref rounds them.
void set_params(const Node& node, element::Type t, EltwiseKernel& k) {
    if (node.get_type_name() == "FakeQuantize") {
        k.params[0] = static_cast<float>(node.get_attr<int64_t>("levels") - 1);
        k.divide_exact = true;
    } else if (node.get_type_name() == "Elu") {
        k.params[0] = static_cast<float>(node.get_attr<double>("alpha"));
    } else if (node.get_type_name() == "Clamp") {
        const double lo = node.get_attr<double>("min"), hi = node.get_attr<double>("max");
        k.params = {static_cast<float>(lo), static_cast<float>(hi)};
        // Integer inputs clamp to ceil(min) and floor(max), saturated to the type (host_ref's round_to).
        if (t == element::i32)
            k.int_params = {saturate<int32_t>(std::ceil(lo)), saturate<int32_t>(std::floor(hi))};
        else
            k.int_params = {saturate<int64_t>(std::ceil(lo)), saturate<int64_t>(std::floor(hi))};
    }
}

// Power(x, 2) with a Constant exponent of one element that broadcasts nothing: the output is x's shape.
bool squares(const Node& node) {
    double exponent = 0;
    return literal_input(node.input_value(1), exponent) && exponent == 2.0 &&
           node.get_input_partial_shape(0) == node.get_output_partial_shape(0);
}

}  // namespace

bool literal_input(const Output<Node>& in, double& value) {
    if (!in.node->is_constant() || shape_size(in.get_shape()) != 1 || !is_real(in.get_element_type()))
        return false;
    const Tensor& t = in.node->get_constant_value();
    value = t.get_element_type() == element::f16 ? static_cast<float>(t.data<const float16>()[0])
                                                 : t.data<const float>()[0];
    return true;
}

EltwiseKernel eltwise_kernel(const Node& node) {
    const std::string& type = node.get_type_name();
    const element::Type t = node.get_input_element_type(0);
    if (type == "Convert")
        return convert_kernel(t, node.get_output_element_type(0));
    if (type == "Select")
        return select_kernel(node.get_input_element_type(1));
    if (type == "LogicalNot" || logicals().count(type))
        return logical_kernel(type, t);
    if (comparisons().count(type))
        return comparison_kernel(type, t);
    if (type == "BitwiseNot" || bitwise().count(type))
        return bitwise_kernel(type, t);

    EltwiseKernel k;
    const std::string expr = arithmetic_expr(node, t, k);
    if (!k.reason.empty())
        return refuse(k.reason);
    k.op = expr;
    if (type == "Power" && is_real(t) && squares(node)) {  // x^2 as the correctly rounded pow gives it, 10x faster
        k.op = "a*a";
        k.arity = 1;
    }
    for (size_t i = 0; i < k.arity; ++i)
        set_type(k, i, node.get_input_element_type(i));
    set_type(k, kEltwiseOut, node.get_output_element_type(0));
    k.real = is_real(t);
    if (is_int(t))
        k.unsigned_type = "u" + k.types[0];
    set_params(node, t, k);
    return k;
}

}  // namespace gpu
}  // namespace ovcl
