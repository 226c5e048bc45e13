// The fused epilogue shared by the convolution and MatMul kernels (included, not built alone): bias (-DFUSED),
// residual (-DRESIDUAL, of type RES_T), activation (-DACT) and post ops (-DACT_POST; per-channel values in planes
// of the bias table, -DEPI_PLANE, read through the including kernel's EPI_CH). -DEPI_EXACT turns contraction off
// so that a FakeQuantize quantizes as host_ref does. Options: docs/kernels.md, "epilogue".
#ifndef FUSED
#define FUSED 0
#endif
#if defined(EPI_EXACT) && EPI_EXACT
#pragma OPENCL FP_CONTRACT OFF
#endif
#ifndef RESIDUAL
#define RESIDUAL 0
#endif
// RESIDUAL 1 adds the residual to the biased sum, 2 multiplies that by it (a gated MLP's product).
#if RESIDUAL == 2
#define WITH_RESIDUAL(v, r) ((v) * (r))
#else
#define WITH_RESIDUAL(v, r) ((v) + (r))
#endif
#ifndef ACT
#define ACT 0
#endif
// log(1 + e^x) without overflow, as host_ref computes it.
#define EPI_SOFTPLUS(v) select(log1p(exp(v)), (v) + log1p(exp(-(v))), (v) > 0.f)
#if ACT == 1
#define ACT_BASE(v) fmax((v), 0.f)
#elif ACT == 2
#define ACT_BASE(v) fmin(fmax((v), ACT_LO), ACT_HI)
#elif ACT == 3
#define ACT_BASE(v) (1.f / (1.f + exp(-(v))))
#elif ACT == 4
#define ACT_BASE(v) tanh(v)
#elif ACT == 5
#define ACT_BASE(v) ((v) * fmin(fmax((v) + 3.f, 0.f), 6.f) / 6.f)
#elif ACT == 6
#define ACT_BASE(v) ((v) / (1.f + exp(-(v))))
#elif ACT == 7
#define ACT_BASE(v) (0.5f * (v) * (1.f + erf((v) * 0.70710678118654752440f)))
#elif ACT == 8
// 0.5 x (1 + tanh(u)) as x / (1 + exp(-2u)): no cancellation for x << 0 (see eltwise_exprs.cpp).
#define ACT_BASE(v) ((v) / (1.f + exp(-1.5957691216057308f * ((v) + 0.044715f * (v) * (v) * (v)))))
#elif ACT == 9
#define ACT_BASE(v) select(ACT_ALPHA * expm1(v), (v), (v) > 0.f)
#elif ACT == 10
#define ACT_BASE(v) (fmin(fmax((v) + 3.f, 0.f), 6.f) / 6.f)
#elif ACT == 11
#define ACT_BASE(v) ((v) * tanh(EPI_SOFTPLUS(v)))
#elif ACT == 12
#define ACT_BASE(v) EPI_SOFTPLUS(v)
#else
#define ACT_BASE(v) (v)
#endif
// ACTIVATE works on scalars and vectors alike; its argument may be evaluated several times: pass one without side
// effects.
#ifdef ACT_POST
#define ACTIVATE(v) ACT_POST(ACT_BASE(v))
#else
#define ACTIVATE(v) ACT_BASE(v)
#endif
// BIAS_PASS hands those arguments on to a function declared with BIAS_ARG.
#if FUSED && RESIDUAL
#define BIAS_ARG , __global const float* restrict bias, __global const RES_T* restrict residual
#define BIAS_PASS , bias, residual
#elif FUSED
#define BIAS_ARG , __global const float* restrict bias
#define BIAS_PASS , bias
#else
#define BIAS_ARG
#define BIAS_PASS
#endif
