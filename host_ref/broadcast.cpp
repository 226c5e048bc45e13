#include "host_ref/broadcast.hpp"

#include "host_ref/slice.hpp"
#include "shape_infer/broadcast_infer.hpp"

namespace ovcl {
namespace host_ref {

void broadcast_to(const Tensor& src, Tensor& dst, const std::vector<int64_t>& out_axis) {
    const Shape& in_shape = src.get_shape();
    const Shape& out_shape = dst.get_shape();
    const Strides strides = row_major_strides(in_shape);
    AxisOffsets offsets(out_shape.size());
    for (size_t j = 0; j < out_shape.size(); ++j)
        offsets[j].assign(out_shape[j], 0);  // axes the data does not reach repeat it
    for (size_t i = 0; i < in_shape.size(); ++i) {
        auto& table = offsets.at(static_cast<size_t>(out_axis.at(i)));
        if (in_shape[i] == 1)
            continue;
        if (in_shape[i] != table.size())
            raise<Exception>("broadcast_to: data shape ", in_shape, " does not fit ", out_shape);
        for (size_t k = 0; k < table.size(); ++k)
            table[k] = static_cast<int64_t>(k * strides[i]);
    }
    copy_by_offsets(src, dst, offsets);
}

void tile_to(const Tensor& src, Tensor& dst, const std::vector<int64_t>& repeats) {
    const Shape& in_shape = src.get_shape();
    const Shape& out_shape = dst.get_shape();
    const size_t shift = out_shape.size() - in_shape.size();
    const Strides strides = row_major_strides(in_shape);
    AxisOffsets offsets(out_shape.size());
    for (size_t j = 0; j < out_shape.size(); ++j) {
        const size_t dim = j < shift ? 1 : in_shape[j - shift];
        const size_t stride = j < shift ? 0 : strides[j - shift];
        const size_t rep_at = j + repeats.size() - out_shape.size();  // wraps when repeats do not reach j
        const int64_t rep = rep_at < repeats.size() ? repeats[rep_at] : 1;
        if (dim * static_cast<size_t>(rep) != out_shape[j])
            raise<Exception>("tile_to: output shape ", out_shape, " is not ", in_shape, " tiled");
        offsets[j].resize(out_shape[j]);
        for (size_t k = 0; k < out_shape[j]; ++k)
            offsets[j][k] = static_cast<int64_t>((k % dim) * stride);
    }
    copy_by_offsets(src, dst, offsets);
}

void broadcast(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const size_t rank = in.at(0).get_shape().size();
    const size_t out_rank = out.at(0).get_shape().size();
    std::vector<int64_t> out_axis(rank);
    if (shape_infer::broadcast_mode(node) == shape_infer::BroadcastMode::explicit_axes) {
        out_axis = to_i64(in.at(2));
    } else {
        for (size_t i = 0; i < rank; ++i)
            out_axis[i] = static_cast<int64_t>(i + out_rank - rank);
    }
    broadcast_to(in[0], out[0], out_axis);
}

void tile(const Node&, const TensorVector& in, TensorVector& out, EvalContext&) {
    tile_to(in.at(0), out.at(0), to_i64(in.at(1)));
}

}  // namespace host_ref
}  // namespace ovcl
