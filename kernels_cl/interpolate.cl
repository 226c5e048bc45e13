// Interpolate-4/11. The host (src/gpu/ops/interpolate_plan.cpp, interpolate.cpp) folds the tensor into
// [outer, A0, A1, A2, A3, inner] and gives each tabled axis a table of taps (source offsets, and weights for the
// weighted modes): an output is the sum over taps of w0 w1 w2 w3 x[offsets], or (nearest) one element. Tables,
// kernels (interp_rows, interp_inner), macros (WIN among them): docs/kernels.md, "interpolate".

#define VEC 8
#define CHUNK 8  // vectors of VEC outputs per work-item
#define CAT_(a, b) a##b
#define CAT(a, b) CAT_(a, b)

#ifdef NEAREST
#define DATA T
#define E T
#define V CAT(T, 8)
#define LD1(p) (*(p))
#define LD8(p) vload8(0, (p))
#define ST1(v, p) (*(p) = (v))
#define ST8(v, p) vstore8((v), 0, (p))
#define WEIGHTS_ARG
#else
#define E float
#define V float8
#ifdef IO_HALF
#define DATA half
#define LD1(p) vload_half(0, (p))
#define LD8(p) vload_half8(0, (p))
#define ST1(v, p) vstore_half_rte((v), 0, (p))
#define ST8(v, p) vstore_half8_rte((v), 0, (p))
#else
#define DATA float
#define LD1(p) (*(p))
#define LD8(p) vload8(0, (p))
#define ST1(v, p) (*(p) = (v))
#define ST8(v, p) vstore8((v), 0, (p))
#endif
#define WEIGHTS_ARG , __global const float* restrict wts
#endif

#if defined(NEAREST) && defined(PADDED)
#define TAKE(p, i) ((i) < 0 ? (T)0 : LD1((p) + (i)))
#else
#define TAKE(p, i) LD1((p) + (i))
#endif

// Eight elements p[i.s0], ..., p[i.s7].
#define GATHER(p, i)                                                                                          \
    (V)(TAKE(p, (i).s0), TAKE(p, (i).s1), TAKE(p, (i).s2), TAKE(p, (i).s3), TAKE(p, (i).s4), TAKE(p, (i).s5), \
        TAKE(p, (i).s6), TAKE(p, (i).s7))

// WIN (8 or 16) contiguous elements from p; nearest: the eight of them at the (relative) indices i.
#ifdef WIN
#if defined(NEAREST)
#define WLOAD(p) CAT(vload, WIN)(0, (p))
#define WINDOW(p, i) shuffle(WLOAD(p), CAT(convert_, CAT(T, 8))(i))
#elif defined(IO_HALF)
#define WLOAD(p) CAT(vload_half, WIN)(0, (p))
#else
#define WLOAD(p) CAT(vload, WIN)(0, (p))
#endif
#define WV CAT(float, WIN)

// sum over d < WIN of row d of the matrix m (VEC floats each) times lane d of w.
#define MROW(d, lane) acc = fma(vload8((d), m), (float8)(w.lane), acc)
inline float8 apply_matrix(WV w, __global const float* m) {
    float8 acc = (float8)(0.0f);
    MROW(0, s0); MROW(1, s1); MROW(2, s2); MROW(3, s3); MROW(4, s4); MROW(5, s5); MROW(6, s6); MROW(7, s7);
#if WIN == 16
    MROW(8, s8); MROW(9, s9); MROW(10, sa); MROW(11, sb); MROW(12, sc); MROW(13, sd); MROW(14, se); MROW(15, sf);
#endif
    return acc;
}
#endif

// n elements from p (VEC when n >= VEC); the lanes past n are zero.
inline V load_run(__global const DATA* p, int n) {
    if (n >= VEC)
        return LD8(p);
    E buf[VEC] = {0, 0, 0, 0, 0, 0, 0, 0};
    for (int i = 0; i < n; ++i)
        buf[i] = LD1(p + i);
    return vload8(0, buf);
}

// The first min(n, VEC) lanes of v to q.
inline void store_run(V v, __global DATA* q, int n) {
    if (n >= VEC) {
        ST8(v, q);
        return;
    }
    E buf[VEC];
    vstore8(v, 0, buf);
    for (int i = 0; i < n; ++i)
        ST1(buf[i], q + i);
}

// The work-item's coordinates on A0 and A1 and its outer index, from the plane index p (global id 2).
#define SPLIT_PLANE                                \
    int p = (int)get_global_id(2), o0 = 0, o1 = 0; \
    if (len.y > 1) {                               \
        o1 = p % len.y;                            \
        p /= len.y;                                \
    }                                              \
    if (len.x > 1) {                               \
        o0 = p % len.x;                            \
        p /= len.x;                                \
    }

// Offsets (and weights) of the taps of A0..A2 (rows) or A0..A3 (inner): tap k of axis j at output o.
#define OFF(j, o, k) idx[tab.j + (k) * row.j + (o)]
#define WT(j, o, k) wts[tab.j + (k) * row.j + (o)]

__kernel void interp_rows(__global const DATA* restrict x, __global DATA* restrict y,
                          __global const int* restrict idx WEIGHTS_ARG, int4 len, int4 row, int4 tab, int in_plane,
                          int starts, int coefs) {
    const int b0 = (int)get_global_id(0) * (VEC * CHUNK), o2 = (int)get_global_id(1);
    if (b0 >= len.w || o2 >= len.z)
        return;
    SPLIT_PLANE
    __global const DATA* xp = x + (long)p * in_plane;
    __global DATA* yp = y + ((((long)p * len.x + o0) * len.y + o1) * len.z + o2) * len.w;
    const int b_end = min(len.w, b0 + VEC * CHUNK);
#ifdef NEAREST
    const int off = OFF(x, o0, 0) + OFF(y, o1, 0) + OFF(z, o2, 0);
#ifdef PADDED
    const bool inside = OFF(x, o0, 0) >= 0 && OFF(y, o1, 0) >= 0 && OFF(z, o2, 0) >= 0;
#endif
    for (int b = b0; b < b_end; b += VEC) {
        V v = (V)(0);
#ifdef PADDED
        if (inside)
#endif
        {
            const int8 i3 = vload8(0, idx + tab.w + b);
#ifdef WIN
            v = WINDOW(xp + off + idx[starts + b / VEC], i3);
#else
            v = GATHER(xp + off, i3);
#endif
        }
        store_run(v, yp + b, len.w - b);
    }
#else
    for (int b = b0; b < b_end; b += VEC) {
#ifdef WIN
        WV rows = (WV)(0.0f);  // the windows of the A0..A2 taps, weighted
        __global const DATA* xw = xp + idx[starts + b / VEC];
#else
        float8 acc = (float8)(0.0f);
#endif
        for (int k0 = 0; k0 < K0; ++k0) {
            const float w0 = WT(x, o0, k0);
            const int off0 = OFF(x, o0, k0);
            for (int k1 = 0; k1 < K1; ++k1) {
                const float w1 = w0 * WT(y, o1, k1);
                const int off1 = off0 + OFF(y, o1, k1);
#ifdef WIN
                for (int k2 = 0; k2 < K2; ++k2)
                    rows = fma((WV)(w1 * WT(z, o2, k2)), WLOAD(xw + off1 + OFF(z, o2, k2)), rows);
#else
                for (int k2 = 0; k2 < K2; ++k2) {
                    const float w2 = w1 * WT(z, o2, k2);
                    __global const DATA* r = xp + off1 + OFF(z, o2, k2);
                    float8 s = (float8)(0.0f);
                    for (int k3 = 0; k3 < K3; ++k3) {
                        const int8 i3 = vload8(0, idx + tab.w + k3 * row.w + b);
                        s = fma(vload8(0, wts + tab.w + k3 * row.w + b), GATHER(r, i3), s);
                    }
                    acc = fma((float8)(w2), s, acc);
                }
#endif
            }
        }
#ifdef WIN
        const float8 acc = apply_matrix(rows, wts + coefs + (b / VEC) * (WIN * VEC));
#endif
        store_run(acc, yp + b, len.w - b);
    }
#endif
}

__kernel void interp_inner(__global const DATA* restrict x, __global DATA* restrict y,
                           __global const int* restrict idx WEIGHTS_ARG, int4 len, int4 row, int4 tab, int in_plane,
                           int inner) {
    const int i0 = (int)get_global_id(0) * (VEC * CHUNK), r = (int)get_global_id(1);
    if (i0 >= inner || r >= len.z * len.w)
        return;
    const int o3 = len.w > 1 ? r % len.w : 0, o2 = len.w > 1 ? r / len.w : r;
    SPLIT_PLANE
    __global const DATA* xp = x + (long)p * in_plane;
    __global DATA* yp = y + (((((long)p * len.x + o0) * len.y + o1) * len.z + o2) * len.w + o3) * inner;
    const int i_end = min(inner, i0 + VEC * CHUNK);
#ifdef NEAREST
    const int off = OFF(x, o0, 0) + OFF(y, o1, 0) + OFF(z, o2, 0) + OFF(w, o3, 0);
#ifdef PADDED
    const bool inside = OFF(x, o0, 0) >= 0 && OFF(y, o1, 0) >= 0 && OFF(z, o2, 0) >= 0 && OFF(w, o3, 0) >= 0;
#else
    const bool inside = true;
#endif
    for (int i = i0; i < i_end; i += VEC)
        store_run(inside ? load_run(xp + off + i, inner - i) : (V)(0), yp + i, inner - i);
#else
    for (int i = i0; i < i_end; i += VEC) {
        const int n = inner - i;
        float8 acc = (float8)(0.0f);
        for (int k0 = 0; k0 < K0; ++k0) {
            const float w0 = WT(x, o0, k0);
            const int off0 = OFF(x, o0, k0) + i;
            for (int k1 = 0; k1 < K1; ++k1) {
                const float w1 = w0 * WT(y, o1, k1);
                const int off1 = off0 + OFF(y, o1, k1);
                for (int k2 = 0; k2 < K2; ++k2) {
                    const float w2 = w1 * WT(z, o2, k2);
                    const int off2 = off1 + OFF(z, o2, k2);
                    for (int k3 = 0; k3 < K3; ++k3)
                        acc = fma((float8)(w2 * WT(w, o3, k3)), load_run(xp + off2 + OFF(w, o3, k3), n), acc);
                }
            }
        }
        store_run(acc, yp + i, n);
    }
#endif
}
