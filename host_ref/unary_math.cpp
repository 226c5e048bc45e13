// The trigonometric and hyperbolic functions, Sign, SoftSign, Round, HardSigmoid and Selu. Integer inputs
// of the real functions compute in double and round half away from zero, as OpenVINO's reference does.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <string>

#include "host_ref/unary.hpp"
#include "host_ref/unary_map.hpp"

namespace ovcl {
namespace host_ref {

using namespace unary_map;

namespace {

// The one value of input i (HardSigmoid's alpha and beta, Selu's alpha and lambda).
double scalar_input(const Node& node, const TensorVector& in, size_t i, const char* name) {
    const auto v = to_f64(in.at(i));
    if (v.size() != 1)
        raise<ModelError>(node.describe(), ": ", name, " must hold one value, got ", v.size());
    return v[0];
}

}  // namespace

#define OVCL_ROUNDED_UNARY(NAME, FN)                                                   \
    void NAME(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) { \
        map_rounded(node, in.at(0), out.at(0), [](auto x) { return std::FN(x); });     \
    }
OVCL_ROUNDED_UNARY(tan, tan)
OVCL_ROUNDED_UNARY(asin, asin)
OVCL_ROUNDED_UNARY(acos, acos)
OVCL_ROUNDED_UNARY(atan, atan)
OVCL_ROUNDED_UNARY(sinh, sinh)
OVCL_ROUNDED_UNARY(cosh, cosh)
OVCL_ROUNDED_UNARY(asinh, asinh)
OVCL_ROUNDED_UNARY(acosh, acosh)
OVCL_ROUNDED_UNARY(atanh, atanh)
#undef OVCL_ROUNDED_UNARY

void sign(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const auto f = [](auto x) {
        using T = decltype(x);
        return static_cast<T>((x > T(0)) - (x < T(0)));
    };
    map_numeric(node, in.at(0), out.at(0), f, f);
}

void softsign(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    map_real(node, in.at(0), out.at(0), [](auto x) { return x / (decltype(x)(1) + std::abs(x)); });
}

void round(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    std::string mode = node.get_attr<std::string>("mode");  // OpenVINO reads enum attributes in any case
    std::transform(mode.begin(), mode.end(), mode.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    const auto identity = [](auto x) { return x; };
    if (mode == "half_away_from_zero")
        return map_numeric(node, in.at(0), out.at(0), [](auto x) { return std::round(x); }, identity);
    // half_to_even: nearbyint under the default rounding mode (to nearest, ties to even).
    map_numeric(node, in.at(0), out.at(0), [](auto x) { return std::nearbyint(x); }, identity);
}

void hard_sigmoid(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const double alpha = scalar_input(node, in, 1, "alpha"), beta = scalar_input(node, in, 2, "beta");
    map_real(node, in.at(0), out.at(0), [&](auto x) {
        using T = decltype(x);
        return std::max(T(0), std::min(T(1), static_cast<T>(alpha) * x + static_cast<T>(beta)));
    });
}

void selu(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const double alpha = scalar_input(node, in, 1, "alpha"), lambda = scalar_input(node, in, 2, "lambda");
    map_real(node, in.at(0), out.at(0), [&](auto x) {
        using T = decltype(x);
        return static_cast<T>(lambda) * (x > T(0) ? x : static_cast<T>(alpha) * std::expm1(x));
    });
}

}  // namespace host_ref
}  // namespace ovcl
