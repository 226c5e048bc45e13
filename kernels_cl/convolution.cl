// Direct convolution conv2d_k16 (Convolution-1, GroupConvolution-1) over NCDHW, f32 or f16 storage (2-D as D = 1,
// 1-D as D = H = 1). A work-item keeps XB pixels x KBLK 16-channel vectors of accumulators; the host reorders the
// weights so that the inner loop over C is loads + FMAs only. Macros, weight layout, work sizes, padding:
// docs/kernels.md, "conv2d_k16".

#ifndef POST
#define POST(v) (v)
#endif
#ifndef KB_DIM
#define KB_DIM 0
#endif

#define XSTEP SW
#include "conv_staging.cl"

// Fused epilogue: bias per output channel.
#define RES_T DATA
#include "epilogue.cl"

#if RESIDUAL
// The residual of the block's 16 channels and XB pixels (channel q of pixel p at r[q * plane + p]) into rt as
// rt[p * 16 + q], the order of the output's staging: rows of XB pixels read as the output is written, zero past
// the nq channels and np pixels that exist.
inline void residual_block(__global const DATA* r, int nq, int np, int plane, float* rt) {
    if (nq == 16 && np == XB) {
#pragma unroll
        for (int q = 0; q < 16; ++q)
#pragma unroll
            for (int p = 0; p < XB; ++p)
                rt[p * 16 + q] = LD1(r + q * plane + p);
    } else {
        for (int q = 0; q < 16; ++q)
            for (int p = 0; p < XB; ++p)
                rt[p * 16 + q] = q < nq && p < np ? LD1(r + q * plane + p) : 0.f;
    }
}
#endif
__kernel void conv2d_k16(__global const DATA* restrict x, __global const float* restrict w,
                         __global DATA* restrict y, const int C, const int H, const int W, const int K,
                         const int OH, const int OW, const int KH, const int KW, const int SH, const int DH,
                         const int DW, const int PH, const int PW, const int G, const int D, const int OD,
                         const int KD, const int SD, const int DD, const int PD BIAS_ARG) {
    const int kb = get_global_id(KB_DIM), KB = get_global_size(KB_DIM);  // blocks of KBLK * 16 channels
    const int ox0 = get_global_id(1) * XB;
    const int rows = get_global_id(2 - KB_DIM);
    const int oy = rows % OH, oz = rows / OH % OD;
    const int ng = rows / OH / OD;  // ng = n * G + g
    const int g = ng % G;
    const int HW = H * W, DHW = D * HW;
    __global const DATA* xg = x + (size_t)ng * C * DHW;
    __global const float* wb = w + (size_t)(g * KB + kb) * KD * KH * KW * C * KBLK * 16;

    // Window planes and rows inside the input: kd in [kd0, kd1), kh in [kh0, kh1).
    const int iz0 = oz * SD - PD;
    const int kd0 = iz0 >= 0 ? 0 : (-iz0 + DD - 1) / DD;
    const int kd1 = iz0 > D - 1 ? 0 : min(KD, (D - 1 - iz0) / DD + 1);
    const int iy0 = oy * SH - PH;
    const int kh0 = iy0 >= 0 ? 0 : (-iy0 + DH - 1) / DH;
    const int kh1 = iy0 > H - 1 ? 0 : min(KH, (H - 1 - iy0) / DH + 1);
    const int ix0 = ox0 * SW - PW;

    float16 acc[KBLK][XB];
    zero_acc(acc);

    for (int kd = kd0; kd < kd1; ++kd) {
        for (int kh = kh0; kh < kh1; ++kh) {
            __global const DATA* xr = xg + ((iz0 + kd * DD) * H + iy0 + kh * DH) * W;  // the input row of channel 0
            for (int kw = 0; kw < KW; ++kw) {
                __global const float* wk = wb + ((kd * KH + kh) * KW + kw) * C * KBLK * 16;
                const int ixk = ix0 + kw * DW;
                if (ixk >= 0 && ixk + (XB - 1) * SW < W)
                    acc_tap(acc, xr + ixk, wk, C, DHW);
                else
                    acc_tap_edge(acc, xr, wk, C, DHW, ixk, W);
            }
        }
    }

    // y[n, g * K + k0 + q, oz, oy, ox0 + p] for the KBLK * 16 channels q and XB pixels p of the block.
    const int plane = OD * OH * OW, np = min(XB, OW - ox0);
#pragma unroll
    for (int j = 0; j < KBLK; ++j) {
        const int k0 = (kb * KBLK + j) * 16;
        __global OUT* yb = (__global OUT*)y + ((size_t)ng * K + k0) * plane + (size_t)(oz * OH + oy) * OW + ox0;
        OUT t[XB * 16];
#if FUSED
        __global const float* bj = bias + (size_t)(g * KB + kb) * KBLK * 16 + j * 16;  // zero-padded per group
        const float16 bv = vload16(0, bj);
#define EPI_CH(t) vload16(0, bj + (t) * EPI_PLANE)
#if RESIDUAL
        // The residual at the output's index: yb's offset in `residual`.
        __global const DATA* rb = residual + ((size_t)ng * K + k0) * plane + (size_t)(oz * OH + oy) * OW + ox0;
        float rt[XB * 16];
        residual_block(rb, min(16, K - k0), np, plane, rt);
#endif
#pragma unroll
        for (int p = 0; p < XB; ++p) {
#if RESIDUAL
            const float16 v = WITH_RESIDUAL(acc[j][p] + bv, vload16(p, rt));
#else
            const float16 v = acc[j][p] + bv;
#endif
            STAGE16(POST(ACTIVATE(v)), p, t);
        }
#else
#pragma unroll
        for (int p = 0; p < XB; ++p)
            STAGE16(POST(acc[j][p]), p, t);
#endif
        if (k0 + 16 <= K && np == XB) {
#pragma unroll
            for (int q = 0; q < 16; ++q)
#pragma unroll
                for (int p = 0; p < XB; ++p)
                    yb[q * plane + p] = t[p * 16 + q];
        } else {
            const int nq = min(16, K - k0);
            for (int q = 0; q < nq; ++q)
                for (int p = 0; p < np; ++p)
                    yb[q * plane + p] = t[p * 16 + q];
        }
    }
}
