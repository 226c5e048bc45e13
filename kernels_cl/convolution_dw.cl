// Depthwise convolution (GroupConvolution-1 with one input channel per group), NCDHW, f32 (or f16 storage);
// 2-D runs as D = 1, 1-D as D = H = 1.
//
// Macros:
//   IO_HALF  defined: x and y are half in memory (vload_half / vstore_half_rte), compute stays f32
//   W_HALF   defined: the weights are half in memory; the bias is f32 either way
//   SW       stride along W (1 and 2 load whole vectors; other strides gather)
//   POST(v)  optional epilogue on a float16 of 16 output pixels of one channel (fusion hook); default v
//   FUSED, ACT, ACT_LO, ACT_HI  the fused bias + activation epilogue (below); bias is [G * M]
//
// A work-item computes RB output rows of one output plane of one output channel, 16 consecutive pixels at a
// time as a float16 (vectorised along W; a row's last block is moved back to end at the row's end). Weights
// are read as they are: [G * M][KD][KH][KW] (M output channels per group).
//
// conv2d_dw16: global = (ceil(OH / RB) * OD, N * G * M).

#ifndef POST
#define POST(v) (v)
#endif

// Fused epilogue: bias per output channel.
#include "epilogue.cl"
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
#if FUSED
            acc = ACTIVATE(acc + bias[o]);
#endif
            acc = POST(acc);
            __global DATA* yr = yo + oy * OW + ox;
            if (OW >= 16) {
                STV16(acc, yr);
            } else {
                float t[16];
                vstore16(acc, 0, t);
                for (int i = 0; i < OW; ++i)
                    ST1(t[i], yr + i);
            }
        }
    }
}
