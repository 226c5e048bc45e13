// Rotary position embedding (FusedRoPE, ops/rope.hpp) with the halves rotated (GPT-NeoX, LLaMA, Qwen):
//   y = x * cos + rotate_half(x) * sin,  rotate_half(x) = concat(-x[..., D/2:], x[..., :D/2])
// over rows of D (even) elements of x; cos and sin (one shape) broadcast onto x. f32, or f16 as storage computed in
// f32 (-DIO_HALF), rounded once per op of the pattern as the graph it stands for is (no contraction: each product
// is rounded before the sum, as host_ref computes it). Work sizes: docs/kernels.md, "rope".
#pragma OPENCL FP_CONTRACT OFF

#ifdef IO_HALF
#define DATA half
#define LD(p) vload_half(0, (p))
#define ST(v, p) vstore_half_rte((v), 0, (p))
#else
#define DATA float
#define LD(p) (*(p))
#define ST(v, p) (*(p) = (v))
#endif

#ifdef IO_HALF
// The value an op of the graph would have stored: rounded to half.
float rounded(float v) {
    ushort bits;  // a half's storage: half variables need cl_khr_fp16
    vstore_half_rte(v, 0, (__private half*)&bits);
    return vload_half(0, (__private half*)&bits);
}
#else
#define rounded(v) (v)
#endif

// Rows r = (a * N1 + b) * N2 + c of x, RB per work-item; the row of cos / sin at a * S0 + b * S1 + c * S2 (strides
// 0 along broadcast axes), their elements along the row S3 apart (0: one value for the row).
__kernel void rope_half(__global const DATA* restrict x, __global const DATA* restrict cs,
                        __global const DATA* restrict sn, __global DATA* restrict y, const int D, const int ROWS,
                        const int N1, const int N2, const int S0, const int S1, const int S2, const int S3,
                        const int RB) {
    const int h = D / 2;
    const int r0 = get_global_id(0) * RB, r1 = min(ROWS, r0 + RB);
    for (int r = r0; r < r1; ++r) {
        const int c = r % N2, b = r / N2 % N1, a = r / (N1 * N2);
        __global const DATA* xr = x + (size_t)r * D;
        __global DATA* yr = y + (size_t)r * D;
        const size_t t = (size_t)a * S0 + (size_t)b * S1 + (size_t)c * S2;
        for (int i = 0; i < h; ++i) {
            const float lo = LD(xr + i), hi = LD(xr + i + h);
            const float c0 = LD(cs + t + i * S3), c1 = LD(cs + t + (i + h) * S3);
            const float s0 = LD(sn + t + i * S3), s1 = LD(sn + t + (i + h) * S3);
            ST(rounded(lo * c0) + rounded(-hi * s0), yr + i);
            ST(rounded(hi * c1) + rounded(lo * s1), yr + i + h);
        }
    }
}
