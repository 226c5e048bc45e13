// The element-wise loop of the binary ops and Select (internal to the binary family).
//
// Inputs are numpy-broadcast against the output. The walk is planned once per call: axes of
// extent 1 are dropped and neighbouring axes merge wherever every input steps through them
// as through one axis, so same-shape and scalar operands become a single flat run and
// per-channel or last-axis broadcasts become rows with a unit or zero inner stride. The inner
// loop is then specialised on those strides (0 or 1) so that it vectorises.
#pragma once

#include <array>
#include <cstddef>

#include "host_ref/ref_utils.hpp"

namespace ovcl {
namespace host_ref {

template <size_t N>
struct BroadcastPlan {
    Shape dims;                   ///< merged output extents, innermost last; never empty
    std::array<Strides, N> step;  ///< per input, element strides over dims (0 where broadcast)
};

/// Plans the walk of `out` reading inputs of shapes `in` (each numpy-broadcastable to out).
template <size_t N>
BroadcastPlan<N> plan_broadcast(const std::array<Shape, N>& in, const Shape& out) {
    std::array<Strides, N> full;
    for (size_t k = 0; k < N; ++k)
        full[k] = broadcast_strides(in[k], out);
    BroadcastPlan<N> p;
    for (size_t ax = 0; ax < out.size(); ++ax) {
        if (out[ax] == 1)
            continue;
        bool merge = !p.dims.empty();
        for (size_t k = 0; k < N && merge; ++k)
            merge = p.step[k].back() == full[k][ax] * out[ax];
        if (merge) {
            p.dims.back() *= out[ax];
            for (size_t k = 0; k < N; ++k)
                p.step[k].back() = full[k][ax];
        } else {
            p.dims.push_back(out[ax]);
            for (size_t k = 0; k < N; ++k)
                p.step[k].push_back(full[k][ax]);
        }
    }
    if (p.dims.empty()) {  // a scalar or all-ones output: one element
        p.dims.push_back(1);
        for (size_t k = 0; k < N; ++k)
            p.step[k].push_back(0);
    }
    return p;
}

/// Calls row(offsets, n) for each innermost run of n output elements, in output order;
/// offsets[k] is where input k's run starts. The inner step of input k is plan.step[k].back().
template <size_t N, typename Row>
void for_each_row(const BroadcastPlan<N>& p, Row&& row) {
    const size_t rank = p.dims.size();
    const size_t inner = p.dims.back();
    if (inner == 0)
        return;
    size_t outer = 1;
    for (size_t ax = 0; ax + 1 < rank; ++ax)
        outer *= p.dims[ax];
    std::array<size_t, N> off{};
    Coordinate idx(rank, 0);
    for (size_t r = 0; r < outer; ++r) {
        row(off, inner);
        for (size_t ax = rank - 1; ax-- > 0;) {
            for (size_t k = 0; k < N; ++k)
                off[k] += p.step[k][ax];
            if (++idx[ax] < p.dims[ax])
                break;
            for (size_t k = 0; k < N; ++k)
                off[k] -= p.step[k][ax] * p.dims[ax];
            idx[ax] = 0;
        }
    }
}

/// o[i] = f(a[i], b[i]) over the broadcast output described by plan.
template <typename A, typename B, typename O, typename F>
void broadcast_binary(const A* a, const B* b, O* o, const BroadcastPlan<2>& plan, F f) {
    const bool va = plan.step[0].back() != 0, vb = plan.step[1].back() != 0;
    for_each_row(plan, [&](const std::array<size_t, 2>& off, size_t n) {
        const A* pa = a + off[0];
        const B* pb = b + off[1];
        if (va && vb) {
            for (size_t i = 0; i < n; ++i)
                o[i] = f(pa[i], pb[i]);
        } else if (va) {
            const B y = *pb;
            for (size_t i = 0; i < n; ++i)
                o[i] = f(pa[i], y);
        } else if (vb) {
            const A x = *pa;
            for (size_t i = 0; i < n; ++i)
                o[i] = f(x, pb[i]);
        } else {
            const O v = f(*pa, *pb);
            for (size_t i = 0; i < n; ++i)
                o[i] = v;
        }
        o += n;
    });
}

}  // namespace host_ref
}  // namespace ovcl
