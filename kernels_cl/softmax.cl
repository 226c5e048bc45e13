// Softmax and LogSoftmax over a region (reduce_region.cl): the reduced run is the softmax axis.
#include "reduce_region.cl"

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

