#include <algorithm>
#include <limits>
#include <vector>

#include "host_ref/pooling.hpp"

namespace ovcl {
namespace host_ref {

namespace {

// Planes of data as f32 (f16 too) with D, H, W (leading 1s for fewer spatial axes); f(plane, window) per
// output position, window the [begin, end) ranges of the three axes.
struct Window {
    size_t b[3], e[3];
};

template <typename F>
void for_each_window(const Shape& in, const Shape& out, F f) {
    const size_t k = in.size() - 2;
    size_t n_in[3] = {1, 1, 1}, n_out[3] = {1, 1, 1};
    for (size_t i = 0; i < k; ++i) {
        n_in[3 - k + i] = in[2 + i];
        n_out[3 - k + i] = out[2 + i];
    }
    const size_t planes = in[0] * in[1];
    size_t o = 0;
    for (size_t p = 0; p < planes; ++p)
        for (size_t z = 0; z < n_out[0]; ++z)
            for (size_t y = 0; y < n_out[1]; ++y)
                for (size_t x = 0; x < n_out[2]; ++x, ++o) {
                    Window w{};
                    const size_t c[3] = {z, y, x};
                    for (size_t a = 0; a < 3; ++a) {
                        w.b[a] = c[a] * n_in[a] / n_out[a];
                        w.e[a] = ((c[a] + 1) * n_in[a] + n_out[a] - 1) / n_out[a];
                    }
                    f(p, w, o, n_in);
                }
}

}  // namespace

void adaptive_avg_pool(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const Tensor x = to_f32(in.at(0));
    Tensor y(element::f32, out.at(0).get_shape());
    const float* src = x.data<float>();
    float* dst = y.data<float>();
    (void)node;
    for_each_window(x.get_shape(), y.get_shape(), [&](size_t p, const Window& w, size_t o, const size_t* n) {
        const float* plane = src + p * n[0] * n[1] * n[2];
        double sum = 0;
        size_t count = 0;
        for (size_t z = w.b[0]; z < w.e[0]; ++z)
            for (size_t r = w.b[1]; r < w.e[1]; ++r)
                for (size_t c = w.b[2]; c < w.e[2]; ++c, ++count)
                    sum += plane[(z * n[1] + r) * n[2] + c];
        dst[o] = count ? static_cast<float>(sum / static_cast<double>(count)) : 0.f;
    });
    from_f32(y, out.at(0));
}

void adaptive_max_pool(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const Tensor x = to_f32(in.at(0));
    Tensor y(element::f32, out.at(0).get_shape());
    std::vector<int64_t> idx(y.get_size(), 0);
    const float* src = x.data<float>();
    float* dst = y.data<float>();
    if (!in.at(0).get_element_type().is_real())
        raise<NotImplemented>(node.describe(), ": no host implementation for element type ", in.at(0).get_element_type());
    for_each_window(x.get_shape(), y.get_shape(), [&](size_t p, const Window& w, size_t o, const size_t* n) {
        const float* plane = src + p * n[0] * n[1] * n[2];
        float best = -std::numeric_limits<float>::infinity();
        int64_t at = 0;
        bool first = true;
        for (size_t z = w.b[0]; z < w.e[0]; ++z)
            for (size_t r = w.b[1]; r < w.e[1]; ++r)
                for (size_t c = w.b[2]; c < w.e[2]; ++c) {
                    const size_t flat = (z * n[1] + r) * n[2] + c;
                    if (first || plane[flat] > best) {  // the first of equal maxima
                        best = plane[flat];
                        at = static_cast<int64_t>(flat);
                        first = false;
                    }
                }
        dst[o] = best;
        idx[o] = at;
    });
    from_f32(y, out.at(0));
    Tensor& indices = out.at(1);
    for (size_t i = 0; i < idx.size(); ++i) {
        if (indices.get_element_type() == element::i32)
            indices.data<int32_t>()[i] = static_cast<int32_t>(idx[i]);
        else
            indices.data<int64_t>()[i] = idx[i];
    }
}

}  // namespace host_ref
}  // namespace ovcl
