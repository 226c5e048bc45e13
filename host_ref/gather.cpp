#include "host_ref/gather.hpp"

#include <algorithm>
#include <cstring>

namespace ovcl {
namespace host_ref {

namespace {
size_t product(const Shape& s, size_t from, size_t to) {
    size_t n = 1;
    for (size_t i = from; i < to; ++i)
        n *= s[i];
    return n;
}

void gather_node(const Node& node, const TensorVector& in, TensorVector& out, int64_t batch_dims,
                 GatherIndexMode mode) {
    const Tensor& data = in.at(0);
    const Tensor& indices = in.at(1);
    const std::vector<int64_t> axis_v = to_i64(in.at(2));
    if (axis_v.size() != 1)
        raise<ModelError>(node.describe(), ": axis must hold one value");
    const int64_t dr = static_cast<int64_t>(data.get_shape().size());
    const int64_t ir = static_cast<int64_t>(indices.get_shape().size());
    const int64_t axis = axis_v[0] < 0 ? axis_v[0] + dr : axis_v[0];
    const int64_t b = batch_dims < 0 ? batch_dims + ir : batch_dims;
    if (axis < 0 || axis >= dr || b < 0 || b > axis)
        raise<ModelError>(node.describe(), ": axis ", axis_v[0], " / batch_dims ", batch_dims, " are invalid for",
                          " data of rank ", dr, " and indices of rank ", ir);
    try {
        gather_bytes(data.data(), data.get_shape(), to_i64(indices), indices.get_shape(), out.at(0).data(),
                     static_cast<size_t>(axis), static_cast<size_t>(b), data.get_element_type().size(), mode);
    } catch (const InvalidArgument& e) {
        raise<ModelError>(node.describe(), ": ", e.what());
    }
}
}  // namespace

void gather_bytes(const void* data, const Shape& data_shape, const std::vector<int64_t>& indices,
                  const Shape& indices_shape, void* out, size_t axis, size_t batch_dims, size_t elem_size,
                  GatherIndexMode mode) {
    const size_t batches = product(data_shape, 0, batch_dims);
    const size_t outer = product(data_shape, batch_dims, axis);  // per batch
    const int64_t extent = static_cast<int64_t>(data_shape[axis]);
    const size_t slice = product(data_shape, axis + 1, data_shape.size()) * elem_size;
    const size_t per_batch = product(indices_shape, batch_dims, indices_shape.size());
    if (mode == GatherIndexMode::strict)
        for (size_t i = 0; i < indices.size(); ++i)
            if (indices[i] < 0 || indices[i] >= extent)
                raise<InvalidArgument>("index ", indices[i], " at flat position ", i, " is outside [0, ", extent,
                                       ") (only Gather-8 accepts negative or out-of-range indices)");
    if (slice == 0)
        return;
    const auto* src = static_cast<const unsigned char*>(data);
    auto* dst = static_cast<unsigned char*>(out);
    for (size_t bi = 0; bi < batches; ++bi)
        for (size_t o = 0; o < outer; ++o) {
            const unsigned char* base = src + (bi * outer + o) * static_cast<size_t>(extent) * slice;
            const int64_t* idx = indices.data() + bi * per_batch;
            for (size_t j = 0; j < per_batch; ++j, dst += slice) {
                int64_t k = idx[j];
                if (k < 0)
                    k += extent;
                if (k >= 0 && k < extent)
                    std::memcpy(dst, base + static_cast<size_t>(k) * slice, slice);
                else
                    std::memset(dst, 0, slice);
            }
        }
}

void gather_v1(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    gather_node(node, in, out, 0, GatherIndexMode::strict);
}

void gather_v7(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    gather_node(node, in, out, node.get_attr<int64_t>("batch_dims", 0), GatherIndexMode::strict);
}

void gather_v8(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    gather_node(node, in, out, node.get_attr<int64_t>("batch_dims", 0), GatherIndexMode::wrap_or_zero);
}

void gather_elements(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const Tensor& data = in.at(0);
    const auto idx = to_i64(in.at(1));
    const Shape &ds = data.get_shape(), &is = in.at(1).get_shape();
    const int64_t a = node.get_attr<int64_t>("axis");
    const auto axis = static_cast<size_t>(a < 0 ? a + static_cast<int64_t>(ds.size()) : a);
    // Each index element's place in the data but for the axis, which its value gives.
    const Strides dstr = row_major_strides(ds);
    Strides walk = dstr;
    walk[axis] = 0;
    const size_t es = data.get_element_type().size();
    const auto n = static_cast<int64_t>(ds.at(axis));
    size_t j = 0;
    for_each_offset(is, walk, [&](size_t base) {
        const int64_t k = idx[j] < 0 ? idx[j] + n : idx[j];
        if (k < 0 || k >= n)
            raise<ModelError>(node.describe(), ": index ", idx[j], " is outside [", -n, ", ", n, ")");
        const size_t off = base + static_cast<size_t>(k) * dstr[axis];
        std::memcpy(static_cast<char*>(out.at(0).data()) + j * es, static_cast<const char*>(data.data()) + off * es, es);
        ++j;
    });
}

void gather_nd(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const Tensor& data = in.at(0);
    const auto idx = to_i64(in.at(1));
    const Shape &ds = data.get_shape(), &is = in.at(1).get_shape();
    const auto bd = static_cast<size_t>(node.get_attr<int64_t>("batch_dims", 0));
    const size_t k = is.back();
    size_t batches = 1, slice = 1;
    for (size_t a = 0; a < bd; ++a)
        batches *= is[a];
    for (size_t a = bd + k; a < ds.size(); ++a)
        slice *= ds[a];
    const size_t tuples = k == 0 ? 0 : idx.size() / k / std::max<size_t>(batches, 1);
    // data per batch: the elements of data[bd:]
    size_t per_batch = 1;
    for (size_t a = bd; a < ds.size(); ++a)
        per_batch *= ds[a];
    const Strides st = row_major_strides(Shape(ds.begin() + static_cast<std::ptrdiff_t>(bd), ds.end()));
    const size_t es = data.get_element_type().size();
    char* dst = static_cast<char*>(out.at(0).data());
    for (size_t b = 0; b < batches; ++b)
        for (size_t t = 0; t < tuples; ++t) {
            size_t off = b * per_batch;
            for (size_t a = 0; a < k; ++a) {
                const int64_t n = static_cast<int64_t>(ds[bd + a]), v = idx[(b * tuples + t) * k + a];
                const int64_t j = v < 0 ? v + n : v;
                if (j < 0 || j >= n)
                    raise<ModelError>(node.describe(), ": index ", v, " is outside [", -n, ", ", n, ")");
                off += static_cast<size_t>(j) * st[a];
            }
            std::memcpy(dst, static_cast<const char*>(data.data()) + off * es, slice * es);
            dst += slice * es;
        }
}

}  // namespace host_ref
}  // namespace ovcl
