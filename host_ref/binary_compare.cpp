// Comparisons, logical binary ops and Select.
#include <type_traits>

#include "host_ref/ref_utils.hpp"
#include "host_ref/binary_broadcast.hpp"

namespace ovcl {
namespace host_ref {

namespace {

/// The comparisons' typed kernel: boolean out = cmp(a, b) for any element type (f16 via f32, exactly).
template <typename Cmp>
void compare(const Node& node, const TensorVector& in, TensorVector& out, Cmp cmp) {
    const Tensor &a = in.at(0), &b = in.at(1);
    Tensor& o = out.at(0);
    const auto plan = plan_broadcast<2>({a.get_shape(), b.get_shape()}, o.get_shape());
    const auto f = [&cmp](auto x, auto y) { return static_cast<char>(cmp(x, y)); };
    if (a.get_element_type() == element::f16) {
        const Tensor fa = to_f32(a), fb = to_f32(b);
        return broadcast_binary(fa.data<float>(), fb.data<float>(), o.data<char>(), plan, f);
    }
    dispatch_type(a.get_element_type(), [&](auto tag) {
        using T = decltype(tag);
        if constexpr (std::is_same_v<T, float16>)
            raise<NotImplemented>(node.describe(), ": unexpected element type ", a.get_element_type());
        else
            broadcast_binary(a.data<T>(), b.data<T>(), o.data<char>(), plan, f);
    });
}

template <typename Logic>
void logical(const Node& node, const TensorVector& in, TensorVector& out, Logic op) {
    const Tensor &a = in.at(0), &b = in.at(1);
    if (a.get_element_type() != element::boolean || b.get_element_type() != element::boolean)
        raise<NotImplemented>(node.describe(), ": logical ops need boolean inputs, got ", a.get_element_type(),
                              " and ", b.get_element_type());
    Tensor& o = out.at(0);
    const auto plan = plan_broadcast<2>({a.get_shape(), b.get_shape()}, o.get_shape());
    broadcast_binary(a.data<char>(), b.data<char>(), o.data<char>(), plan,
                     [&op](char x, char y) { return static_cast<char>(op(x != 0, y != 0)); });
}

template <typename T>
void select_kernel(const char* cond, const T* then_v, const T* else_v, T* out, const BroadcastPlan<3>& plan) {
    const size_t sc = plan.step[0].back(), st = plan.step[1].back(), se = plan.step[2].back();
    for_each_row(plan, [&](const std::array<size_t, 3>& off, size_t n) {
        const char* c = cond + off[0];
        const T* t = then_v + off[1];
        const T* e = else_v + off[2];
        for (size_t i = 0; i < n; ++i)
            out[i] = c[i * sc] ? t[i * st] : e[i * se];
        out += n;
    });
}

}  // namespace

void equal(const Node& n, const TensorVector& in, TensorVector& out, EvalContext&) {
    compare(n, in, out, [](auto x, auto y) { return x == y; });
}
void not_equal(const Node& n, const TensorVector& in, TensorVector& out, EvalContext&) {
    compare(n, in, out, [](auto x, auto y) { return x != y; });
}
void less(const Node& n, const TensorVector& in, TensorVector& out, EvalContext&) {
    compare(n, in, out, [](auto x, auto y) { return x < y; });
}
void less_equal(const Node& n, const TensorVector& in, TensorVector& out, EvalContext&) {
    compare(n, in, out, [](auto x, auto y) { return x <= y; });
}
void greater(const Node& n, const TensorVector& in, TensorVector& out, EvalContext&) {
    compare(n, in, out, [](auto x, auto y) { return x > y; });
}
void greater_equal(const Node& n, const TensorVector& in, TensorVector& out, EvalContext&) {
    compare(n, in, out, [](auto x, auto y) { return x >= y; });
}

void logical_and(const Node& n, const TensorVector& in, TensorVector& out, EvalContext&) {
    logical(n, in, out, [](bool x, bool y) { return x && y; });
}
void logical_or(const Node& n, const TensorVector& in, TensorVector& out, EvalContext&) {
    logical(n, in, out, [](bool x, bool y) { return x || y; });
}
void logical_xor(const Node& n, const TensorVector& in, TensorVector& out, EvalContext&) {
    logical(n, in, out, [](bool x, bool y) { return x != y; });
}

void select(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const Tensor &c = in.at(0), &t = in.at(1), &e = in.at(2);
    Tensor& o = out.at(0);
    if (c.get_element_type() != element::boolean)
        raise<NotImplemented>(node.describe(), ": condition must be boolean, got ", c.get_element_type());
    const auto plan = plan_broadcast<3>({c.get_shape(), t.get_shape(), e.get_shape()}, o.get_shape());
    dispatch_type(t.get_element_type(), [&](auto tag) {
        using T = decltype(tag);  // values are only copied, so f16 stays as its bits
        select_kernel(c.data<char>(), static_cast<const T*>(t.data()), static_cast<const T*>(e.data()),
                      static_cast<T*>(o.data()), plan);
    });
}

}  // namespace host_ref
}  // namespace ovcl
