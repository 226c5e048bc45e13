// Host reference kernel of CumSum: reals sum in double, integers in their own type (wrapping as
// unsigned arithmetic does), each result stored in the input's type.
#include "host_ref/ref_utils.hpp"

#include <type_traits>

namespace ovcl {
namespace host_ref {

namespace {

// Integers sum in the unsigned type of their width, which wraps instead of overflowing.
template <typename T>
struct Wrap {
    using type = std::make_unsigned_t<T>;
};
template <>
struct Wrap<char> {  // boolean storage; refused by shape inference, kept well-formed here
    using type = unsigned char;
};

template <typename T, typename Acc>
void scan(const T* src, T* dst, size_t outer, size_t n, size_t inner, bool exclusive, bool reverse) {
    for (size_t o = 0; o < outer; ++o)
        for (size_t i = 0; i < inner; ++i) {
            Acc sum{};
            for (size_t step = 0; step < n; ++step) {
                const size_t at = (o * n + (reverse ? n - 1 - step : step)) * inner + i;
                Acc v;
                if constexpr (std::is_same_v<T, float16>)
                    v = static_cast<Acc>(static_cast<float>(src[at]));
                else
                    v = static_cast<Acc>(src[at]);
                if (!exclusive)
                    sum = static_cast<Acc>(sum + v);
                if constexpr (std::is_same_v<T, float16>)
                    dst[at] = float16(static_cast<float>(sum));
                else
                    dst[at] = static_cast<T>(sum);
                if (exclusive)
                    sum = static_cast<Acc>(sum + v);
            }
        }
}

}  // namespace

void cumsum(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const Tensor& x = in.at(0);
    const Shape& s = x.get_shape();
    int64_t axis = 0;
    if (in.size() > 1) {
        const auto a = to_i64(in.at(1));
        if (a.size() != 1)
            raise<ModelError>(node.describe(), ": axis must hold one value");
        axis = a[0] < 0 ? a[0] + static_cast<int64_t>(s.size()) : a[0];
        if (axis < 0 || axis >= static_cast<int64_t>(s.size()))
            raise<ModelError>(node.describe(), ": axis ", a[0], " for data of rank ", s.size());
    }
    if (s.empty())  // a scalar: itself (or 0 when exclusive)
        axis = 0;
    const bool exclusive = node.get_attr<bool>("exclusive", false), reverse = node.get_attr<bool>("reverse", false);
    size_t outer = 1, n = s.empty() ? 1 : s[static_cast<size_t>(axis)], inner = 1;
    for (int64_t i = 0; i < axis; ++i)
        outer *= s[static_cast<size_t>(i)];
    for (size_t i = static_cast<size_t>(axis) + 1; i < s.size(); ++i)
        inner *= s[i];
    dispatch_type(x.get_element_type(), [&](auto tag) {
        using T = decltype(tag);
        if constexpr (std::is_integral_v<T>)
            scan<T, typename Wrap<T>::type>(x.data<T>(), out.at(0).data<T>(), outer, n, inner, exclusive, reverse);
        else
            scan<T, double>(x.data<T>(), out.at(0).data<T>(), outer, n, inner, exclusive, reverse);
    });
}

}  // namespace host_ref
}  // namespace ovcl
