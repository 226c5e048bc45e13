// Element storage of the blocked convolution kernels (convolution.cl, deconvolution.cl), included by both.
//   IO_HALF  defined: x and y are half in memory (vload_half / vstore_half_rte), compute stays f32
// DATA: the input's element type; LD1(p): one input element as float;
// OUT: the output's bits (a private staging buffer of XB * 16 results per channel vector is OUT too);
// STAGE16(v, p, t): rounds a float16 of results into that staging buffer t at vector index p.
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
