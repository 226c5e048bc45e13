#include "host_ref/unary.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <string>
#include <type_traits>

#include "host_ref/unary_map.hpp"

namespace ovcl {
namespace host_ref {

using namespace unary_map;

namespace {

template <typename T>
T softplus_of(T x) {  // log(1 + e^x) without overflow for large x
    return x > T(0) ? x + std::log1p(std::exp(-x)) : std::log1p(std::exp(x));
}

template <typename T>
T sigmoid_of(T x) {
    if (x >= T(0))
        return T(1) / (T(1) + std::exp(-x));
    const T e = std::exp(x);
    return e / (T(1) + e);
}

template <typename T>
T relu6_of(T x) {
    return std::min(std::max(x, T(0)), T(6));
}

}  // namespace

void abs(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    map_numeric(node, in.at(0), out.at(0), [](auto x) { return std::abs(x); }, [](auto x) {
        using T = decltype(x);
        if constexpr (std::is_signed_v<T>)  // |lowest| wraps to lowest, as unsigned arithmetic does
            return x < 0 ? wrap<T>(wrap_t<T>(0) - uw(x)) : x;
        else
            return x;
    });
}

void negative(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    map_numeric(node, in.at(0), out.at(0), [](auto x) { return -x; }, [](auto x) {
        using T = decltype(x);
        return wrap<T>(wrap_t<T>(0) - uw(x));
    });
}

void exp(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    map_real(node, in.at(0), out.at(0), [](auto x) { return std::exp(x); });
}
void log(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    map_rounded(node, in.at(0), out.at(0), [](auto x) { return std::log(x); });
}
void sqrt(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    map_rounded(node, in.at(0), out.at(0), [](auto x) { return std::sqrt(x); });
}
void erf(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    map_rounded(node, in.at(0), out.at(0), [](auto x) { return std::erf(x); });
}
void sin(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    map_rounded(node, in.at(0), out.at(0), [](auto x) { return std::sin(x); });
}
void cos(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    map_rounded(node, in.at(0), out.at(0), [](auto x) { return std::cos(x); });
}
void tanh(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    map_rounded(node, in.at(0), out.at(0), [](auto x) { return std::tanh(x); });
}

void floor(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    map_numeric(node, in.at(0), out.at(0), [](auto x) { return std::floor(x); }, [](auto x) { return x; });
}
void ceiling(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    map_numeric(node, in.at(0), out.at(0), [](auto x) { return std::ceil(x); }, [](auto x) { return x; });
}

void relu(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const auto f = [](auto x) {
        using T = decltype(x);
        if constexpr (std::is_signed_v<T>)
            return x < T(0) ? T(0) : x;
        else
            return x;
    };
    map_numeric(node, in.at(0), out.at(0), f, f);
}

void sigmoid(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    map_real(node, in.at(0), out.at(0), [](auto x) { return sigmoid_of(x); });
}

void clamp(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const double lo = node.get_attr<double>("min"), hi = node.get_attr<double>("max");
    map_numeric(
        node, in.at(0), out.at(0),
        [&](auto x) {
            using T = decltype(x);
            return std::min(std::max(x, static_cast<T>(lo)), static_cast<T>(hi));
        },
        [&](auto x) {
            using T = decltype(x);
            const T l = round_to<T>(std::ceil(lo)), h = round_to<T>(std::floor(hi));
            return std::min(std::max(x, l), h);
        });
}

void elu(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const double alpha = node.get_attr<double>("alpha");
    map_real(node, in.at(0), out.at(0), [&](auto x) {
        using T = decltype(x);
        return x > T(0) ? x : static_cast<T>(alpha) * std::expm1(x);
    });
}

void gelu(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    std::string mode = node.get_version() >= 7 ? node.get_attr<std::string>("approximation_mode", "erf") : "erf";
    std::transform(mode.begin(), mode.end(), mode.begin(), [](unsigned char c) { return std::tolower(c); });
    if (mode == "tanh") {
        map_real(node, in.at(0), out.at(0), [](auto x) {
            using T = decltype(x);
            const T k = static_cast<T>(0.79788456080286535588);  // sqrt(2 / pi)
            return T(0.5) * x * (T(1) + std::tanh(k * (x + T(0.044715) * x * x * x)));
        });
    } else {
        map_real(node, in.at(0), out.at(0), [](auto x) {
            using T = decltype(x);
            return T(0.5) * x * (T(1) + std::erf(x * static_cast<T>(0.70710678118654752440)));
        });
    }
}

void swish(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    double beta = 1.0;
    if (in.size() > 1) {
        const auto b = to_f64(in[1]);
        if (b.size() != 1)
            raise<ModelError>(node.describe(), ": beta must hold one value, got ", b.size());
        beta = b[0];
    }
    map_real(node, in.at(0), out.at(0), [&](auto x) {
        using T = decltype(x);
        return x * sigmoid_of(static_cast<T>(beta) * x);
    });
}

void hswish(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    map_real(node, in.at(0), out.at(0), [](auto x) { return x * relu6_of(x + decltype(x)(3)) / decltype(x)(6); });
}

void hsigmoid(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    map_real(node, in.at(0), out.at(0), [](auto x) { return relu6_of(x + decltype(x)(3)) / decltype(x)(6); });
}

void mish(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    map_real(node, in.at(0), out.at(0), [](auto x) { return x * std::tanh(softplus_of(x)); });
}

void softplus(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    map_real(node, in.at(0), out.at(0), [](auto x) { return softplus_of(x); });
}

}  // namespace host_ref
}  // namespace ovcl
