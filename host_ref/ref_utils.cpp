#include "host_ref/ref_utils.hpp"

#include <algorithm>

#include "shape_infer/tensor_values.hpp"
#include "shape_infer/convolution_infer.hpp"

namespace ovcl {
namespace host_ref {

std::vector<int64_t> to_i64(const Tensor& t) { return tensor_values<int64_t>(t); }
std::vector<double> to_f64(const Tensor& t) { return tensor_values<double>(t); }

std::pair<size_t, size_t> outer_inner(const Shape& shape, size_t axis) {
    size_t outer = 1, inner = 1;
    for (size_t a = 0; a < axis; ++a)
        outer *= shape[a];
    for (size_t a = axis + 1; a < shape.size(); ++a)
        inner *= shape[a];
    return {outer, inner};
}

Tensor to_f32(const Tensor& t) {
    if (t.get_element_type() == element::f32 && t.is_continuous())
        return t;
    Tensor out(element::f32, t.get_shape());
    const auto v = tensor_values<float>(t);
    std::copy(v.begin(), v.end(), out.data<float>());
    return out;
}

void from_f32(const Tensor& src, Tensor& dst) {
    const float* s = src.data<float>();
    const size_t n = src.get_size();
    if (dst.get_size() != n)
        raise<Exception>("from_f32: size mismatch ", src.get_shape(), " vs ", dst.get_shape());
    dispatch_type(dst.get_element_type(), [&](auto tag) {
        using T = decltype(tag);
        T* d = static_cast<T*>(dst.data());
        for (size_t i = 0; i < n; ++i) {
            if constexpr (std::is_same_v<T, float16>)
                d[i] = float16(s[i]);
            else
                d[i] = static_cast<T>(s[i]);
        }
    });
}

IndexRange valid_range(int64_t offset, int64_t step, int64_t limit, int64_t count) {
    IndexRange r;
    r.lo = offset >= 0 ? 0 : shape_infer::ceil_div(-offset, step);
    r.hi = limit - 1 - offset < 0 ? 0 : std::min(count, (limit - 1 - offset) / step + 1);
    r.hi = std::max(r.lo, r.hi);
    return r;
}

Strides broadcast_strides(const Shape& from, const Shape& to) {
    if (from.size() > to.size())  // a caller's bug; never an index past `out`
        raise<Exception>("broadcast_strides: ", from, " has more axes than ", to);
    Strides out(to.size(), 0);
    const Strides dense = row_major_strides(from);
    const size_t shift = to.size() - from.size();
    for (size_t i = 0; i < from.size(); ++i)
        out[i + shift] = from[i] == 1 ? 0 : dense[i];
    return out;
}

}  // namespace host_ref
}  // namespace ovcl
