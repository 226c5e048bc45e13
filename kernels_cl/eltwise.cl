// Element-wise ops (unary, binary, comparison, logical, Select, Convert): one work-item per VEC contiguous outputs
// computed as one vector; a partial last block is moved back to end at the end, overlapping its neighbour. OP is
// the op's expression on vectors (src/gpu/ops/eltwise.cpp). Macros and kernels (eltwise_flat, eltwise_bcast):
// docs/kernels.md, "eltwise".

#define CAT_(a, b) a##b
#define CAT(a, b) CAT_(a, b)
#define VT(t) CAT(t, VEC)
#define CVT(t) CAT(convert_, VT(t))
#define AS(t) CAT(as_, VT(t))
#define VTA VT(TA)
#define VTO VT(TO)
#define CMP(m) (CVT(uchar)(m) & (uchar)1)
#define IS_TRUE(x) ((x) != (uchar)0)

// Storage of each buffer (SA..SF, SO): its compute type, or half read and written as float (HA..HF = 1).
#ifdef A_HALF
#define SA half
#define HA 1
#else
#define SA TA
#define HA 0
#endif
#ifdef B_HALF
#define SB half
#define HB 1
#else
#define SB TB
#define HB 0
#endif
#ifdef C_HALF
#define SC half
#define HC 1
#else
#define SC TC
#define HC 0
#endif
#ifdef D_HALF
#define SD half
#define HD 1
#else
#define SD TD
#define HD 0
#endif
#ifdef E_HALF
#define SE half
#define HE 1
#else
#define SE TE
#define HE 0
#endif
#ifdef F_HALF
#define SF half
#define HF 1
#else
#define SF TF
#define HF 0
#endif
#ifdef O_HALF
#define SO half
#else
#define SO TO
#endif

// One element / VEC elements at p in compute type T, from storage T (H = 0) or half (H = 1).
#define LOAD1(T, H, p) CAT(LOAD1_, H)(T, p)
#define LOAD1_0(T, p) ((T)(p)[0])
#define LOAD1_1(T, p) vload_half(0, p)
#define LOADV(T, H, p) CAT(LOADV_, H)(T, p)
#define LOADV_0(T, p) CAT(vload, VEC)(0, p)
#define LOADV_1(T, p) CAT(vload_half, VEC)(0, p)

// The VEC values of an input at p: dense (stride 1) or one element repeated.
#define LOAD_INPUT(T, H, p, dense, out) out = (dense) ? LOADV(T, H, p) : (VT(T))(LOAD1(T, H, p));

#ifdef UA
#define VUA VT(UA)
#define AS_U(x) AS(UA)(x)
#define AS_S(x) AS(TA)(x)
// Integer power, exact modulo 2^bits; a negative exponent gives the truncated real result.
inline VTA ipow_v(VTA x, VTA y) {
    VUA r = (VUA)1, b = AS_U(x), e = AS_U(y);
    while (any(e != (UA)0)) {
        r = select(r, r * b, (e & (UA)1) != (UA)0);
        b = b * b;
        e = e >> (UA)1;
    }
    const VTA neg = select(select((VTA)0, (VTA)1, x == (TA)1), select((VTA)-1, (VTA)1, (y & (TA)1) == (TA)0),
                           x == (TA)-1);
    return select(AS_S(r), neg, y < (TA)0);
}
// Division, floor-mod and mod of divisors proven non-zero; -1 is handled apart (lowest / -1 overflows).
inline VTA idiv_v(VTA x, VTA y, int floor_div) {
    const VTA d = select(y, (VTA)1, y == (TA)-1);
    VTA q = x / d;
    if (floor_div)
        q = select(q, q - (TA)1, (x % d != (TA)0) & ((x < (TA)0) != (d < (TA)0)));
    return select(q, AS_S((UA)0 - AS_U(x)), y == (TA)-1);
}
inline VTA imod_v(VTA x, VTA y, int floor_mod) {
    const VTA d = select(y, (VTA)1, y == (TA)-1);
    VTA r = select(x % d, (VTA)0, y == (TA)-1);
    if (floor_mod)
        r = select(r, r + y, (r != (TA)0) & ((r < (TA)0) != (y < (TA)0)));
    return r;
}
#endif

#ifdef REAL
// NaN-propagating forms of the host reference: max(x, lo) is (x < lo ? lo : x), min(x, hi) is (hi < x ? hi : x).
inline VTA clamp_v(VTA x, float lo, float hi) {
    const VTA m = select(x, (VTA)lo, x < lo);
    return select(m, (VTA)hi, hi < m);
}
// A real truncated into i32 as OpenVINO CPU does (x86 cvttps2dq): NaN and values outside [-2^31, 2^31) give
// INT_MIN (OpenCL's own conversion leaves them undefined).
inline VT(int) cpu_i32_v(VTA x) {
    const VT(int) bad = isnan(x) | (x < -2147483648.0f) | (x >= 2147483648.0f);
    return select(CVT(int)(select(x, (VTA)0.0f, bad)), (VT(int))INT_MIN, bad);
}
inline VTA sigmoid_v(VTA x) { return 1.0f / (1.0f + exp(-x)); }
inline VTA softplus_v(VTA x) { return select(log1p(exp(x)), x + log1p(exp(-x)), x > 0.0f); }
inline VTA floormod_v(VTA x, VTA y) {
    const VTA r = fmod(x, y);
    return select(r, r + y, (r != 0.0f) & ((r < 0.0f) != (y < 0.0f)));
}
// FakeQuantize-1 inside a FusedEltwise (alone it runs kernels_cl/quantize.cl), as host_ref/fake_quantize.cpp
// computes it: x <= min(il, ih) ? ol : x > max(il, ih) ? oh : rint((x - il) / (ih - il) * steps) / steps * (oh - ol)
// + ol, one operation per statement in the host's order and no contraction (the host asks for correctly rounded
// division where the device has it), min and max as std::min / std::max give them.
inline VTA fq_v(VTA x, VTA il, VTA ih, VTA ol, VTA oh, float steps) {
#pragma OPENCL FP_CONTRACT OFF
    const VTA lo = select(il, ih, ih < il), hi = select(il, ih, il < ih);
    const VTA shifted = x - il;
    const VTA width = ih - il;
    const VTA unit = shifted / width;
    const VTA level = rint(unit * steps);
    const VTA back = level / steps;
    const VTA out_width = oh - ol;
    const VTA wide = back * out_width;
    const VTA y = wide + ol;
    return select(select(y, oh, x > hi), ol, x <= lo);
}
#endif

// FOR_INPUTS(M) expands M(name, storage, compute type, half, stride flag, slot) for each of the NARG inputs.
#define IN_A(M) M(a, SA, TA, HA, ia, 1)
#if NARG >= 2
#define IN_B(M) M(b, SB, TB, HB, ib, 2)
#else
#define IN_B(M)
#endif
#if NARG >= 3
#define IN_C(M) M(c, SC, TC, HC, ic, 3)
#else
#define IN_C(M)
#endif
#if NARG >= 4
#define IN_D(M) M(d, SD, TD, HD, id, 4)
#else
#define IN_D(M)
#endif
#if NARG >= 5
#define IN_E(M) M(e, SE, TE, HE, ie, 5)
#else
#define IN_E(M)
#endif
#if NARG >= 6
#define IN_F(M) M(f, SF, TF, HF, if_, 6)
#else
#define IN_F(M)
#endif
#define FOR_INPUTS(M) IN_A(M) IN_B(M) IN_C(M) IN_D(M) IN_E(M) IN_F(M)

#define IN_PARAM(x, S, T, H, fl, k) global const S* x,
#define IN_FLAG(x, S, T, H, fl, k) uint fl,
#define IN_PTR(x, S, T, H, fl, k) x + CAT(o, x),
#define IN_FLAG_ARG(x, S, T, H, fl, k) fl,
#define IN_LOAD(x, S, T, H, fl, k) \
    VT(T) CAT(v, x);               \
    LOAD_INPUT(T, H, x, fl, CAT(v, x))
#define IN_ONE(x, S, T, H, fl, k) const VT(T) CAT(v, x) = (VT(T))(LOAD1(T, H, x));

#ifdef FUSED_TEMPS
#define LIT_PARAM , constant float *lits
#define LIT_ARG , lits
#else
#define LIT_PARAM
#define LIT_ARG
#endif

#if NARG == 1
#define OP_CALL OP(va)
#elif NARG == 2
#define OP_CALL OP(va, vb)
#elif NARG == 3
#define OP_CALL OP(va, vb, vc)
#elif NARG == 4
#define OP_CALL OP(va, vb, vc, vd)
#elif NARG == 5
#define OP_CALL OP(va, vb, vc, vd, ve)
#else
#define OP_CALL OP(va, vb, vc, vd, ve, vf)
#endif

#ifdef FUSED_TEMPS
// The results of a FusedEltwise's nodes (OP assigns them in order; unused ones cost nothing).
#define DECLARE_TEMPS VT(float) t0, t1, t2, t3, t4, t5, t6, t7, t8, t9, t10, t11, t12, t13, t14, t15;
#else
#define DECLARE_TEMPS
#endif

// Kernel bodies free of loops (but for -DMANY_AXES): a loop in the body costs on PoCL even when no work-item enters
// it (docs/tuning.md, "Element-wise and data movement: loop-free kernel bodies").
// Every output is written from its own inputs only, so overlapping blocks need an output apart from the inputs
// (the memory plan never shares a buffer between a step's inputs and outputs).

// VEC output elements at o from inputs at a, b, ... (each dense along them or one element repeated).
inline void block_vec(FOR_INPUTS(IN_PARAM) FOR_INPUTS(IN_FLAG) global SO* o, TA p0, TA p1 LIT_PARAM) {
    FOR_INPUTS(IN_LOAD)
    DECLARE_TEMPS
    const VTO r = OP_CALL;
#ifdef O_HALF
    CAT(CAT(vstore_half, VEC), _rte)(r, 0, o);
#else
    CAT(vstore, VEC)(r, 0, o);
#endif
}

// One output element at o from the elements at a, b, ..., computed as vectors of that one element.
inline void block_one(FOR_INPUTS(IN_PARAM) global SO* o, TA p0, TA p1 LIT_PARAM) {
    FOR_INPUTS(IN_ONE)
    DECLARE_TEMPS
    const VTO r = OP_CALL;
#ifdef O_HALF
    vstore_half_rte(r.s0, 0, o);
#else
    o[0] = r.s0;
#endif
}

// Same-shape or single-element inputs (stride flag 0): work-item g covers output elements [x0, x0 + W), W = VEC
// (eltwise_flat, tensors of VEC elements or more) or 1 (eltwise_flat_one). The last block ends at the end,
// overlapping its neighbour, which writes the same values.
#define FLAT_OFFSET(x, S, T, H, fl, k) const uint CAT(o, x) = fl ? x0 : 0;
kernel void eltwise_flat(FOR_INPUTS(IN_PARAM) global SO* out, uint total, uint blocks, FOR_INPUTS(IN_FLAG) TA p0,
                         TA p1 LIT_PARAM) {
    const uint g = get_global_id(0);
    if (g >= blocks)
        return;
    const uint x0 = min(g * VEC, total - VEC);
    FOR_INPUTS(FLAT_OFFSET)
    block_vec(FOR_INPUTS(IN_PTR) FOR_INPUTS(IN_FLAG_ARG) out + x0, p0, p1 LIT_ARG);
}
kernel void eltwise_flat_one(FOR_INPUTS(IN_PARAM) global SO* out, uint total, uint blocks, FOR_INPUTS(IN_FLAG)
                             TA p0, TA p1 LIT_PARAM) {
    const uint x0 = get_global_id(0);
    if (x0 >= total)
        return;
    FOR_INPUTS(FLAT_OFFSET)
    block_one(FOR_INPUTS(IN_PTR) out + x0, p0, p1 LIT_ARG);
}

// Numpy broadcasting over the merged output axes [outer..., inner]: work-item (x, y, z) computes block x of the
// row at y along the innermost outer axis and z over the other outer axes (row-major); only those take divisions,
// and not the outermost. Blocks are VEC wide (eltwise_bcast, rows of VEC elements or more; the last one of a row
// ends at its end) or 1 (eltwise_bcast_one). Up to MAX_Z axes of z in a loop the compiler unrolls; -DMANY_AXES
// for longer plans (a real loop).
#define MAX_Z 6
#define ROW_OFFSET(x, S, T, H, fl, k) uint CAT(o, x) = (fl ? x0 : 0) + y * geo[(k) * rank + last];
#define AXIS_OFFSET(x, S, T, H, fl, k) CAT(o, x) += i * geo[(k) * rank + ax];
#define Z_AXIS(ax)                \
    {                             \
        uint i = r;               \
        if ((ax) > 0) {           \
            i = r % geo[ax];      \
            r /= geo[ax];         \
        }                         \
        FOR_INPUTS(AXIS_OFFSET)   \
    }
#ifdef MANY_AXES
#define Z_OFFSETS                           \
    uint r = z;                             \
    for (uint ax = last; ax-- > 0;)         \
        Z_AXIS(ax)
#else
#define Z_OFFSETS                           \
    uint r = z;                             \
    _Pragma("unroll") for (uint k = 1; k <= MAX_Z; ++k) if (k <= last) { \
        const uint ax = last - k;           \
        Z_AXIS(ax)                          \
    }
#endif
#define BCAST_PARAMS                                                                                           \
    FOR_INPUTS(IN_PARAM) global SO *out, constant uint *geo, uint rank, uint inner, uint row_blocks, uint rows_y, \
        FOR_INPUTS(IN_FLAG) TA p0, TA p1 LIT_PARAM
kernel void eltwise_bcast(BCAST_PARAMS) {
    const uint x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
    if (x >= row_blocks || y >= rows_y)
        return;
    const uint x0 = min(x * VEC, inner - VEC), last = rank - 1;
    FOR_INPUTS(ROW_OFFSET)
    Z_OFFSETS
    block_vec(FOR_INPUTS(IN_PTR) FOR_INPUTS(IN_FLAG_ARG) out + ((size_t)z * rows_y + y) * inner + x0, p0,
              p1 LIT_ARG);
}
kernel void eltwise_bcast_one(BCAST_PARAMS) {
    const uint x0 = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
    if (x0 >= inner || y >= rows_y)
        return;
    const uint last = rank - 1;
    FOR_INPUTS(ROW_OFFSET)
    Z_OFFSETS
    block_one(FOR_INPUTS(IN_PTR) out + ((size_t)z * rows_y + y) * inner + x0, p0, p1 LIT_ARG);
}
