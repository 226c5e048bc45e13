// Host reference kernels of the scatter ops: the output is the data, then each update in index order (a
// later update of one element wins, or is reduced into it). Indices may count from the end (-1 is the last)
// where OpenVINO allows it (ScatterElementsUpdate, ScatterNDUpdate); an index outside the data is an error
// naming the node. Reductions compute reals in double and integers in wrapping integer arithmetic, as
// OpenVINO CPU does (an i32 sum past 2^31 wraps).
#include "host_ref/ref_utils.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <map>
#include <string>
#include <type_traits>
#include <vector>

#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace host_ref {

namespace {

std::string reduction_of(const Node& node) { return shape_infer::lower_attr(node, "reduction", "none"); }

// Element i of a real tensor as a double, and back (f16 through float).
double get_f64(const Tensor& t, size_t i) {
    return dispatch_type(t.get_element_type(), [&](auto tag) -> double {
        using T = decltype(tag);
        if constexpr (std::is_same_v<T, float16>)
            return static_cast<double>(static_cast<float>(t.data<T>()[i]));
        else
            return static_cast<double>(t.data<T>()[i]);
    });
}

void set_f64(Tensor& t, size_t i, double v) {
    dispatch_type(t.get_element_type(), [&](auto tag) {
        using T = decltype(tag);
        if constexpr (std::is_same_v<T, float16>)
            t.data<T>()[i] = float16(static_cast<float>(v));
        else if constexpr (!std::is_integral_v<T>)
            t.data<T>()[i] = static_cast<T>(v);
    });
}

// Index `i` along an axis of `extent`; negatives count from the end when `negative` is allowed.
size_t checked_index(const Node& node, int64_t i, size_t extent, bool negative) {
    const int64_t n = static_cast<int64_t>(extent);
    const int64_t k = negative && i < 0 ? i + n : i;
    if (k < 0 || k >= n)
        raise<ModelError>(node.describe(), ": index ", i, " is outside [", negative ? -n : 0, ", ", n, ")");
    return static_cast<size_t>(k);
}

// Element i of an integer tensor as int64, and back (truncated modulo the type's width, as OpenVINO's
// integer reductions wrap).
int64_t get_i64(const Tensor& t, size_t i) {
    return dispatch_type(t.get_element_type(), [&](auto tag) -> int64_t {
        using T = decltype(tag);
        if constexpr (std::is_integral_v<T>)
            return static_cast<int64_t>(t.data<T>()[i]);
        else
            return 0;
    });
}

void set_i64(Tensor& t, size_t i, int64_t v) {
    dispatch_type(t.get_element_type(), [&](auto tag) {
        using T = decltype(tag);
        if constexpr (std::is_integral_v<T>)
            t.data<T>()[i] = static_cast<T>(static_cast<uint64_t>(v));
    });
}

// The reductions on an accumulator: double for reals; int64 with wrapping arithmetic for integers.
template <typename Acc>
Acc fold(const Node& node, const std::string& reduction, Acc a, Acc x) {
    const auto wrap = [](uint64_t r) { return static_cast<Acc>(r); };
    constexpr bool integral = std::is_integral_v<Acc>;
    if (reduction == "sum" || reduction == "mean") {
        if constexpr (integral)
            return wrap(static_cast<uint64_t>(a) + static_cast<uint64_t>(x));
        else
            return a + x;
    }
    if (reduction == "sub") {
        if constexpr (integral)
            return wrap(static_cast<uint64_t>(a) - static_cast<uint64_t>(x));
        else
            return a - x;
    }
    if (reduction == "prod") {
        if constexpr (integral)
            return wrap(static_cast<uint64_t>(a) * static_cast<uint64_t>(x));
        else
            return a * x;
    }
    if (reduction == "min")
        return std::min(a, x);
    if (reduction == "max")
        return std::max(a, x);
    raise<ModelError>(node.describe(), ": reduction '", reduction, "' is not supported");
}

template <typename Acc, typename Get, typename Set>
void reduce_into(const Node& node, const std::string& reduction, bool use_init, const Tensor& updates, Tensor& out,
                 const std::vector<std::pair<size_t, size_t>>& pairs, Get get, Set set) {
    std::map<size_t, std::pair<Acc, int64_t>> acc;  // element -> (value, count)
    for (const auto& [o, u] : pairs) {
        const Acc x = get(updates, u);
        auto [it, fresh] = acc.try_emplace(o, use_init ? get(out, o) : x, 1);
        if (fresh && !use_init)
            continue;
        it->second.first = fold<Acc>(node, reduction, it->second.first, x);
        ++it->second.second;
    }
    for (const auto& [o, an] : acc) {
        Acc a = an.first;
        if (reduction == "mean") {
            a /= static_cast<Acc>(an.second);  // integers: truncated toward zero, as OpenVINO CPU does
        }
        set(out, o, a);
    }
}

// Applies `pairs` (output element, update element) to `out` (a copy of the data) under `reduction`:
// none overwrites; the others fold the updates of an element into it (use_init: starting from the data's
// value, else from the first update); mean divides by the count.
void apply(const Node& node, const std::string& reduction, bool use_init, const Tensor& updates, Tensor& out,
           const std::vector<std::pair<size_t, size_t>>& pairs) {
    const size_t es = out.get_element_type().size();
    if (reduction == "none") {
        for (const auto& [o, u] : pairs)
            std::memcpy(static_cast<char*>(out.data()) + o * es, static_cast<const char*>(updates.data()) + u * es, es);
        return;
    }
    if (out.get_element_type().is_real())
        reduce_into<double>(node, reduction, use_init, updates, out, pairs, get_f64, set_f64);
    else
        reduce_into<int64_t>(node, reduction, use_init, updates, out, pairs, get_i64, set_i64);
}

}  // namespace

void scatter_update(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const Tensor &data = in.at(0), &updates = in.at(2);
    in.at(0).copy_to(out.at(0));
    const auto idx = to_i64(in.at(1));
    const auto axis_v = to_i64(in.at(3));
    const Shape& ds = data.get_shape();
    if (axis_v.size() != 1)
        raise<ModelError>(node.describe(), ": axis must hold one value");
    const int64_t r = static_cast<int64_t>(ds.size());
    const int64_t axis = axis_v[0] < 0 ? axis_v[0] + r : axis_v[0];
    if (axis < 0 || axis >= r)
        raise<ModelError>(node.describe(), ": axis ", axis_v[0], " for data of rank ", r);
    // data = [outer, extent, inner]; updates = [outer, indices, inner]
    const auto [outer, inner] = outer_inner(ds, static_cast<size_t>(axis));
    const size_t extent = ds[static_cast<size_t>(axis)], n = idx.size();
    std::vector<std::pair<size_t, size_t>> pairs;
    pairs.reserve(outer * n * inner);
    for (size_t o = 0; o < outer; ++o)
        for (size_t j = 0; j < n; ++j) {
            const size_t k = checked_index(node, idx[j], extent, false);  // OpenVINO refuses negatives here
            for (size_t i = 0; i < inner; ++i)
                pairs.emplace_back((o * extent + k) * inner + i, (o * n + j) * inner + i);
        }
    apply(node, "none", true, updates, out.at(0), pairs);
}

void scatter_elements_update(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const Tensor &data = in.at(0), &updates = in.at(2);
    data.copy_to(out.at(0));
    const auto idx = to_i64(in.at(1));
    const auto axis_v = to_i64(in.at(3));
    const Shape &ds = data.get_shape(), &is = in.at(1).get_shape();
    if (axis_v.size() != 1 || is.size() != ds.size())
        raise<ModelError>(node.describe(), ": axis must hold one value and indices have data's rank");
    const int64_t r = static_cast<int64_t>(ds.size());
    const int64_t axis = axis_v[0] < 0 ? axis_v[0] + r : axis_v[0];
    if (axis < 0 || axis >= r)
        raise<ModelError>(node.describe(), ": axis ", axis_v[0], " for data of rank ", r);
    const auto ax = static_cast<size_t>(axis);
    for (size_t a = 0; a < is.size(); ++a)
        if (a != ax && is[a] > ds[a])
            raise<ModelError>(node.describe(), ": indices of shape ", is, " exceed data of shape ", ds);
    // Each index element's place in the data but for the axis, which its value gives.
    const Strides dstr = row_major_strides(ds);
    Strides walk = dstr;
    walk[ax] = 0;
    std::vector<std::pair<size_t, size_t>> pairs;
    pairs.reserve(idx.size());
    for_each_offset(is, walk, [&](size_t base) {
        const size_t j = pairs.size();
        pairs.emplace_back(base + checked_index(node, idx[j], ds[ax], true) * dstr[ax], j);
    });
    const bool v12 = node.get_version() >= 12;
    apply(node, v12 ? reduction_of(node) : "none", v12 ? node.get_attr<bool>("use_init_val", true) : true, updates,
          out.at(0), pairs);
}

void scatter_nd_update(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const Tensor &data = in.at(0), &updates = in.at(2);
    data.copy_to(out.at(0));
    const auto idx = to_i64(in.at(1));
    const Shape &ds = data.get_shape(), &is = in.at(1).get_shape();
    const size_t k = is.empty() ? 0 : is.back();
    if (is.empty() || k > ds.size())
        raise<ModelError>(node.describe(), ": indices of shape ", is, " for data of shape ", ds);
    size_t slice = 1;
    for (size_t a = k; a < ds.size(); ++a)
        slice *= ds[a];
    const Strides dstr = row_major_strides(ds);
    const size_t tuples = k ? idx.size() / k : shape_size(Shape(is.begin(), is.end() - 1));
    std::vector<std::pair<size_t, size_t>> pairs;
    pairs.reserve(tuples * slice);
    for (size_t j = 0; j < tuples; ++j) {
        size_t off = 0;
        for (size_t a = 0; a < k; ++a)
            off += checked_index(node, idx[j * k + a], ds[a], true) * dstr[a];
        for (size_t e = 0; e < slice; ++e)
            pairs.emplace_back(off + e, j * slice + e);
    }
    apply(node, node.get_version() >= 15 ? reduction_of(node) : "none", true, updates, out.at(0), pairs);
}

}  // namespace host_ref
}  // namespace ovcl
