#include "host_ref/unary.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <string>
#include <type_traits>

namespace ovcl {
namespace host_ref {

namespace {

/// Rounds half away from zero and saturates (NaN gives 0): integer results of real functions.
template <typename T>
T round_to(double v) {
    v = std::round(v);
    if (std::isnan(v))
        return T{0};
    if (v <= static_cast<double>(std::numeric_limits<T>::lowest()))
        return std::numeric_limits<T>::lowest();
    if (v >= static_cast<double>(std::numeric_limits<T>::max()))
        return std::numeric_limits<T>::max();
    return static_cast<T>(v);
}

template <typename T, typename F>
void map_typed(const Tensor& src, Tensor& dst, F& f) {
    const T* s = src.data<T>();
    T* d = dst.data<T>();
    const size_t n = src.get_size();
    for (size_t i = 0; i < n; ++i)
        d[i] = static_cast<T>(f(s[i]));
}

/// Applies f to every element of a real tensor: f32 and f64 natively, f16 through f32.
template <typename F>
void map_real(const Node& node, const Tensor& src, Tensor& dst, F&& f) {
    switch (static_cast<element::Type_t>(src.get_element_type())) {
    case element::Type_t::f32: return map_typed<float>(src, dst, f);
    case element::Type_t::f64: return map_typed<double>(src, dst, f);
    case element::Type_t::f16: {
        const Tensor a = to_f32(src);
        Tensor r(element::f32, src.get_shape());
        map_typed<float>(a, r, f);
        return from_f32(r, dst);
    }
    default: break;
    }
    raise<NotImplemented>(node.describe(), ": no host implementation for element type ", src.get_element_type());
}

/// Reals through `real`, integer types through `integer` (both generic callables).
template <typename FR, typename FI>
void map_numeric(const Node& node, const Tensor& src, Tensor& dst, FR&& real, FI&& integer) {
    if (src.get_element_type().is_real())
        return map_real(node, src, dst, real);
    dispatch_type(src.get_element_type(), [&](auto tag) {
        using T = decltype(tag);
        if constexpr (is_int_v<T>)
            map_typed<T>(src, dst, integer);
        else
            raise<NotImplemented>(node.describe(), ": no host implementation for element type ",
                                  src.get_element_type());
    });
}

/// A real function that integer inputs evaluate in double and round to nearest.
template <typename F>
void map_rounded(const Node& node, const Tensor& src, Tensor& dst, F f) {
    map_numeric(node, src, dst, f, [&](auto x) {
        return round_to<decltype(x)>(f(static_cast<double>(x)));
    });
}

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
