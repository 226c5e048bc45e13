// Element storage of the blocked convolution kernels (convolution.cl, deconvolution.cl), included by both.
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
