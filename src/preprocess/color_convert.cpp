// NV12 to RGB / BGR / GRAY with registry ops only, so the GPU runs it as element-wise kernels.
//
// The chroma planes are half the luma's size in both directions. Instead of upsampling them (a copy), the
// luma is viewed as [N, H/2, 2, W/2, 2, 1] and each chroma value as [N, H/2, 1, W/2, 1, 1]: numpy broadcasting of
// the element-wise math then pairs every 2x2 block of luma with its chroma sample, and the channel axis comes
// from per-channel coefficient vectors [3]. The result [N, H/2, 2, W/2, 2, 3] is a plain reshape of
// [N, H, W, 3]. Every op in between is element-wise, so the GPU plugin fuses the chain into one kernel.
#include <array>

#include "graph_steps.hpp"
#include "host_ref/color_convert.hpp"
#include "ovcl/except.hpp"
#include "ovcl/ops.hpp"

namespace ovcl {
namespace preprocess {
namespace graph {

namespace {

Output<Node> reshape(const Output<Node>& x, const std::vector<int64_t>& pattern) {
    // special_zero keeps the batch (0 copies the input's dimension), so a dynamic N stays dynamic.
    return op::make_output("Reshape", {x, i64s(pattern)}, {{"special_zero", "true"}});
}

Output<Node> slice_rows(const Output<Node>& x, int64_t begin, int64_t end) {
    return op::make_output("Slice", {x, i64s({begin}), i64s({end}), i64s({1}), i64s({1})});
}

Output<Node> scalar(float v) { return Output<Node>(op::constant<float>(element::f32, Shape{}, {v}), 0); }

Output<Node> vec3(const std::array<float, 3>& v, bool bgr) {
    const std::vector<float> values = bgr ? std::vector<float>{v[2], v[1], v[0]} : std::vector<float>{v[0], v[1], v[2]};
    return Output<Node>(op::constant<float>(element::f32, Shape{3}, values), 0);
}

/// A static, even extent of `shape` at `axis` (height or width of an NV12 image).
int64_t even_extent(const PartialShape& shape, size_t axis, const char* what, const std::string& where) {
    if (shape.rank_is_dynamic() || shape.size() <= axis || shape[axis].is_dynamic())
        raise<InvalidArgument>(where, ": NV12 needs a static image ", what, " (the tensor is ", shape, ")");
    const int64_t n = shape[axis].get_length();
    if (n % 2 != 0 || n == 0)
        raise<InvalidArgument>(where, ": NV12 needs an even image ", what, ", got ", n);
    return n;
}

}  // namespace

Output<Node> nv12_to(const OutputVector& planes, ColorFormat to, const std::string& where) {
    if (to != ColorFormat::RGB && to != ColorFormat::BGR && to != ColorFormat::GRAY)
        raise<InvalidArgument>(where, ": NV12 converts to RGB, BGR or GRAY, not ", to_string(to));
    const element::Type type = planes.at(0).get_element_type();
    Output<Node> y, uv;
    int64_t h = 0, w = 0;
    if (planes.size() == 1) {  // [N, H*3/2, W, 1]: the Y rows, then H/2 rows of interleaved U, V
        const PartialShape& s = planes[0].get_partial_shape();
        if (s.rank_is_dynamic() || s.size() != 4 || s[1].is_dynamic())
            raise<InvalidArgument>(where, ": NV12 needs a static image height (the tensor is ", s, ")");
        const int64_t rows = s[1].get_length();
        if (rows % 3 != 0 || rows == 0)
            raise<InvalidArgument>(where, ": a single-plane NV12 tensor has H*3/2 rows (H even), got ", rows);
        h = rows / 3 * 2;
        w = even_extent(s, 2, "width", where);
        y = slice_rows(planes[0], 0, h);
        uv = reshape(slice_rows(planes[0], h, rows), {0, h / 2, w / 2, 2});
    } else {
        y = planes.at(0);
        uv = planes.at(1);
        h = even_extent(y.get_partial_shape(), 1, "height", where);
        w = even_extent(y.get_partial_shape(), 2, "width", where);
    }
    if (to == ColorFormat::GRAY)
        return y;
    const Output<Node> y6 = reshape(convert(y, element::f32), {0, h / 2, 2, w / 2, 2, 1});
    const Output<Node> uv6 = reshape(convert(uv, element::f32), {0, h / 2, 1, w / 2, 1, 2});
    const auto split = op::make("Split", {uv6, i64s({5})}, {{"num_splits", "2"}});
    // The coefficients of the NV12/I420 ops' host reference (one definition for both).
    using K = host_ref::Yuv420;
    const Output<Node> c = binary("Subtract", y6, scalar(K::kLumaOffset));
    const Output<Node> d = binary("Subtract", Output<Node>(split, 0), scalar(K::kChromaOffset));
    const Output<Node> e = binary("Subtract", Output<Node>(split, 1), scalar(K::kChromaOffset));
    // Per channel (R, G, B): k_c * c + k_d * d + k_e * e, summed in the order of OpenVINO's reference.
    const bool bgr = to == ColorFormat::BGR;
    Output<Node> rgb = binary("Multiply", c, vec3({K::kLuma, K::kLuma, K::kLuma}, bgr));
    rgb = binary("Add", rgb, binary("Multiply", d, vec3({K::kU[0], K::kU[1], K::kU[2]}, bgr)));
    rgb = binary("Add", rgb, binary("Multiply", e, vec3({K::kV[0], K::kV[1], K::kV[2]}, bgr)));
    rgb = op::make_output("Clamp", {rgb}, {{"min", "0"}, {"max", "255"}});
    if (type.is_integral()) {
        // Round half to even, as OpenVINO's NV12toRGB / I420toRGB do for integer outputs, then store.
        rgb = op::make_output("Round", {rgb}, {{"mode", "half_to_even"}}, 5);
    }
    return convert(reshape(rgb, {0, h, w, 3}), type);
}

}  // namespace graph
}  // namespace preprocess
}  // namespace ovcl
