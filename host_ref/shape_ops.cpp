#include "host_ref/shape_ops.hpp"

#include <cstring>

namespace ovcl {
namespace host_ref {

namespace {
// The output holds the same elements in the same order under another shape.
void copy_bytes(const Node& node, const TensorVector& in, TensorVector& out) {
    const Tensor& src = in.at(0);
    Tensor& dst = out.at(0);
    if (src.get_byte_size() != dst.get_byte_size())
        raise<ModelError>(node.describe(), ": input of ", src.get_byte_size(), " bytes for an output of ",
                          dst.get_byte_size());
    if (src.get_byte_size())
        std::memcpy(dst.data(), src.data(), src.get_byte_size());
}

template <typename T>
void write_extents(const Shape& shape, T* dst) {
    for (size_t i = 0; i < shape.size(); ++i)
        dst[i] = static_cast<T>(shape[i]);
}
}  // namespace

void write_shape(const Shape& shape, Tensor& dst) {
    if (dst.get_size() != shape.size())
        raise<InvalidArgument>("ShapeOf: output of ", dst.get_size(), " elements for a rank ", shape.size(),
                               " shape");
    if (dst.get_element_type() == element::i64)
        write_extents(shape, dst.data<int64_t>());
    else if (dst.get_element_type() == element::i32)
        write_extents(shape, dst.data<int32_t>());
    else
        raise<NotImplemented>("ShapeOf: output type ", dst.get_element_type(), " (i32 or i64 expected)");
}

void reshape(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) { copy_bytes(node, in, out); }

void squeeze(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) { copy_bytes(node, in, out); }

void unsqueeze(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    copy_bytes(node, in, out);
}

void shape_of(const Node&, const TensorVector& in, TensorVector& out, EvalContext&) {
    write_shape(in.at(0).get_shape(), out.at(0));
}

}  // namespace host_ref
}  // namespace ovcl
