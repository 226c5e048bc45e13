#include "host_ref/region_yolo.hpp"

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
