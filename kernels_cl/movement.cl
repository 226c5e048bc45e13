// Data movement (Transpose, Concat, Split, Gather, StridedSlice, Slice, Broadcast, Tile, Pad, ShapeOf, Range):
// elements move as unsigned words of their size (-DT: uchar, ushort, uint or ulong), so one program per element
// size serves every element type. The 1-D chunked kernels and the 3-D loop-free ones: docs/kernels.md, "movement".

#define VEC 16
#define CHUNK 64
#define TILE 16
#define RUN_AXES 4            // the most axes copy_runs and transpose_tiles enumerate in z
#define RUN_CHUNK (4 * VEC)   // elements a work-item of copy_runs / gather_runs moves along long runs
#define CAT_(a, b) a##b
#define CAT(a, b) CAT_(a, b)
#define TV CAT(T, 16)

// How copy_mapped resolves a coordinate outside the source (Pad's modes).
#define MODE_CONSTANT 0
#define MODE_EDGE 1
#define MODE_REFLECT 2
#define MODE_SYMMETRIC 3

// The source index of coordinate i on an axis of extent n; -1 for the fill value.
inline int map_coord(int i, int n, int mode) {
    if (i >= 0 && i < n)
        return i;
    if (mode == MODE_EDGE)
        return clamp(i, 0, n - 1);
    if (mode == MODE_REFLECT)
        return i < 0 ? -i : 2 * (n - 1) - i;
    if (mode == MODE_SYMMETRIC)
        return i < 0 ? -i - 1 : 2 * n - 1 - i;
    return -1;
}

// 16 elements p[0], p[s], ..., p[15 s].
inline TV load_strided(__global const T* p, int s) {
    return (TV)(p[0], p[s], p[2 * s], p[3 * s], p[4 * s], p[5 * s], p[6 * s], p[7 * s], p[8 * s], p[9 * s],
                p[10 * s], p[11 * s], p[12 * s], p[13 * s], p[14 * s], p[15 * s]);
}

inline void copy_run(__global const T* p, __global T* q, int n) {
    int v = 0;
    for (; v + VEC <= n; v += VEC)
        vstore16(vload16(0, p + v), 0, q + v);
    for (; v < n; ++v)
        q[v] = p[v];
}

inline void fill_run(__global T* q, T value, int n) {
    int v = 0;
    for (; v + VEC <= n; v += VEC)
        vstore16((TV)(value), 0, q + v);
    for (; v < n; ++v)
        q[v] = value;
}

// dst at coordinates (k_0, ..., k_{rank-1}) is src[base + sum_a map(start_a + k_a) stride_a], or fill[0]
// where a coordinate maps to -1. geom holds 5 ints per axis: extent, source extent, start, source
// stride, destination stride (elements); the last axis is innermost in dst (destination stride 1).
// Work-item: CHUNK elements of one row of the last axis; rows are numbered over the other axes in
// the order geom lists them (the host lists them so that neighbouring rows read nearby sources).
__kernel void copy_mapped(__global const T* src, __global T* dst, __global const T* fill, __global const int* geom,
                          int rank, int base, int mode, int chunks, int total) {
    const int gid = get_global_id(0);
    if (gid >= total)
        return;
    const int row = gid / chunks;
    const int k0 = (gid - row * chunks) * CHUNK;
    int off = base, out_off = k0, r = row;
    bool filled = false;
    for (int a = rank - 2; a >= 0; --a) {
        __global const int* g = geom + 5 * a;
        const int k = r % g[0];
        r /= g[0];
        const int i = map_coord(g[2] + k, g[1], mode);
        filled = filled || i < 0;
        off += i * g[3];
        out_off += k * g[4];
    }
    __global const int* g = geom + 5 * (rank - 1);
    const int extent = g[0], n_src = g[1], start = g[2], s = g[3];
    __global T* out = dst + out_off;
    const int n = min(CHUNK, extent - k0);
    if (filled) {
        fill_run(out, fill[0], n);
        return;
    }
    for (int v = 0; v < n; v += VEC) {
        const int m = min(VEC, n - v);
        const int i0 = start + k0 + v, i1 = i0 + m - 1;
        if (m == VEC && i0 >= 0 && i1 < n_src) {
            __global const T* p = src + off + i0 * s;
            TV x;
            if (s == 1) {
                x = vload16(0, p);
            } else if (s == 0) {
                x = (TV)(p[0]);
            } else if (s == -1) {
                x = vload16(0, p - 15).sFEDCBA9876543210;
            } else {
                x = load_strided(p, s);
            }
            vstore16(x, 0, out + v);
        } else {
            for (int e = 0; e < m; ++e) {
                const int i = map_coord(i0 + e, n_src, mode);
                out[v + e] = i < 0 ? fill[0] : src[off + i * s];
            }
        }
    }
}

// Concat and Split move rows of up to 4 parts at once: the joined row is parts 0..3 side by side
// (len.s0 .. len.s3 elements; 0 for an absent part), `span` = their sum. Part k is dense (row r at
// r len_k); the joined tensor has rows `pitch` apart from `off` on. Work-item: CHUNK elements of
// one joined row (chunks per row), or `group` whole short rows; either way it reads and writes
// contiguous runs, whichever parts they fall into.
#define PART_RANGE(k, L)                                            \
    const int lo##k = max(c0, beg), hi##k = min(c0 + n, beg + (L)); \
    const int at##k = lo##k - beg;                                  \
    beg += (L);
// The joined row's columns [lo_k, hi_k) that fall into part k, at column at_k of the part.
#define PART_RANGES       \
    int beg = 0;          \
    PART_RANGE(0, len.s0) \
    PART_RANGE(1, len.s1) \
    PART_RANGE(2, len.s2) \
    PART_RANGE(3, len.s3)
// The work-item's rows [row0, row0 + nrows) and its columns [c0, c0 + n) of them; returns past the last one.
#define JOINED_BLOCK                                                       \
    const int gid = get_global_id(0);                                      \
    if (gid >= total)                                                      \
        return;                                                            \
    const int row0 = group > 1 ? gid * group : gid / chunks;               \
    const int c0 = group > 1 ? 0 : (gid - row0 * chunks) * CHUNK;          \
    const int nrows = min(group, rows - row0), n = min(CHUNK, span - c0);

__kernel void concat_rows(__global const T* s0, __global const T* s1, __global const T* s2, __global const T* s3,
                          __global T* dst, int4 len, int rows, int span, int off, int pitch, int chunks, int group,
                          int total) {
    JOINED_BLOCK
    for (int row = row0; row < row0 + nrows; ++row) {
        __global T* q = dst + off + row * pitch;
        PART_RANGES
        if (lo0 < hi0)
            copy_run(s0 + row * len.s0 + at0, q + lo0, hi0 - lo0);
        if (lo1 < hi1)
            copy_run(s1 + row * len.s1 + at1, q + lo1, hi1 - lo1);
        if (lo2 < hi2)
            copy_run(s2 + row * len.s2 + at2, q + lo2, hi2 - lo2);
        if (lo3 < hi3)
            copy_run(s3 + row * len.s3 + at3, q + lo3, hi3 - lo3);
    }
}

__kernel void split_rows(__global const T* src, __global T* d0, __global T* d1, __global T* d2, __global T* d3,
                         int4 len, int rows, int span, int off, int pitch, int chunks, int group, int total) {
    JOINED_BLOCK
    for (int row = row0; row < row0 + nrows; ++row) {
        __global const T* p = src + off + row * pitch;
        PART_RANGES
        if (lo0 < hi0)
            copy_run(p + lo0, d0 + row * len.s0 + at0, hi0 - lo0);
        if (lo1 < hi1)
            copy_run(p + lo1, d1 + row * len.s1 + at1, hi1 - lo1);
        if (lo2 < hi2)
            copy_run(p + lo2, d2 + row * len.s2 + at2, hi2 - lo2);
        if (lo3 < hi3)
            copy_run(p + lo3, d3 + row * len.s3 + at3, hi3 - lo3);
    }
}

// Adds to *src and *dst the offsets of index r over the first n (at most RUN_AXES) axes of geom, 3 ints each
// (extent, source stride, destination stride), the last axis varying fastest.
inline void add_run_offsets(int r, int n, __global const int* geom, int* src, int* dst) {
#pragma unroll
    for (int a = RUN_AXES - 1; a >= 0; --a) {
        if (a < n) {
            __global const int* g = geom + 3 * a;
            const int k = r % g[0];
            r /= g[0];
            *src += k * g[1];
            *dst += k * g[2];
        }
    }
}

// A transpose whose output rows are not input rows: the output's innermost axis L (dl >= TILE elements, source
// stride sl) and the axis Q that is innermost in the source (dq >= TILE elements, destination stride pq) are cut
// into TILE x TILE tiles, read as TILE source rows and written as TILE destination rows; the last tile of an
// axis ends at its end, overlapping its neighbour (same values). Work-item (x, y, z): tile x along Q and y along
// L when q_first (neighbouring work-items continue their source rows), else x along L; z enumerates the
// `others` (at most RUN_AXES) other axes of geom (3 ints each: extent, source stride, destination stride),
// row-major. Loop-free.
#define COL(c)                                                                                                  \
    (TV)(r0.c, r1.c, r2.c, r3.c, r4.c, r5.c, r6.c, r7.c, r8.c, r9.c, r10.c, r11.c, r12.c, r13.c, r14.c, r15.c)
__kernel void transpose_tiles(__global const T* src, __global T* dst, __global const int* geom, int others, int dl,
                              int sl, int dq, int pq, int tiles_x, int tiles_y, int q_first) {
    const int x = get_global_id(0), y = get_global_id(1);
    if (x >= tiles_x || y >= tiles_y)
        return;
    const int tl = q_first ? y : x, tq = q_first ? x : y;
    int r = get_global_id(2), so = 0, d_o = 0;
    add_run_offsets(r, others, geom, &so, &d_o);
    const int l0 = min(tl * TILE, dl - TILE), q0 = min(tq * TILE, dq - TILE);
    __global const T* p = src + so + l0 * sl + q0;
    __global T* q = dst + d_o + q0 * pq + l0;
    const TV r0 = vload16(0, p), r1 = vload16(0, p + sl), r2 = vload16(0, p + 2 * sl), r3 = vload16(0, p + 3 * sl),
             r4 = vload16(0, p + 4 * sl), r5 = vload16(0, p + 5 * sl), r6 = vload16(0, p + 6 * sl),
             r7 = vload16(0, p + 7 * sl), r8 = vload16(0, p + 8 * sl), r9 = vload16(0, p + 9 * sl),
             r10 = vload16(0, p + 10 * sl), r11 = vload16(0, p + 11 * sl), r12 = vload16(0, p + 12 * sl),
             r13 = vload16(0, p + 13 * sl), r14 = vload16(0, p + 14 * sl), r15 = vload16(0, p + 15 * sl);
    vstore16(COL(s0), 0, q);
    vstore16(COL(s1), 0, q + pq);
    vstore16(COL(s2), 0, q + 2 * pq);
    vstore16(COL(s3), 0, q + 3 * pq);
    vstore16(COL(s4), 0, q + 4 * pq);
    vstore16(COL(s5), 0, q + 5 * pq);
    vstore16(COL(s6), 0, q + 6 * pq);
    vstore16(COL(s7), 0, q + 7 * pq);
    vstore16(COL(s8), 0, q + 8 * pq);
    vstore16(COL(s9), 0, q + 9 * pq);
    vstore16(COL(sA), 0, q + 10 * pq);
    vstore16(COL(sB), 0, q + 11 * pq);
    vstore16(COL(sC), 0, q + 12 * pq);
    vstore16(COL(sD), 0, q + 13 * pq);
    vstore16(COL(sE), 0, q + 14 * pq);
    vstore16(COL(sF), 0, q + 15 * pq);
}

// Gather with batch dims: the output is [batches][outer][per_batch][slice]; output row
// (b, o, j) is slice `indices[b][j]` (negative counts from the end, outside [0, extent) gives zeros)
// of data [batches][outer][extent][slice]. indices are int or, with idx64, long.
// Work-item: CHUNK elements of one output row (chunks per row), or `group` whole short rows.
__kernel void gather(__global const T* src, __global const int* indices, __global T* dst, int idx64, int rows,
                     int per_batch, int outer, int extent, int slice, int chunks, int group, int total) {
    const int gid = get_global_id(0);
    if (gid >= total)
        return;
    const int row = group > 1 ? gid * group : gid / chunks;
    const int c0 = group > 1 ? 0 : (gid - row * chunks) * CHUNK;
    const int nrows = min(group, rows - row), n = min(CHUNK, slice - c0);
    int j = row % per_batch, t = row / per_batch, b = t / outer;
    __global T* q = dst + row * slice + c0;
    for (int r = 0; r < nrows; ++r, q += slice) {
        const int at = b * per_batch + j;
        long k = idx64 ? ((__global const long*)indices)[at] : (long)indices[at];
        if (k < 0)
            k += extent;
        if (k < 0 || k >= extent)
            fill_run(q, (T)0, n);
        else if (n == 1)
            q[0] = src[(t * extent + (int)k) * slice + c0];
        else
            copy_run(src + (t * extent + (int)k) * slice + c0, q, n);
        if (++j == per_batch) {
            j = 0;
            b = ++t / outer;
        }
    }
}

// Loop-free forms (faster on PoCL than copy_mapped and concat_rows, as in eltwise.cl: docs/tuning.md), one vector
// of VEC elements (or a chunk of RUN_CHUNK) per work-item, for runs of VEC elements or more; a run's last vector
// ends at its end, overlapping its neighbour (which writes the same values).

// Runs of `run` contiguous elements: work-item (x, y, z) copies chunk x (RUN_CHUNK elements, or VEC for runs
// shorter than that; vecs counts them) of run (y, z), from
// src[src_base + y sy + sum_a i_a geom[3a + 1]] to dst[dst_base + y dy + sum_a i_a geom[3a + 2]], where z
// enumerates the nz (at most RUN_AXES) axes of geom (3 ints each: extent, source stride, destination stride)
// row-major.
__kernel void copy_runs(__global const T* src, __global T* dst, __global const int* geom, int nz, int src_base,
                        int dst_base, int run, int vecs, int ny, int sy, int dy) {
    const int x = get_global_id(0), y = get_global_id(1);
    if (x >= vecs || y >= ny)
        return;
    int so = src_base + y * sy, d = dst_base + y * dy, r = get_global_id(2);
    add_run_offsets(r, nz, geom, &so, &d);
    if (run >= RUN_CHUNK) {  // RUN_CHUNK elements a work-item (vecs counts chunks)
        const int k0 = min(x * RUN_CHUNK, run - RUN_CHUNK);
        __global const T* p = src + so + k0;
        __global T* q = dst + d + k0;
        const TV v0 = vload16(0, p), v1 = vload16(1, p), v2 = vload16(2, p), v3 = vload16(3, p);
        vstore16(v0, 0, q);
        vstore16(v1, 1, q);
        vstore16(v2, 2, q);
        vstore16(v3, 3, q);
    } else {
        const int k0 = min(x * VEC, run - VEC);
        vstore16(vload16(0, src + so + k0), 0, dst + d + k0);
    }
}

// Gather of slices of `slice` (>= VEC) elements: work-item (x, j, t) copies chunk x (as copy_runs) of output row
// (t, j) = t per_batch + j from slice indices[b per_batch + j] (b = t / outer) of data row block t, as `gather`.
__kernel void gather_runs(__global const T* src, __global const int* indices, __global T* dst, int idx64,
                          int per_batch, int outer, int extent, int slice, int vecs) {
    const int x = get_global_id(0), j = get_global_id(1), t = get_global_id(2);
    if (x >= vecs || j >= per_batch)
        return;
    const int at = t / outer * per_batch + j;
    long k = idx64 ? ((__global const long*)indices)[at] : (long)indices[at];
    k = k < 0 ? k + extent : k;
    const bool zero = k < 0 || k >= extent;
    __global const T* p = src + (t * extent + (zero ? 0 : (int)k)) * slice;
    __global T* q = dst + (t * per_batch + j) * slice;
    if (slice >= RUN_CHUNK) {  // RUN_CHUNK elements a work-item (vecs counts chunks)
        const int k0 = min(x * RUN_CHUNK, slice - RUN_CHUNK);
        TV v0 = (TV)(0), v1 = (TV)(0), v2 = (TV)(0), v3 = (TV)(0);
        if (!zero) {
            v0 = vload16(0, p + k0);
            v1 = vload16(1, p + k0);
            v2 = vload16(2, p + k0);
            v3 = vload16(3, p + k0);
        }
        vstore16(v0, 0, q + k0);
        vstore16(v1, 1, q + k0);
        vstore16(v2, 2, q + k0);
        vstore16(v3, 3, q + k0);
    } else {
        const int k0 = min(x * VEC, slice - VEC);
        vstore16(zero ? (TV)(0) : vload16(0, p + k0), 0, q + k0);
    }
}
