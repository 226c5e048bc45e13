// FakeConvert-13 as OpenVINO CPU computes it, in f32: q = f8(data * scale - shift), out = (q + shift) / scale,
// where f8 rounds to the nearest value of f8e4m3 (4 exponent bits, 3 mantissa bits, max 448) or f8e5m2
// (5 and 2, max 57344), ties to even, subnormals kept, and saturates: infinities and overflows give the
// largest magnitude; NaN gives minus the largest (OpenVINO CPU clamps it so).
#include <cmath>
#include <string>

#include "host_ref/ref_utils.hpp"

namespace ovcl {
namespace host_ref {

namespace {
struct F8 {
    int mantissa_bits, min_exponent;
    float max;
};

float round_f8(float v, const F8& f) {
    if (std::isnan(v))
        return -f.max;
    const float a = std::fabs(v);
    if (a == 0.0f)
        return v;
    int e = 0;
    std::frexp(a, &e);  // a = m * 2^e, m in [0.5, 1)
    e = std::max(e - 1, f.min_exponent);
    const float step = std::ldexp(1.0f, e - f.mantissa_bits);
    const float q = std::min(std::nearbyint(a / step) * step, f.max);
    return std::copysign(q, v);
}
}  // namespace

void fake_convert(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const F8 f = node.get_attr<std::string>("destination_type") == "f8e4m3" ? F8{3, -6, 448.0f} : F8{2, -14, 57344.0f};
    const Shape& s = in.at(0).get_shape();
    const Tensor x = to_f32(in[0]), scale = to_f32(in.at(1));
    const Tensor shift = in.size() > 2 ? to_f32(in[2]) : Tensor(element::f32, Shape{});
    if (in.size() <= 2)
        shift.data<float>()[0] = 0.0f;
    const Strides ss = broadcast_strides(scale.get_shape(), s), hs = broadcast_strides(shift.get_shape(), s);
    const float *xp = x.data<const float>(), *sp = scale.data<const float>(), *hp = shift.data<const float>();
    Tensor y(element::f32, s);
    float* yp = y.data<float>();
    size_t i = 0;
    for_each_coordinate(s, [&](const Coordinate& c) {
        size_t so = 0, ho = 0;
        for (size_t a = 0; a < c.size(); ++a) {
            so += c[a] * ss[a];
            ho += c[a] * hs[a];
        }
        const float q = round_f8(xp[i] * sp[so] - hp[ho], f);
        yp[i++] = (q + hp[ho]) / sp[so];
    });
    from_f32(y, out.at(0));
}

}  // namespace host_ref
}  // namespace ovcl
