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

namespace {
// Writes pred(x) as a boolean for every element of real tensor `src` (f16 through f32).
template <typename Pred>
void classify(const Node& node, const Tensor& src, Tensor& dst, Pred pred) {
    const Tensor x = src.get_element_type() == element::f16 ? to_f32(src) : src;
    char* d = dst.data<char>();
    const size_t n = x.get_size();
    if (x.get_element_type() == element::f32) {
        for (size_t i = 0; i < n; ++i)
            d[i] = pred(static_cast<double>(x.data<float>()[i]));
    } else if (x.get_element_type() == element::f64) {
        for (size_t i = 0; i < n; ++i)
            d[i] = pred(x.data<double>()[i]);
    } else {
        raise<NotImplemented>(node.describe(), ": no host implementation for element type ", src.get_element_type());
    }
}
}  // namespace

void is_finite(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    classify(node, in.at(0), out.at(0), [](double x) { return std::isfinite(x); });
}

void is_inf(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const bool negative = node.get_attr<bool>("detect_negative", true);
    const bool positive = node.get_attr<bool>("detect_positive", true);
    classify(node, in.at(0), out.at(0),
             [&](double x) { return std::isinf(x) && (x < 0 ? negative : positive); });
}

void is_nan(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    classify(node, in.at(0), out.at(0), [](double x) { return std::isnan(x); });
}

void convert_like(const Node&, const TensorVector& in, TensorVector& out, EvalContext&) {
    const Tensor& src = in.at(0);
    convert_elements(src.data(), src.get_element_type(), out.at(0).data(), out.at(0).get_element_type(),
                     src.get_size());
}

void identity(const Node&, const TensorVector& in, TensorVector& out, EvalContext&) { in.at(0).copy_to(out.at(0)); }

}  // namespace host_ref
}  // namespace ovcl
