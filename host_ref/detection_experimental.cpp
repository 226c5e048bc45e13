// The ExperimentalDetectron* ops (Mask R-CNN's detection head as OpenVINO exports it).
#include <algorithm>
#include <numeric>
#include <vector>

#include "host_ref/detection.hpp"

namespace ovcl {
namespace host_ref {

namespace {
// Writes dense f32 values (zeros past their end) into `out`, converting to its type.
void store(const std::vector<float>& v, Tensor& out) {
    Tensor f(element::f32, out.get_shape());
    float* dst = f.data<float>();
    for (size_t i = 0; i < f.get_size(); ++i)
        dst[i] = i < v.size() ? v[i] : 0.0f;
    from_f32(f, out);
}
}  // namespace

void experimental_detectron_topk_rois(const Node&, const TensorVector& in, TensorVector& out, EvalContext&) {
    const auto rois = to_f64(in.at(0)), scores = to_f64(in.at(1));
    std::vector<size_t> order(scores.size());
    std::iota(order.begin(), order.end(), size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return scores[a] > scores[b]; });
    order.resize(std::min(order.size(), out.at(0).get_shape().at(0)));
    std::vector<float> v;
    for (size_t i : order)
        for (size_t k = 0; k < 4; ++k)
            v.push_back(static_cast<float>(rois[i * 4 + k]));
    store(v, out.at(0));
}

void experimental_detectron_prior_grid_generator(const Node& node, const TensorVector& in, TensorVector& out,
                                                 EvalContext&) {
    const auto priors = to_f64(in.at(0));
    const Shape &fm = in.at(1).get_shape(), &im = in.at(2).get_shape();
    const auto h_attr = node.get_attr<int64_t>("h", 0), w_attr = node.get_attr<int64_t>("w", 0);
    const size_t H = h_attr ? static_cast<size_t>(h_attr) : fm[2], W = w_attr ? static_cast<size_t>(w_attr) : fm[3];
    if (H * W > fm[2] * fm[3])
        raise<ModelError>(node.describe(), ": a ", H, " x ", W, " grid exceeds the feature map's ", fm[2], " x ", fm[3]);
    const auto sx = node.get_attr<float>("stride_x", 0.0f), sy = node.get_attr<float>("stride_y", 0.0f);
    const float step_w = sx != 0 ? sx : static_cast<float>(im[3]) / static_cast<float>(W);
    const float step_h = sy != 0 ? sy : static_cast<float>(im[2]) / static_cast<float>(H);
    const size_t P = priors.size() / 4;
    std::vector<float> v;
    for (size_t h = 0; h < H; ++h)
        for (size_t w = 0; w < W; ++w)
            for (size_t p = 0; p < P; ++p) {
                const float dx = step_w * (static_cast<float>(w) + 0.5f), dy = step_h * (static_cast<float>(h) + 0.5f);
                v.push_back(static_cast<float>(priors[4 * p + 0]) + dx);
                v.push_back(static_cast<float>(priors[4 * p + 1]) + dy);
                v.push_back(static_cast<float>(priors[4 * p + 2]) + dx);
                v.push_back(static_cast<float>(priors[4 * p + 3]) + dy);
            }
    store(v, out.at(0));
}

}  // namespace host_ref
}  // namespace ovcl
