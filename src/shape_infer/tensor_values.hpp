// A tensor's elements read as one numeric type: for code that needs values (shape inference's constant inputs,
// host reference kernels), not storage.
#pragma once

#include <type_traits>
#include <vector>

#include "ovcl/tensor.hpp"

namespace ovcl {

/// The elements of `t` (any element type; a strided view is read in logical order) as Out values, f16 through
/// float.
template <typename Out>
std::vector<Out> tensor_values(const Tensor& t) {
    Tensor dense = t;
    if (!t.is_continuous()) {
        dense = Tensor(t.get_element_type(), t.get_shape());
        t.copy_to(dense);
    }
    std::vector<Out> out(dense.get_size());
    dispatch_type(dense.get_element_type(), [&](auto tag) {
        using T = decltype(tag);
        const T* p = static_cast<const T*>(dense.data());
        for (size_t i = 0; i < out.size(); ++i) {
            if constexpr (std::is_same_v<T, float16>)
                out[i] = static_cast<Out>(static_cast<float>(p[i]));
            else
                out[i] = static_cast<Out>(p[i]);
        }
    });
    return out;
}

}  // namespace ovcl
