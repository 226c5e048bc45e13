// Host reference kernels of NonZero-3 and Unique-10, as OpenVINO CPU computes them. NonZero reads a scalar as
// one element and counts NaN as non-zero. Unique compares values exactly (so -0 equals 0); with an axis it
// compares whole slices in C order, and sorted=true orders them lexicographically. unique_indices are first
// occurrences, rev_idx maps every input element (or slice) to its unique one. Where the CPU plugin gives no
// usable answer this follows the specification: an empty input gives empty outputs (the plugin fails), and
// each NaN is an element of its own, sorted after the numbers (the plugin's NaN results are inconsistent).
#include "host_ref/ref_utils.hpp"

#include <algorithm>
#include <cstring>
#include <map>
#include <numeric>
#include <type_traits>
#include <vector>

#include "host_ref/unary.hpp"
#include "shape_infer/unique_infer.hpp"

namespace ovcl {
namespace host_ref {

namespace {

void write_ints(Tensor& dst, const Shape& shape, const std::vector<int64_t>& v) {
    dst.set_shape(shape);
    convert_elements(v.data(), element::i64, dst.data(), dst.get_element_type(), v.size());
}

// Orders slice a against slice b of the data seen as [outer, extent, inner]: -1, 0 or 1, values in C order.
template <typename T>
int compare_slices(const T* d, size_t outer, size_t extent, size_t inner, size_t a, size_t b) {
    using K = std::conditional_t<std::is_same_v<T, float16>, float, T>;
    for (size_t o = 0; o < outer; ++o)
        for (size_t i = 0; i < inner; ++i) {
            const K x = static_cast<K>(d[(o * extent + a) * inner + i]), y = static_cast<K>(d[(o * extent + b) * inner + i]);
            const bool nx = x != x, ny = y != y;  // NaN: after every number, each NaN on its own
            if (nx || ny) {
                if (nx != ny)
                    return nx ? 1 : -1;
                if (a != b)
                    return a < b ? -1 : 1;
            } else if (x != y) {
                return x < y ? -1 : 1;
            }
        }
    return 0;
}

}  // namespace

void non_zero(const Node&, const TensorVector& in, TensorVector& out, EvalContext&) {
    const Tensor& data = in.at(0);
    const Shape& s = data.get_shape();
    const auto v = to_f64(data);
    std::vector<size_t> hits;
    for (size_t i = 0; i < v.size(); ++i)
        if (v[i] != 0.0)
            hits.push_back(i);
    const size_t rank = std::max<size_t>(s.size(), 1);
    std::vector<int64_t> coords(rank * hits.size(), 0);
    for (size_t k = 0; k < hits.size(); ++k) {
        size_t rest = hits[k];
        for (size_t ax = s.size(); ax-- > 0;) {
            coords[ax * hits.size() + k] = static_cast<int64_t>(rest % s[ax]);
            rest /= s[ax];
        }
    }
    write_ints(out.at(0), Shape{rank, hits.size()}, coords);
}

void unique(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const bool sorted = shape_infer::unique_attrs(node).sorted;
    const Tensor& data = in.at(0);
    const Shape& s = data.get_shape();
    size_t outer = 1, extent = data.get_size(), inner = 1, axis = 0;
    const bool by_axis = in.size() > 1;
    if (by_axis) {
        axis = static_cast<size_t>(shape_infer::normalize_axis(node, to_i64(in[1]).at(0), static_cast<int64_t>(s.size())));
        extent = s[axis];
        outer = std::accumulate(s.begin(), s.begin() + static_cast<std::ptrdiff_t>(axis), size_t{1}, std::multiplies<>());
        inner = std::accumulate(s.begin() + static_cast<std::ptrdiff_t>(axis) + 1, s.end(), size_t{1}, std::multiplies<>());
    }
    // firsts: the first slice of each distinct value, in order of appearance; rev: each slice's entry in firsts.
    std::vector<size_t> firsts, rev(extent);
    dispatch_type(data.get_element_type(), [&](auto tag) {
        using T = decltype(tag);
        const T* d = static_cast<const T*>(data.data());
        const auto less = [&](size_t a, size_t b) { return compare_slices(d, outer, extent, inner, a, b) < 0; };
        std::map<size_t, size_t, decltype(less)> seen(less);
        for (size_t k = 0; k < extent; ++k) {
            const auto [it, fresh] = seen.emplace(k, firsts.size());
            if (fresh)
                firsts.push_back(k);
            rev[k] = it->second;
        }
        if (sorted) {
            std::vector<size_t> order(firsts.size()), rank(firsts.size());
            std::iota(order.begin(), order.end(), size_t{0});
            std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return less(firsts[a], firsts[b]); });
            std::vector<size_t> sorted_firsts(firsts.size());
            for (size_t r = 0; r < order.size(); ++r) {
                rank[order[r]] = r;
                sorted_firsts[r] = firsts[order[r]];
            }
            firsts = std::move(sorted_firsts);
            for (auto& r : rev)
                r = rank[r];
        }
    });
    const size_t u = firsts.size();
    std::vector<int64_t> counts(u, 0);
    for (const size_t r : rev)
        ++counts[r];
    Shape elems{u};
    if (by_axis) {
        elems = s;
        elems[axis] = u;
    }
    Tensor& values = out.at(0);
    values.set_shape(elems);
    const size_t bytes = inner * data.get_element_type().size();
    const auto* src = static_cast<const char*>(data.data());
    auto* dst = static_cast<char*>(values.data());
    for (size_t o = 0; o < outer; ++o)
        for (size_t k = 0; k < u; ++k)
            std::memcpy(dst + (o * u + k) * bytes, src + (o * extent + firsts[k]) * bytes, bytes);
    write_ints(out.at(1), Shape{u}, std::vector<int64_t>(firsts.begin(), firsts.end()));
    write_ints(out.at(2), Shape{extent}, std::vector<int64_t>(rev.begin(), rev.end()));
    write_ints(out.at(3), Shape{u}, counts);
}

}  // namespace host_ref
}  // namespace ovcl
