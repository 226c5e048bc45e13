// Element-wise ops: unary, binary, comparison, logical, Select and Convert, one work-item per VEC
// contiguous output elements, computed as one vector (a partial last block is padded through private
// memory, so OP only ever sees full vectors).
//
// Macros (set by src/gpu/ops/eltwise.cpp):
//   VEC            elements per work-item: 8 or 16
//   NARG           inputs: 1 to 6 (a, b, c, d, e, f)
//   TA .. TF       compute type of input a .. f (those NARG says)
//   TO             compute type of the output
//   A_HALF .. F_HALF, O_HALF   that buffer stores half (vload_half/vstore_half), its type is float
//   OP(a[,b...])   the op on vectors of TA..TF, giving a vector of TO; may use p0, p1 (scalar
//                  arguments of type TA) and the helpers below
//   FUSED_TEMPS    (FusedEltwise) OP may assign the float vectors t0..t15: the composed expression of several
//                  nodes, each node's result in its own temporary; the kernels take one more argument, `lits`
//                  (constant float*: the scalar operands and parameters, so that nodes that differ only by
//                  them share one program)
//   UA             unsigned type of TA (integer variants: wrapping arithmetic and the integer helpers)
//   REAL           TA is float (the real helpers)
//
// Kernels:
//   eltwise_flat   every input is dense over the output or a single element (stride flag ia/ib/ic = 0)
//   eltwise_bcast  numpy broadcast over merged axes: rows of `inner` output elements, each input dense
//                  along the row or repeating one element; the rows' input offsets come from
//                  geo = [outer dims (rank)][outer strides of a (rank)][of b]..., innermost last

#define CAT_(a, b) a##b
#define CAT(a, b) CAT_(a, b)
#define VT(t) CAT(t, VEC)
#define CVT(t) CAT(convert_, VT(t))
#define CVT_SAT(t) CAT(CVT(t), _sat_rtz)
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

// The VEC values of an input at p: dense (stride 1) or one element repeated; a partial block (n < VEC)
// is padded with 1 so that no lane divides by zero.
#define LOAD_INPUT(T, H, p, dense, n, out)                                         \
    if (!(dense)) {                                                                \
        out = (VT(T))(LOAD1(T, H, p));                                             \
    } else if ((n) == VEC) {                                                       \
        out = LOADV(T, H, p);                                                      \
    } else {                                                                       \
        T tmp_[VEC];                                                               \
        for (uint i_ = 0; i_ < VEC; ++i_)                                          \
            tmp_[i_] = i_ < (n) ? LOAD1(T, H, (p) + i_) : (T)1;                    \
        out = CAT(vload, VEC)(0, tmp_);                                            \
    }

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
inline VTA sigmoid_v(VTA x) { return 1.0f / (1.0f + exp(-x)); }
inline VTA softplus_v(VTA x) { return select(log1p(exp(x)), x + log1p(exp(-x)), x > 0.0f); }
inline VTA floormod_v(VTA x, VTA y) {
    const VTA r = fmod(x, y);
    return select(r, r + y, (r != 0.0f) & ((r < 0.0f) != (y < 0.0f)));
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
    LOAD_INPUT(T, H, x, fl, n, CAT(v, x))

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

// n (1..VEC) output elements at o from inputs starting at a, b, ...
inline void block(FOR_INPUTS(IN_PARAM) FOR_INPUTS(IN_FLAG) global SO* o, uint n, TA p0, TA p1 LIT_PARAM) {
    FOR_INPUTS(IN_LOAD)
#ifdef FUSED_TEMPS
    // The results of a FusedEltwise's nodes (OP assigns them in order; unused ones cost nothing).
    VT(float) t0, t1, t2, t3, t4, t5, t6, t7, t8, t9, t10, t11, t12, t13, t14, t15;
#endif
    const VTO r = OP_CALL;
#ifdef O_HALF
    if (n == VEC) {
        CAT(CAT(vstore_half, VEC), _rte)(r, 0, o);
    } else {
        float t[VEC];
        CAT(vstore, VEC)(r, 0, t);
        for (uint i = 0; i < n; ++i)
            vstore_half_rte(t[i], i, o);
    }
#else
    if (n == VEC) {
        CAT(vstore, VEC)(r, 0, o);
    } else {
        TO t[VEC];
        CAT(vstore, VEC)(r, 0, t);
        for (uint i = 0; i < n; ++i)
            o[i] = t[i];
    }
#endif
}

// Same-shape or single-element inputs: block g covers output elements [g * VEC, g * VEC + VEC).
#define FLAT_OFFSET(x, S, T, H, fl, k) const uint CAT(o, x) = fl ? x0 : 0;
kernel void eltwise_flat(FOR_INPUTS(IN_PARAM) global SO* out, uint total, uint blocks, FOR_INPUTS(IN_FLAG) TA p0,
                         TA p1 LIT_PARAM) {
    const uint g = get_global_id(0);
    if (g >= blocks)
        return;
    const uint x0 = g * VEC;
    FOR_INPUTS(FLAT_OFFSET)
    block(FOR_INPUTS(IN_PTR) FOR_INPUTS(IN_FLAG_ARG) out + x0, min((uint)VEC, total - x0), p0, p1 LIT_ARG);
}

// Numpy broadcasting over the merged output axes [outer..., inner]: work-item (x, y, z) computes block x of
// the row at y along the innermost outer axis and z over the other outer axes (row-major); only those take
// divisions, and not the outermost.
#define ROW_OFFSET(x, S, T, H, fl, k) uint CAT(o, x) = (fl ? x0 : 0) + y * geo[(k) * rank + last];
#define AXIS_OFFSET(x, S, T, H, fl, k) CAT(o, x) += i * geo[(k) * rank + ax];
kernel void eltwise_bcast(FOR_INPUTS(IN_PARAM) global SO* out, constant uint* geo, uint rank, uint inner,
                          uint row_blocks, uint rows_y, FOR_INPUTS(IN_FLAG) TA p0, TA p1 LIT_PARAM) {
    const uint x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
    if (x >= row_blocks || y >= rows_y)
        return;
    const uint x0 = x * VEC, last = rank - 1;
    FOR_INPUTS(ROW_OFFSET)
    uint r = z;
    for (uint ax = last; ax-- > 0;) {
        uint i = r;
        if (ax > 0) {
            i = r % geo[ax];
            r /= geo[ax];
        }
        FOR_INPUTS(AXIS_OFFSET)
    }
    block(FOR_INPUTS(IN_PTR) FOR_INPUTS(IN_FLAG_ARG) out + ((size_t)z * rows_y + y) * inner + x0,
          min((uint)VEC, inner - x0), p0, p1 LIT_ARG);
}
