#include "host_ref/transpose.hpp"

#include <cstring>

namespace ovcl {
namespace host_ref {

namespace {
// Copies single elements: the output walked in C order, the input through permuted strides.
template <typename U>
void permute_elements(const U* src, U* dst, const Shape& out_shape, const Strides& src_strides) {
    for_each_offset(out_shape, src_strides, [&](size_t off) { *dst++ = src[off]; });
}

// An unsigned type as wide as one element, so every element type moves as plain bits.
template <typename F>
bool with_word(size_t bytes, F&& f) {
    switch (bytes) {
    case 1: f(uint8_t{}); return true;
    case 2: f(uint16_t{}); return true;
    case 4: f(uint32_t{}); return true;
    case 8: f(uint64_t{}); return true;
    default: return false;
    }
}
}  // namespace

void transpose_bytes(const void* src, void* dst, size_t elem_size, const Shape& in_shape,
                     const std::vector<size_t>& order) {
    const size_t rank = in_shape.size();
    if (shape_size(in_shape) == 0)
        return;
    // Trailing axes the permutation leaves in place form contiguous blocks copied whole.
    size_t kept = rank;
    while (kept > 0 && order[kept - 1] == kept - 1)
        --kept;
    size_t block = elem_size;
    for (size_t i = kept; i < rank; ++i)
        block *= in_shape[i];
    const Strides in_strides = row_major_strides(in_shape);
    Shape out_shape(kept);
    Strides strides(kept);
    for (size_t i = 0; i < kept; ++i) {
        out_shape[i] = in_shape[order[i]];
        strides[i] = in_strides[order[i]];  // elements; a multiple of the block's element count
    }
    const size_t block_elems = block / elem_size;
    if (block_elems == 1) {
        const bool done = with_word(elem_size, [&](auto tag) {
            using U = decltype(tag);
            permute_elements(static_cast<const U*>(src), static_cast<U*>(dst), out_shape, strides);
        });
        if (done)
            return;
    }
    const auto* s = static_cast<const unsigned char*>(src);
    auto* d = static_cast<unsigned char*>(dst);
    for_each_offset(out_shape, strides, [&](size_t off) {
        std::memcpy(d, s + off * elem_size, block);
        d += block;
    });
}

void transpose(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const Tensor& data = in.at(0);
    const Shape& shape = data.get_shape();
    const std::vector<int64_t> raw = to_i64(in.at(1));
    if (!raw.empty() && raw.size() != shape.size())
        raise<ModelError>(node.describe(), ": order has ", raw.size(), " values for rank ", shape.size());
    std::vector<size_t> order(shape.size());
    for (size_t i = 0; i < order.size(); ++i)
        order[i] = raw.empty() ? order.size() - 1 - i : static_cast<size_t>(raw[i]);
    transpose_bytes(data.data(), out.at(0).data(), data.get_element_type().size(), shape, order);
}

}  // namespace host_ref
}  // namespace ovcl
