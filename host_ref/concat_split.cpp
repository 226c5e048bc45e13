#include "host_ref/concat_split.hpp"

#include <cstring>

namespace ovcl {
namespace host_ref {

namespace {
// Elements before `axis` (the number of slabs) and bytes from `axis` on (one slab of this array).
size_t outer_count(const Shape& s, size_t axis) {
    size_t n = 1;
    for (size_t i = 0; i < axis; ++i)
        n *= s[i];
    return n;
}
size_t slab_bytes(const Shape& s, size_t axis, size_t elem_size) {
    size_t n = elem_size;
    for (size_t i = axis; i < s.size(); ++i)
        n *= s[i];
    return n;
}

size_t normalized(const Node& node, int64_t axis, size_t rank) {
    const int64_t r = static_cast<int64_t>(rank);
    if (axis < -r || axis >= r)
        raise<ModelError>(node.describe(), ": axis ", axis, " is out of range for rank ", rank);
    return static_cast<size_t>(axis < 0 ? axis + r : axis);
}

void split_outputs(const Node& node, const TensorVector& in, TensorVector& out) {
    const Tensor& data = in.at(0);
    const std::vector<int64_t> axis = to_i64(in.at(1));
    if (axis.size() != 1)
        raise<ModelError>(node.describe(), ": axis must hold one value");
    std::vector<void*> dsts;
    std::vector<Shape> shapes;
    for (auto& t : out) {
        dsts.push_back(t.data());
        shapes.push_back(t.get_shape());
    }
    split_bytes(data.data(), data.get_shape(), normalized(node, axis[0], data.get_shape().size()), dsts, shapes,
                data.get_element_type().size());
}
}  // namespace

void concat_bytes(const std::vector<const void*>& srcs, const std::vector<Shape>& shapes, void* dst, size_t axis,
                  size_t elem_size) {
    if (srcs.empty())
        return;
    const size_t outer = outer_count(shapes[0], axis);
    std::vector<size_t> slabs(srcs.size());
    for (size_t k = 0; k < srcs.size(); ++k)
        slabs[k] = slab_bytes(shapes[k], axis, elem_size);
    auto* d = static_cast<unsigned char*>(dst);
    for (size_t o = 0; o < outer; ++o)
        for (size_t k = 0; k < srcs.size(); ++k) {
            if (slabs[k])
                std::memcpy(d, static_cast<const unsigned char*>(srcs[k]) + o * slabs[k], slabs[k]);
            d += slabs[k];
        }
}

void split_bytes(const void* src, const Shape& shape, size_t axis, const std::vector<void*>& dsts,
                 const std::vector<Shape>& part_shapes, size_t elem_size) {
    const size_t outer = outer_count(shape, axis);
    std::vector<size_t> slabs(dsts.size());
    for (size_t k = 0; k < dsts.size(); ++k)
        slabs[k] = slab_bytes(part_shapes[k], axis, elem_size);
    const auto* s = static_cast<const unsigned char*>(src);
    for (size_t o = 0; o < outer; ++o)
        for (size_t k = 0; k < dsts.size(); ++k) {
            if (slabs[k])
                std::memcpy(static_cast<unsigned char*>(dsts[k]) + o * slabs[k], s, slabs[k]);
            s += slabs[k];
        }
}

void concat(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    Tensor& dst = out.at(0);
    const size_t axis = normalized(node, node.get_attr<int64_t>("axis"), dst.get_shape().size());
    std::vector<const void*> srcs;
    std::vector<Shape> shapes;
    for (const auto& t : in) {
        srcs.push_back(t.data());
        shapes.push_back(t.get_shape());
    }
    concat_bytes(srcs, shapes, dst.data(), axis, dst.get_element_type().size());
}

void split(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) { split_outputs(node, in, out); }

void variadic_split(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    split_outputs(node, in, out);
}

}  // namespace host_ref
}  // namespace ovcl
