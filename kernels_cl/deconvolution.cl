// Transposed convolution deconv_k16 (ConvolutionBackpropData-1) over NCDHW, f32 or f16 storage, in gather form
// (no atomics): the output columns of one stride phase meet the same taps and read consecutive inputs, so the inner
// loops never see the stride. Macros, weight layout, work sizes: docs/kernels.md, "deconvolution".

#define XSTEP 1  // a stride phase's columns read consecutive inputs
#include "conv_staging.cl"

// The input index reached from output position o + pad through tap offset k * dil, or -1 when no input is:
// (o + pad - k * dil) must be a non-negative multiple of the stride below stride * n.
int reached(const int o_pad, const int k_dil, const int stride, const int n) {
    const int t = o_pad - k_dil;
    return t >= 0 && t % stride == 0 && t / stride < n ? t / stride : -1;
}

__kernel void deconv_k16(__global const DATA* restrict x, __global const float* restrict w,
                         __global DATA* restrict y, const int C, const int K, const int D, const int H, const int W,
                         const int OD, const int OH, const int OW, const int KD, const int KH, const int KW,
                         const int SD, const int SH, const int SW, const int DD, const int DH, const int DW,
                         const int PD, const int PH, const int PW) {
    const int kb = get_global_id(0), KB = get_global_size(0);  // blocks of KBLK * 16 channels
    const int phase = get_global_id(1) % SW;
    const int ox0 = phase + get_global_id(1) / SW * XB * SW;
    if (ox0 >= OW)
        return;  // a phase with fewer columns than the widest one
    const int oy = get_global_id(2) % OH, oz = get_global_id(2) / OH % OD, n = get_global_id(2) / OH / OD;
    const int HW = H * W, DHW = D * HW;
    __global const DATA* xn = x + (size_t)n * C * DHW;
    __global const float* wb = w + (size_t)kb * KD * KH * KW * C * KBLK * 16;

    float16 acc[KBLK][XB];
    zero_acc(acc);

    for (int kd = 0; kd < KD; ++kd) {
        const int iz = reached(oz + PD, kd * DD, SD, D);
        if (iz < 0)
            continue;
        for (int kh = 0; kh < KH; ++kh) {
            const int iy = reached(oy + PH, kh * DH, SH, H);
            if (iy < 0)
                continue;
            __global const DATA* xr = xn + (iz * H + iy) * W;  // the input row of channel 0
            for (int kw = 0; kw < KW; ++kw) {
                const int t = ox0 + PW - kw * DW;
                if (t % SW != 0)
                    continue;  // this phase's columns do not meet tap kw
                const int ixk = t / SW;  // exact, also for t < 0
                if (ixk + XB <= 0 || ixk >= W)
                    continue;  // every column of the block reads outside the input
                __global const float* wk = wb + ((kd * KH + kh) * KW + kw) * C * KBLK * 16;
                if (ixk >= 0 && ixk + XB <= W)
                    acc_tap(acc, xr + ixk, wk, C, DHW);
                else
                    acc_tap_edge(acc, xr, wk, C, DHW, ixk, W);
            }
        }
    }

    // y[n, k0 + q, oz, oy, ox0 + p * SW] for the KBLK * 16 channels q and the block's columns p.
    const int plane = OD * OH * OW, np = min(XB, (OW - ox0 + SW - 1) / SW);
#pragma unroll
    for (int j = 0; j < KBLK; ++j) {
        const int k0 = (kb * KBLK + j) * 16;
        __global OUT* yb = (__global OUT*)y + ((size_t)n * K + k0) * plane + (size_t)(oz * OH + oy) * OW + ox0;
        OUT t[XB * 16];
#pragma unroll
        for (int p = 0; p < XB; ++p)
            STAGE16(acc[j][p], p, t);
        if (k0 + 16 <= K && np == XB) {
#pragma unroll
            for (int q = 0; q < 16; ++q)
#pragma unroll
                for (int p = 0; p < XB; ++p)
                    yb[q * plane + p * SW] = t[p * 16 + q];
        } else {
            const int nq = min(16, K - k0);
            for (int q = 0; q < nq; ++q)
                for (int p = 0; p < np; ++p)
                    yb[q * plane + p * SW] = t[p * 16 + q];
        }
    }
}
