#include <algorithm>
#include <cmath>
#include <vector>

#include "host_ref/ref_utils.hpp"

namespace ovcl {
namespace host_ref {

void group_normalization(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const Tensor x = to_f32(in.at(0)), scale = to_f32(in.at(1)), bias = to_f32(in.at(2));
    const Shape& s = x.get_shape();
    Tensor y(element::f32, s);
    const auto groups = static_cast<size_t>(node.get_attr<int64_t>("num_groups"));
    const double eps = node.get_attr<double>("epsilon");
    const size_t channels = s[1], per_channel = shape_size(s) / std::max<size_t>(1, s[0] * channels);
    const size_t cpg = channels / groups, count = cpg * per_channel;
    const float* src = x.data<float>();
    float* dst = y.data<float>();
    for (size_t n = 0; n < s[0]; ++n)
        for (size_t g = 0; g < groups; ++g) {
            const size_t base = (n * channels + g * cpg) * per_channel;
            double mean = 0, var = 0;
            for (size_t i = 0; i < count; ++i)
                mean += src[base + i];
            mean /= static_cast<double>(std::max<size_t>(count, 1));
            for (size_t i = 0; i < count; ++i)
                var += (src[base + i] - mean) * (src[base + i] - mean);
            var /= static_cast<double>(std::max<size_t>(count, 1));
            const double inv = 1.0 / std::sqrt(var + eps);
            for (size_t i = 0; i < count; ++i) {
                const size_t c = g * cpg + i / per_channel;
                dst[base + i] = static_cast<float>((src[base + i] - mean) * inv * scale.data<float>()[c] +
                                                   bias.data<float>()[c]);
            }
        }
    from_f32(y, out.at(0));
}

void lrn(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const Tensor x = to_f32(in.at(0));
    const Shape& s = x.get_shape();
    Tensor y(element::f32, s);
    const double alpha = node.get_attr<double>("alpha"), beta = node.get_attr<double>("beta");
    const double bias = node.get_attr<double>("bias");
    const auto size = static_cast<int64_t>(node.get_attr<int64_t>("size"));
    std::vector<bool> on(s.size(), false);
    size_t n_axes = 0;
    for (int64_t a : to_i64(in.at(1))) {
        const int64_t r = static_cast<int64_t>(s.size());
        const int64_t k = a < 0 ? a + r : a;
        if (k < 0 || k >= r)
            raise<ModelError>(node.describe(), ": axis ", a, " for data of rank ", r);
        if (!on[static_cast<size_t>(k)])
            ++n_axes;
        on[static_cast<size_t>(k)] = true;
    }
    const double scale = alpha / std::pow(static_cast<double>(size), static_cast<double>(n_axes));
    // OpenVINO's window is symmetric: (size - 1) / 2 on each side, so an even size covers size - 1 elements
    // (checked against OpenVINO CPU with size 4); the divisor stays size^|axes|.
    const int64_t before = (size - 1) / 2, after = before;
    const Strides st = row_major_strides(s);
    const float* src = x.data<float>();
    size_t i = 0;
    Shape window(s.size());
    for_each_coordinate(s, [&](const Coordinate& c) {
        // The window: [c - before, c + after] on the listed axes, clipped; the element's own coordinate elsewhere.
        size_t base = 0;
        for (size_t a = 0; a < s.size(); ++a) {
            const auto ca = static_cast<int64_t>(c[a]);
            const size_t lo = on[a] ? static_cast<size_t>(std::max<int64_t>(0, ca - before)) : c[a];
            const size_t hi =
                on[a] ? static_cast<size_t>(std::min<int64_t>(static_cast<int64_t>(s[a]) - 1, ca + after)) : c[a];
            window[a] = hi - lo + 1;
            base += lo * st[a];
        }
        double sum = 0;
        for_each_offset(window, st, [&](size_t off) { sum += static_cast<double>(src[base + off]) * src[base + off]; });
        y.data<float>()[i] = static_cast<float>(src[i] / std::pow(bias + scale * sum, beta));
        ++i;
    });
    from_f32(y, out.at(0));
}

void grn(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const Tensor x = to_f32(in.at(0));
    const Shape& s = x.get_shape();
    Tensor y(element::f32, s);
    const double bias = node.get_attr<double>("bias");
    const size_t channels = s[1];
    size_t inner = 1;
    for (size_t a = 2; a < s.size(); ++a)
        inner *= s[a];
    const float* src = x.data<float>();
    for (size_t n = 0; n < s[0]; ++n)
        for (size_t i = 0; i < inner; ++i) {
            double sum = 0;
            for (size_t ch = 0; ch < channels; ++ch) {
                const double v = src[(n * channels + ch) * inner + i];
                sum += v * v;
            }
            const double norm = std::sqrt(sum + bias);
            for (size_t ch = 0; ch < channels; ++ch) {
                const size_t at = (n * channels + ch) * inner + i;
                y.data<float>()[at] = static_cast<float>(src[at] / norm);
            }
        }
    from_f32(y, out.at(0));
}

}  // namespace host_ref
}  // namespace ovcl
