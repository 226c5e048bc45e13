// Reverse-1: an index-table copy that reads the flipped axes backwards.
#include "host_ref/ref_utils.hpp"
#include "host_ref/slice.hpp"
#include "shape_infer/rearrange_infer.hpp"

namespace ovcl {
namespace host_ref {

void reverse(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const Shape& s = in.at(0).get_shape();
    const auto flip = shape_infer::reverse_axes(node, static_cast<int64_t>(s.size()), to_i64(in.at(1)));
    const Strides strides = row_major_strides(s);
    AxisOffsets offsets(s.size());
    for (size_t a = 0; a < s.size(); ++a)
        for (size_t k = 0; k < s[a]; ++k)
            offsets[a].push_back(static_cast<int64_t>((flip[a] ? s[a] - 1 - k : k) * strides[a]));
    copy_by_offsets(in[0], out.at(0), offsets);
}

}  // namespace host_ref
}  // namespace ovcl
