// Convert and LogicalNot.
#include <cmath>
#include <limits>
#include <type_traits>

#include "host_ref/unary.hpp"

namespace ovcl {
namespace host_ref {

namespace {

/// Reads one element in a type that holds it exactly enough to convert from.
template <typename S>
auto load(S v) {
    if constexpr (std::is_same_v<S, float16>)
        return static_cast<float>(v);
    else if constexpr (std::is_same_v<S, char>)  // boolean
        return static_cast<uint8_t>(v != 0);
    else
        return v;
}

/// A real value stored into an integer type as OpenVINO CPU stores it: truncated into i32 as x86's cvttps2dq
/// does (NaN and values outside [-2^31, 2^31) give INT32_MIN), then converted as an integer (wrapping,
/// sign-extending), whatever the target; so 3e9 becomes INT32_MIN in i64 too. An f16 infinity becomes
/// +-65504 first unless the target has 8 bits.
template <typename D>
D real_to_integer(double v, bool from_f16) {
    if (from_f16 && sizeof(D) > 1 && std::isinf(v))
        v = std::copysign(65504.0, v);
    const bool fits = v >= -2147483648.0 && v < 2147483648.0;  // false for NaN
    const int32_t i = fits ? static_cast<int32_t>(v) : std::numeric_limits<int32_t>::min();
    return static_cast<D>(i);
}

template <typename D, typename S, typename V>
D store(V v) {
    if constexpr (std::is_same_v<D, char>) {
        return static_cast<char>(v != V(0) && v == v);  // NaN is false, as on OpenVINO CPU
    } else if constexpr (std::is_same_v<D, float16>) {
        return float16(static_cast<float>(v));
    } else if constexpr (std::is_integral_v<D> && std::is_floating_point_v<V>) {
        return real_to_integer<D>(static_cast<double>(v), std::is_same_v<S, float16>);
    } else {
        return static_cast<D>(v);  // integer to integer wraps modulo 2^bits; to real rounds to nearest
    }
}

}  // namespace

void convert_elements(const void* src, element::Type from, void* dst, element::Type to, size_t n) {
    dispatch_type(from, [&](auto stag) {
        using S = decltype(stag);
        dispatch_type(to, [&](auto dtag) {
            using D = decltype(dtag);
            const S* s = static_cast<const S*>(src);
            D* d = static_cast<D*>(dst);
            for (size_t i = 0; i < n; ++i)
                d[i] = store<D, S>(load(s[i]));
        });
    });
}

void convert(const Node&, const TensorVector& in, TensorVector& out, EvalContext&) {
    const Tensor& src = in.at(0);
    Tensor& dst = out.at(0);
    convert_elements(src.data(), src.get_element_type(), dst.data(), dst.get_element_type(), src.get_size());
}

void logical_not(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    if (in.at(0).get_element_type() != element::boolean)
        raise<NotImplemented>(node.describe(), ": no host implementation for element type ",
                              in[0].get_element_type());
    const char* s = in[0].data<char>();
    char* d = out.at(0).data<char>();
    for (size_t i = 0, n = in[0].get_size(); i < n; ++i)
        d[i] = static_cast<char>(s[i] == 0);
}

void convert_promote_types(const Node&, const TensorVector& in, TensorVector& out, EvalContext&) {
    for (size_t i = 0; i < 2; ++i)
        convert_elements(in.at(i).data(), in[i].get_element_type(), out.at(i).data(), out[i].get_element_type(),
                         in[i].get_size());
}

}  // namespace host_ref
}  // namespace ovcl
