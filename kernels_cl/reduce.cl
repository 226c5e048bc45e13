// ReduceSum / Mean / Max / Min / Prod / L1 / L2 over a region (reduce_region.cl). The reduce op is the
// argument `op`, a switch around whole loops, so each op's loops are compiled separately.
#include "reduce_region.cl"

#define ADD_ABS(a, v) ((a) + fabs(v))
#define ADD_SQ(a, v) fma(v, v, a)
#define FIN_ID(a, n) (a)
#define FIN_MEAN(a, n) ((a) / (n))
#define FIN_SQRT(a, n) sqrt(a)

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

