#include "host_ref/range.hpp"

#include <cmath>

namespace ovcl {
namespace host_ref {

namespace {

// A scalar input as the integer a cast to an integer output type gives (toward zero).
int64_t integer_value(const Node& node, const Tensor& t) {
    if (t.get_element_type().is_integral())
        return to_i64(t).at(0);
    const double v = std::trunc(to_f64(t).at(0));
    if (!(std::fabs(v) < 9.2e18))
        raise<ModelError>(node.describe(), ": value ", v, " does not fit the integer output type");
    return static_cast<int64_t>(v);
}

}  // namespace

void range_fill(Tensor& dst, double start, double step) {
    const size_t n = dst.get_size();
    dispatch_type(dst.get_element_type(), [&](auto tag) {
        using T = decltype(tag);
        T* d = static_cast<T*>(dst.data());
        for (size_t i = 0; i < n; ++i) {
            const double v = start + static_cast<double>(i) * step;
            if constexpr (std::is_same_v<T, float16>)
                d[i] = float16(static_cast<float>(v));
            else
                d[i] = static_cast<T>(v);
        }
    });
}

void range_fill(Tensor& dst, int64_t start, int64_t step) {
    const size_t n = dst.get_size();
    dispatch_type(dst.get_element_type(), [&](auto tag) {
        using T = decltype(tag);
        T* d = static_cast<T*>(dst.data());
        // Unsigned arithmetic: overflow wraps like the output type's own arithmetic would.
        const uint64_t s = static_cast<uint64_t>(start), k = static_cast<uint64_t>(step);
        for (size_t i = 0; i < n; ++i) {
            const int64_t v = static_cast<int64_t>(s + static_cast<uint64_t>(i) * k);
            if constexpr (std::is_same_v<T, float16>)
                d[i] = float16(static_cast<float>(v));
            else
                d[i] = static_cast<T>(v);
        }
    });
}

void range(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    Tensor& dst = out.at(0);
    const element::Type type = dst.get_element_type();
    if (type == element::boolean || !type.is_static())
        raise<NotImplemented>(node.describe(), ": no Range of element type ", type);
    if (type.is_real())
        range_fill(dst, to_f64(in.at(0)).at(0), to_f64(in.at(2)).at(0));
    else
        range_fill(dst, integer_value(node, in.at(0)), integer_value(node, in.at(2)));
}

}  // namespace host_ref
}  // namespace ovcl
