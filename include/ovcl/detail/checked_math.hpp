// Integer arithmetic that refuses to wrap: element counts, byte sizes and the formulas of shape
// inference go through these, so a hostile dimension (2^62, INT64_MAX) ends in an error naming the
// operation instead of a wrapped size, an undersized buffer or undefined behaviour.
#pragma once

#include <limits>
#include <type_traits>

#include "ovcl/except.hpp"

namespace ovcl {
namespace checked {

namespace detail {
template <typename T>
[[noreturn]] void overflow(const char* op, T a, T b) {
    raise<InvalidArgument>("integer overflow: ", +a, " ", op, " ", +b, " does not fit in ",
                           std::is_signed_v<T> ? "a signed " : "an unsigned ", sizeof(T) * 8, "-bit integer");
}
}  // namespace detail

template <typename T>
T add(T a, T b) {
    T r;
    if (__builtin_add_overflow(a, b, &r))
        detail::overflow("+", a, b);
    return r;
}

template <typename T>
T sub(T a, T b) {
    T r;
    if (__builtin_sub_overflow(a, b, &r))
        detail::overflow("-", a, b);
    return r;
}

template <typename T>
T mul(T a, T b) {
    T r;
    if (__builtin_mul_overflow(a, b, &r))
        detail::overflow("*", a, b);
    return r;
}

/// a / b rounded towards zero; division by zero and INT_MIN / -1 are errors.
template <typename T>
T div(T a, T b) {
    if (b == 0)
        raise<InvalidArgument>("integer division by zero: ", +a, " / 0");
    if constexpr (std::is_signed_v<T>)
        if (b == -1 && a == std::numeric_limits<T>::min())
            detail::overflow("/", a, b);
    return a / b;
}

/// a % b with C++'s sign; a zero divisor is an error, INT_MIN % -1 is 0.
template <typename T>
T mod(T a, T b) {
    if (b == 0)
        raise<InvalidArgument>("integer division by zero: ", +a, " % 0");
    if constexpr (std::is_signed_v<T>)
        if (b == -1)
            return 0;
    return a % b;
}

/// -a; the most negative value has no negation.
template <typename T>
T neg(T a) {
    static_assert(std::is_signed_v<T>, "checked::neg is for signed types");
    if (a == std::numeric_limits<T>::min())
        raise<InvalidArgument>("integer overflow: -(", a, ") does not fit in a signed ", sizeof(T) * 8, "-bit integer");
    return -a;
}

}  // namespace checked
}  // namespace ovcl
