// ReduceSum / Mean / Max / Min / Prod / L1 / L2 over a region (reduce_region.cl). The reduce op is the
// argument `op`, a switch around whole loops, so each op's loops are compiled separately. -DIDATA=int|long
// builds reduce_int instead, for integer data (no L2).
#include "reduce_region.cl"

#ifndef IDATA

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

#else

// Integers as host_ref reduces them: sums, products and L1 wrap (accumulated modulo 2^64 in ulong, narrowed at the
// end), the mean divides the 64-bit sum truncating (an empty region gives 0), max and min compare as IDATA.
#define IADD(a, v) a += (ulong)(long)(v)
#define IMUL(a, v) a *= (ulong)(long)(v)
#define IABS(a, v) a += (v) < 0 ? (ulong)0 - (ulong)(long)(v) : (ulong)(long)(v)
#define IMAX(a, v) a = max(a, v)
#define IMIN(a, v) a = min(a, v)
#define IFIN(a) ((IDATA)(a))
#define IMEAN(a) ((IDATA)(count == 0 ? 0 : (long)(a) / (long)count))

// One integer reduce op: an ACC accumulator starting at INIT, FIN(a) the result; every element loaded alone.
#define IREDUCE(ACC_T, INIT, ACC, FIN)                                                    \
    {                                                                                 \
    FOR_UNITS({                                                                       \
        for (int j = 0; j < (inner == 1 ? 1 : min(8, inner - o0)); ++j) {             \
            ACC_T a = INIT;                                                           \
            if (inner == 1) {                                                         \
                FOR_ROWS(base, red, for (int k = 0; k < 16; ++k) { ACC(a, x[p + k]); }, ACC(a, x[p]);) \
            } else {                                                                  \
                FOR_COLUMNS(base + o0 + j, red, ACC(a, x[p]);)                        \
            }                                                                         \
            y[out0 + j] = FIN(a);                                                     \
        }                                                                             \
    })                                                                                \
    }

// op as reduce's (no 6, L2). count: the elements reduced into each output.
__kernel void reduce_int(__global const IDATA* x, __global IDATA* y, int op, REGION_ARGS, int count) {
    switch (op) {
    case 0: IREDUCE(ulong, 0, IADD, IFIN) break;
    case 1: IREDUCE(ulong, 0, IADD, IMEAN) break;
    case 2: IREDUCE(IDATA, IDATA_MIN, IMAX, IFIN) break;
    case 3: IREDUCE(IDATA, IDATA_MAX, IMIN, IFIN) break;
    case 4: IREDUCE(ulong, 1, IMUL, IFIN) break;
    default: IREDUCE(ulong, 0, IABS, IFIN) break;
    }
}
#endif
