// How the unary host references walk a tensor: reals in their own type (f16 through f32), integers
// natively or, for real functions, in double rounded back (unary.cpp, unary_math.cpp).
#pragma once

#include <cmath>
#include <limits>
#include <type_traits>

#include "host_ref/ref_utils.hpp"

namespace ovcl {
namespace host_ref {
namespace unary_map {

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

}  // namespace unary_map
}  // namespace host_ref
}  // namespace ovcl
