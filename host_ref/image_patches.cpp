// Host reference of the image-patch ops. ExtractImagePatches-3 moves elements: output channel
// (i * sizes[1] + j) * C + c holds tap (i, j) of input channel c, zeros in the padding. Col2Im-15 is its
// adjoint with sums: column (c * kh + i) * kw + j of block b adds into output channel c at the tap's position
// (reals sum in double, integers in int64 and wrap as the element type).
#include "host_ref/ref_utils.hpp"

#include <cstring>

#include "host_ref/unary.hpp"
#include "shape_infer/convolution_infer.hpp"
#include "shape_infer/image_patches_infer.hpp"

namespace ovcl {
namespace host_ref {

void extract_image_patches(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const Tensor& x = in.at(0);
    Tensor& y = out.at(0);
    const Shape& s = x.get_shape();
    const auto sizes = shape_infer::spatial_attr(node, "sizes", 2, std::nullopt, 1);
    const auto strides = shape_infer::spatial_attr(node, "strides", 2, std::nullopt, 1);
    const auto rates = shape_infer::spatial_attr(node, "rates", 2, std::nullopt, 1);
    shape_infer::PatchAxis axis[2];
    for (size_t i = 0; i < 2; ++i)
        axis[i] = shape_infer::extract_patch_axis(node, static_cast<int64_t>(s[2 + i]), sizes[i], strides[i], rates[i]);
    const size_t es = x.get_element_type().size();
    const auto* src = static_cast<const char*>(x.data());
    auto* dst = static_cast<char*>(y.data());
    std::memset(dst, 0, y.get_byte_size());
    const auto channels = static_cast<int64_t>(s[1]), height = static_cast<int64_t>(s[2]), width = static_cast<int64_t>(s[3]);
    size_t o = 0;  // output elements in C order: [n][(i, j, c)][ph][pw]
    for (size_t n = 0; n < s[0]; ++n)
        for (int64_t i = 0; i < sizes[0]; ++i)
            for (int64_t j = 0; j < sizes[1]; ++j)
                for (int64_t c = 0; c < channels; ++c)
                    for (int64_t ph = 0; ph < axis[0].count; ++ph)
                        for (int64_t pw = 0; pw < axis[1].count; ++pw, ++o) {
                            const int64_t h = ph * strides[0] - axis[0].pad_begin + i * rates[0];
                            const int64_t w = pw * strides[1] - axis[1].pad_begin + j * rates[1];
                            if (h < 0 || h >= height || w < 0 || w >= width)
                                continue;
                            const size_t from = ((n * s[1] + static_cast<size_t>(c)) * s[2] + static_cast<size_t>(h)) * s[3] +
                                                static_cast<size_t>(w);
                            std::memcpy(dst + o * es, src + from * es, es);
                        }
}

namespace {
template <typename Acc>
void col2im_sum(const Node& node, const Tensor& x, Tensor& y, const std::vector<int64_t>& kernel, element::Type acc_type) {
    const auto strides = shape_infer::spatial_attr(node, "strides", 2, 1, 1);
    const auto dil = shape_infer::spatial_attr(node, "dilations", 2, 1, 1);
    const auto pb = shape_infer::spatial_attr(node, "pads_begin", 2, 0, 0);
    const auto pe = shape_infer::spatial_attr(node, "pads_end", 2, 0, 0);
    const Shape& ys = y.get_shape();
    const size_t r = ys.size();
    const int64_t height = static_cast<int64_t>(ys[r - 2]), width = static_cast<int64_t>(ys[r - 1]);
    const size_t channels = ys[r - 3], batch = r == 4 ? ys[0] : 1;
    const int64_t bh = shape_infer::col2im_blocks(height, kernel[0], strides[0], dil[0], pb[0], pe[0]);
    const int64_t bw = shape_infer::col2im_blocks(width, kernel[1], strides[1], dil[1], pb[1], pe[1]);
    std::vector<Acc> v;
    if constexpr (std::is_same_v<Acc, double>)
        v = to_f64(x);
    else
        v = to_i64(x);
    std::vector<Acc> acc(y.get_size(), Acc(0));
    size_t k = 0;  // input elements in C order: [n][(c, i, j)][block row][block column]
    for (size_t n = 0; n < batch; ++n)
        for (size_t c = 0; c < channels; ++c)
            for (int64_t i = 0; i < kernel[0]; ++i)
                for (int64_t j = 0; j < kernel[1]; ++j)
                    for (int64_t b0 = 0; b0 < bh; ++b0)
                        for (int64_t b1 = 0; b1 < bw; ++b1, ++k) {
                            const int64_t h = b0 * strides[0] - pb[0] + i * dil[0], w = b1 * strides[1] - pb[1] + j * dil[1];
                            if (h < 0 || h >= height || w < 0 || w >= width)
                                continue;
                            Acc& dst = acc[((n * channels + c) * static_cast<size_t>(height) + static_cast<size_t>(h)) *
                                               static_cast<size_t>(width) +
                                           static_cast<size_t>(w)];
                            if constexpr (std::is_same_v<Acc, double>)
                                dst += v[k];
                            else
                                dst = static_cast<Acc>(uw(dst) + uw(v[k]));
                        }
    Tensor wide(acc_type, ys);
    std::copy(acc.begin(), acc.end(), wide.data<Acc>());
    convert_elements(wide.data(), acc_type, y.data(), y.get_element_type(), acc.size());
}
}  // namespace

void col2im(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    // Shape inference (run on these values) has checked the column and block counts.
    const auto kernel = to_i64(in.at(2));
    if (out[0].get_element_type().is_real())
        col2im_sum<double>(node, in[0], out[0], kernel, element::f64);
    else
        col2im_sum<int64_t>(node, in[0], out[0], kernel, element::i64);
}

}  // namespace host_ref
}  // namespace ovcl
