// Reductions over a region of f32 (or f16-stored) data: ReduceSum/Mean/Max/Min/Prod/L1/L2 (reduce), Softmax
// and LogSoftmax (softmax), MVN (mvn; FusedMVN: mvn_affine), NormalizeL2 (normalize_l2); and
// BatchNormInference (batch_norm).
// Macros: IO_HALF (optional) the data (x, y; batch_norm's parameters too) are half in memory, read with
// vload_half and written with vstore_half_rte; all arithmetic stays f32. Otherwise none: one program serves
// every kernel (the reduce op is the argument `op`, a switch around whole loops, so each op's loops are
// compiled separately).
//
// The region (planned on the host, src/gpu/ops/reduction_region.cpp): the input's axes merged into runs of
// kept and of reduced axes; the trailing kept run of extent `inner` is not part of `kept`.
//   kept: s0..s2 extents of the outer kept runs (s0 innermost, unused ones 1), s4..s6 their element strides
//   red:  s0..s2 extents of the reduced runs (s0 innermost), s4..s6 their strides (s4 == inner)
// Outputs are dense over [outer kept..., inner]. Two shapes of unit of work:
//   rows    (inner == 1): one output, the innermost reduced run contiguous: float16 partial lanes + tail;
//   columns (inner > 1):  8 consecutive outputs along `inner` as the lanes of a float8 (scalar when the
//                         block is partial); blocks = ceil(inner / 8) per outer slot.
// A work-item takes `per_item` consecutive units of the `units` (so short reductions do not pay PoCL's
// per-work-item cost for a handful of elements). Accumulation is in f32 (host_ref accumulates in double).

// Input offset of outer slot s.
inline int base_of(int s, int8 k) {
    const int c0 = s % k.s0;
    s /= k.s0;
    const int c1 = s % k.s1;
    s /= k.s1;
    return c0 * k.s4 + c1 * k.s5 + s * k.s6;
}

// Rows: BODY16 for 16 contiguous elements at offset p, BODY1 for one (the tail of each run). red_i is the
// position of p in the reduced region (row-major over the reduced runs), for per-position tables.
#define FOR_ROWS(base, red, BODY16, BODY1)                                  \
    for (int r2 = 0; r2 < red.s2; ++r2)                                     \
        for (int r1 = 0; r1 < red.s1; ++r1) {                               \
            const int row_ = (base) + r2 * red.s6 + r1 * red.s5;            \
            const int row_i_ = (r2 * red.s1 + r1) * red.s0;                 \
            int i_ = 0;                                                     \
            for (; i_ + 16 <= red.s0; i_ += 16) {                           \
                const int p = row_ + i_;                                    \
                const int red_i = row_i_ + i_;                              \
                BODY16                                                      \
            }                                                               \
            for (; i_ < red.s0; ++i_) {                                     \
                const int p = row_ + i_;                                    \
                const int red_i = row_i_ + i_;                              \
                BODY1                                                       \
            }                                                               \
        }

// Columns: BODY at offset p of every reduced position (red_i as above).
#define FOR_COLUMNS(base, red, BODY)                                        \
    for (int r2 = 0; r2 < red.s2; ++r2)                                     \
        for (int r1 = 0; r1 < red.s1; ++r1)                                 \
            for (int r0 = 0; r0 < red.s0; ++r0) {                           \
                const int p = (base) + r2 * red.s6 + r1 * red.s5 + r0 * red.s4; \
                const int red_i = (r2 * red.s1 + r1) * red.s0 + r0;         \
                BODY                                                        \
            }

// Loads and stores of 16 or 8 contiguous elements (a row chunk, a column block) or of one, as f32.
#ifdef IO_HALF
#define DATA half
#define LOAD16(p) vload_half16(0, p)
#define STORE16(v, p) vstore_half16_rte(v, 0, p)
#define LOAD8(p) vload_half8(0, p)
#define STORE8(v, p) vstore_half8_rte(v, 0, p)
#define LOAD1(p) vload_half(0, p)
#define STORE1(v, p) vstore_half_rte(v, 0, p)
#define SCALE_FROM_Y 0  // softmax recomputes exp instead of re-reading it rounded to half from y
#else
#define DATA float
#define LOAD16(p) vload16(0, p)
#define STORE16(v, p) vstore16(v, 0, p)
#define LOAD8(p) vload8(0, p)
#define STORE8(v, p) vstore8(v, 0, p)
#define LOAD1(p) (*(p))
#define STORE1(v, p) (*(p) = (v))
#define SCALE_FROM_Y 1  // softmax stores exp in y, then scales y in place
#endif

// Max / min that keep a NaN once seen (as host_ref), for scalars and vectors.
#define MAX_NAN(a, v) select(a, v, isgreater(v, a) | isnan(v))
#define MIN_NAN(a, v) select(a, v, isless(v, a) | isnan(v))
#define ADD(a, v) ((a) + (v))
#define MUL(a, v) ((a) * (v))
#define ADD_ABS(a, v) ((a) + fabs(v))
#define ADD_SQ(a, v) fma(v, v, a)
#define FIN_ID(a, n) (a)
#define FIN_MEAN(a, n) ((a) / (n))
#define FIN_SQRT(a, n) sqrt(a)

// Folds the 16 lanes of a float16 with MERGE.
#define DEFINE_MERGE16(NAME, MERGE)                    \
    inline float NAME(float16 v) {                     \
        const float8 a = MERGE(v.lo, v.hi);            \
        const float4 b = MERGE(a.lo, a.hi);            \
        const float2 c = MERGE(b.lo, b.hi);            \
        return MERGE(c.x, c.y);                        \
    }
DEFINE_MERGE16(merge16_add, ADD)
DEFINE_MERGE16(merge16_mul, MUL)
DEFINE_MERGE16(merge16_max, MAX_NAN)
DEFINE_MERGE16(merge16_min, MIN_NAN)

// Units [g * per_item, (g + 1) * per_item) of `units`: BODY with s (outer slot), o0 (first inner
// position), base (input offset of the slot's first element) and out0 (first output).
#define FOR_UNITS(BODY)                                                           \
    const int blocks_ = (inner + 7) / 8;                                          \
    const int u0_ = (int)get_global_id(0) * per_item;                             \
    const int u1_ = min(units, u0_ + per_item);                                   \
    for (int u_ = u0_; u_ < u1_; ++u_) {                                          \
        const int s = inner == 1 ? u_ : u_ / blocks_;                             \
        const int o0 = inner == 1 ? 0 : (u_ - s * blocks_) * 8;                   \
        const int base = base_of(s, kept);                                        \
        const int out0 = s * inner + o0;                                          \
        BODY                                                                      \
    }

// Calls ROW(base, args) for a row unit, COL8(base + o0, args) for a full column block or COL1 for each
// column of a partial one (the ops whose output has the input's shape).
#define DISPATCH(ROW, COL8, COL1, ...)                                            \
    if (inner == 1)                                                               \
        ROW(x, y, base, red, __VA_ARGS__);                                        \
    else if (o0 + 8 <= inner)                                                     \
        COL8(x, y, base + o0, red, __VA_ARGS__);                                  \
    else                                                                          \
        for (int j = 0; o0 + j < inner; ++j)                                      \
            COL1(x, y, base + o0 + j, red, __VA_ARGS__);

#define REGION_ARGS int8 kept, int8 red, int inner, int units, int per_item

// ---- ReduceSum / Mean / Max / Min / Prod / L1 / L2 ----

// One reduce op: INIT the start value, ACC folds an element in, MERGE joins two partials (MERGE16 all the
// lanes of a float16), FIN(a, count) the result.
#define REDUCE(INIT, ACC, MERGE, MERGE16, FIN)                                    \
    {                                                                             \
    FOR_UNITS({                                                                   \
        if (inner == 1) {                                                         \
            float16 a16 = (float16)(INIT);                                        \
            float a = INIT;                                                       \
            FOR_ROWS(base, red, a16 = ACC(a16, LOAD16(x + p));, a = ACC(a, LOAD1(x + p));) \
            STORE1(FIN(MERGE(a, MERGE16(a16)), count), y + out0);                         \
        } else if (o0 + 8 <= inner) {                                             \
            float8 a8 = (float8)(INIT);                                           \
            FOR_COLUMNS(base + o0, red, a8 = ACC(a8, LOAD8(x + p));)          \
            STORE8(FIN(a8, count), y + out0);                                 \
        } else {                                                                  \
            for (int j = 0; o0 + j < inner; ++j) {                                \
                float a = INIT;                                                   \
                FOR_COLUMNS(base + o0 + j, red, a = ACC(a, LOAD1(x + p));)                \
                STORE1(FIN(a, count), y + out0 + j);                                      \
            }                                                                     \
        }                                                                         \
    })                                                                            \
    }

// op: 0 sum, 1 mean, 2 max, 3 min, 4 prod, 5 L1, 6 L2. count: the elements reduced into each output.
__kernel void reduce(__global const DATA* x, __global DATA* y, int op, REGION_ARGS, float count) {
    switch (op) {
    case 0: REDUCE(0.0f, ADD, ADD, merge16_add, FIN_ID) break;
    case 1: REDUCE(0.0f, ADD, ADD, merge16_add, FIN_MEAN) break;
    case 2: REDUCE(-INFINITY, MAX_NAN, MAX_NAN, merge16_max, FIN_ID) break;
    case 3: REDUCE(INFINITY, MIN_NAN, MIN_NAN, merge16_min, FIN_ID) break;
    case 4: REDUCE(1.0f, MUL, MUL, merge16_mul, FIN_ID) break;
    case 5: REDUCE(0.0f, ADD_ABS, ADD, merge16_add, FIN_ID) break;
    default: REDUCE(0.0f, ADD_SQ, ADD, merge16_add, FIN_SQRT) break;
    }
}

// ---- Softmax / LogSoftmax (one reduced run: the axis) ----

// exp(x - max) / sum, or x - max - log(sum); the exponentials are stored and then scaled (f32), or computed
// again in the last pass (IO_HALF: y holds them rounded to half).
#define DEFINE_SOFTMAX_COLUMNS(NAME, V, LOAD, STORE)                                              \
    inline void NAME(__global const DATA* x, __global DATA* y, int base, int8 red, int log_) { \
        V m = (V)(-INFINITY);                                                                    \
        FOR_COLUMNS(base, red, m = MAX_NAN(m, LOAD(x + p));)                                     \
        V sum = (V)(0.0f);                                                                       \
        if (log_) {                                                                              \
            FOR_COLUMNS(base, red, sum += exp(LOAD(x + p) - m);)                                 \
            const V lse = log(sum);                                                              \
            FOR_COLUMNS(base, red, STORE(LOAD(x + p) - m - lse, y + p);)                         \
        } else {                                                                                 \
            FOR_COLUMNS(base, red, {                                                             \
                const V e = exp(LOAD(x + p) - m);                                                \
                sum += e;                                                                        \
                if (SCALE_FROM_Y)                                                                \
                    STORE(e, y + p);                                                             \
            })                                                                                   \
            if (SCALE_FROM_Y) {                                                                  \
                FOR_COLUMNS(base, red, STORE(LOAD(y + p) / sum, y + p);)                         \
            } else {                                                                             \
                FOR_COLUMNS(base, red, STORE(exp(LOAD(x + p) - m) / sum, y + p);)                \
            }                                                                                    \
        }                                                                                        \
    }
DEFINE_SOFTMAX_COLUMNS(softmax_columns8, float8, LOAD8, STORE8)
DEFINE_SOFTMAX_COLUMNS(softmax_columns1, float, LOAD1, STORE1)

inline void softmax_row(__global const DATA* x, __global DATA* y, int base, int8 red, int log_) {
    float16 m16 = (float16)(-INFINITY);
    float m = -INFINITY;
    FOR_ROWS(base, red, m16 = MAX_NAN(m16, LOAD16(x + p));, m = MAX_NAN(m, LOAD1(x + p));)
    m = MAX_NAN(m, merge16_max(m16));
    float16 s16 = (float16)(0.0f);
    float sum = 0.0f;
    if (log_) {
        FOR_ROWS(base, red, s16 += exp(LOAD16(x + p) - m);, sum += exp(LOAD1(x + p) - m);)
        const float lse = log(sum + merge16_add(s16));
        FOR_ROWS(base, red, STORE16(LOAD16(x + p) - m - lse, y + p);, STORE1(LOAD1(x + p) - m - lse, y + p);)
        return;
    }
    FOR_ROWS(base, red, {
        const float16 e = exp(LOAD16(x + p) - m);
        s16 += e;
        if (SCALE_FROM_Y)
            STORE16(e, y + p);
    }, {
        const float e = exp(LOAD1(x + p) - m);
        sum += e;
        if (SCALE_FROM_Y)
            STORE1(e, y + p);
    })
    sum += merge16_add(s16);
    if (SCALE_FROM_Y) {
        FOR_ROWS(base, red, STORE16(LOAD16(y + p) / sum, y + p);, STORE1(LOAD1(y + p) / sum, y + p);)
    } else {
        FOR_ROWS(base, red, STORE16(exp(LOAD16(x + p) - m) / sum, y + p);, STORE1(exp(LOAD1(x + p) - m) / sum, y + p);)
    }
}

__kernel void softmax(__global const DATA* x, __global DATA* y, REGION_ARGS, int log_) {
    FOR_UNITS(DISPATCH(softmax_row, softmax_columns8, softmax_columns1, log_))
}

// ---- MVN ----

// (x - mean) / div with div = sqrt(var + eps) (inside) or sqrt(var) + eps; 1 without normalize_variance.
// mvn_affine (FusedMVN) then applies y * sc[red_i] + sh[red_i]: a scale and a shift per reduced position.
#define DEFINE_MVN_COLUMNS(NAME, V, LOAD, STORE)                                                          \
    inline void NAME(__global const DATA* x, __global DATA* y, int base, int8 red, float count, int nv, \
                     int inside, float eps, __global const float* sc, __global const float* sh) {        \
        V sum = (V)(0.0f);                                                                               \
        FOR_COLUMNS(base, red, sum += LOAD(x + p);)                                                      \
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
    FOR_ROWS(base, red, s16 += LOAD16(x + p);, sum += LOAD1(x + p);)
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
