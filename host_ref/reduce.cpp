#include "host_ref/reduce.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>

namespace ovcl {
namespace host_ref {

std::vector<size_t> reduction_axes_of(const Node& node, const std::vector<int64_t>& axes, size_t rank) {
    const auto r = static_cast<int64_t>(rank);
    std::vector<size_t> out;
    out.reserve(axes.size());
    for (int64_t a : axes) {
        if (a < -r || a >= r)
            raise<ModelError>(node.describe(), ": axis ", a, " is out of range for rank ", rank);
        out.push_back(static_cast<size_t>(a < 0 ? a + r : a));
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

Strides reduction_slot_strides(const Shape& shape, const std::vector<size_t>& axes) {
    Shape kept = shape;
    for (size_t a : axes)
        kept[a] = 1;
    Strides s = row_major_strides(kept);
    for (size_t a : axes)
        s[a] = 0;
    return s;
}

size_t reduction_count(const Shape& shape, const std::vector<size_t>& axes) {
    size_t n = 1;
    for (size_t a : axes)
        n *= shape[a];
    return n;
}

namespace {

enum class Kind { sum, mean, max, min, prod, l1, l2, logical_and, logical_or };

// Folds every input element into its output slot; the input is dense, so its own offset is
// simply the running count of the C-order walk.
template <typename Acc, typename T, typename Step>
std::vector<Acc> fold(const T* src, const Shape& shape, const Strides& slot_strides, size_t slots, Acc init,
                      Step step) {
    std::vector<Acc> acc(slots, init);
    size_t i = 0;
    for_each_offset(shape, slot_strides, [&](size_t slot) { step(acc[slot], src[i++]); });
    return acc;
}

template <typename Acc, typename T, typename Finish>
void store(const std::vector<Acc>& acc, T* dst, Finish finish) {
    for (size_t i = 0; i < acc.size(); ++i)
        dst[i] = finish(acc[i]);
}

// Real types accumulate in double (the oracle's accuracy); max/min keep NaN once seen.
template <typename T>
void reduce_real(Kind kind, const T* src, T* dst, const Shape& shape, const Strides& st, size_t slots, size_t count) {
    const auto as_t = [](double a) { return static_cast<T>(a); };
    switch (kind) {
    case Kind::sum:
        return store(fold<double>(src, shape, st, slots, 0.0, [](double& a, T x) { a += x; }), dst, as_t);
    case Kind::mean: {
        const double n = static_cast<double>(count);  // an empty region gives 0/0 = NaN
        const auto acc = fold<double>(src, shape, st, slots, 0.0, [](double& a, T x) { a += x; });
        return store(acc, dst, [n](double a) { return static_cast<T>(a / n); });
    }
    case Kind::prod:
        return store(fold<double>(src, shape, st, slots, 1.0, [](double& a, T x) { a *= x; }), dst, as_t);
    case Kind::l1:
        return store(fold<double>(src, shape, st, slots, 0.0, [](double& a, T x) { a += std::fabs(x); }), dst, as_t);
    case Kind::l2: {
        const auto acc = fold<double>(src, shape, st, slots, 0.0, [](double& a, T x) { a += double(x) * x; });
        return store(acc, dst, [](double a) { return static_cast<T>(std::sqrt(a)); });
    }
    case Kind::max: {
        const auto acc = fold<T>(src, shape, st, slots, -std::numeric_limits<T>::infinity(), [](T& a, T x) {
            if (x > a || std::isnan(x))
                a = x;
        });
        return store(acc, dst, [](T a) { return a; });
    }
    case Kind::min: {
        const auto acc = fold<T>(src, shape, st, slots, std::numeric_limits<T>::infinity(), [](T& a, T x) {
            if (x < a || std::isnan(x))
                a = x;
        });
        return store(acc, dst, [](T a) { return a; });
    }
    default:
        break;
    }
    raise<NotImplemented>("reduction not defined for real types");
}

// Integer sums and products wrap like the element type does: they run modulo 2^64 in uint64_t
// (no signed overflow) and are narrowed at the end. The mean divides the exact sum, truncating.
template <typename T>
void reduce_int(const Node& node, Kind kind, const T* src, T* dst, const Shape& shape, const Strides& st, size_t slots,
                size_t count) {
    const auto wrap = [](uint64_t a) { return static_cast<T>(a); };
    const auto add = [](uint64_t& a, T x) { a += static_cast<uint64_t>(x); };
    switch (kind) {
    case Kind::sum:
        return store(fold<uint64_t>(src, shape, st, slots, 0, add), dst, wrap);
    case Kind::mean: {
        const auto acc = fold<uint64_t>(src, shape, st, slots, 0, add);
        return store(acc, dst, [count](uint64_t a) {
            if (count == 0)
                return T(0);
            if constexpr (std::is_signed_v<T>)
                return static_cast<T>(static_cast<int64_t>(a) / static_cast<int64_t>(count));
            else
                return static_cast<T>(a / count);
        });
    }
    case Kind::prod:
        return store(fold<uint64_t>(src, shape, st, slots, 1, [](uint64_t& a, T x) { a *= static_cast<uint64_t>(x); }),
                     dst, wrap);
    case Kind::l1: {
        const auto acc = fold<uint64_t>(src, shape, st, slots, 0, [](uint64_t& a, T x) {
            if constexpr (std::is_signed_v<T>)
                a += x < 0 ? uint64_t{0} - static_cast<uint64_t>(x) : static_cast<uint64_t>(x);
            else
                a += x;
        });
        return store(acc, dst, wrap);
    }
    case Kind::max:
        return store(
            fold<T>(src, shape, st, slots, std::numeric_limits<T>::lowest(), [](T& a, T x) { a = std::max(a, x); }),
            dst, [](T a) { return a; });
    case Kind::min:
        return store(
            fold<T>(src, shape, st, slots, std::numeric_limits<T>::max(), [](T& a, T x) { a = std::min(a, x); }), dst,
            [](T a) { return a; });
    default:
        break;
    }
    raise<NotImplemented>(node.describe(), ": not implemented for integer element types");
}

void reduce_bool(Kind kind, const char* src, char* dst, const Shape& shape, const Strides& st, size_t slots) {
    const bool is_and = kind == Kind::logical_and;
    const auto acc = fold<char>(src, shape, st, slots, is_and ? 1 : 0, [is_and](char& a, char x) {
        a = is_and ? static_cast<char>(a && x) : static_cast<char>(a || x);
    });
    store(acc, dst, [](char a) { return a; });
}

void run(const Node& node, const TensorVector& in, TensorVector& out, Kind kind) {
    const Tensor& data = in.at(0);
    const Shape& shape = data.get_shape();
    const auto axes = reduction_axes_of(node, to_i64(in.at(1)), shape.size());
    const Strides st = reduction_slot_strides(shape, axes);
    const size_t count = reduction_count(shape, axes);
    Tensor& dst = out.at(0);
    const element::Type type = data.get_element_type();
    const bool logical = kind == Kind::logical_and || kind == Kind::logical_or;
    if (logical != (type == element::boolean))
        raise<NotImplemented>(node.describe(), ": no host implementation for element type ", type);
    if (type == element::f16) {
        const Tensor src = to_f32(data);
        Tensor tmp(element::f32, dst.get_shape());
        reduce_real<float>(kind, src.data<const float>(), tmp.data<float>(), shape, st, dst.get_size(), count);
        from_f32(tmp, dst);
        return;
    }
    dispatch_type(type, [&](auto tag) {
        using T = decltype(tag);
        const T* s = data.data<const T>();
        T* d = dst.data<T>();
        if constexpr (std::is_same_v<T, char>)
            reduce_bool(kind, s, d, shape, st, dst.get_size());
        else if constexpr (std::is_floating_point_v<T>)
            reduce_real<T>(kind, s, d, shape, st, dst.get_size(), count);
        else if constexpr (std::is_integral_v<T>)
            reduce_int<T>(node, kind, s, d, shape, st, dst.get_size(), count);
        else
            raise<NotImplemented>(node.describe(), ": no host implementation for element type ", type);
    });
}

}  // namespace

void reduce_sum(const Node& n, const TensorVector& in, TensorVector& out, EvalContext&) { run(n, in, out, Kind::sum); }
void reduce_mean(const Node& n, const TensorVector& in, TensorVector& out, EvalContext&) {
    run(n, in, out, Kind::mean);
}
void reduce_max(const Node& n, const TensorVector& in, TensorVector& out, EvalContext&) { run(n, in, out, Kind::max); }
void reduce_min(const Node& n, const TensorVector& in, TensorVector& out, EvalContext&) { run(n, in, out, Kind::min); }
void reduce_prod(const Node& n, const TensorVector& in, TensorVector& out, EvalContext&) {
    run(n, in, out, Kind::prod);
}
void reduce_l1(const Node& n, const TensorVector& in, TensorVector& out, EvalContext&) { run(n, in, out, Kind::l1); }
void reduce_l2(const Node& n, const TensorVector& in, TensorVector& out, EvalContext&) { run(n, in, out, Kind::l2); }
void reduce_logical_and(const Node& n, const TensorVector& in, TensorVector& out, EvalContext&) {
    run(n, in, out, Kind::logical_and);
}
void reduce_logical_or(const Node& n, const TensorVector& in, TensorVector& out, EvalContext&) {
    run(n, in, out, Kind::logical_or);
}

}  // namespace host_ref
}  // namespace ovcl
