#include "host_ref/slice.hpp"

#include <algorithm>
#include <cstring>

#include "shape_infer/slice_infer.hpp"

namespace ovcl {
namespace host_ref {

namespace {

// The copy for elements of sizeof(U) bytes; recursion over the axes keeps the source offset of the
// outer indices, and the innermost axis gets a memcpy or fill when its table allows.
template <typename U>
class OffsetCopy {
public:
    OffsetCopy(const U* src, const AxisOffsets& offsets, U fill) : m_src(src), m_offsets(offsets), m_fill(fill) {
        m_block.assign(offsets.size(), 1);
        for (size_t a = offsets.size(); a-- > 1;)
            m_block[a - 1] = m_block[a] * offsets[a].size();
        const auto& last = offsets.back();
        m_contiguous = m_uniform = last[0] >= 0;
        for (size_t k = 1; k < last.size(); ++k) {
            m_contiguous = m_contiguous && last[k] == last[0] + static_cast<int64_t>(k);
            m_uniform = m_uniform && last[k] == last[0];
        }
    }

    void run(size_t axis, int64_t base, U* out) const {
        const auto& table = m_offsets[axis];
        if (axis + 1 == m_offsets.size()) {
            inner(table, base, out);
            return;
        }
        const size_t block = m_block[axis];
        for (int64_t off : table) {
            if (off < 0)
                std::fill_n(out, block, m_fill);
            else
                run(axis + 1, base + off, out);
            out += block;
        }
    }

private:
    void inner(const std::vector<int64_t>& table, int64_t base, U* out) const {
        const size_t n = table.size();
        if (m_contiguous) {
            std::memcpy(out, m_src + base + table[0], n * sizeof(U));
        } else if (m_uniform) {
            std::fill_n(out, n, m_src[base + table[0]]);
        } else {
            for (size_t k = 0; k < n; ++k)
                out[k] = table[k] < 0 ? m_fill : m_src[base + table[k]];
        }
    }

    const U* m_src;
    const AxisOffsets& m_offsets;
    U m_fill;
    std::vector<size_t> m_block;  // dst elements under one index of each axis
    bool m_contiguous = false, m_uniform = false;
};

template <typename U>
void copy_typed(const Tensor& src, Tensor& dst, const AxisOffsets& offsets, const void* fill) {
    const U* s = static_cast<const U*>(src.data());
    U* d = static_cast<U*>(dst.data());
    if (offsets.empty()) {
        d[0] = s[0];
        return;
    }
    U f{};
    if (fill)
        std::memcpy(&f, fill, sizeof(U));
    OffsetCopy<U>(s, offsets, f).run(0, 0, d);
}

// Per axis, the element offsets into a tensor of `shape` that a slice's indices name.
AxisOffsets slice_offsets(const Shape& shape, const std::vector<shape_infer::AxisSlice>& axes) {
    const Strides strides = row_major_strides(shape);
    AxisOffsets offsets(axes.size());
    for (size_t a = 0; a < axes.size(); ++a) {
        const int64_t stride = static_cast<int64_t>(strides[a]);
        offsets[a].resize(static_cast<size_t>(axes[a].count));
        for (int64_t k = 0; k < axes[a].count; ++k)
            offsets[a][static_cast<size_t>(k)] = (axes[a].start + k * axes[a].step) * stride;
    }
    return offsets;
}

void copy_plan(const Tensor& src, Tensor& dst, const std::vector<shape_infer::AxisSlice>& axes) {
    copy_by_offsets(src, dst, slice_offsets(src.get_shape(), axes));
}

}  // namespace

void copy_by_offsets(const Tensor& src, Tensor& dst, const AxisOffsets& offsets, const void* fill) {
    if (src.get_element_type() != dst.get_element_type())
        raise<Exception>("copy_by_offsets: element types differ (", src.get_element_type(), " and ",
                         dst.get_element_type(), ")");
    size_t count = 1;
    int64_t last = 0;    // the largest source offset any element reads
    bool reads = true;   // some element reads the source (no table is all fill)
    bool fills = false;  // some element is the fill value
    for (const auto& table : offsets) {
        count *= table.size();
        int64_t top = -1;
        for (int64_t off : table) {
            top = std::max(top, off);
            fills = fills || off < 0;
        }
        reads = reads && top >= 0;
        last += std::max<int64_t>(top, 0);
    }
    if (count != dst.get_size())
        raise<Exception>("copy_by_offsets: an index space of ", count, " elements for an output of ", dst.get_size());
    if (count == 0)
        return;
    if ((reads && static_cast<size_t>(last) >= src.get_size()) || (fills && !fill))
        raise<Exception>("copy_by_offsets: the offsets leave the input of ", src.get_size(), " elements");
    switch (src.get_element_type().size()) {
    case 1: return copy_typed<uint8_t>(src, dst, offsets, fill);
    case 2: return copy_typed<uint16_t>(src, dst, offsets, fill);
    case 4: return copy_typed<uint32_t>(src, dst, offsets, fill);
    case 8: return copy_typed<uint64_t>(src, dst, offsets, fill);
    default: break;
    }
    raise<NotImplemented>("copy_by_offsets: no copy for element type ", src.get_element_type());
}

void strided_slice(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const auto plan = shape_infer::strided_slice_plan(node, in.at(0).get_shape(), to_i64(in.at(1)), to_i64(in.at(2)),
                                                      in.size() > 3 ? to_i64(in[3]) : std::vector<int64_t>{});
    copy_plan(in[0], out.at(0), plan.axes);
}

void slice(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const auto plan = shape_infer::slice_plan(node, in.at(0).get_shape(), to_i64(in.at(1)), to_i64(in.at(2)),
                                              to_i64(in.at(3)), in.size() > 4 ? to_i64(in[4]) : std::vector<int64_t>{});
    copy_plan(in[0], out.at(0), plan.axes);
}

void slice_scatter(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const Tensor &data = in.at(0), &updates = in.at(1);
    const auto plan = shape_infer::slice_plan(node, data.get_shape(), to_i64(in.at(2)), to_i64(in.at(3)),
                                              to_i64(in.at(4)), in.size() > 5 ? to_i64(in[5]) : std::vector<int64_t>{});
    if (updates.get_shape() != plan.out_shape)
        raise<ModelError>(node.describe(), ": updates ", updates.get_shape(), " must be shaped like the slice ",
                          plan.out_shape);
    data.copy_to(out.at(0));
    // The updates in C order land where the slice's indices point.
    const AxisOffsets offsets = slice_offsets(data.get_shape(), plan.axes);
    const size_t bytes = data.get_element_type().size();
    const auto* src = static_cast<const char*>(updates.data());
    auto* dst = static_cast<char*>(out.at(0).data());
    size_t i = 0;
    for_each_coordinate(updates.get_shape(), [&](const Coordinate& c) {
        int64_t off = 0;
        for (size_t a = 0; a < c.size(); ++a)
            off += offsets[a][c[a]];
        std::memcpy(dst + static_cast<size_t>(off) * bytes, src + i++ * bytes, bytes);
    });
}

}  // namespace host_ref
}  // namespace ovcl
