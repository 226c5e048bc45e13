#include "host_ref/pad.hpp"

#include <algorithm>

#include "host_ref/slice.hpp"

namespace ovcl {
namespace host_ref {

namespace {

// The source index an out-of-range index i resolves to on an axis of extent n; -1 for the fill.
int64_t resolve(int64_t i, int64_t n, shape_infer::PadMode mode) {
    using shape_infer::PadMode;
    switch (mode) {
    case PadMode::constant: break;
    case PadMode::edge: return std::clamp<int64_t>(i, 0, n - 1);
    case PadMode::reflect: return i < 0 ? -i : 2 * (n - 1) - i;
    case PadMode::symmetric: return i < 0 ? -i - 1 : 2 * n - 1 - i;
    }
    return -1;
}

}  // namespace

void pad_into(const Tensor& src, Tensor& dst, const std::vector<int64_t>& begin, shape_infer::PadMode mode,
              const void* fill) {
    const Shape& in_shape = src.get_shape();
    const Shape& out_shape = dst.get_shape();
    if (begin.size() != in_shape.size() || out_shape.size() != in_shape.size())
        raise<Exception>("pad_into: pads of ", begin.size(), " values for ", in_shape, " -> ", out_shape);
    const Strides strides = row_major_strides(in_shape);
    AxisOffsets offsets(in_shape.size());
    for (size_t a = 0; a < in_shape.size(); ++a) {
        const int64_t n = static_cast<int64_t>(in_shape[a]);
        offsets[a].resize(out_shape[a]);
        for (size_t o = 0; o < out_shape[a]; ++o) {
            int64_t i = static_cast<int64_t>(o) - begin[a];
            if (i < 0 || i >= n) {
                const bool copies = mode != shape_infer::PadMode::constant;
                if (copies && n > 0)
                    i = resolve(i, n, mode);
                if (copies && (i < 0 || i >= n))
                    raise<Exception>("pad_into: axis ", a, " of extent ", n, " cannot supply padded index ", o);
                if (!copies)
                    i = -1;
            }
            offsets[a][o] = i < 0 ? -1 : i * static_cast<int64_t>(strides[a]);
        }
    }
    const std::vector<char> zero(src.get_element_type().size(), 0);
    copy_by_offsets(src, dst, offsets, fill ? fill : zero.data());
}

void pad(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const auto mode = shape_infer::pad_mode(node);
    const void* fill = mode == shape_infer::PadMode::constant && in.size() > 3 ? in[3].data() : nullptr;
    pad_into(in.at(0), out.at(0), to_i64(in.at(1)), mode, fill);
}

}  // namespace host_ref
}  // namespace ovcl
