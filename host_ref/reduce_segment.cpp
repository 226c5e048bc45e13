// SegmentMax-16: rows with segment id s fold into output row s by maximum (ids past the output's rows are
// dropped, as OpenVINO CPU does); an empty segment holds zero or the type's lowest value (fill_mode).
#include <algorithm>
#include <limits>

#include "host_ref/reduce.hpp"
#include "shape_infer/reduce_infer.hpp"

namespace ovcl {
namespace host_ref {

void segment_max(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const bool lowest = shape_infer::segment_fill_lowest(node);
    const auto ids = to_i64(in.at(1));
    const Shape& s = in.at(0).get_shape();
    Tensor& y = out.at(0);
    const size_t width = shape_size(Shape(s.begin() + 1, s.end()));  // rank >= 1 (shape inference)
    // The row count depends on the values: set it here (the output may be a placeholder).
    const int64_t n = in.size() > 2 ? to_i64(in[2]).at(0) : ids.empty() ? 0 : ids.back() + 1;
    const size_t segments = static_cast<size_t>(std::max<int64_t>(n, 0));
    Shape ys(s);
    ys[0] = segments;
    y.set_shape(ys);
    dispatch_type(in[0].get_element_type(), [&](auto tag) {
        using T = decltype(tag);
        using C = std::conditional_t<std::is_same_v<T, float16>, float, T>;  // compared as
        const T* x = static_cast<const T*>(in[0].data());
        T* dst = static_cast<T*>(y.data());
        C fill = C(0);
        if (lowest)
            fill = std::is_same_v<T, float16> ? C(-65504.0f) : std::numeric_limits<C>::lowest();
        std::vector<bool> seen(segments, false);
        std::fill(dst, dst + y.get_size(), T(fill));
        for (size_t r = 0; r < ids.size(); ++r) {
            if (ids[r] < 0 || static_cast<uint64_t>(ids[r]) >= segments)
                continue;
            const auto seg = static_cast<size_t>(ids[r]);
            for (size_t k = 0; k < width; ++k) {
                T& d = dst[seg * width + k];
                const C v = static_cast<C>(x[r * width + k]);
                if (!seen[seg] || v > static_cast<C>(d))
                    d = T(v);
            }
            seen[seg] = true;
        }
    });
}

}  // namespace host_ref
}  // namespace ovcl
