// Host reference kernels of the softmax ops.
#include "host_ref/ref_utils.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>
#include <vector>

namespace ovcl {
namespace host_ref {

namespace {

size_t softmax_axis(const Node& node, size_t rank) {
    const auto r = static_cast<int64_t>(rank);
    const auto axis = node.get_attr<int64_t>("axis", 1);
    if (axis < -r || axis >= r)
        raise<ModelError>(node.describe(), ": axis ", axis, " is out of range for rank ", rank);
    return static_cast<size_t>(axis < 0 ? axis + r : axis);
}

// The tensor is walked as [outer, n, inner] with the axis in the middle, so the innermost loop
// runs over contiguous memory. Subtracting the maximum keeps exp() from overflowing; the sum and
// the exponentials are taken in double.
template <typename T>
void softmax_kernel(const T* src, T* dst, const Shape& shape, size_t axis, bool log) {
    const auto [outer, inner] = outer_inner(shape, axis);
    const size_t n = shape[axis];
    std::vector<double> mx(inner), sum(inner);
    for (size_t o = 0; o < outer; ++o) {
        const T* s = src + o * n * inner;
        T* d = dst + o * n * inner;
        std::fill(mx.begin(), mx.end(), -std::numeric_limits<double>::infinity());
        std::fill(sum.begin(), sum.end(), 0.0);
        for (size_t k = 0; k < n; ++k)
            for (size_t i = 0; i < inner; ++i) {
                const double x = s[k * inner + i];
                if (x > mx[i] || std::isnan(x))
                    mx[i] = x;
            }
        for (size_t k = 0; k < n; ++k)
            for (size_t i = 0; i < inner; ++i)
                sum[i] += std::exp(s[k * inner + i] - mx[i]);
        for (size_t k = 0; k < n; ++k)
            for (size_t i = 0; i < inner; ++i) {
                const double shifted = s[k * inner + i] - mx[i];
                d[k * inner + i] = static_cast<T>(log ? shifted - std::log(sum[i]) : std::exp(shifted) / sum[i]);
            }
    }
}

void run(const Node& node, const TensorVector& in, TensorVector& out, bool log) {
    const Tensor& data = in.at(0);
    const Shape& shape = data.get_shape();
    const size_t axis = softmax_axis(node, shape.size());
    Tensor& dst = out.at(0);
    switch (data.get_element_type()) {
    case element::Type_t::f32:
        return softmax_kernel(data.data<const float>(), dst.data<float>(), shape, axis, log);
    case element::Type_t::f64:
        return softmax_kernel(data.data<const double>(), dst.data<double>(), shape, axis, log);
    case element::Type_t::f16: {
        const Tensor src = to_f32(data);
        Tensor tmp(element::f32, shape);
        softmax_kernel(src.data<const float>(), tmp.data<float>(), shape, axis, log);
        return from_f32(tmp, dst);
    }
    default:
        raise<NotImplemented>(node.describe(), ": no host implementation for element type ", data.get_element_type());
    }
}

}  // namespace

void softmax(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) { run(node, in, out, false); }
void log_softmax(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    run(node, in, out, true);
}

}  // namespace host_ref
}  // namespace ovcl
