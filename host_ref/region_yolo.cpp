// Host reference kernels of the YOLO region ops, computed in f32 (f16 through f32) like OpenVINO CPU.
// RegionYolo: the output is the data's leading elements, then per region the logistic function on x, y
// and the objectness, and on the classes a softmax (do_softmax) or the logistic function. Like OpenVINO
// CPU, batch b's regions are read at b * regions * (coords + classes + 1) * H * W of the flat data, not at
// b * C * H * W: the two differ only when the data has more channels than its regions use. ReorgYolo is
// darknet's reorg as OpenVINO defines it: output element (n, c, h, w) of the data's own shape [N, C, H, W]
// is element (n, c % (C / s^2), h s + (c / (C / s^2)) / s, w s + (c / (C / s^2)) % s) of the data seen
// as [N, C / s^2, H s, W s].
#include "host_ref/ref_utils.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "shape_infer/region_yolo_infer.hpp"

namespace ovcl {
namespace host_ref {

namespace {
float logistic(float v) { return 1.0f / (1.0f + std::exp(-v)); }
}  // namespace

void region_yolo(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const auto a = shape_infer::region_yolo_attrs(node);
    const Tensor data = to_f32(in.at(0));
    const Shape& ds = data.get_shape();
    const size_t area = ds[2] * ds[3], entry = static_cast<size_t>(a.entry()), regions = static_cast<size_t>(a.regions);
    Tensor res(element::f32, out.at(0).get_shape());
    float* o = res.data<float>();
    std::copy_n(data.data<float>(), res.get_size(), o);
    for (size_t b = 0; b < ds[0]; ++b)
        for (size_t r = 0; r < regions; ++r) {
            float* e = o + (b * regions + r) * entry * area;  // the region's channels, [entry, H, W]
            const auto coords = static_cast<size_t>(a.coords);
            for (size_t i = 0; i < area; ++i) {
                e[i] = logistic(e[i]);
                e[area + i] = logistic(e[area + i]);
                e[coords * area + i] = logistic(e[coords * area + i]);
                float* cls = e + (coords + 1) * area + i;
                const size_t n = static_cast<size_t>(a.classes);
                if (!a.softmax) {
                    for (size_t k = 0; k < n; ++k)
                        cls[k * area] = logistic(cls[k * area]);
                    continue;
                }
                float top = -INFINITY, sum = 0.0f;
                for (size_t k = 0; k < n; ++k)
                    top = std::max(top, cls[k * area]);
                for (size_t k = 0; k < n; ++k)
                    sum += cls[k * area] = std::exp(cls[k * area] - top);
                for (size_t k = 0; k < n; ++k)
                    cls[k * area] /= sum;
            }
        }
    from_f32(res, out.at(0));
}

void reorg_yolo(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const Tensor& data = in.at(0);
    const Shape& s = data.get_shape();
    const auto st = static_cast<size_t>(node.get_attr<std::vector<int64_t>>("stride").at(0));
    const size_t groups = s[1] / (st * st), h2 = s[2] * st, w2 = s[3] * st, bytes = data.get_element_type().size();
    const auto* src = static_cast<const unsigned char*>(data.data());
    auto* dst = static_cast<unsigned char*>(out.at(0).data());
    for_each_coordinate(s, [&](const Coordinate& c) {
        const size_t part = c[1] / groups;
        const size_t from = ((c[0] * groups + c[1] % groups) * h2 + c[2] * st + part / st) * w2 + c[3] * st + part % st;
        std::memcpy(dst, src + from * bytes, bytes);
        dst += bytes;
    });
}

}  // namespace host_ref
}  // namespace ovcl
