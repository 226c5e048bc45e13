// Run-time packing of a variable MatMul B into matmul_panel's panels (included by matmul.cl: the packing launch
// shares the compute launch's program, so packing adds no build; nothing is defined for NV = 0). Each work-item
// copies thousands of elements: on PoCL a small block costs more to start than to copy. Layout: docs/kernels.md,
// "matmul_pack"; figures: docs/tuning.md, "matmul_pack: work per work-item".
#if NV > 0
#if F16
#define BITS ushort
#define BITS16 ushort16
#else
#define BITS uint
#define BITS16 uint16
#endif
#define PACK_KT 256  // matmul_pack_b: rows of k per work-item

// B as stored (element (k, j) at b[bm * b_size + k * b_k + j]): rows of a panel copied as NV vectors of 16. One
// work-item per panel x PACK_KT rows of k, written as one contiguous run of the packed B (fewer write streams than
// other splits: docs/tuning.md, "matmul_pack: work per work-item"). global = (panels, ceil(K / PACK_KT), matrices).
__kernel void matmul_pack_b(__global const T* b_, __global T* p_, int N, int K, int b_k, int b_size) {
    const int jp = get_global_id(0), k0 = get_global_id(1) * PACK_KT, bm = get_global_id(2);
    const int panels = (N + NB - 1) / NB;
    if (jp >= panels || k0 >= K)
        return;
    __global const BITS* b = (__global const BITS*)b_ + bm * b_size + jp * NB;
    __global BITS* p = (__global BITS*)p_ + (bm * panels + jp) * K * NB;
    const int cols = min(NB, N - jp * NB), k_end = min(K, k0 + PACK_KT);
    if (cols == NB) {
        for (int k = k0; k < k_end; ++k)
#pragma unroll
            for (int v = 0; v < NV; ++v)
                vstore16(vload16(0, b + k * b_k + 16 * v), 0, p + k * NB + 16 * v);
    } else {  // the last panel: zero past N
        for (int k = k0; k < k_end; ++k)
            for (int j = 0; j < NB; ++j)
                p[k * NB + j] = j < cols ? b[k * b_k + j] : (BITS)0;
    }
}

// Component q of 16 vectors r[0..15]: column q of the 16 x 16 tile they hold as rows.
#define TILE_COL(q) (BITS16)(r[0].s##q, r[1].s##q, r[2].s##q, r[3].s##q, r[4].s##q, r[5].s##q, r[6].s##q, \
                             r[7].s##q, r[8].s##q, r[9].s##q, r[10].s##q, r[11].s##q, r[12].s##q, r[13].s##q,  \
                             r[14].s##q, r[15].s##q)
#define TILE_STORE(q, row) vstore16(TILE_COL(q), 0, (row) + 0x##q * NB)

// B transposed (element (k, j) at b[bm * b_size + j * b_n + k]): 16 x 16 tiles, read as 16 columns of B along k
// and written as 16 rows of the panel. One work-item per 16 columns of B (NV per panel), all of K: 16 sequential
// read streams, which the CPU's prefetchers follow (docs/tuning.md, "matmul_pack: work per work-item").
// global = (panels * NV, 1, matrices of B).
__kernel void matmul_pack_bt(__global const T* b_, __global T* p_, int N, int K, int b_n, int b_size) {
    const int jp = get_global_id(0) / NV, v = get_global_id(0) % NV, bm = get_global_id(2);
    const int panels = (N + NB - 1) / NB;
    if (jp >= panels || get_global_id(1) > 0)  // past the panels, or a GPU's 8 x 8 group rounded dimension 1 up
        return;
    const int j0 = jp * NB + 16 * v;  // first column of this work-item
    __global const BITS* b = (__global const BITS*)b_ + bm * b_size + j0 * b_n;
    __global BITS* p = (__global BITS*)p_ + (bm * panels + jp) * K * NB + 16 * v;
    const int cols = clamp(N - j0, 0, 16);
    int k = 0;
    if (cols == 16) {
        for (; k + 16 <= K; k += 16) {
            BITS16 r[16];
#pragma unroll
            for (int j = 0; j < 16; ++j)
                r[j] = vload16(0, b + j * b_n + k);
            __global BITS* row = p + k * NB;
            TILE_STORE(0, row); TILE_STORE(1, row); TILE_STORE(2, row); TILE_STORE(3, row);
            TILE_STORE(4, row); TILE_STORE(5, row); TILE_STORE(6, row); TILE_STORE(7, row);
            TILE_STORE(8, row); TILE_STORE(9, row); TILE_STORE(a, row); TILE_STORE(b, row);
            TILE_STORE(c, row); TILE_STORE(d, row); TILE_STORE(e, row); TILE_STORE(f, row);
        }
    }
    for (; k < K; ++k)  // the last columns (zero past N) and the last rows
        for (int j = 0; j < 16; ++j)
            p[k * NB + j] = j < cols ? b[j * b_n + k] : (BITS)0;
}
#endif  // NV > 0
