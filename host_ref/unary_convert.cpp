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

template <typename D, typename V>
D store(V v) {
    if constexpr (std::is_same_v<D, char>) {
        return static_cast<char>(v != V(0));
    } else if constexpr (std::is_same_v<D, float16>) {
        return float16(static_cast<float>(v));
    } else if constexpr (std::is_integral_v<D> && std::is_floating_point_v<V>) {
        // Truncation toward zero as static_cast does; out-of-range values (UB for a cast) saturate.
        if (std::isnan(v))
            return D{0};
        const V t = std::trunc(v);
        if (t <= static_cast<V>(std::numeric_limits<D>::lowest()))
            return std::numeric_limits<D>::lowest();
        if (t >= static_cast<V>(std::numeric_limits<D>::max()))
            return std::numeric_limits<D>::max();
        return static_cast<D>(t);
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
                d[i] = store<D>(load(s[i]));
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
