// FakeQuantize-1 as host_ref/fake_quantize.cpp computes it: f32, its operations in its order (FP_CONTRACT OFF, rint
// rounding half to even), so results are bit-identical where division is correctly rounded. One work-item per VEC
// contiguous outputs of a row. Formula, build options, kernels (fake_quantize_channel, fake_quantize_bcast):
// docs/kernels.md, "quantize".

#pragma OPENCL FP_CONTRACT OFF

#define CAT_(a, b) a##b
#define CAT(a, b) CAT_(a, b)
#define VF CAT(float, VEC)

#if F16
#define LD1(p) vload_half(0, (p))
#define LDV(p) CAT(vload_half, VEC)(0, (p))
#define ST1(v, p) vstore_half_rte((v), 0, (p))
#define STV(v, p) CAT(CAT(vstore_half, VEC), _rte)((v), 0, (p))
#else
#define LD1(p) (*(p))
#define LDV(p) CAT(vload, VEC)(0, (p))
#define ST1(v, p) (*(p) = (v))
#define STV(v, p) CAT(vstore, VEC)((v), 0, (p))
#endif

// n (1..VEC) elements at p as one vector; lanes past n are 0 and never stored.
inline VF load_block(__global const T* p, uint n) {
    if (n == VEC)
        return LDV(p);
    float t[VEC];
    for (uint i = 0; i < VEC; ++i)
        t[i] = i < n ? LD1(p + i) : 0.f;
    return CAT(vload, VEC)(0, t);
}

inline void store_block(VF v, __global T* p, uint n) {
    if (n == VEC) {
        STV(v, p);
        return;
    }
    float t[VEC];
    CAT(vstore, VEC)(v, 0, t);
    for (uint i = 0; i < n; ++i)
        ST1(t[i], p + i);
}

// lo, hi: min and max of the input range as std::min / std::max give them (NaN included); in_width = ih - il,
// out_width = oh - ol. One operation per statement, in the host reference's order.
inline VF quantize(VF x, VF lo, VF hi, VF il, VF in_width, VF ol, VF out_width, VF oh, float steps) {
    const VF shifted = x - il;
    const VF unit = shifted / in_width;
    const VF scaled = unit * steps;
    const VF level = rint(scaled);
    const VF back = level / steps;
    const VF wide = back * out_width;
    const VF y = wide + ol;
    return select(select(y, oh, x > hi), ol, x <= lo);
}

__kernel void fake_quantize_channel(__global const T* x, __global const float8* table, __global T* y, uint inner,
                                    uint channels, uint row_blocks, uint blocks, float steps) {
    const uint g = get_global_id(0);
    if (g >= blocks)
        return;
    const uint row = g / row_blocks, i0 = (g - row * row_blocks) * VEC;
    const uint o = row * inner + i0, n = min((uint)VEC, inner - i0);
    const float8 p = table[row % channels];
    const VF r = quantize(load_block(x + o, n), (VF)(p.s0), (VF)(p.s1), (VF)(p.s2), (VF)(p.s3), (VF)(p.s4),
                          (VF)(p.s5), (VF)(p.s6), steps);
    store_block(r, y + o, n);
}

// The row block of an input: dense along the row (from p + i0) or the element at p repeated.
inline VF load_input(__global const T* p, uint dense, uint i0, uint n) {
    return dense ? load_block(p + i0, n) : (VF)(LD1(p));
}

__kernel void fake_quantize_bcast(__global const T* x, __global const T* il, __global const T* ih,
                                  __global const T* ol, __global const T* oh, __global T* y,
                                  __global const uint* geo, uint outer, uint inner, uint row_blocks, uint blocks,
                                  uint dense, float steps) {
    const uint g = get_global_id(0);
    if (g >= blocks)
        return;
    const uint row = g / row_blocks, i0 = (g - row * row_blocks) * VEC;
    const uint n = min((uint)VEC, inner - i0);
    uint off[5] = {0, 0, 0, 0, 0};
    uint rem = row;
    for (uint ax = outer; ax-- > 0;) {
        const uint extent = geo[ax], i = rem % extent;
        rem /= extent;
        for (uint k = 0; k < 5; ++k)
            off[k] += i * geo[(1 + k) * outer + ax];
    }
    const VF vx = load_input(x + off[0], dense & 1u, i0, n);
    const VF vil = load_input(il + off[1], dense & 2u, i0, n);
    const VF vih = load_input(ih + off[2], dense & 4u, i0, n);
    const VF vol = load_input(ol + off[3], dense & 8u, i0, n);
    const VF voh = load_input(oh + off[4], dense & 16u, i0, n);
    const VF lo = select(vil, vih, vih < vil);  // std::min(il, ih)
    const VF hi = select(vil, vih, vil < vih);  // std::max(il, ih)
    const VF r = quantize(vx, lo, hi, vil, vih - vil, vol, voh - vol, voh, steps);
    store_block(r, y + row * inner + i0, n);
}
