// Depthwise convolution (GroupConvolution-1 with one input channel per group) over NCDHW, f32 or f16 storage: one
// kernel per shape class (conv2d_dw_flat, conv2d_dw_flat2, conv2d_dw_s2, conv2d_dw_narrow, conv2d_dw16;
// conv2d_dw_pixel for GPUs), picked by the host (ops/convolution_depthwise.cpp). Weights are read as they are,
// [G * M][KD][KH][KW]. Macros and work sizes: docs/kernels.md, "convolution_dw".

#ifndef POST
#define POST(v) (v)
#endif

// Fused epilogue: bias per output channel (o: the output channel where the epilogue is applied).
#include "epilogue.cl"
#define EPI_CH(t) bias[(t) * EPI_PLANE + o]
#ifdef IO_HALF
#define DATA half
#define LD1(p) vload_half(0, (p))
#define LDV16(p) vload_half16(0, (p))
#define STV16(v, p) vstore_half16_rte((v), 0, (p))
#define ST1(v, p) vstore_half_rte((v), 0, (p))
#else
#define DATA float
#define LD1(p) (*(p))
#define LDV16(p) vload16(0, (p))
#define STV16(v, p) vstore16((v), 0, (p))
#define ST1(v, p) (*(p) = (v))
#endif
#ifdef W_HALF
#define WTYPE half
#define LDW(p) vload_half(0, (p))
#else
#define WTYPE float
#define LDW(p) (*(p))
#endif

#ifndef SW  // the stride along W of the kernels built for one (conv2d_dw_narrow takes it as an argument)
#define SW 1
#endif
#if SW == 1
#define LOAD16(r) LDV16(r)
#elif SW == 2
#define LOAD16(r) ((float16)(LDV16(r).even, LDV16((r) + 16).even))
#else
#define LOAD16(r)                                                                                                 \
    ((float16)(LD1(r), LD1((r) + SW), LD1((r) + 2 * SW), LD1((r) + 3 * SW), LD1((r) + 4 * SW), LD1((r) + 5 * SW), \
               LD1((r) + 6 * SW), LD1((r) + 7 * SW), LD1((r) + 8 * SW), LD1((r) + 9 * SW), LD1((r) + 10 * SW),     \
               LD1((r) + 11 * SW), LD1((r) + 12 * SW), LD1((r) + 13 * SW), LD1((r) + 14 * SW), LD1((r) + 15 * SW)))
#endif
// Columns a LOAD16 at column ix touches: [ix, ix + SPAN).
#if SW <= 2
#define SPAN (16 * SW)
#else
#define SPAN (15 * SW + 1)
#endif

// 16 columns ix, ix + SW, ... of row r, with the ones outside [0, W) read as zero.
float16 load16_guarded(__global const DATA* r, const int ix, const int W) {
    float t[16];
    for (int i = 0; i < 16; ++i) {
        const int c = ix + i * SW;
        t[i] = c >= 0 && c < W ? LD1(r + clamp(c, 0, W - 1)) : 0.f;
    }
    return vload16(0, t);
}

// 16 results of one channel to y[0 .. min(16, count)), after the fused epilogue.
void store16(float16 v, __global DATA* y, const int count, const int o BIAS_ARG) {
#if FUSED
    v = ACTIVATE(v + bias[o]);
#endif
    v = POST(v);
    if (count >= 16) {
        STV16(v, y);
    } else {
        float t[16];
        vstore16(v, 0, t);
        for (int i = 0; i < count; ++i)
            ST1(t[i], y + i);
    }
}

__kernel void conv2d_dw16(__global const DATA* restrict x, __global const WTYPE* restrict w,
                          __global DATA* restrict y, const int G, const int M, const int H, const int W,
                          const int OH, const int OW, const int KH, const int KW, const int SH, const int DH,
                          const int DW, const int PH, const int PW, const int RB, const int D, const int OD,
                          const int KD, const int SD, const int DD, const int PD BIAS_ARG) {
    const int row_blocks = (OH + RB - 1) / RB;
    const int oz = get_global_id(0) / row_blocks;
    const int oy0 = get_global_id(0) % row_blocks * RB, oy1 = min(OH, oy0 + RB);
    const int o = get_global_id(1) % (G * M), n = get_global_id(1) / (G * M);  // output channel, batch
    __global const DATA* xc = x + ((size_t)n * G + o / M) * D * H * W;
    __global const WTYPE* wo = w + (size_t)o * KD * KH * KW;
    __global DATA* yo = y + ((size_t)n * G * M + o) * OD * OH * OW + (size_t)oz * OH * OW;

    // Window planes inside the input: kd in [kd0, kd1).
    const int iz0 = oz * SD - PD;
    const int kd0 = iz0 >= 0 ? 0 : (-iz0 + DD - 1) / DD;
    const int kd1 = iz0 > D - 1 ? 0 : min(KD, (D - 1 - iz0) / DD + 1);

    for (int oy = oy0; oy < oy1; ++oy) {
        const int iy0 = oy * SH - PH;
        const int kh0 = iy0 >= 0 ? 0 : (-iy0 + DH - 1) / DH;
        const int kh1 = iy0 > H - 1 ? 0 : min(KH, (H - 1 - iy0) / DH + 1);
        for (int s = 0; s < OW; s += 16) {
            const int ox = min(s, max(OW - 16, 0));  // the last block ends at the row's end (overlapping)
            // Taps kw in [kwf0, kwf1) read only columns inside the input; the others gather with a guard.
            const int ixs = ox * SW - PW, right = W - SPAN - ixs;
            const int kwf0 = ixs >= 0 ? 0 : min(KW, (-ixs + DW - 1) / DW);
            const int kwf1 = max(kwf0, right < 0 ? 0 : min(KW, right / DW + 1));
            float16 acc = (float16)(0.f);
            for (int kd = kd0; kd < kd1; ++kd) {
                for (int kh = kh0; kh < kh1; ++kh) {
                    __global const DATA* r = xc + ((iz0 + kd * DD) * H + iy0 + kh * DH) * W;
                    __global const WTYPE* wr = wo + (kd * KH + kh) * KW;
                    for (int kw = 0; kw < kwf0; ++kw)
                        acc = fma(load16_guarded(r, ixs + kw * DW, W), (float16)(LDW(wr + kw)), acc);
                    for (int kw = kwf0; kw < kwf1; ++kw)
                        acc = fma(LOAD16(r + ixs + kw * DW), (float16)(LDW(wr + kw)), acc);
                    for (int kw = kwf1; kw < KW; ++kw)
                        acc = fma(load16_guarded(r, ixs + kw * DW, W), (float16)(LDW(wr + kw)), acc);
                }
            }
            store16(acc, yo + oy * OW + ox, OW, o BIAS_PASS);
        }
    }
}

#ifndef NKH
#define NKH 3
#endif
#ifndef NKW
#define NKW 3
#endif

#define LANES16 ((int16)(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15))

// x[s + i], ..., x[s + i + 15] as floats, zero where i + lane leaves [0, n): a chunk at the edge of a plane or a
// row starting at x[s]. One vector load, its outside lanes cleared, whenever the 16 elements lie in the buffer
// x[0 .. total); element by element at the buffer's ends.
__attribute__((always_inline)) float16 load16_edge(__global const DATA* x, const size_t s, const int i,
                                                   const int n, const size_t total) {
    const long a = (long)s + i;
    if (a >= 0 && a + 16 <= (long)total)
        return select((float16)(0.f), LDV16(x + a), (i + LANES16 >= 0) & (i + LANES16 < n));
    float t[16];
    for (int j = 0; j < 16; ++j)
        t[j] = i + j >= 0 && i + j < n ? LD1(x + s + clamp(i + j, 0, n - 1)) : 0.f;
    return vload16(0, t);
}

// The plane pl = n * G * M + o of the flat and s2 kernels: its channel o, the offset xs of its input plane (PLANE
// elements) and the channel's NT taps wk, each in every lane, kept in registers. PLANE and NT go in unbracketed,
// as the products they are.
#define PLANE_TAPS(pl, PLANE, NT)                                                                            \
    const int o = (pl) % (G * M);                                                                            \
    const size_t xs = ((size_t)((pl) / (G * M)) * G + o / M) * PLANE;                                        \
    __global const WTYPE* wo = w + (size_t)o * NT;                                                           \
    float16 wk[NT];                                                                                          \
    _Pragma("unroll") for (int t = 0; t < NT; ++t) wk[t] = (float16)(LDW(wo + t));

// The taps of conv2d_dw_flat: NKW accumulators from the input at q + kw * DW per row kh (LOAD: the load).
#define FLAT_TAPS(LOAD)                                                                                     \
    _Pragma("unroll") for (int kh = 0; kh < NKH; ++kh) {                                                   \
        const int q = p + (kh * DH - PH) * W - PW;                                                         \
        _Pragma("unroll") for (int kw = 0; kw < NKW; ++kw) acc[kw] =                                       \
            fma(LOAD(q + kw * DW), wk[kh * NKW + kw], acc[kw]);                                              \
    }
#define FLAT_LOAD(i) LDV16(xc + (i))
#define FLAT_EDGE(i) load16_edge(x, xs, (i), HW, total)

// Stride 1 and OW == W: the output plane flattened (p = oy * W + ox) reads for tap (kh, kw) the input plane at
// p + (kh * DH - PH) * W + kw * DW - PW, zero outside the plane (rows above and below it) and where the column
// ox + kw * DW - PW leaves [0, W) (the flat index wrapped into a neighbouring row): one accumulator per kw, masked
// by the lanes' columns after the sum over kh, in the chunks that hold the first or last columns of a row. The
// plane's last 16 outputs are moved back to end at its end when the work-item holds them all.
__kernel void conv2d_dw_flat(__global const DATA* restrict x, __global const WTYPE* restrict w,
                             __global DATA* restrict y, const int G, const int M, const int H, const int W,
                             const int OH, const int DH, const int DW, const int PH, const int PW, const int CB,
                             const int CPI, const int NP BIAS_ARG) {
    const int HW = H * W, P = OH * W;
    const size_t total = (size_t)NP / M * HW;  // input elements
    const int p0 = get_global_id(0) * CB * 16, p1 = min(P, p0 + CB * 16);
    const int pl0 = get_global_id(1) * CPI, pl1 = min(NP, pl0 + CPI);  // planes: n * G * M + o
    // Chunks p in [lo, hi] read only inside the plane; chunks of columns in [left, right) need no mask.
    const int lo = PH * W + PW, hi = HW - ((NKH - 1) * DH - PH) * W - ((NKW - 1) * DW - PW) - 16;
    const int left = max(PW, 0), right = W - max((NKW - 1) * DW - PW, 0);
    for (int pl = pl0; pl < pl1; ++pl) {
        PLANE_TAPS(pl, HW, NKH * NKW)
        __global const DATA* xc = x + xs;
        __global DATA* yo = y + (size_t)pl * P;
        int ox0 = p0 % W;  // the column of the chunk's first output
        for (int p = p0; p < p1; p += 16) {
            if (p + 16 > P && P - 16 >= p0) {  // the plane's last 16 outputs, moved back to end at its end
                p = P - 16;
                ox0 = p % W;
            }
            float16 acc[NKW];
#pragma unroll
            for (int kw = 0; kw < NKW; ++kw)
                acc[kw] = (float16)(0.f);
            if (p >= lo && p <= hi) {
                FLAT_TAPS(FLAT_LOAD)
            } else {
                FLAT_TAPS(FLAT_EDGE)
            }
            float16 sum = acc[0];
            if (ox0 >= left && ox0 + 16 <= right) {
#pragma unroll
                for (int kw = 1; kw < NKW; ++kw)
                    sum += acc[kw];
            } else {
                int16 ox = ox0 + LANES16;  // the lanes' columns
                for (int k = 0; k < (ox0 + 15) / W; ++k)
                    ox = select(ox, ox - W, ox >= W);
                sum = (float16)(0.f);
#pragma unroll
                for (int kw = 0; kw < NKW; ++kw) {
                    const int c = kw * DW - PW;  // lanes whose column ox + c is inside the row
                    sum += select((float16)(0.f), acc[kw], (ox >= -c) & (ox < W - c));
                }
            }
            store16(sum, yo + p, P - p, o BIAS_PASS);
            ox0 += 16;
            while (ox0 >= W)
                ox0 -= W;
        }
    }
}

// The taps of conv2d_dw_flat2: input rows r = 0 .. NKH of 16 columns at q + kw * DW feed output row A with weight
// row r and output row B (one below) with weight row r - 1 (LOAD: the load).
#define ROWS2_TAPS(LOAD)                                                                                    \
    _Pragma("unroll") for (int r = 0; r <= NKH; ++r) {                                                     \
        const int q = p + (r - PH) * W - PW;                                                               \
        _Pragma("unroll") for (int kw = 0; kw < NKW; ++kw) {                                               \
            const float16 v = LOAD(q + kw * DW);                                                           \
            if (r < NKH)                                                                                   \
                a[kw] = fma(v, wk[r * NKW + kw], a[kw]);                                                   \
            if (r > 0)                                                                                     \
                b[kw] = fma(v, wk[(r - 1) * NKW + kw], b[kw]);                                             \
        }                                                                                                  \
    }

// conv2d_dw_flat for DH == 1 and W >= 16, two output rows at a time: they share NKH - 1 of their NKH + 1 input
// rows, so 16 outputs take (NKH + 1) * NKW / 2 loads instead of NKH * NKW. A row's last 16 columns are moved back
// to end at the row's end (no chunk crosses a row: the columns are ox0 + lane).
__kernel void conv2d_dw_flat2(__global const DATA* restrict x, __global const WTYPE* restrict w,
                              __global DATA* restrict y, const int G, const int M, const int H, const int W,
                              const int OH, const int DW, const int PH, const int PW, const int RB, const int CPI,
                              const int NP BIAS_ARG) {
    const int HW = H * W, P = OH * W;
    const size_t total = (size_t)NP / M * HW;  // input elements
    const int oy0 = get_global_id(0) * RB * 2, oy1 = min(OH, oy0 + RB * 2);
    const int pl0 = get_global_id(1) * CPI, pl1 = min(NP, pl0 + CPI);
    // Pairs p in [lo, hi] read only inside the plane; chunks of columns in [left, right) need no mask.
    const int lo = PH * W + PW, hi = HW - (NKH - PH) * W - ((NKW - 1) * DW - PW) - 16;
    const int left = max(PW, 0), right = W - max((NKW - 1) * DW - PW, 0);
    for (int pl = pl0; pl < pl1; ++pl) {
        PLANE_TAPS(pl, HW, NKH * NKW)
        __global const DATA* xc = x + xs;
        __global DATA* yo = y + (size_t)pl * P;
        for (int oy = oy0; oy < oy1; oy += 2) {
            for (int s = 0; s < W; s += 16) {
                const int ox0 = min(s, W - 16), p = oy * W + ox0;
                float16 a[NKW], b[NKW];
#pragma unroll
                for (int kw = 0; kw < NKW; ++kw)
                    a[kw] = b[kw] = (float16)(0.f);
                if (p >= lo && p <= hi) {
                    ROWS2_TAPS(FLAT_LOAD)
                } else {
                    ROWS2_TAPS(FLAT_EDGE)
                }
                float16 sa = a[0], sb = b[0];
                if (ox0 >= left && ox0 + 16 <= right) {
#pragma unroll
                    for (int kw = 1; kw < NKW; ++kw)
                        sa += a[kw], sb += b[kw];
                } else {
                    const int16 ox = ox0 + LANES16;
                    sa = sb = (float16)(0.f);
#pragma unroll
                    for (int kw = 0; kw < NKW; ++kw) {
                        const int16 in_row = (ox >= PW - kw * DW) & (ox < W + PW - kw * DW);
                        sa += select((float16)(0.f), a[kw], in_row);
                        sb += select((float16)(0.f), b[kw], in_row);
                    }
                }
                store16(sa, yo + p, 16, o BIAS_PASS);
                if (oy + 1 < OH)
                    store16(sb, yo + p + W, 16, o BIAS_PASS);
            }
        }
    }
}

// Lanes j .. j + 15 of the 32 values (lo, hi), for j = 0 .. 3 known when the kernel is built.
#define SHIFT16(lo, hi, j)                                                                           \
    ((j) == 0   ? (lo)                                                                               \
     : (j) == 1 ? (float16)((lo).s1234, (lo).s5678, (lo).s9abc, (lo).sdef, (hi).s0)                  \
     : (j) == 2 ? (float16)((lo).s2345, (lo).s6789, (lo).sabcd, (lo).sef, (hi).s01)                  \
                : (float16)((lo).s3456, (lo).s789a, (lo).sbcde, (lo).sf, (hi).s012))
// Input columns conv2d_dw_s2 reads for 16 outputs at column c0: two float16 and the one value after them for up
// to 3 taps along W, three float16 for more.
#if NKW > 3
#define S2_SPAN 48
#else
#define S2_SPAN 33
#endif

// 16 outputs of conv2d_dw_s2 at column ox from the rows kh in [kh0, kh1) of NKH (LOAD: a float16 load, ONE: the
// load of column c0 + 32 alone).
#define S2_TAPS(LOAD, ONE)                                                                                  \
    _Pragma("unroll") for (int kh = 0; kh < NKH; ++kh) if (kh >= kh0 && kh < kh1) {                        \
        const size_t rs = xs + (size_t)(iy0 + kh * DH) * W;                                                 \
        __global const DATA* r = x + rs;                                                                    \
        const float16 a = LOAD(r, c0), b = LOAD(r, c0 + 16);                                                \
        const float16 c = NKW > 3 ? LOAD(r, c0 + 32) : (float16)(ONE);                                      \
        const float16 even = (float16)(a.even, b.even), odd = (float16)(a.odd, b.odd);                      \
        const float16 even_hi = (float16)(c.even, c.even), odd_hi = (float16)(c.odd, c.odd);                \
        _Pragma("unroll") for (int kw = 0; kw < NKW; ++kw) acc =                                            \
            fma(kw % 2 ? SHIFT16(odd, odd_hi, kw / 2) : SHIFT16(even, even_hi, kw / 2), wk[kh * NKW + kw], acc); \
    }
#define S2_LOAD(r, i) LDV16((r) + (i))
#define S2_EDGE(r, i) load16_edge(x, rs, (i), W, total)

// Stride 2 along W, NKW <= 7 taps along W, dilation 1 along W: the 30 + NKW input columns of 16 outputs are the
// even and odd lanes of two or three float16 loads; tap kw takes the even (kw even) or odd lanes moved by kw / 2.
// A row's last 16 outputs are moved back to end at the row's end (when it has 16 or more).
__kernel void conv2d_dw_s2(__global const DATA* restrict x, __global const WTYPE* restrict w,
                           __global DATA* restrict y, const int G, const int M, const int H, const int W,
                           const int OH, const int OW, const int SH, const int DH, const int PH, const int PW,
                           const int RB, const int CPI, const int NP BIAS_ARG) {
    const int oy0 = get_global_id(0) * RB, oy1 = min(OH, oy0 + RB);
    const int pl0 = get_global_id(1) * CPI, pl1 = min(NP, pl0 + CPI);
    const size_t total = (size_t)NP / M * H * W;  // input elements
    for (int pl = pl0; pl < pl1; ++pl) {
        PLANE_TAPS(pl, H * W, NKH * NKW)
        __global DATA* yo = y + (size_t)pl * OH * OW;
        for (int oy = oy0; oy < oy1; ++oy) {
            const int iy0 = oy * SH - PH;
            const int kh0 = iy0 >= 0 ? 0 : (-iy0 + DH - 1) / DH;
            const int kh1 = iy0 > H - 1 ? 0 : min(NKH, (H - 1 - iy0) / DH + 1);
            for (int s = 0; s < OW; s += 16) {
                const int ox = OW >= 16 ? min(s, OW - 16) : 0;  // a row's last 16 outputs end at its end
                const int c0 = 2 * ox - PW;
                float16 acc = (float16)(0.f);
                if (c0 >= 0 && c0 + S2_SPAN <= W) {
                    S2_TAPS(S2_LOAD, LD1(r + c0 + 32))
                } else {
                    S2_TAPS(S2_EDGE, c0 + 32 >= 0 && c0 + 32 < W ? LD1(r + c0 + 32) : 0.f)
                }
                store16(acc, yo + oy * OW + ox, OW - ox, o BIAS_PASS);
            }
        }
    }
}

// conv2d_dw_narrow: rows narrower than a float16 (OW < 16), 2-D or 1-D (H = 1), any strides and dilations. One
// output at a time, summing only the taps inside the input: a 16-wide kernel would leave most lanes idle and gather
// every tap of a small plane lane by lane. Work-items: RB output rows (dimension 0) of CPI planes (dimension 1).
__kernel void conv2d_dw_narrow(__global const DATA* restrict x, __global const WTYPE* restrict w,
                               __global DATA* restrict y, const int G, const int M, const int H, const int W,
                               const int OH, const int OW, const int KH, const int KW, const int SH, const int SX,
                               const int DH, const int DW, const int PH, const int PW, const int RB, const int CPI,
                               const int NP BIAS_ARG) {
    const int oy0 = get_global_id(0) * RB, oy1 = min(OH, oy0 + RB);
    const int pl0 = get_global_id(1) * CPI, pl1 = min(NP, pl0 + CPI);  // planes: n * G * M + o
    for (int pl = pl0; pl < pl1; ++pl) {
        const int o = pl % (G * M);
        __global const DATA* xc = x + ((size_t)(pl / (G * M)) * G + o / M) * H * W;
        __global const WTYPE* wo = w + (size_t)o * KH * KW;
        __global DATA* yo = y + (size_t)pl * OH * OW;
        for (int oy = oy0; oy < oy1; ++oy) {
            const int iy0 = oy * SH - PH;
            const int kh0 = iy0 >= 0 ? 0 : (-iy0 + DH - 1) / DH;
            const int kh1 = iy0 > H - 1 ? 0 : min(KH, (H - 1 - iy0) / DH + 1);
            for (int ox = 0; ox < OW; ++ox) {
                const int ix0 = ox * SX - PW;
                const int kw0 = ix0 >= 0 ? 0 : (-ix0 + DW - 1) / DW;
                const int kw1 = ix0 > W - 1 ? 0 : min(KW, (W - 1 - ix0) / DW + 1);
                float acc = 0.f;
                for (int kh = kh0; kh < kh1; ++kh) {
                    const int iy = iy0 + kh * DH;
                    for (int kw = kw0; kw < kw1; ++kw)
                        acc = fma(LD1(xc + iy * W + ix0 + kw * DW), LDW(wo + kh * KW + kw), acc);
                }
#if FUSED
                acc = ACTIVATE(acc + bias[o]);
#endif
                ST1(POST(acc), yo + oy * OW + ox);
            }
        }
    }
}

// conv2d_dw_pixel (GPUs): one output per work-item, any shape (strides SX along W, SH, SD; dilations; 3-D). The
// plane's pixels p = (oz * OH + oy) * OW + ox along global dimension 0 (neighbouring work-items read neighbouring
// input columns), planes n * G * M + o along dimension 1; global = (P rounded up to the work-group, N * G * M).
__kernel void conv2d_dw_pixel(__global const DATA* restrict x, __global const WTYPE* restrict w,
                              __global DATA* restrict y, const int G, const int M, const int H, const int W,
                              const int OH, const int OW, const int KH, const int KW, const int SH, const int SX,
                              const int DH, const int DW, const int PH, const int PW, const int D, const int OD,
                              const int KD, const int SD, const int DD, const int PD BIAS_ARG) {
    const int P = OD * OH * OW, p = get_global_id(0), pl = get_global_id(1);
    if (p >= P)
        return;
    const int ox = p % OW, oy = p / OW % OH, oz = p / (OW * OH);
    const int o = pl % (G * M);  // output channel
    __global const DATA* xc = x + ((size_t)(pl / (G * M)) * G + o / M) * D * H * W;
    __global const WTYPE* wo = w + (size_t)o * KD * KH * KW;
    float acc = 0.f;
    for (int kd = 0; kd < KD; ++kd) {
        const int iz = oz * SD - PD + kd * DD;
        if (iz < 0 || iz >= D)
            continue;
        for (int kh = 0; kh < KH; ++kh) {
            const int iy = oy * SH - PH + kh * DH;
            if (iy < 0 || iy >= H)
                continue;
            __global const DATA* row = xc + ((size_t)iz * H + iy) * W;
            __global const WTYPE* wr = wo + (kd * KH + kh) * KW;
            for (int kw = 0; kw < KW; ++kw) {
                const int ix = ox * SX - PW + kw * DW;
                if (ix >= 0 && ix < W)
                    acc = fma(LD1(row + ix), LDW(wr + kw), acc);
            }
        }
    }
#if FUSED
    acc = ACTIVATE(acc + bias[o]);
#endif
    ST1(POST(acc), y + (size_t)pl * P + p);
}
