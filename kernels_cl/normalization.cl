// MVN (mvn; FusedMVN: mvn_affine), NormalizeL2 (normalize_l2) over a region (reduce_region.cl), and
// BatchNormInference (batch_norm).
#include "reduce_region.cl"

// (x - mean) / div with div = sqrt(var + eps) (inside) or sqrt(var) + eps; 1 without normalize_variance.
// mvn_affine (FusedMVN) then applies y * sc[red_i] + sh[red_i]: a scale and a shift per reduced position.
// -DUNCENTRED (FusedMVN with center=false): the mean is 0, RMS normalisation x / sqrt(mean(x^2) + eps).
#ifdef UNCENTRED
#define CENTRED 0
#else
#define CENTRED 1
#endif
#define DEFINE_MVN_COLUMNS(NAME, V, LOAD, STORE)                                                          \
    inline void NAME(__global const DATA* x, __global DATA* y, int base, int8 red, float count, int nv, \
                     int inside, float eps, __global const float* sc, __global const float* sh) {        \
        V sum = (V)(0.0f);                                                                               \
        if (CENTRED) {                                                                                   \
            FOR_COLUMNS(base, red, sum += LOAD(x + p);)                                                  \
        }                                                                                                \
        const V mean = sum / count;                                                                      \
        V div = (V)(1.0f);                                                                               \
        if (nv) {                                                                                        \
            V var = (V)(0.0f);                                                                           \
            FOR_COLUMNS(base, red, {                                                                     \
                const V d = LOAD(x + p) - mean;                                                          \
                var = fma(d, d, var);                                                                    \
            })                                                                                           \
            var /= count;                                                                                \
            div = inside ? sqrt(var + eps) : sqrt(var) + eps;                                            \
        }                                                                                                \
        if (sc) {                                                                                        \
            FOR_COLUMNS(base, red, STORE(fma((LOAD(x + p) - mean) / div, (V)(sc[red_i]), (V)(sh[red_i])), y + p);) \
        } else {                                                                                         \
            FOR_COLUMNS(base, red, STORE((LOAD(x + p) - mean) / div, y + p);)                            \
        }                                                                                                \
    }
DEFINE_MVN_COLUMNS(mvn_columns8, float8, LOAD8, STORE8)
DEFINE_MVN_COLUMNS(mvn_columns1, float, LOAD1, STORE1)

inline void mvn_row(__global const DATA* x, __global DATA* y, int base, int8 red, float count, int nv, int inside,
                    float eps, __global const float* sc, __global const float* sh) {
    float16 s16 = (float16)(0.0f);
    float sum = 0.0f;
    if (CENTRED) {
        FOR_ROWS(base, red, s16 += LOAD16(x + p);, sum += LOAD1(x + p);)
    }
    const float mean = (sum + merge16_add(s16)) / count;
    float div = 1.0f;
    if (nv) {
        float16 v16 = (float16)(0.0f);
        float var = 0.0f;
        FOR_ROWS(base, red, {
            const float16 d = LOAD16(x + p) - mean;
            v16 = fma(d, d, v16);
        }, {
            const float d = LOAD1(x + p) - mean;
            var = fma(d, d, var);
        })
        var = (var + merge16_add(v16)) / count;
        div = inside ? sqrt(var + eps) : sqrt(var) + eps;
    }
    if (sc) {
        FOR_ROWS(base, red, STORE16(fma((LOAD16(x + p) - mean) / div, vload16(0, sc + red_i), vload16(0, sh + red_i)),
                                    y + p);,
                 STORE1(fma((LOAD1(x + p) - mean) / div, sc[red_i], sh[red_i]), y + p);)
    } else {
        FOR_ROWS(base, red, STORE16((LOAD16(x + p) - mean) / div, y + p);, STORE1((LOAD1(x + p) - mean) / div, y + p);)
    }
}

__kernel void mvn(__global const DATA* x, __global DATA* y, REGION_ARGS, float count, int normalize_variance,
                  int eps_inside_sqrt, float eps) {
    __global const float* none = 0;
    FOR_UNITS(DISPATCH(mvn_row, mvn_columns8, mvn_columns1, count, normalize_variance, eps_inside_sqrt, eps, none,
                       none))
}

__kernel void mvn_affine(__global const DATA* x, __global DATA* y, REGION_ARGS, float count, int normalize_variance,
                         int eps_inside_sqrt, float eps, __global const float* scale, __global const float* shift) {
    FOR_UNITS(DISPATCH(mvn_row, mvn_columns8, mvn_columns1, count, normalize_variance, eps_inside_sqrt, eps, scale,
                       shift))
}

// ---- NormalizeL2 ----

// x / sqrt(sum(x^2) + eps) (add) or x / sqrt(max(sum(x^2), eps)) (max).
#define DEFINE_L2_COLUMNS(NAME, V, LOAD, STORE)                                                          \
    inline void NAME(__global const DATA* x, __global DATA* y, int base, int8 red, int add, float eps) { \
        V sq = (V)(0.0f);                                                                               \
        FOR_COLUMNS(base, red, sq = fma(LOAD(x + p), LOAD(x + p), sq);)                                 \
        const V norm = sqrt(add ? sq + eps : fmax(sq, eps));                                            \
        FOR_COLUMNS(base, red, STORE(LOAD(x + p) / norm, y + p);)                                       \
    }
DEFINE_L2_COLUMNS(l2_columns8, float8, LOAD8, STORE8)
DEFINE_L2_COLUMNS(l2_columns1, float, LOAD1, STORE1)

inline void l2_row(__global const DATA* x, __global DATA* y, int base, int8 red, int add, float eps) {
    float16 s16 = (float16)(0.0f);
    float sq = 0.0f;
    FOR_ROWS(base, red, s16 = fma(LOAD16(x + p), LOAD16(x + p), s16);, sq = fma(LOAD1(x + p), LOAD1(x + p), sq);)
    sq += merge16_add(s16);
    const float norm = sqrt(add ? sq + eps : fmax(sq, eps));
    FOR_ROWS(base, red, STORE16(LOAD16(x + p) / norm, y + p);, STORE1(LOAD1(x + p) / norm, y + p);)
}

__kernel void normalize_l2(__global const DATA* x, __global DATA* y, REGION_ARGS, int eps_add, float eps) {
    FOR_UNITS(DISPATCH(l2_row, l2_columns8, l2_columns1, eps_add, eps))
}

// ---- BatchNormInference ----

// y = (x - mean[c]) * gamma[c] / sqrt(var[c] + eps) + beta[c]; one work-item: up to 256 elements (16 float16)
// of one (batch, channel) row of `inner` elements; rows = N * C, chunks = ceil(inner / 256) per row.
__kernel void batch_norm(__global const DATA* x, __global const DATA* gamma, __global const DATA* beta,
                         __global const DATA* mean, __global const DATA* var, __global DATA* y, int channels,
                         int inner, int work, float eps) {
    const int g = (int)get_global_id(0);
    if (g >= work)
        return;
    const int chunks = (inner + 255) / 256;
    const int row = g / chunks, i0 = (g % chunks) * 256;
    const int c = row % channels;
    const float scale = LOAD1(gamma + c) / sqrt(LOAD1(var + c) + eps), mu = LOAD1(mean + c), b = LOAD1(beta + c);
    const int off = row * inner, end = min(inner, i0 + 256);
    int i = i0;
    for (; i + 16 <= end; i += 16)
        STORE16(fma(LOAD16(x + off + i) - mu, scale, b), y + off + i);
    for (; i < end; ++i)
        STORE1(fma(LOAD1(x + off + i) - mu, scale, b), y + off + i);
}
