#include "host_ref/pooling.hpp"

#include <algorithm>
#include <limits>
#include <type_traits>
#include <vector>

#include "shape_infer/pooling_infer.hpp"

namespace ovcl {
namespace host_ref {

namespace {

// Calls f(out_offset, rd, rh, rw, start_d, start_h, start_w) for every output position of one plane.
template <typename F>
void for_each_window(const PoolGeometry& g, F&& f) {
    const auto ID = static_cast<int64_t>(g.in[0]), IH = static_cast<int64_t>(g.in[1]);
    const auto IW = static_cast<int64_t>(g.in[2]);
    size_t o = 0;
    for (size_t od = 0; od < g.out[0]; ++od) {
        const int64_t sd = static_cast<int64_t>(od) * g.strides[0] - g.pads_begin[0];
        const IndexRange rd = valid_range(sd, g.dilations[0], ID, static_cast<int64_t>(g.kernel[0]));
        for (size_t oh = 0; oh < g.out[1]; ++oh) {
            const int64_t sh = static_cast<int64_t>(oh) * g.strides[1] - g.pads_begin[1];
            const IndexRange rh = valid_range(sh, g.dilations[1], IH, static_cast<int64_t>(g.kernel[1]));
            for (size_t ow = 0; ow < g.out[2]; ++ow, ++o) {
                const int64_t sw = static_cast<int64_t>(ow) * g.strides[2] - g.pads_begin[2];
                const IndexRange rw = valid_range(sw, g.dilations[2], IW, static_cast<int64_t>(g.kernel[2]));
                f(o, rd, rh, rw, sd, sh, sw);
            }
        }
    }
}

PoolGeometry make_geometry(const Shape& data, const shape_infer::Window& win) {
    PoolGeometry g;
    g.planes = data[0] * data[1];
    set_spatial_window(g, data, win);
    return g;
}

void check_output(const Node& node, const Tensor& t, const PoolGeometry& g) {
    if (t.get_size() != g.planes * volume(g.out))
        raise<Exception>(node.describe(), ": output tensor has shape ", t.get_shape(),
                         ", which does not match the pooling window");
}

}  // namespace

template <typename T>
void max_pool_typed(const T* x, T* y, int64_t* indices, const PoolGeometry& g, int64_t index_modulo) {
    const size_t in_plane = volume(g.in), out_plane = volume(g.out);
    const auto IH = static_cast<int64_t>(g.in[1]), IW = static_cast<int64_t>(g.in[2]);
    const T padding = std::numeric_limits<T>::has_infinity ? -std::numeric_limits<T>::infinity()
                                                           : std::numeric_limits<T>::lowest();
    for (size_t p = 0; p < g.planes; ++p) {
        const T* xp = x + p * in_plane;
        const auto base = static_cast<int64_t>(p * in_plane);
        for_each_window(g, [&](size_t o, IndexRange rd, IndexRange rh, IndexRange rw, int64_t sd, int64_t sh,
                               int64_t sw) {
            T best = padding;
            int64_t best_at = -1;
            for (int64_t kd = rd.lo; kd < rd.hi; ++kd) {
                const int64_t id = sd + kd * g.dilations[0];
                for (int64_t kh = rh.lo; kh < rh.hi; ++kh) {
                    const int64_t row = (id * IH + sh + kh * g.dilations[1]) * IW;
                    for (int64_t kw = rw.lo; kw < rw.hi; ++kw) {
                        const int64_t at = row + sw + kw * g.dilations[2];
                        if (best_at < 0 || xp[at] > best) {
                            best = xp[at];
                            best_at = at;
                        }
                    }
                }
            }
            y[p * out_plane + o] = best;
            if (indices) {
                const int64_t flat = base + std::max<int64_t>(best_at, 0);
                indices[p * out_plane + o] = index_modulo > 0 ? flat % index_modulo : flat;
            }
        });
    }
}

template void max_pool_typed<float>(const float*, float*, int64_t*, const PoolGeometry&, int64_t);
template void max_pool_typed<int32_t>(const int32_t*, int32_t*, int64_t*, const PoolGeometry&, int64_t);
template void max_pool_typed<int64_t>(const int64_t*, int64_t*, int64_t*, const PoolGeometry&, int64_t);
template void max_pool_typed<uint8_t>(const uint8_t*, uint8_t*, int64_t*, const PoolGeometry&, int64_t);
template void max_pool_typed<int8_t>(const int8_t*, int8_t*, int64_t*, const PoolGeometry&, int64_t);

void avg_pool_f32(const float* x, float* y, const PoolGeometry& g, bool pads_in_divisor) {
    const size_t in_plane = volume(g.in), out_plane = volume(g.out);
    const auto IH = static_cast<int64_t>(g.in[1]), IW = static_cast<int64_t>(g.in[2]);
    const auto kernel_volume = static_cast<int64_t>(volume(g.kernel));
    for (size_t p = 0; p < g.planes; ++p) {
        const float* xp = x + p * in_plane;
        for_each_window(g, [&](size_t o, IndexRange rd, IndexRange rh, IndexRange rw, int64_t sd, int64_t sh,
                               int64_t sw) {
            double sum = 0.0;
            for (int64_t kd = rd.lo; kd < rd.hi; ++kd)
                for (int64_t kh = rh.lo; kh < rh.hi; ++kh) {
                    const int64_t row = ((sd + kd * g.dilations[0]) * IH + sh + kh * g.dilations[1]) * IW + sw;
                    for (int64_t kw = rw.lo; kw < rw.hi; ++kw)
                        sum += xp[row + kw * g.dilations[2]];
                }
            const int64_t inside = (rd.hi - rd.lo) * (rh.hi - rh.lo) * (rw.hi - rw.lo);
            const int64_t divisor = pads_in_divisor ? kernel_volume : inside;
            y[p * out_plane + o] = divisor > 0 ? static_cast<float>(sum / static_cast<double>(divisor)) : 0.0f;
        });
    }
}

void max_pool(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const Tensor& x = in.at(0);
    const PoolGeometry g = make_geometry(x.get_shape(), shape_infer::pooling_window(node, x.get_shape()));
    Tensor& y = out.at(0);
    check_output(node, y, g);
    const bool with_indices = out.size() > 1;
    std::vector<int64_t> idx(with_indices ? y.get_size() : 0);
    int64_t modulo = 0;
    if (with_indices) {
        const Shape& s = x.get_shape();
        const int64_t axis =
            shape_infer::normalize_axis(node, node.get_attr<int64_t>("axis", 0), static_cast<int64_t>(s.size()));
        if (axis > 0)
            modulo = static_cast<int64_t>(shape_size(Shape(s.begin() + axis, s.end())));
    }
    int64_t* ip = with_indices ? idx.data() : nullptr;
    const element::Type type = x.get_element_type();
    if (y.get_element_type() != type)
        raise<Exception>(node.describe(), ": output type ", y.get_element_type(), " differs from input type ", type);
    switch (static_cast<element::Type_t>(type)) {
    case element::Type_t::f32: max_pool_typed(x.data<const float>(), y.data<float>(), ip, g, modulo); break;
    case element::Type_t::f16: {
        const Tensor xf = to_f32(x);
        Tensor yf(element::f32, y.get_shape());
        max_pool_typed(xf.data<const float>(), yf.data<float>(), ip, g, modulo);
        from_f32(yf, y);
        break;
    }
    case element::Type_t::i32: max_pool_typed(x.data<const int32_t>(), y.data<int32_t>(), ip, g, modulo); break;
    case element::Type_t::i64: max_pool_typed(x.data<const int64_t>(), y.data<int64_t>(), ip, g, modulo); break;
    case element::Type_t::u8: max_pool_typed(x.data<const uint8_t>(), y.data<uint8_t>(), ip, g, modulo); break;
    case element::Type_t::i8: max_pool_typed(x.data<const int8_t>(), y.data<int8_t>(), ip, g, modulo); break;
    default:
        raise<NotImplemented>(node.describe(), ": the host reference supports f32, f16, i32, i64, u8 and i8, not ",
                              type);
    }
    if (with_indices) {
        Tensor& it = out.at(1);
        if (it.get_size() != idx.size())
            raise<Exception>(node.describe(), ": indices tensor has shape ", it.get_shape());
        if (it.get_element_type() == element::i64)
            std::copy(idx.begin(), idx.end(), it.data<int64_t>());
        else if (it.get_element_type() == element::i32)
            std::transform(idx.begin(), idx.end(), it.data<int32_t>(),
                           [](int64_t v) { return static_cast<int32_t>(v); });
        else
            raise<NotImplemented>(node.describe(), ": indices of type ", it.get_element_type());
    }
}

void avg_pool(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const Tensor& x = in.at(0);
    const auto win = shape_infer::pooling_window(node, x.get_shape());
    const PoolGeometry g = make_geometry(x.get_shape(), win);
    Tensor& y = out.at(0);
    check_output(node, y, g);
    const element::Type type = x.get_element_type();
    if ((type != element::f32 && type != element::f16) || y.get_element_type() != type)
        raise<NotImplemented>(node.describe(), ": the host reference supports f32 and f16, not ", type);
    // OpenVINO's rule: without exclude-pad the divisor is the whole kernel, but only when some (effective)
    // padding exists; with no padding at all it counts the taps inside the input (ceil-mode overhang).
    const auto nonzero = [](int64_t p) { return p != 0; };
    const bool any_pad = std::any_of(win.pads_begin.begin(), win.pads_begin.end(), nonzero) ||
                         std::any_of(win.pads_end.begin(), win.pads_end.end(), nonzero);
    const bool pads_in_divisor = !node.get_attr<bool>("exclude-pad", false) && any_pad;
    const Tensor xf = to_f32(x);
    Tensor yf = type == element::f32 ? y : Tensor(element::f32, y.get_shape());
    avg_pool_f32(xf.data<const float>(), yf.data<float>(), g, pads_in_divisor);
    if (type != element::f32)
        from_f32(yf, y);
}

}  // namespace host_ref
}  // namespace ovcl
