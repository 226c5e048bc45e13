// Host reference kernels of the fake_quantize ops.
#include "host_ref/ref_utils.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace ovcl {
namespace host_ref {

namespace {

template <typename T>
T quantize(T x, T in_low, T in_high, T out_low, T out_high, T steps) {
    if (x <= std::min(in_low, in_high))
        return out_low;
    if (x > std::max(in_low, in_high))
        return out_high;
    // nearbyint under the default rounding mode rounds half to even.
    return std::nearbyint((x - in_low) / (in_high - in_low) * steps) / steps * (out_high - out_low) + out_low;
}

// Walks the output in C order keeping one offset per (broadcast) input.
template <typename T>
void fake_quantize_kernel(const std::array<const T*, 5>& src, const std::array<Strides, 5>& strides, T* dst,
                          const Shape& shape, int64_t levels) {
    const size_t rank = shape.size();
    const size_t n = shape_size(shape);
    const T steps = static_cast<T>(levels - 1);
    Coordinate idx(rank, 0);
    std::array<size_t, 5> off{};
    for (size_t k = 0; k < n; ++k) {
        dst[k] = quantize(src[0][off[0]], src[1][off[1]], src[2][off[2]], src[3][off[3]], src[4][off[4]], steps);
        for (size_t ax = rank; ax-- > 0;) {
            for (size_t j = 0; j < 5; ++j)
                off[j] += strides[j][ax];
            if (++idx[ax] < shape[ax])
                break;
            for (size_t j = 0; j < 5; ++j)
                off[j] -= strides[j][ax] * shape[ax];
            idx[ax] = 0;
        }
    }
}

template <typename T>
void run(const TensorVector& in, T* dst, const Shape& shape, int64_t levels) {
    std::array<const T*, 5> src{};
    std::array<Strides, 5> strides;
    for (size_t j = 0; j < 5; ++j) {
        src[j] = in[j].data<const T>();
        strides[j] = broadcast_strides(in[j].get_shape(), shape);
    }
    fake_quantize_kernel(src, strides, dst, shape, levels);
}

}  // namespace

void fake_quantize(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    if (in.size() != 5)
        raise<ModelError>(node.describe(), ": expects 5 inputs, got ", in.size());
    const auto levels = node.get_attr<int64_t>("levels");
    Tensor& dst = out.at(0);
    const Shape& shape = dst.get_shape();
    switch (in[0].get_element_type()) {
    case element::Type_t::f32:
        return run<float>(in, dst.data<float>(), shape, levels);
    case element::Type_t::f64:
        return run<double>(in, dst.data<double>(), shape, levels);
    case element::Type_t::f16: {
        TensorVector f32;
        for (const Tensor& t : in)
            f32.push_back(to_f32(t));
        Tensor tmp(element::f32, shape);
        run<float>(f32, tmp.data<float>(), shape, levels);
        return from_f32(tmp, dst);
    }
    default:
        raise<NotImplemented>(node.describe(), ": no host implementation for element type ", in[0].get_element_type());
    }
}

}  // namespace host_ref
}  // namespace ovcl
