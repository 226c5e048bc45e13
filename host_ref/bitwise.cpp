// Host reference kernels of the bitwise ops (integer and boolean tensors, numpy broadcast). Shifts follow
// OpenVINO CPU: types of 32 bits or fewer shift as 32-bit values (signed ones arithmetically to the right),
// 64-bit ones as 64-bit values, the count taken modulo that width; the result is truncated to the type.
#include "host_ref/ref_utils.hpp"

#include <cstdint>
#include <type_traits>

#include "host_ref/binary_broadcast.hpp"

namespace ovcl {
namespace host_ref {

namespace {

// f(a, b) over the numpy broadcast of two integer (or boolean) tensors of one type.
template <typename F>
void binary_integral(const Node& node, const TensorVector& in, TensorVector& out, bool boolean, F f) {
    const Tensor &a = in.at(0), &b = in.at(1);
    Tensor& o = out.at(0);
    const element::Type t = a.get_element_type();
    if (!t.is_integral() || (!boolean && t == element::boolean) || b.get_element_type() != t)
        raise<NotImplemented>(node.describe(), ": no host implementation for element types ", t, " and ",
                              b.get_element_type());
    const auto plan = plan_broadcast<2>({a.get_shape(), b.get_shape()}, o.get_shape());
    dispatch_type(t, [&](auto tag) {
        using T = decltype(tag);
        if constexpr (std::is_integral_v<T>)
            broadcast_binary(a.data<T>(), b.data<T>(), o.data<T>(), plan, [&](T x, T y) { return f(x, y); });
    });
}

// Shift of x by count, as OpenVINO CPU computes it (see bitwise.hpp).
template <typename T>
T shift(T x, T count, bool left) {
    using Wide = std::conditional_t<(sizeof(T) > 4), std::conditional_t<std::is_signed_v<T>, int64_t, uint64_t>,
                                    std::conditional_t<std::is_signed_v<T>, int32_t, uint32_t>>;
    using UWide = std::make_unsigned_t<Wide>;
    const unsigned n = static_cast<unsigned>(count) & (sizeof(Wide) * 8 - 1);
    const Wide w = static_cast<Wide>(x);
    if (left)
        return static_cast<T>(static_cast<UWide>(w) << n);  // unsigned: no overflow of signed values
    return static_cast<T>(w >> n);                            // arithmetic for signed Wide
}

}  // namespace

void bitwise_and(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    binary_integral(node, in, out, true, [](auto x, auto y) { return static_cast<decltype(x)>(x & y); });
}

void bitwise_or(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    binary_integral(node, in, out, true, [](auto x, auto y) { return static_cast<decltype(x)>(x | y); });
}

void bitwise_xor(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    binary_integral(node, in, out, true, [](auto x, auto y) { return static_cast<decltype(x)>(x ^ y); });
}

void bitwise_left_shift(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    binary_integral(node, in, out, false, [](auto x, auto y) { return shift(x, y, true); });
}

void bitwise_right_shift(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    binary_integral(node, in, out, false, [](auto x, auto y) { return shift(x, y, false); });
}

void bitwise_not(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const Tensor& x = in.at(0);
    const element::Type t = x.get_element_type();
    const size_t n = x.get_size();
    if (t == element::boolean) {
        for (size_t i = 0; i < n; ++i)
            out.at(0).data<char>()[i] = x.data<char>()[i] ? 0 : 1;
        return;
    }
    if (!t.is_integral())
        raise<NotImplemented>(node.describe(), ": no host implementation for element type ", t);
    dispatch_type(t, [&](auto tag) {
        using T = decltype(tag);
        if constexpr (std::is_integral_v<T>)
            for (size_t i = 0; i < n; ++i)
                out.at(0).data<T>()[i] = static_cast<T>(~x.data<T>()[i]);
    });
}

}  // namespace host_ref
}  // namespace ovcl
