// Host reference kernels of the normalization ops (computed in double, stored in the data type).
#include "host_ref/ref_utils.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "host_ref/reduce.hpp"
#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace host_ref {

namespace {

using shape_infer::lower_attr;

// Runs the f32 kernel (f16 converted in and out) or the f64 one; the ops are defined for real types only.
void on_real(const Node& node, const Tensor& data, Tensor& dst,
             const std::function<void(const float*, float*)>& kernel_f32,
             const std::function<void(const double*, double*)>& kernel_f64) {
    switch (data.get_element_type()) {
    case element::Type_t::f32:
        return kernel_f32(data.data<const float>(), dst.data<float>());
    case element::Type_t::f64:
        return kernel_f64(data.data<const double>(), dst.data<double>());
    case element::Type_t::f16: {
        const Tensor src = to_f32(data);
        Tensor tmp(element::f32, data.get_shape());
        kernel_f32(src.data<const float>(), tmp.data<float>());
        return from_f32(tmp, dst);
    }
    default:
        raise<NotImplemented>(node.describe(), ": no host implementation for element type ", data.get_element_type());
    }
}

// Mean (and optionally variance) over `axes`, one slot per position of the kept axes.
template <typename T>
void mvn_kernel(const T* src, T* dst, const Shape& shape, const std::vector<size_t>& axes, bool normalize_variance,
                double eps, bool inside_sqrt) {
    const Strides st = reduction_slot_strides(shape, axes);
    const size_t count = reduction_count(shape, axes);
    const size_t slots = count ? shape_size(shape) / count : 0;
    std::vector<double> mean(slots, 0.0), var(slots, 0.0);
    size_t i = 0;
    for_each_offset(shape, st, [&](size_t s) { mean[s] += src[i++]; });
    for (double& m : mean)
        m /= static_cast<double>(count);
    if (normalize_variance) {
        i = 0;
        for_each_offset(shape, st, [&](size_t s) {
            const double d = src[i++] - mean[s];
            var[s] += d * d;
        });
        // var becomes the divisor.
        for (double& v : var) {
            v /= static_cast<double>(count);
            v = inside_sqrt ? std::sqrt(v + eps) : std::sqrt(v) + eps;
        }
    }
    i = 0;
    for_each_offset(shape, st, [&](size_t s) {
        const double centred = src[i] - mean[s];
        dst[i] = static_cast<T>(normalize_variance ? centred / var[s] : centred);
        ++i;
    });
}

void run_mvn(const Node& node, const Tensor& data, Tensor& dst, const std::vector<size_t>& axes,
             bool normalize_variance, double eps, bool inside_sqrt) {
    const Shape& shape = data.get_shape();
    on_real(
        node, data, dst,
        [&](const float* s, float* d) { mvn_kernel(s, d, shape, axes, normalize_variance, eps, inside_sqrt); },
        [&](const double* s, double* d) { mvn_kernel(s, d, shape, axes, normalize_variance, eps, inside_sqrt); });
}

template <typename T>
void normalize_l2_kernel(const T* src, T* dst, const Shape& shape, const std::vector<size_t>& axes, double eps,
                         bool add) {
    const size_t n = shape_size(shape);
    if (axes.empty()) {
        // The spec's particular case: each element divided by itself.
        for (size_t i = 0; i < n; ++i)
            dst[i] = src[i] == T(0) ? T(0) : T(1);
        return;
    }
    const Strides st = reduction_slot_strides(shape, axes);
    const size_t count = reduction_count(shape, axes);
    std::vector<double> sq(count ? n / count : 0, 0.0);
    size_t i = 0;
    for_each_offset(shape, st, [&](size_t s) {
        const double x = src[i++];
        sq[s] += x * x;
    });
    for (double& s : sq)
        s = std::sqrt(add ? s + eps : std::max(s, eps));
    i = 0;
    for_each_offset(shape, st, [&](size_t s) {
        dst[i] = static_cast<T>(src[i] / sq[s]);
        ++i;
    });
}

template <typename T>
void batch_norm_kernel(const T* src, T* dst, const Shape& shape, const std::vector<double>& gamma,
                       const std::vector<double>& beta, const std::vector<double>& mean,
                       const std::vector<double>& variance, double eps) {
    const size_t channels = shape[1];
    size_t inner = 1;
    for (size_t d = 2; d < shape.size(); ++d)
        inner *= shape[d];
    const size_t batch = shape[0];
    for (size_t c = 0; c < channels; ++c) {
        const double scale = gamma[c] / std::sqrt(variance[c] + eps);
        for (size_t b = 0; b < batch; ++b) {
            const size_t base = (b * channels + c) * inner;
            for (size_t i = 0; i < inner; ++i)
                dst[base + i] = static_cast<T>((src[base + i] - mean[c]) * scale + beta[c]);
        }
    }
}

}  // namespace

void mvn1(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const Tensor& data = in.at(0);
    const size_t rank = data.get_shape().size();
    std::vector<int64_t> axes = node.get_attr<std::vector<int64_t>>("reduction_axes", {});
    if (axes.empty()) {
        // Layer normalisation reduces from the channels on, instance normalisation from the spatial axes on.
        const int64_t first = node.get_attr<bool>("across_channels", true) ? 1 : 2;
        for (int64_t a = first; a < static_cast<int64_t>(rank); ++a)
            axes.push_back(a);
    }
    run_mvn(node, data, out.at(0), reduction_axes_of(node, axes, rank), node.get_attr<bool>("normalize_variance", true),
            node.get_attr<double>("eps"), true);
}

void mvn6(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const Tensor& data = in.at(0);
    const auto axes = reduction_axes_of(node, to_i64(in.at(1)), data.get_shape().size());
    // eps is an f32 attribute in MVN-6.
    const double eps = node.get_attr<float>("eps");
    run_mvn(node, data, out.at(0), axes, node.get_attr<bool>("normalize_variance"), eps,
            lower_attr(node, "eps_mode") == "inside_sqrt");
}

void normalize_l2(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const Tensor& data = in.at(0);
    const Shape& shape = data.get_shape();
    const auto axes = reduction_axes_of(node, to_i64(in.at(1)), shape.size());
    const double eps = node.get_attr<float>("eps");
    const bool add = lower_attr(node, "eps_mode") == "add";
    on_real(
        node, data, out.at(0), [&](const float* s, float* d) { normalize_l2_kernel(s, d, shape, axes, eps, add); },
        [&](const double* s, double* d) { normalize_l2_kernel(s, d, shape, axes, eps, add); });
}

void batch_norm_inference(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const bool v1 = node.get_version() < 5;
    const Tensor& data = in.at(v1 ? 2 : 0);
    const auto gamma = to_f64(in.at(v1 ? 0 : 1));
    const auto beta = to_f64(in.at(v1 ? 1 : 2));
    const auto mean = to_f64(in.at(3));
    const auto variance = to_f64(in.at(4));
    const double eps = node.get_attr<double>("epsilon");
    const Shape& shape = data.get_shape();
    on_real(
        node, data, out.at(0),
        [&](const float* s, float* d) { batch_norm_kernel(s, d, shape, gamma, beta, mean, variance, eps); },
        [&](const double* s, double* d) { batch_norm_kernel(s, d, shape, gamma, beta, mean, variance, eps); });
}

}  // namespace host_ref
}  // namespace ovcl
