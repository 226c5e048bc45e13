// Element storage and tap loops of the blocked convolution kernels (convolution.cl, deconvolution.cl), included by
// both after they define XSTEP, the input step between a block's XB pixels (SW; 1 for the transposed form).
//   IO_HALF  defined: x and y are half in memory (vload_half / vstore_half_rte), compute stays f32
// DATA: the input's element type; LD1(p): one input element as float;
// OUT: the output's bits (a private staging buffer of XB * 16 results per channel vector is OUT too);
// STAGE16(v, p, t): rounds a float16 of results into that staging buffer t at vector index p;
// load_row(r, xv) (IO_HALF): XB consecutive halves of r as floats in xv.
#ifdef IO_HALF
#define DATA half
#define OUT ushort
#define LD1(p) vload_half(0, (p))
#define STAGE16(v, p, t) vstore_half16_rte((v), (p), (__private half*)(t))
#else
#define DATA float
#define OUT float
#define LD1(p) (*(p))
#define STAGE16(v, p, t) vstore16((v), (p), (t))
#endif

#ifdef IO_HALF
// XB consecutive halves as floats, converted 8 and 4 at a time (faster on PoCL than XB vload_half: docs/tuning.md).
void load_row(__global const half* r, float* xv) {
    int p = 0;
#pragma unroll
    for (; p + 8 <= XB; p += 8)
        vstore8(vload_half8(0, r + p), 0, xv + p);
#pragma unroll
    for (; p + 4 <= XB; p += 4)
        vstore4(vload_half4(0, r + p), 0, xv + p);
#pragma unroll
    for (; p < XB; ++p)
        xv[p] = vload_half(0, r + p);
}
#endif

#if defined(IO_HALF) && XSTEP == 1
// The XB inputs r[p * XSTEP] of an unguarded block: LOAD_ROW stages them in xv (f16, unit step), ROW reads one.
#define LOAD_ROW(r, xv) load_row((r), (xv))
#define ROW(r, xv, p) (xv)[p]
#else
#define LOAD_ROW(r, xv)
#define ROW(r, xv, p) LD1((r) + (p) * XSTEP)
#endif

// A block's accumulators: KBLK 16-channel vectors for each of its XB pixels.
__attribute__((always_inline)) void zero_acc(float16 acc[KBLK][XB]) {
#pragma unroll
    for (int j = 0; j < KBLK; ++j)
#pragma unroll
        for (int p = 0; p < XB; ++p)
            acc[j][p] = (float16)(0.f);
}

// acc[j][p] += x(c, p) * w(c, j) over the C input channels of one tap: channel c's pixel p at r + c * DHW + p * XSTEP,
// all inside the row; wk holds KBLK 16-channel weight vectors per input channel.
__attribute__((always_inline)) void acc_tap(float16 acc[KBLK][XB], __global const DATA* r, __global const float* wk,
                                            const int C, const int DHW) {
    for (int c = 0; c < C; ++c, r += DHW) {
        float16 wv[KBLK];
#pragma unroll
        for (int j = 0; j < KBLK; ++j)
            wv[j] = vload16(c * KBLK + j, wk);
        float xv[XB];
        LOAD_ROW(r, xv);
#pragma unroll
        for (int p = 0; p < XB; ++p) {
            const float16 v = (float16)(ROW(r, xv, p));
#pragma unroll
            for (int j = 0; j < KBLK; ++j)
                acc[j][p] = fma(v, wv[j], acc[j][p]);
        }
    }
}

// acc_tap for a block that reaches past the row: pixel p at column ixk + p * XSTEP of r, zero outside [0, W).
__attribute__((always_inline)) void acc_tap_edge(float16 acc[KBLK][XB], __global const DATA* r,
                                                 __global const float* wk, const int C, const int DHW, const int ixk,
                                                 const int W) {
    for (int c = 0; c < C; ++c, r += DHW) {
        float16 wv[KBLK];
#pragma unroll
        for (int j = 0; j < KBLK; ++j)
            wv[j] = vload16(c * KBLK + j, wk);
#pragma unroll
        for (int p = 0; p < XB; ++p) {
            const int ix = ixk + p * XSTEP;
            const float16 v = (float16)(ix >= 0 && ix < W ? LD1(r + clamp(ix, 0, W - 1)) : 0.f);
#pragma unroll
            for (int j = 0; j < KBLK; ++j)
                acc[j][p] = fma(v, wv[j], acc[j][p]);
        }
    }
}
