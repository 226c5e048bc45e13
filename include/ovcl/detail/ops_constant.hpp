#pragma once

#include "ovcl/except.hpp"

namespace ovcl {
namespace op {

template <typename T>
std::shared_ptr<Node> constant(element::Type type, const Shape& shape, const std::vector<T>& values) {
    Tensor t(type, shape);
    const size_t n = t.get_size();
    if (values.size() != n && values.size() != 1)
        raise<InvalidArgument>("constant of shape ", shape, " needs ", n, " values, got ", values.size());
    dispatch_type(type, [&](auto tag) {
        using E = decltype(tag);
        auto* dst = static_cast<E*>(t.data());
        for (size_t i = 0; i < n; ++i) {
            const T v = values.size() == 1 ? values[0] : values[i];
            if constexpr (std::is_same_v<E, float16>)
                dst[i] = float16(static_cast<float>(v));
            else
                dst[i] = static_cast<E>(v);
        }
    });
    return constant(t);
}

}  // namespace op
}  // namespace ovcl
