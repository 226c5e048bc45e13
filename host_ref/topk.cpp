// Host reference kernel of TopK (versions 1, 3 and 11).
#include "host_ref/ref_utils.hpp"
#include "shape_infer/topk_infer.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <type_traits>
#include <vector>

namespace ovcl {
namespace host_ref {

namespace {

template <typename T, typename I>
void topk_kernel(const T* data, const Shape& shape, size_t axis, size_t k, bool max,
                 shape_infer::TopKAttrs::Sort sort, T* values, I* indices) {
    using K = std::conditional_t<std::is_same_v<T, float16>, float, T>;
    const auto [outer, inner] = outer_inner(shape, axis);
    const size_t n = shape[axis];
    if (k == 0 || outer * inner == 0)
        return;
    std::vector<K> col(n);
    std::vector<size_t> order(n);
    // A strict total order: better value first, then lower index; NaNs after every number.
    auto better = [&](size_t a, size_t b) {
        const K va = col[a], vb = col[b];
        if constexpr (std::is_floating_point_v<K>) {
            const bool na = std::isnan(va), nb = std::isnan(vb);
            if (na || nb)
                return na != nb ? nb : a < b;
        }
        if (va != vb)
            return max ? va > vb : va < vb;
        return a < b;
    };
    for (size_t o = 0; o < outer; ++o) {
        for (size_t j = 0; j < inner; ++j) {
            const T* src = data + o * n * inner + j;
            for (size_t i = 0; i < n; ++i)
                col[i] = static_cast<K>(src[i * inner]);
            std::iota(order.begin(), order.end(), size_t{0});
            std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(k), order.end(), better);
            if (sort == shape_infer::TopKAttrs::Sort::index)
                std::sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(k));
            const size_t base = o * k * inner + j;
            for (size_t i = 0; i < k; ++i) {
                values[base + i * inner] = src[order[i] * inner];
                indices[base + i * inner] = static_cast<I>(order[i]);
            }
        }
    }
}

}  // namespace

void topk(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const auto attrs = shape_infer::topk_attrs(node);
    const Tensor& data = in.at(0);
    const Shape& shape = data.get_shape();
    const auto rank = static_cast<int64_t>(shape.size());
    const auto axis = static_cast<size_t>(attrs.axis < 0 ? attrs.axis + rank : attrs.axis);
    const size_t k = out.at(0).get_shape().at(axis);
    dispatch_type(data.get_element_type(), [&](auto tag) {
        using T = decltype(tag);
        if constexpr (std::is_same_v<T, char>) {
            raise<NotImplemented>(node.describe(), ": boolean data");
        } else {
            const T* src = static_cast<const T*>(data.data());
            T* values = static_cast<T*>(out[0].data());
            if (out.at(1).get_element_type() == element::i64)
                topk_kernel(src, shape, axis, k, attrs.max, attrs.sort, values, out[1].data<int64_t>());
            else
                topk_kernel(src, shape, axis, k, attrs.max, attrs.sort, values, out[1].data<int32_t>());
        }
    });
}

}  // namespace host_ref
}  // namespace ovcl
