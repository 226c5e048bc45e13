// Host reference kernels of the rearrange ops: each output element is one input element (any type).
#include "host_ref/ref_utils.hpp"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <string>
#include <vector>

#include "host_ref/transpose.hpp"

namespace ovcl {
namespace host_ref {

namespace {

bool blocks_first(const Node& node) {
    std::string mode = node.get_attr<std::string>("mode");
    std::transform(mode.begin(), mode.end(), mode.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return mode == "blocks_first";
}

// The input seen as `view` (same elements), permuted by `order` into the output.
void permute(const Tensor& src, Tensor& dst, const Shape& view, const std::vector<size_t>& order) {
    transpose_bytes(src.data(), dst.data(), src.get_element_type().size(), view, order);
}

}  // namespace

// DepthToSpace: blocks_first reads C as [bs, .., bs, C'], depth_first as [C', bs, .., bs]; every spatial axis
// D_i then takes its block bs_i as the faster part of D_i * bs.
void depth_to_space(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const Shape& s = in.at(0).get_shape();
    const size_t k = s.size() - 2;
    const auto bs = static_cast<size_t>(node.get_attr<int64_t>("block_size", 1));
    size_t blocks = 1;
    for (size_t i = 0; i < k; ++i)
        blocks *= bs;
    const size_t c = s[1] / blocks;
    const bool bf = blocks_first(node);
    Shape view{s[0]};
    if (!bf)
        view.push_back(c);
    view.insert(view.end(), k, bs);
    if (bf)
        view.push_back(c);
    view.insert(view.end(), s.begin() + 2, s.end());
    const size_t c_axis = bf ? k + 1 : 1, first_block = bf ? 1 : 2;
    std::vector<size_t> order{0, c_axis};
    for (size_t i = 0; i < k; ++i) {
        order.push_back(k + 2 + i);       // D_i
        order.push_back(first_block + i);  // its block
    }
    permute(in.at(0), out.at(0), view, order);
}

// SpaceToDepth: the inverse; D_i is read as [D_i / bs, bs] and the blocks go before (blocks_first) or after
// (depth_first) the channels.
void space_to_depth(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const Shape& s = in.at(0).get_shape();
    const size_t k = s.size() - 2;
    const auto bs = static_cast<size_t>(node.get_attr<int64_t>("block_size", 1));
    Shape view{s[0], s[1]};
    for (size_t i = 0; i < k; ++i) {
        view.push_back(s[2 + i] / bs);
        view.push_back(bs);
    }
    std::vector<size_t> order{0};
    const bool bf = blocks_first(node);
    if (!bf)
        order.push_back(1);
    for (size_t i = 0; i < k; ++i)
        order.push_back(3 + 2 * i);  // the blocks
    if (bf)
        order.push_back(1);
    for (size_t i = 0; i < k; ++i)
        order.push_back(2 + 2 * i);  // D_i / bs
    permute(in.at(0), out.at(0), view, order);
}

void shuffle_channels(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const Shape& s = in.at(0).get_shape();
    int64_t a = node.get_attr<int64_t>("axis", 1);
    if (a < 0)
        a += static_cast<int64_t>(s.size());
    const auto axis = static_cast<size_t>(a);
    const auto group = static_cast<size_t>(node.get_attr<int64_t>("group", 1));
    const auto [outer, inner] = outer_inner(s, axis);
    permute(in.at(0), out.at(0), Shape{outer, group, s[axis] / group, inner}, {0, 2, 1, 3});
}

void roll(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const Tensor& x = in.at(0);
    const Shape& s = x.get_shape();
    const auto shifts = to_i64(in.at(1));
    const auto axes = to_i64(in.at(2));
    if (in.at(1).get_shape().size() == 1 && shifts.size() != axes.size())
        raise<ModelError>(node.describe(), ": ", shifts.size(), " shifts for ", axes.size(), " axes");
    std::vector<int64_t> shift(s.size(), 0);  // per axis, in [0, extent)
    for (size_t j = 0; j < axes.size(); ++j) {
        const int64_t r = static_cast<int64_t>(s.size());
        const int64_t a = axes[j] < 0 ? axes[j] + r : axes[j];
        if (a < 0 || a >= r)
            raise<ModelError>(node.describe(), ": axis ", axes[j], " for data of rank ", r);
        const auto n = static_cast<int64_t>(s[static_cast<size_t>(a)]);
        if (n == 0)
            continue;
        const int64_t by = shifts.size() == 1 ? shifts[0] : shifts[j];
        shift[static_cast<size_t>(a)] = ((shift[static_cast<size_t>(a)] + by % n) % n + n) % n;
    }
    const Strides st = row_major_strides(s);
    const size_t es = x.get_element_type().size();
    size_t i = 0;
    for_each_coordinate(s, [&](const Coordinate& c) {  // input element i goes to its coordinates shifted
        size_t to = 0;
        for (size_t a = 0; a < s.size(); ++a)
            to += (c[a] + static_cast<size_t>(shift[a])) % s[a] * st[a];
        std::memcpy(static_cast<char*>(out.at(0).data()) + to * es, static_cast<const char*>(x.data()) + i++ * es, es);
    });
}

void reverse_sequence(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const Tensor& x = in.at(0);
    const Shape& s = x.get_shape();
    const auto r = static_cast<int64_t>(s.size());
    const auto axis = [&](const char* name, int64_t def) {
        const int64_t a = node.get_attr<int64_t>(name, def);
        return static_cast<size_t>(a < 0 ? a + r : a);
    };
    const size_t b_axis = axis("batch_axis", 0), s_axis = axis("seq_axis", 1);
    const auto lengths = to_i64(in.at(1));
    const Strides st = row_major_strides(s);
    const size_t es = x.get_element_type().size();
    size_t i = 0;
    for_each_coordinate(s, [&](const Coordinate& c) {
        const int64_t len = lengths.at(c[b_axis]);
        if (len < 0 || len > static_cast<int64_t>(s[s_axis]))
            raise<ModelError>(node.describe(), ": sequence length ", len, " for an axis of ", s[s_axis]);
        size_t from = i;
        if (static_cast<int64_t>(c[s_axis]) < len)
            from = static_cast<size_t>(static_cast<int64_t>(i) + (len - 1 - 2 * static_cast<int64_t>(c[s_axis])) *
                                                                  static_cast<int64_t>(st[s_axis]));  // c[s] -> len-1-c[s]
        std::memcpy(static_cast<char*>(out.at(0).data()) + i++ * es, static_cast<const char*>(x.data()) + from * es, es);
    });
}

namespace {
// Copies the box of `src` (shape `ss`) starting at `from` with extents `count` into `dst` (shape `ds`) at `to`.
void copy_box(const char* src, const Shape& ss, const std::vector<size_t>& from, char* dst, const Shape& ds,
              const std::vector<size_t>& to, const Shape& count, size_t es) {
    const Strides a = row_major_strides(ss), b = row_major_strides(ds);
    for_each_coordinate(count, [&](const Coordinate& c) {
        size_t s_off = 0, d_off = 0;
        for (size_t k = 0; k < count.size(); ++k) {
            s_off += (from[k] + c[k]) * a[k];
            d_off += (to[k] + c[k]) * b[k];
        }
        std::memcpy(dst + d_off * es, src + s_off * es, es);
    });
}
}  // namespace

void space_to_batch(const Node&, const TensorVector& in, TensorVector& out, EvalContext&) {
    const Tensor& x = in.at(0);
    const Shape& s = x.get_shape();
    const auto block = to_i64(in.at(1)), begin = to_i64(in.at(2)), end = to_i64(in.at(3));
    const size_t r = s.size(), es = x.get_element_type().size();
    Shape padded(r);
    std::vector<size_t> at(r), zero(r, 0);
    for (size_t a = 0; a < r; ++a) {
        padded[a] = s[a] + static_cast<size_t>(begin[a] + end[a]);
        at[a] = static_cast<size_t>(begin[a]);
    }
    Tensor p(x.get_element_type(), padded);
    std::memset(p.data(), 0, p.get_byte_size());
    copy_box(static_cast<const char*>(x.data()), s, zero, static_cast<char*>(p.data()), padded, at, s, es);
    // [N, D1/B1, B1, .., Dk/Bk, Bk] -> [B1, .., Bk, N, D1/B1, .., Dk/Bk]
    Shape view{padded[0]};
    std::vector<size_t> order;
    for (size_t a = 1; a < r; ++a) {
        view.push_back(padded[a] / static_cast<size_t>(block[a]));
        view.push_back(static_cast<size_t>(block[a]));
        order.push_back(2 * a);
    }
    order.push_back(0);
    for (size_t a = 1; a < r; ++a)
        order.push_back(2 * a - 1);
    transpose_bytes(p.data(), out.at(0).data(), es, view, order);
}

void batch_to_space(const Node&, const TensorVector& in, TensorVector& out, EvalContext&) {
    const Tensor& x = in.at(0);
    const Shape& s = x.get_shape();
    const auto block = to_i64(in.at(1)), begin = to_i64(in.at(2));
    const size_t r = s.size(), es = x.get_element_type().size();
    size_t blocks = 1;
    for (size_t a = 1; a < r; ++a)
        blocks *= static_cast<size_t>(block[a]);
    // [B1, .., Bk, N', D1, .., Dk] -> [N', D1, B1, .., Dk, Bk]
    Shape view;
    for (size_t a = 1; a < r; ++a)
        view.push_back(static_cast<size_t>(block[a]));
    view.push_back(s[0] / blocks);
    view.insert(view.end(), s.begin() + 1, s.end());
    const size_t k = r - 1;
    std::vector<size_t> order{k, k + 1};
    for (size_t a = 0; a < k; ++a) {
        if (a > 0)
            order.push_back(k + 1 + a);
        order.push_back(a);
    }
    Shape full{s[0] / blocks};
    for (size_t a = 1; a < r; ++a)
        full.push_back(s[a] * static_cast<size_t>(block[a]));
    Tensor t(x.get_element_type(), full);
    transpose_bytes(x.data(), t.data(), es, view, order);
    std::vector<size_t> from(r), zero(r, 0);
    for (size_t a = 0; a < r; ++a)
        from[a] = static_cast<size_t>(begin[a]);
    copy_box(static_cast<const char*>(t.data()), full, from, static_cast<char*>(out.at(0).data()), out.at(0).get_shape(),
             zero, out.at(0).get_shape(), es);
}

}  // namespace host_ref
}  // namespace ovcl
