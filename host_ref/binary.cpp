// Host reference kernels of the arithmetic binary ops and PRelu (comparisons, logical ops and Select:
// binary_compare.cpp). Inputs broadcast with numpy rules (auto_broadcast "none" has been checked by shape
// inference). Integer arithmetic wraps modulo 2^bits; integer Divide, FloorMod and Mod throw
// InvalidArgument on a zero divisor.
#include "host_ref/ref_utils.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <type_traits>

#include "host_ref/binary_broadcast.hpp"

namespace ovcl {
namespace host_ref {

namespace {

template <typename T>
T int_pow(T base, T exponent) {
    if constexpr (std::is_signed_v<T>) {
        if (exponent < 0) {  // the real result truncated toward zero; 0 for 0^negative
            if (base == 1)
                return T(1);
            if (base == -1)
                return exponent % 2 == 0 ? T(1) : T(-1);
            return T(0);
        }
    }
    wrap_t<T> result = 1, b = uw(base);
    for (uint64_t e = static_cast<uint64_t>(exponent); e != 0; e >>= 1) {
        if (e & 1u)
            result *= b;
        b *= b;
    }
    return wrap<T>(result);
}

// Each op is a callable on (T, T) for every numeric T (f16 is computed as f32).
struct AddOp {
    template <typename T>
    T operator()(T x, T y) const {
        if constexpr (is_int_v<T>)
            return wrap<T>(uw(x) + uw(y));
        else
            return x + y;
    }
};
struct SubtractOp {
    template <typename T>
    T operator()(T x, T y) const {
        if constexpr (is_int_v<T>)
            return wrap<T>(uw(x) - uw(y));
        else
            return x - y;
    }
};
struct MultiplyOp {
    template <typename T>
    T operator()(T x, T y) const {
        if constexpr (is_int_v<T>)
            return wrap<T>(uw(x) * uw(y));
        else
            return x * y;
    }
};
struct DivideOp {
    static constexpr bool integer_divisor_nonzero = true;
    bool floor_int = true;  // m_pythondiv
    template <typename T>
    T operator()(T x, T y) const {
        if constexpr (is_int_v<T> && std::is_signed_v<T>) {
            if (y == T(-1))  // lowest / -1 overflows; -x wraps instead
                return wrap<T>(wrap_t<T>(0) - uw(x));
            T q = static_cast<T>(x / y);
            if (floor_int && x % y != 0 && ((x < 0) != (y < 0)))
                --q;
            return q;
        } else {
            return static_cast<T>(x / y);
        }
    }
};
struct MaximumOp {
    template <typename T>
    T operator()(T x, T y) const { return x < y ? y : x; }
};
struct MinimumOp {
    template <typename T>
    T operator()(T x, T y) const { return y < x ? y : x; }
};
struct PowerOp {
    template <typename T>
    T operator()(T x, T y) const {
        if constexpr (is_int_v<T>)
            return int_pow(x, y);
        else
            return std::pow(x, y);
    }
};
struct SquaredDifferenceOp {
    template <typename T>
    T operator()(T x, T y) const {
        if constexpr (is_int_v<T>) {
            const wrap_t<T> d = uw(x) - uw(y);
            return wrap<T>(d * d);
        } else {
            return (x - y) * (x - y);
        }
    }
};
struct FloorModOp {
    static constexpr bool integer_divisor_nonzero = true;
    template <typename T>
    T operator()(T x, T y) const {
        if constexpr (is_int_v<T> && !std::is_signed_v<T>) {
            return static_cast<T>(x % y);
        } else {
            T r;
            if constexpr (is_int_v<T>)
                r = y == T(-1) ? T(0) : static_cast<T>(x % y);  // lowest % -1 overflows
            else
                r = std::fmod(x, y);
            if (r != T(0) && ((r < T(0)) != (y < T(0))))
                r = static_cast<T>(r + y);
            return r;
        }
    }
};
struct ModOp {
    static constexpr bool integer_divisor_nonzero = true;
    template <typename T>
    T operator()(T x, T y) const {
        if constexpr (is_int_v<T> && std::is_signed_v<T>)
            return y == T(-1) ? T(0) : static_cast<T>(x % y);
        else if constexpr (is_int_v<T>)
            return static_cast<T>(x % y);
        else
            return std::fmod(x, y);
    }
};

struct PreluOp {
    template <typename T>
    T operator()(T x, T slope) const {
        if constexpr (std::is_unsigned_v<T>)
            return x;
        else if constexpr (is_int_v<T>)
            return x < T(0) ? wrap<T>(uw(x) * uw(slope)) : x;
        else
            return x < T(0) ? x * slope : x;
    }
};

template <typename Op, typename = void>
struct needs_nonzero : std::false_type {};
template <typename Op>
struct needs_nonzero<Op, std::void_t<decltype(Op::integer_divisor_nonzero)>> : std::true_type {};

/// The arithmetic ops' typed kernel: out = op(a, b) with broadcasting, for every numeric type.
template <typename Op>
void arithmetic(const Node& node, const Tensor& a, const Tensor& b, Tensor& out, const Op& op) {
    const auto plan = plan_broadcast<2>({a.get_shape(), b.get_shape()}, out.get_shape());
    if (a.get_element_type() == element::f16) {
        const Tensor fa = to_f32(a), fb = to_f32(b);
        Tensor fo(element::f32, out.get_shape());
        broadcast_binary(fa.data<float>(), fb.data<float>(), fo.data<float>(), plan, op);
        return from_f32(fo, out);
    }
    dispatch_type(a.get_element_type(), [&](auto tag) {
        using T = decltype(tag);
        if constexpr (std::is_same_v<T, char> || std::is_same_v<T, float16>) {
            raise<NotImplemented>(node.describe(), ": no host implementation for element type ",
                                  a.get_element_type());
        } else {
            const T* pb = b.data<T>();
            if constexpr (needs_nonzero<Op>::value && is_int_v<T>) {
                if (out.get_size() != 0 && std::find(pb, pb + b.get_size(), T(0)) != pb + b.get_size())
                    raise<InvalidArgument>(node.describe(), ": integer division by zero");
            }
            broadcast_binary(a.data<T>(), pb, out.data<T>(), plan, [&op](T x, T y) { return op(x, y); });
        }
    });
}

template <typename Op>
void run(const Node& node, const TensorVector& in, TensorVector& out, const Op& op = Op{}) {
    arithmetic(node, in.at(0), in.at(1), out.at(0), op);
}

}  // namespace

void add(const Node& n, const TensorVector& in, TensorVector& out, EvalContext&) { run<AddOp>(n, in, out); }
void subtract(const Node& n, const TensorVector& in, TensorVector& out, EvalContext&) {
    run<SubtractOp>(n, in, out);
}
void multiply(const Node& n, const TensorVector& in, TensorVector& out, EvalContext&) {
    run<MultiplyOp>(n, in, out);
}
void divide(const Node& n, const TensorVector& in, TensorVector& out, EvalContext&) {
    DivideOp op;
    op.floor_int = n.get_attr<bool>("m_pythondiv", true);
    run(n, in, out, op);
}
void maximum(const Node& n, const TensorVector& in, TensorVector& out, EvalContext&) { run<MaximumOp>(n, in, out); }
void minimum(const Node& n, const TensorVector& in, TensorVector& out, EvalContext&) { run<MinimumOp>(n, in, out); }
void power(const Node& n, const TensorVector& in, TensorVector& out, EvalContext&) { run<PowerOp>(n, in, out); }
void squared_difference(const Node& n, const TensorVector& in, TensorVector& out, EvalContext&) {
    run<SquaredDifferenceOp>(n, in, out);
}
void floor_mod(const Node& n, const TensorVector& in, TensorVector& out, EvalContext&) {
    run<FloorModOp>(n, in, out);
}
void mod(const Node& n, const TensorVector& in, TensorVector& out, EvalContext&) { run<ModOp>(n, in, out); }

void prelu(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const Tensor& data = in.at(0);
    const Shape& ds = data.get_shape();
    Shape ss = in.at(1).get_shape();
    if (ss.size() == 1 && ds.size() >= 2 && ss[0] == ds[1]) {  // per channel: slope runs along axis 1
        Shape per_channel(ds.size(), 1);
        per_channel[1] = ss[0];
        ss = per_channel;
    }
    while (ss.size() > ds.size())  // extra leading ones (validated by shape inference)
        ss.erase(ss.begin());
    const Tensor slope(in[1].get_element_type(), ss, in[1].data());
    arithmetic(node, data, slope, out.at(0), PreluOp{});
}

}  // namespace host_ref
}  // namespace ovcl
