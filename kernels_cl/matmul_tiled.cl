// matmul_tiled: C = A x B for GPUs (included by matmul.cl, built when TM is defined). A work-group computes a
// TM x TN tile of C, staging TM x TK of A and TK x TN of B in local memory (each element read from global memory
// once per group); on CPU devices local memory is ordinary memory, so this serves on-chip local memory only.
// Half compute (-DHC=1) uses operators and conversions only: no half built-ins, which NVIDIA's driver and PoCL's
// SPIR path lack. Layout, implicit GEMM (CONV_KH), options: docs/kernels.md, "matmul_tiled".
#ifdef TM

#if HC
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#define CT half
#define LDC(p) (*(p))
#define CZERO ((half)0)
#else
#define CT float
#define LDC(p) LD1(p)
#define CZERO 0.f
#endif

#define TX (TN / RN)
#define TY (TM / RM)

#if defined(CONV_KH) && defined(CONV_KD)
// Implicit GEMM of a 3-D convolution, as the 2-D one below with a depth axis: tap
// k = ((c * KD + kd) * KH + kh) * KW + kw of output pixel j = (oz * OH + oy) * OW + ox, the input [C][D][H][W], the
// weights [K][C][KD][KH][KW]. Geometry: the 2-D one's and CONV_D, CONV_OH, CONV_KD, CONV_SD, CONV_PD, CONV_DD.
inline CT conv_b(__global const T* b, int k, int j) {
    const int c = k / (CONV_KD * CONV_KH * CONV_KW), t = k % (CONV_KD * CONV_KH * CONV_KW);
    const int kd = t / (CONV_KH * CONV_KW), kh = t / CONV_KW % CONV_KH, kw = t % CONV_KW;
    const int oz = j / (CONV_OH * CONV_OW), oy = j / CONV_OW % CONV_OH, ox = j % CONV_OW;
    const int iz = oz * CONV_SD - CONV_PD + kd * CONV_DD;
    const int iy = oy * CONV_SH - CONV_PH + kh * CONV_DH, ix = ox * CONV_SW - CONV_PW + kw * CONV_DW;
    return iz >= 0 && iz < CONV_D && iy >= 0 && iy < CONV_H && ix >= 0 && ix < CONV_W
               ? LDC(b + ((c * CONV_D + iz) * CONV_H + iy) * CONV_W + ix)
               : CZERO;
}
#define B_AT(k, j) conv_b(b, (k), (j))
#elif defined(CONV_KH)
// Implicit GEMM of a 2-D convolution, per image (and group): B(k, j) is the input value that tap
// k = (c * KH + kh) * KW + kw of output pixel j = oy * OW + ox reads from the image's (group's) C channels (b: its
// [C][H][W]), zero in the padding; A is the (group's) weights as stored ([K][C][KH][KW]: K x C * KH * KW). Geometry
// as build options CONV_H, CONV_W, CONV_OW, CONV_KH, CONV_KW, CONV_SH, CONV_SW, CONV_PH, CONV_PW, CONV_DH, CONV_DW.
inline CT conv_b(__global const T* b, int k, int j) {
    const int c = k / (CONV_KH * CONV_KW), t = k % (CONV_KH * CONV_KW), kh = t / CONV_KW, kw = t % CONV_KW;
    const int oy = j / CONV_OW, ox = j % CONV_OW;
    const int iy = oy * CONV_SH - CONV_PH + kh * CONV_DH, ix = ox * CONV_SW - CONV_PW + kw * CONV_DW;
    return iy >= 0 && iy < CONV_H && ix >= 0 && ix < CONV_W ? LDC(b + (c * CONV_H + iy) * CONV_W + ix) : CZERO;
}
#define B_AT(k, j) conv_b(b, (k), (j))
#else
#define B_AT(k, j) LDC(b + (k) * sb_k + (j) * sb_n)
#endif

__kernel __attribute__((reqd_work_group_size(TX, TY, 1))) void matmul_tiled(
    __global const T* a, __global const T* b, __global T* c, __global const int* batch_offsets, int M, int N, int K,
    int sa_m, int sa_k, int sb_k, int sb_n BIAS_ARG) {
    // A tile stored k-major with one word of padding per row, so that a column of TK staged values (16 work-items
    // writing along k) falls in different banks.
    __local CT as[TK][TM + 1];
    __local CT bs[TK][TN];
    const int tx = get_local_id(0), ty = get_local_id(1), lid = ty * TX + tx;
    const int j0 = get_group_id(0) * TN, i0 = get_group_id(1) * TM, bi = get_global_id(2);
    a += batch_offsets[2 * bi];
    b += batch_offsets[2 * bi + 1];
    c += bi * M * N;
#if defined(CONV_GROUPS) && FUSED
    bias += (bi % CONV_GROUPS) * M;  // a grouped convolution: batch n * G + g, its group's output channels
#endif
    float acc[RM][RN];
#pragma unroll
    for (int r = 0; r < RM; ++r)
#pragma unroll
        for (int q = 0; q < RN; ++q)
            acc[r][q] = 0.f;
    // Staging order: along k when A's rows are contiguous (neighbouring work-items read neighbouring words), along
    // i otherwise (a transposed A); B along j when its rows are contiguous, along k otherwise.
    const bool a_along_k = sa_k == 1, b_along_j = sb_n == 1;
    for (int k0 = 0; k0 < K; k0 += TK) {
        for (int e = lid; e < TM * TK; e += TX * TY) {
            const int r = a_along_k ? e / TK : e % TM, kk = a_along_k ? e % TK : e / TM;
            const int i = i0 + r, k = k0 + kk;
            as[kk][r] = i < M && k < K ? LDC(a + i * sa_m + k * sa_k) : CZERO;
        }
        for (int e = lid; e < TK * TN; e += TX * TY) {
            const int q = b_along_j ? e % TN : e / TK, kk = b_along_j ? e / TN : e % TK;
            const int j = j0 + q, k = k0 + kk;
            bs[kk][q] = j < N && k < K ? B_AT(k, j) : CZERO;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
#if HC
        {
            // This step's sums in half, two columns per half2 (q = 2p, 2p + 1): a * b + s contracted into packed
            // half FMAs where the device has them (fma() has no half overload everywhere; the pragma holds in this
            // block, whatever the epilogue set for the file).
#pragma OPENCL FP_CONTRACT ON
            half2 step[RM][RN / 2];
#pragma unroll
            for (int r = 0; r < RM; ++r)
#pragma unroll
                for (int p = 0; p < RN / 2; ++p)
                    step[r][p] = (half2)(CZERO);
#pragma unroll
            for (int kk = 0; kk < TK; ++kk) {
                half av[RM];
                half2 bv[RN / 2];
#pragma unroll
                for (int r = 0; r < RM; ++r)
                    av[r] = as[kk][ty + r * TY];
#pragma unroll
                for (int p = 0; p < RN / 2; ++p)
                    bv[p] = (half2)(bs[kk][tx + 2 * p * TX], bs[kk][tx + (2 * p + 1) * TX]);
#pragma unroll
                for (int r = 0; r < RM; ++r)
#pragma unroll
                    for (int p = 0; p < RN / 2; ++p)
                        step[r][p] += (half2)(av[r]) * bv[p];
            }
#pragma unroll
            for (int r = 0; r < RM; ++r)
#pragma unroll
                for (int p = 0; p < RN / 2; ++p) {
                    acc[r][2 * p] += (float)step[r][p].s0;
                    acc[r][2 * p + 1] += (float)step[r][p].s1;
                }
        }
#else
#pragma unroll
        for (int kk = 0; kk < TK; ++kk) {
            float av[RM], bv[RN];
#pragma unroll
            for (int r = 0; r < RM; ++r)
                av[r] = as[kk][ty + r * TY];
#pragma unroll
            for (int q = 0; q < RN; ++q)
                bv[q] = bs[kk][tx + q * TX];
#pragma unroll
            for (int r = 0; r < RM; ++r)
#pragma unroll
                for (int q = 0; q < RN; ++q)
                    acc[r][q] = fma(av[r], bv[q], acc[r][q]);
        }
#endif
        barrier(CLK_LOCAL_MEM_FENCE);
    }
#if FUSED && RESIDUAL
    residual += bi * M * N;
#endif
#pragma unroll
    for (int r = 0; r < RM; ++r) {
        const int i = i0 + ty + r * TY;
#pragma unroll
        for (int q = 0; q < RN; ++q) {
            const int j = j0 + tx + q * TX;
            if (i < M && j < N)
                store1(c, i * N + j, FUSED == 2 ? i : j, acc[r][q] BIAS_PASS);
        }
    }
}

#undef CT
#undef LDC
#undef CZERO
#endif  // TM
