// Direct 2-D convolution (Convolution-1, GroupConvolution-1; 1-D as H = 1), NCHW, f32 (or f16 storage).
//
// Macros:
//   IO_HALF  defined: x and y are half in memory (vload_half / vstore_half_rte), compute stays f32; the
//            reordered weights and the bias are f32 either way
//   XB       output pixels of one row per work-item
//   KBLK     16-channel vectors per work-item (XB * KBLK <= 16 accumulators keep to registers)
//   SW       stride along W (a compile-time constant so the XB input reads are fixed offsets)
//   POST(v)  optional epilogue on a float16 of 16 output channels of one pixel (fusion hook); default v
//   FUSED, ACT, ACT_LO, ACT_HI  the fused bias + activation epilogue (below); bias is [G][KB * KBLK * 16]
//
// Weights are reordered by the host into [G][KB][KH][KW][C][KBLK * 16]: a block of KBLK * 16 consecutive
// output channels of a group (KB = ceil(K / (KBLK * 16)) blocks per group, zero-padded past K). A work-item
// keeps XB x KBLK float16 accumulators (pixels x channels); for every input channel and tap it loads KBLK
// weight vectors and does XB * KBLK FMAs whose scalar input is broadcast from memory, so the inner loop is
// loads + FMAs only.
//
// conv2d_k16: global = (KB, ceil(OW / XB), OH * N * G). C and K are per group.
// Window rows outside the input are skipped; window columns outside (padding) are handled per (kh, kw): a
// tap for which all XB input columns are inside runs the unguarded loop over C, the others a loop that reads
// clamped columns and zeroes them. The loop over C is innermost so weights stream sequentially.

#ifndef POST
#define POST(v) (v)
#endif

#ifdef IO_HALF
#define DATA half
#define LD1(p) vload_half(0, (p))
#define ST1(v, p) vstore_half_rte((v), 0, (p))
#else
#define DATA float
#define LD1(p) (*(p))
#define ST1(v, p) (*(p) = (v))
#endif

// Fused epilogue: bias per output channel.
#include "epilogue.cl"
__kernel void conv2d_k16(__global const DATA* restrict x, __global const float* restrict w,
                         __global DATA* restrict y, const int C, const int H, const int W, const int K,
                         const int OH, const int OW, const int KH, const int KW, const int SH, const int DH,
                         const int DW, const int PH, const int PW, const int G BIAS_ARG) {
    const int kb = get_global_id(0), KB = get_global_size(0);  // blocks of KBLK * 16 channels
    const int ox0 = get_global_id(1) * XB;
    const int oy = get_global_id(2) % OH, ng = get_global_id(2) / OH;  // ng = n * G + g
    const int g = ng % G;
    __global const DATA* xg = x + (size_t)ng * C * H * W;
    __global const float* wb = w + (size_t)(g * KB + kb) * KH * KW * C * KBLK * 16;

    // Window rows inside the input: kh in [kh0, kh1).
    const int iy0 = oy * SH - PH;
    const int kh0 = iy0 >= 0 ? 0 : (-iy0 + DH - 1) / DH;
    const int kh1 = iy0 > H - 1 ? 0 : min(KH, (H - 1 - iy0) / DH + 1);
    const int ix0 = ox0 * SW - PW;

    float16 acc[KBLK][XB];
#pragma unroll
    for (int j = 0; j < KBLK; ++j)
#pragma unroll
        for (int p = 0; p < XB; ++p)
            acc[j][p] = (float16)(0.f);

    const int HW = H * W;
    for (int kh = kh0; kh < kh1; ++kh) {
        __global const DATA* xr = xg + (iy0 + kh * DH) * W;  // the input row of channel 0
        for (int kw = 0; kw < KW; ++kw) {
            __global const float* wk = wb + (kh * KW + kw) * C * KBLK * 16;
            const int ixk = ix0 + kw * DW;
            if (ixk >= 0 && ixk + (XB - 1) * SW < W) {
                __global const DATA* r = xr + ixk;
                for (int c = 0; c < C; ++c, r += HW) {
                    float16 wv[KBLK];
#pragma unroll
                    for (int j = 0; j < KBLK; ++j)
                        wv[j] = vload16(c * KBLK + j, wk);
#pragma unroll
                    for (int p = 0; p < XB; ++p) {
                        const float16 v = (float16)(LD1(r + p * SW));
#pragma unroll
                        for (int j = 0; j < KBLK; ++j)
                            acc[j][p] = fma(v, wv[j], acc[j][p]);
                    }
                }
            } else {
                __global const DATA* r = xr;
                for (int c = 0; c < C; ++c, r += HW) {
                    float16 wv[KBLK];
#pragma unroll
                    for (int j = 0; j < KBLK; ++j)
                        wv[j] = vload16(c * KBLK + j, wk);
#pragma unroll
                    for (int p = 0; p < XB; ++p) {
                        const int ix = ixk + p * SW;
                        const float16 v = (float16)(ix >= 0 && ix < W ? LD1(r + clamp(ix, 0, W - 1)) : 0.f);
#pragma unroll
                        for (int j = 0; j < KBLK; ++j)
                            acc[j][p] = fma(v, wv[j], acc[j][p]);
                    }
                }
            }
        }
    }

    // y[n, g * K + k0 + q, oy, ox0 + p] for the KBLK * 16 channels q and XB pixels p of the block.
    const int plane = OH * OW, np = min(XB, OW - ox0);
#pragma unroll
    for (int j = 0; j < KBLK; ++j) {
        const int k0 = (kb * KBLK + j) * 16;
        __global DATA* yb = y + ((size_t)ng * K + k0) * plane + (size_t)oy * OW + ox0;
        float t[XB * 16];
#if FUSED
        const float16 bv = vload16(0, bias + (size_t)(g * KB + kb) * KBLK * 16 + j * 16);  // zero-padded per group
#pragma unroll
        for (int p = 0; p < XB; ++p)
            vstore16(POST(ACTIVATE(acc[j][p] + bv)), p, t);
#else
#pragma unroll
        for (int p = 0; p < XB; ++p)
            vstore16(POST(acc[j][p]), p, t);
#endif
        if (k0 + 16 <= K && np == XB) {
#pragma unroll
            for (int q = 0; q < 16; ++q)
#pragma unroll
                for (int p = 0; p < XB; ++p)
                    ST1(t[p * 16 + q], yb + q * plane + p);
        } else {
            const int nq = min(16, K - k0);
            for (int q = 0; q < nq; ++q)
                for (int p = 0; p < np; ++p)
                    ST1(t[p * 16 + q], yb + q * plane + p);
        }
    }
}
