// Interpolate-4/11 on the host: zero padding, then one separable pass per interpolated axis.
// Nearest copies elements of any numeric type exactly; the other modes compute in f32 and
// round (to nearest, saturating) when the data type is an integer type.
#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "host_ref/interpolate.hpp"

namespace ovcl {
namespace host_ref {

namespace {

using Attrs = shape_infer::InterpolateAttrs;

struct Extents {
    size_t outer = 1, len = 1, inner = 1;
};

Extents extents(const Shape& s, size_t axis) {
    Extents e;
    for (size_t i = 0; i < axis; ++i)
        e.outer *= s[i];
    e.len = s[axis];
    for (size_t i = axis + 1; i < s.size(); ++i)
        e.inner *= s[i];
    return e;
}

// The input placed at pads_begin inside a zero tensor of the padded shape.
template <typename T>
std::vector<T> pad_zero(const T* src, const Shape& shape, const std::vector<int64_t>& pads_begin,
                        const Shape& padded) {
    std::vector<T> dst(shape_size(padded), T{});
    const size_t n = shape_size(shape), rank = shape.size();
    if (n == 0)
        return dst;
    if (rank == 0) {
        dst[0] = src[0];
        return dst;
    }
    const Strides ds = row_major_strides(padded);
    const size_t run = shape[rank - 1];
    Coordinate idx(rank, 0);
    for (size_t done = 0; done < n; done += run) {
        size_t off = 0;
        for (size_t ax = 0; ax < rank; ++ax)
            off += (idx[ax] + static_cast<size_t>(pads_begin[ax])) * ds[ax];
        std::copy(src + done, src + done + run, dst.begin() + static_cast<std::ptrdiff_t>(off));
        for (size_t ax = rank - 1; ax-- > 0;) {
            if (++idx[ax] < shape[ax])
                break;
            idx[ax] = 0;
        }
    }
    return dst;
}

template <typename T>
void gather_pass(const std::vector<T>& src, Shape& shape, size_t axis, const std::vector<size_t>& map,
                 std::vector<T>& dst) {
    const Extents e = extents(shape, axis);
    dst.assign(e.outer * map.size() * e.inner, T{});
    for (size_t ob = 0; ob < e.outer; ++ob)
        for (size_t o = 0; o < map.size(); ++o)
            std::copy_n(src.data() + (ob * e.len + map[o]) * e.inner, e.inner,
                        dst.data() + (ob * map.size() + o) * e.inner);
    shape[axis] = map.size();
}

void weighted_pass(const std::vector<float>& src, Shape& shape, size_t axis, const InterpolateAxisTaps& taps,
                   std::vector<float>& dst) {
    const Extents e = extents(shape, axis);
    const size_t out_len = taps.size();
    dst.assign(e.outer * out_len * e.inner, 0.0f);
    for (size_t ob = 0; ob < e.outer; ++ob) {
        const float* s = src.data() + ob * e.len * e.inner;
        float* d = dst.data() + ob * out_len * e.inner;
        for (size_t o = 0; o < out_len; ++o) {
            float* row = d + o * e.inner;
            for (const auto& tap : taps[o]) {
                const float* in_row = s + tap.index * e.inner;
                for (size_t j = 0; j < e.inner; ++j)
                    row[j] += tap.weight * in_row[j];
            }
        }
    }
    shape[axis] = out_len;
}

template <typename T>
T round_saturate(float v) {
    if (std::isnan(v))
        return T{};
    const double r = std::round(static_cast<double>(v));
    const auto lo = static_cast<double>(std::numeric_limits<T>::lowest());
    const auto hi = static_cast<double>(std::numeric_limits<T>::max());
    if (r <= lo)
        return std::numeric_limits<T>::lowest();
    if (r >= hi)
        return std::numeric_limits<T>::max();
    return static_cast<T>(r);
}

void store(std::vector<float>& values, const Shape& shape, Tensor& dst) {
    dispatch_type(dst.get_element_type(), [&](auto tag) {
        using T = decltype(tag);
        if constexpr (std::is_same_v<T, float16> || std::is_floating_point_v<T>) {
            const Tensor src(element::f32, shape, values.data());
            from_f32(src, dst);
        } else {
            T* d = static_cast<T*>(dst.data());
            for (size_t i = 0; i < values.size(); ++i)
                d[i] = round_saturate<T>(values[i]);
        }
    });
}

}  // namespace

void interpolate(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const Attrs attrs = shape_infer::interpolate_attrs(node);
    const Tensor& data = in.at(0);
    Tensor& dst = out.at(0);
    const Shape& in_shape = data.get_shape();
    const Shape out_shape = dst.get_shape();
    const size_t rank = in_shape.size();
    const auto pb = shape_infer::pads_for_rank(attrs.pads_begin, rank);
    const auto pe = shape_infer::pads_for_rank(attrs.pads_end, rank);
    Shape padded(in_shape);
    bool any_pad = false;
    for (size_t i = 0; i < rank; ++i) {
        padded[i] += static_cast<size_t>(pb[i] + pe[i]);
        any_pad = any_pad || pb[i] != 0 || pe[i] != 0;
    }

    std::vector<int64_t> axes(rank);
    std::iota(axes.begin(), axes.end(), int64_t{0});
    if (node.get_version() < 4)
        axes = shape_infer::interpolate_v1_axes(node, rank);
    else if (in.size() > Attrs::axes_port(node))
        axes = to_i64(in[Attrs::axes_port(node)]);
    std::vector<float> scales(axes.size());
    const auto given = attrs.use_scales ? to_f64(in.at(Attrs::scales_port(node))) : std::vector<double>{};
    bool downsample = false;
    for (size_t i = 0; i < axes.size(); ++i) {
        const auto ax = static_cast<size_t>(axes[i]);
        if (padded[ax] == 0 && out_shape[ax] != 0)
            raise<ModelError>(node.describe(), ": cannot interpolate axis ", ax, " of length 0 to length ",
                              out_shape[ax]);
        scales[i] = attrs.use_scales ? static_cast<float>(given.at(i))
                                     : static_cast<float>(out_shape[ax]) / static_cast<float>(padded[ax]);
        downsample = downsample || scales[i] < 1.0f;
    }
    if (shape_size(out_shape) == 0)
        return;
    // Shrinking axes first keeps the intermediate tensors small; the result does not depend on the order.
    std::vector<size_t> order(axes.size());
    std::iota(order.begin(), order.end(), size_t{0});
    auto ratio = [&](size_t i) {
        const auto ax = static_cast<size_t>(axes[i]);
        return static_cast<double>(out_shape[ax]) / static_cast<double>(std::max<size_t>(padded[ax], 1));
    };
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return ratio(a) < ratio(b); });

    if (attrs.mode == Attrs::Mode::nearest) {
        dispatch_type(data.get_element_type(), [&](auto tag) {
            using T = decltype(tag);
            const T* src = static_cast<const T*>(data.data());
            std::vector<T> cur = any_pad ? pad_zero(src, in_shape, pb, padded)
                                         : std::vector<T>(src, src + shape_size(in_shape));
            std::vector<T> next;
            Shape shape = padded;
            for (size_t i : order) {
                const auto ax = static_cast<size_t>(axes[i]);
                if (shape[ax] == out_shape[ax])
                    continue;  // an unchanged length maps every coordinate to itself
                gather_pass(cur, shape, ax, interpolate_nearest_map(attrs, shape[ax], out_shape[ax], scales[i]), next);
                cur.swap(next);
            }
            std::copy(cur.begin(), cur.end(), static_cast<T*>(dst.data()));
        });
        return;
    }

    const Tensor f32 = to_f32(data);
    const float* src = f32.data<float>();
    std::vector<float> cur = any_pad ? pad_zero(src, in_shape, pb, padded)
                                     : std::vector<float>(src, src + shape_size(in_shape));
    std::vector<float> next;
    Shape shape = padded;
    // Antialiasing (linear mode only) stretches the triangle of every axis by its scale once any axis shrinks.
    const bool antialias = attrs.antialias && downsample && attrs.mode == Attrs::Mode::linear;
    for (size_t i : order) {
        const auto ax = static_cast<size_t>(axes[i]);
        if (shape[ax] == out_shape[ax])
            continue;  // every mode maps an unchanged length onto itself with weight 1
        const auto taps = interpolate_taps(attrs, shape[ax], out_shape[ax], scales[i], antialias ? scales[i] : 1.0f);
        weighted_pass(cur, shape, ax, taps, next);
        cur.swap(next);
    }
    store(cur, shape, dst);
}

}  // namespace host_ref
}  // namespace ovcl
