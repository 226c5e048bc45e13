// The region framework of the reduce, softmax and normalization kernels (reduce.cl, softmax.cl, normalization.cl
// include it): the host (src/gpu/ops/reduce_region.cpp) merges the input's axes into kept and reduced runs; a unit
// of work is one output (rows: inner == 1) or 8 outputs along `inner` (columns). IO_HALF: half storage, f32
// arithmetic. Region layout, units per work-item: docs/kernels.md, "reduce_region".

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

