// The fused epilogue shared by the convolution and MatMul kernels (included, not built alone).
// -DFUSED=n adds a kernel argument `bias` (f32; what it is indexed by is the including kernel's
// business); -DACT=n picks the activation: 0 none, 1 Relu, 2 Clamp to [ACT_LO, ACT_HI],
// 3 Sigmoid, 4 Tanh, 5 HSwish, 6 Swish with beta 1. ACTIVATE works on scalars and vectors alike.
#ifndef FUSED
#define FUSED 0
#endif
#ifndef ACT
#define ACT 0
#endif
#if ACT == 1
#define ACTIVATE(v) fmax((v), 0.f)
#elif ACT == 2
#define ACTIVATE(v) fmin(fmax((v), ACT_LO), ACT_HI)
#elif ACT == 3
#define ACTIVATE(v) (1.f / (1.f + exp(-(v))))
#elif ACT == 4
#define ACTIVATE(v) tanh(v)
#elif ACT == 5
#define ACTIVATE(v) ((v) * fmin(fmax((v) + 3.f, 0.f), 6.f) / 6.f)
#elif ACT == 6
#define ACTIVATE(v) ((v) / (1.f + exp(-(v))))
#else
#define ACTIVATE(v) (v)
#endif
#if FUSED
#define BIAS_ARG , __global const float* restrict bias
#else
#define BIAS_ARG
#endif

