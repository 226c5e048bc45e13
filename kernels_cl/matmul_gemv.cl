// matmul_gemv: C = A x B for GV_M (1 to 4) rows of A on GPUs (included by matmul.cl, built when GV_X is defined).
// A tile per work-group would leave most of its rows idle; here a work-group computes a few columns of C, its
// work-items splitting K and summing their parts in local memory. GV_K_INNER, arguments, epilogue:
// docs/kernels.md, "matmul_gemv".
#ifdef GV_X

__kernel __attribute__((reqd_work_group_size(GV_X, GV_Y, 1))) void matmul_gemv(
    __global const T* a, __global const T* b, __global T* c, __global const int* batch_offsets, int M, int N, int K,
    int sa_m, int sa_k, int sb_k, int sb_n BIAS_ARG) {
    __local float part[GV_M][GV_Y][GV_X + 1];
    const int lx = get_local_id(0), ly = get_local_id(1), bi = get_global_id(2);
    a += batch_offsets[2 * bi];
    b += batch_offsets[2 * bi + 1];
    c += bi * GV_M * N;
#if GV_K_INNER
    const int j = get_group_id(0) * GV_Y + ly, k0 = lx, step = GV_X;
#else
    const int j = get_group_id(0) * GV_X + lx, k0 = ly, step = GV_Y;
#endif
    // Each of B's elements read once for the GV_M rows of A (M == GV_M, at most 4).
    float acc[GV_M];
#pragma unroll
    for (int r = 0; r < GV_M; ++r)
        acc[r] = 0.f;
    if (j < N)
        for (int k = k0; k < K; k += step) {
            const float bv = LD1(b + k * sb_k + j * sb_n);
#pragma unroll
            for (int r = 0; r < GV_M; ++r)
                acc[r] = fma(LD1(a + r * sa_m + k * sa_k), bv, acc[r]);
        }
#pragma unroll
    for (int r = 0; r < GV_M; ++r)
        part[r][ly][lx] = acc[r];
    barrier(CLK_LOCAL_MEM_FENCE);
#if GV_K_INNER
    for (int s = GV_X / 2; s > 0; s /= 2) {
        if (lx < s) {
#pragma unroll
            for (int r = 0; r < GV_M; ++r)
                part[r][ly][lx] += part[r][ly][lx + s];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    const bool writes = lx == 0;
#else
    for (int s = GV_Y / 2; s > 0; s /= 2) {
        if (ly < s) {
#pragma unroll
            for (int r = 0; r < GV_M; ++r)
                part[r][ly][lx] += part[r][ly + s][lx];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    const bool writes = ly == 0;
#endif
    if (!writes || j >= N)
        return;
#if FUSED && RESIDUAL
    residual += bi * GV_M * N;
#endif
#pragma unroll
    for (int r = 0; r < GV_M; ++r)
        store1(c, r * N + j, j, part[r][GV_K_INNER ? ly : 0][GV_K_INNER ? 0 : lx] BIAS_PASS);
}

#endif  // GV_X
