// MatMul C[b] = A[b] x B[b], register-blocked with explicit float16 vectors (one BLAS-like micro-kernel per
// work-item; no local memory: on CPU devices it is ordinary memory): matmul_panel, matmul_dot, matmul_int; the GPU
// kernels are in matmul_tiled.cl and matmul_gemv.cl, run-time packing in matmul_pack.cl. matmul_panel also runs
// pointwise convolutions. Build options, operand addressing: docs/kernels.md, "matmul".

#if !INT
#if F16
#define LD1(p) vload_half(0, (p))
#define LD16(p) vload_half16(0, (p))
#define ST1(v, p) vstore_half((v), 0, (p))
#define ST16(v, p) vstore_half16((v), 0, (p))
#else
#define LD1(p) (*(p))
#define LD16(p) vload16(0, (p))
#define ST1(v, p) (*(p) = (v))
#define ST16(v, p) vstore16((v), 0, (p))
#endif

#define NB (16 * NV)

// Fused epilogue: bias per column of C (FUSED=2: per row of the block, for C^T = B^T A^T).
#define RES_T T
#include "epilogue.cl"

#if RESIDUAL
// The residual of kernel row i, columns [j, j + 16) (element (i, j) at r[i * sc_m + j * sc_n], C's addressing),
// zero past N.
inline float16 residual16(__global const T* r, int i, int j, int N, int sc_m, int sc_n) {
    __global const T* p = r + i * sc_m;
    if (sc_n == 1 && j + 16 <= N)
        return LD16(p + j);
    float v[16];
    for (int q = 0; q < 16; ++q)
        v[q] = j + q < N ? LD1(p + (j + q) * sc_n) : 0.f;
    return vload16(0, v);
}
#endif
// Stores one element of C, `v` its sum: c[at] = the epilogue of v with bias channel `ch` and the residual at `at`
// (the residual is addressed as C is). matmul_dot, matmul_tiled and matmul_gemv store through it.
inline void store1(__global T* c, int at, int ch, float v BIAS_ARG) {
#if FUSED
#define EPI_CH(t) bias[(t) * EPI_PLANE + ch]
    v += bias[ch];
#if RESIDUAL
    v = WITH_RESIDUAL(v, LD1(residual + at));
#endif
    v = ACTIVATE(v);
#undef EPI_CH
#endif
    ST1(v, c + at);
}
// Stores columns [j0, j_end) of a block row computed for columns [jl, jl + NB); vector stores when whole.
inline void store_row(__global T* cr, const float16* acc, int jl, int j0, int j_end, int sc_n) {
    if (sc_n == 1 && jl == j0 && j_end - j0 == NB) {
        for (int v = 0; v < NV; ++v)
            ST16(acc[v], cr + j0 + 16 * v);
        return;
    }
    float row[NB];
    for (int v = 0; v < NV; ++v)
        vstore16(acc[v], v, row);
    for (int j = j0; j < j_end; ++j)
        ST1(row[j - jl], cr + j * sc_n);
}

// B element (k, j) of a column panel starting at column jl is b[jl * b_col + k * b_k + (j - jl)]: b_col = 1,
// b_k = ldb for a plain row-major B; b_col = K, b_k = NB for B packed by the host into zero-padded panels.
// Vector loads are valid for columns below b_cols_full (N, or N rounded up to NB when packed); the last panel
// is shifted left to end there and stores only its new columns. global = (ceil(M / RB), ceil(N / NB), batches).
__kernel void matmul_panel(__global const T* a, __global const T* b, __global T* c,
                           __global const int* batch_offsets, int M, int N, int K, int sa_m, int sa_k, int b_col,
                           int b_k, int b_cols_full, int sc_m, int sc_n BIAS_ARG) {
    const int i0 = get_global_id(0) * RB, j0 = get_global_id(1) * NB, bi = get_global_id(2);
    if (i0 >= M || j0 >= N)
        return;
    a += batch_offsets[2 * bi];
    b += batch_offsets[2 * bi + 1];
    c += bi * M * N;
    int arow[RB];  // rows past M repeat row M - 1 and are not stored
#pragma unroll
    for (int r = 0; r < RB; ++r)
        arow[r] = min(i0 + r, M - 1) * sa_m;
    float16 acc[RB][NV];
#pragma unroll
    for (int r = 0; r < RB; ++r)
#pragma unroll
        for (int v = 0; v < NV; ++v)
            acc[r][v] = (float16)(0.f);

    int jl = j0;
    if (b_cols_full >= NB) {
        jl = min(j0, b_cols_full - NB);
        __global const T* bp = b + jl * b_col;
        __global const T* ak = a;
        for (int k = 0; k < K; ++k, bp += b_k, ak += sa_k) {
            float16 bv[NV];
#pragma unroll
            for (int v = 0; v < NV; ++v)
                bv[v] = LD16(bp + 16 * v);
#pragma unroll
            for (int r = 0; r < RB; ++r) {
                const float16 av = (float16)(LD1(ak + arow[r]));
#pragma unroll
                for (int v = 0; v < NV; ++v)
                    acc[r][v] = fma(av, bv[v], acc[r][v]);
            }
        }
    } else {  // fewer than NB columns in all: element loads guarded by N
        for (int k = 0; k < K; ++k) {
            float brow[NB];
            for (int j = 0; j < NB; ++j)
                brow[j] = j < N ? LD1(b + j + k * b_k) : 0.f;
            for (int r = 0; r < RB; ++r) {
                const float16 av = (float16)(LD1(a + arow[r] + k * sa_k));
                for (int v = 0; v < NV; ++v)
                    acc[r][v] = fma(av, vload16(v, brow), acc[r][v]);
            }
        }
    }
#if FUSED
#if RESIDUAL
    residual += bi * M * N;
#endif
#if FUSED == 1
    float16 bv[NV];  // bias is zero-padded to N rounded up to NB
    for (int v = 0; v < NV; ++v)
        bv[v] = vload16(0, bias + jl + 16 * v);
#define EPI_CH(t) vload16(0, bias + (t) * EPI_PLANE + jl + 16 * v)
#else
#define EPI_CH(t) bias[(t) * EPI_PLANE + min(i0 + r, M - 1)]
#endif
    for (int r = 0; r < RB; ++r) {
#if FUSED == 2
        const float br = bias[min(i0 + r, M - 1)];
#endif
        for (int v = 0; v < NV; ++v) {
#if FUSED == 1
            float16 x = acc[r][v] + bv[v];
#else
            float16 x = acc[r][v] + br;
#endif
#if RESIDUAL
            x = WITH_RESIDUAL(x, residual16(residual, min(i0 + r, M - 1), jl + 16 * v, N, sc_m, sc_n));
#endif
            acc[r][v] = ACTIVATE(x);
        }
    }
#undef EPI_CH
#endif
    const int j_end = min(N, jl + NB);
    for (int r = 0; r < RB && i0 + r < M; ++r)
        store_row(c + (i0 + r) * sc_m, acc[r], jl, j0, j_end, sc_n);
}

#include "matmul_pack.cl"
#include "matmul_tiled.cl"
#include "matmul_gemv.cl"

inline float sum16(float16 v) {
    const float8 h = v.lo + v.hi;
    const float4 q = h.lo + h.hi;
    const float2 d = q.lo + q.hi;
    return d.x + d.y;
}

// Both operands contiguous along K: A element (i, k) is a[i * sa_m + k], B element (k, j) is b[j * sb_n + k]
// (A not transposed, B transposed or a vector). global = (ceil(M / RD), ceil(N / CD), batches).
__kernel void matmul_dot(__global const T* a, __global const T* b, __global T* c, __global const int* batch_offsets,
                         int M, int N, int K, int sa_m, int sb_n, int sc_m, int sc_n BIAS_ARG) {
    const int i0 = get_global_id(0) * RD, j0 = get_global_id(1) * CD, bi = get_global_id(2);
    if (i0 >= M || j0 >= N)
        return;
    a += batch_offsets[2 * bi];
    b += batch_offsets[2 * bi + 1];
    c += bi * M * N;
    __global const T* ar[RD];
    __global const T* bc[CD];
#pragma unroll
    for (int r = 0; r < RD; ++r)
        ar[r] = a + min(i0 + r, M - 1) * sa_m;
#pragma unroll
    for (int q = 0; q < CD; ++q)
        bc[q] = b + min(j0 + q, N - 1) * sb_n;
    float16 acc[RD][CD];
#pragma unroll
    for (int r = 0; r < RD; ++r)
#pragma unroll
        for (int q = 0; q < CD; ++q)
            acc[r][q] = (float16)(0.f);
    int k = 0;
    for (; k + 16 <= K; k += 16) {
        float16 av[RD], bv[CD];
#pragma unroll
        for (int r = 0; r < RD; ++r)
            av[r] = LD16(ar[r] + k);
#pragma unroll
        for (int q = 0; q < CD; ++q)
            bv[q] = LD16(bc[q] + k);
#pragma unroll
        for (int r = 0; r < RD; ++r)
#pragma unroll
            for (int q = 0; q < CD; ++q)
                acc[r][q] = fma(av[r], bv[q], acc[r][q]);
    }
    float sum[RD][CD];
    for (int r = 0; r < RD; ++r)
        for (int q = 0; q < CD; ++q)
            sum[r][q] = sum16(acc[r][q]);
    for (; k < K; ++k)
        for (int r = 0; r < RD; ++r)
            for (int q = 0; q < CD; ++q)
                sum[r][q] = fma(LD1(ar[r] + k), LD1(bc[q] + k), sum[r][q]);
#if FUSED && RESIDUAL
    residual += bi * M * N;
#endif
    for (int r = 0; r < RD && i0 + r < M; ++r)
        for (int q = 0; q < CD && j0 + q < N; ++q)
            store1(c, (i0 + r) * sc_m + (j0 + q) * sc_n, j0 + q, sum[r][q] BIAS_PASS);
}
#endif  // !INT

#if INT
#define CAT_(a, b) a##b
#define CAT(a, b) CAT_(a, b)
#define UV CAT(U, CI)
#define TV CAT(T, CI)

// C = A x B in T's wrapping arithmetic (products and sums in U, then reinterpreted): host_ref's unsigned 64-bit
// accumulation narrowed to T gives the same bits. A element (i, k) is a[i * sa_m + k * sa_k]; B element (k, j) of
// the block of columns [j0, j0 + CI) is bj[k * b_k + (j - j0) * sb_n] with bj = b + jp * b_col + (j0 - jp) * sb_n,
// jp = j0 rounded down to PW: b_col = sb_n for a B read in place (any strides), b_col = K, b_k = PW, sb_n = 1 for
// a B packed into zero-padded panels. Vector loads of B when sb_n is 1 and the block lies below b_cols_full (N,
// or N rounded up to PW when packed), else element loads guarded by N. global = (ceil(M / RI), ceil(N / CI),
// batches); C is dense.
__kernel void matmul_int(__global const T* a, __global const T* b, __global T* c, __global const int* batch_offsets,
                         int M, int N, int K, int sa_m, int sa_k, int b_col, int b_k, int sb_n, int b_cols_full) {
    const int i0 = get_global_id(0) * RI, j0 = get_global_id(1) * CI, bi = get_global_id(2);
    if (i0 >= M || j0 >= N)
        return;
    a += batch_offsets[2 * bi];
    b += batch_offsets[2 * bi + 1];
    c += bi * M * N;
    const int jp = j0 - j0 % PW;
    __global const T* bj = b + jp * b_col + (j0 - jp) * sb_n;
    int arow[RI];  // rows past M repeat row M - 1 and are not stored
#pragma unroll
    for (int r = 0; r < RI; ++r)
        arow[r] = min(i0 + r, M - 1) * sa_m;
    UV acc[RI];
#pragma unroll
    for (int r = 0; r < RI; ++r)
        acc[r] = (UV)(0);
    if (sb_n == 1 && j0 + CI <= b_cols_full) {
        for (int k = 0; k < K; ++k) {
            const UV bv = CAT(as_, UV)(CAT(vload, CI)(0, bj + k * b_k));
#pragma unroll
            for (int r = 0; r < RI; ++r)
                acc[r] += (U)a[arow[r] + k * sa_k] * bv;
        }
    } else {  // B transposed and read in place, or the last columns of a narrow B
        for (int k = 0; k < K; ++k) {
            U bk[CI];
            for (int q = 0; q < CI; ++q)
                bk[q] = j0 + q < N ? (U)bj[k * b_k + q * sb_n] : (U)0;
            const UV bv = CAT(vload, CI)(0, bk);
#pragma unroll
            for (int r = 0; r < RI; ++r)
                acc[r] += (U)a[arow[r] + k * sa_k] * bv;
        }
    }
    for (int r = 0; r < RI && i0 + r < M; ++r) {
        __global T* cr = c + (i0 + r) * N + j0;
        if (j0 + CI <= N) {
            CAT(vstore, CI)(CAT(as_, TV)(acc[r]), 0, cr);
        } else {
            T row[CI];
            CAT(vstore, CI)(CAT(as_, TV)(acc[r]), 0, row);
            for (int q = 0; q < N - j0; ++q)
                cr[q] = row[q];
        }
    }
}
#endif  // INT
