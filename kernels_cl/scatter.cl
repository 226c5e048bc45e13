// ScatterUpdate-3, ScatterNDUpdate-4/15, ScatterElementsUpdate-3/12 with host_ref's results bit for bit: the output
// is the data, then each update in update order (docs/kernels.md, "scatter").
// - reduction none: the update of the highest number wins each destination (atomic_max into a "winner" scratch),
//   then every update that won is copied, or (ScatterElementsUpdate with many lines) one work-item writes a line's
//   updates in order; elements move as words of their size (-DT: uchar .. ulong).
// - reductions (-DACC=double|long, -DT the arithmetic type, -DW its word type, -DFOLD_*): each destination's
//   updates are folded in update order by one work-item that walks them, in ACC as host_ref does (reals in
//   double, integers in wrapping 64-bit arithmetic), then stored once.
// Indices are -DINDEX_T=int|long; one outside the data stores 1 in *status (the inference then fails naming the
// node, as host_ref throws) and updates nothing.

#define CHUNK 64  // elements one work-item copies
#define CAT_(a, b) a##b
#define CAT(a, b) CAT_(a, b)

__kernel void fill_ints(__global int* dst, int value, int total) {
    const int g = get_global_id(0);
    if (g < total)
        dst[g] = value;
}

// Index value k on an axis of `extent` (negatives from the end); -1, and *status = 1, outside it.
inline int axis_place(long k, int extent, __global int* status) {
    const long v = k < 0 ? k + extent : k;
    if (v >= 0 && v < extent)
        return (int)v;
    *status = 1;
    return -1;
}

// ScatterElementsUpdate's lines: the updates [outer, per_line, inner] that share every coordinate but the axis's,
// the only ones that can land on the same element, in update order along the line. geom holds (extent, data
// stride) of the indices' axes (ndims of them, adjacent ones merged; `axis` is the axis's place); line l's first
// element with axis coordinate 0 lies at line_base(l) in the data.
// On CPU devices (-DLOCKSTEP) a group's work-items step through their lines together, a barrier per update, so that
// PoCL runs them across the updates' rows rather than one strided column after another (twice as fast).
#ifdef LOCKSTEP
#define NEXT_STEP() barrier(CLK_GLOBAL_MEM_FENCE)
#else
#define NEXT_STEP()
#endif

inline int line_base(__global const int* geom, int ndims, int axis, int l) {
    int t = l, off = 0;
    for (int a = ndims - 1; a >= 0; --a)
        if (a != axis) {
            off += t % geom[2 * a] * geom[2 * a + 1];
            t /= geom[2 * a];
        }
    return off;
}

#ifndef ACC  // the word program: copies, index resolution, reduction none
__kernel void copy_words(__global const T* src, __global T* dst, int total) {
    const int c0 = get_global_id(0) * CHUNK;
    for (int i = c0; i < min(c0 + CHUNK, total); ++i)
        dst[i] = src[i];
}

// ScatterUpdate: index j of n (no negatives, as OpenVINO) names row winner[k] of the axis's extent.
__kernel void resolve_update(__global const INDEX_T* indices, __global int* winner, __global int* status, int extent,
                             int n) {
    const int j = get_global_id(0);
    if (j >= n)
        return;
    const INDEX_T k = indices[j];
    if (k < 0 || k >= extent)
        *status = 1;
    else
        atomic_max(winner + k, j);
}

// ScatterUpdate: work-item g copies chunk g % chunks of update row (o, j) = g / chunks (inner elements) to data row
// (o, indices[j]) when j won that row.
__kernel void scatter_update_rows(__global const T* updates, __global const INDEX_T* indices,
                                  __global const int* winner, __global T* dst, int n, int extent, int inner,
                                  int chunks, int total) {
    const int g = get_global_id(0);
    if (g >= total)
        return;
    const int row = g / chunks, c0 = (g - row * chunks) * CHUNK, j = row % n, o = row / n;
    const INDEX_T k = indices[j];
    if (k < 0 || k >= extent || winner[k] != j)
        return;
    __global const T* p = updates + row * inner + c0;
    __global T* q = dst + (o * extent + (int)k) * inner + c0;
    for (int i = 0; i < min(CHUNK, inner - c0); ++i)
        q[i] = p[i];
}

// ScatterNDUpdate: tuple j's k indices (negatives from the end) address data axes of (extent, stride) geom[2a],
// geom[2a + 1]; targets[j] is its slice's first element, -1 when an index is outside. use_winner: the tuple also
// bids for winner[slice number].
__kernel void resolve_nd(__global const INDEX_T* indices, __global const int* geom, __global int* targets,
                         __global int* winner, __global int* status, int k, int slice, int use_winner, int tuples) {
    const int j = get_global_id(0);
    if (j >= tuples)
        return;
    int off = 0;
    for (int a = 0; a < k; ++a) {
        const int v = axis_place(indices[j * k + a], geom[2 * a], status);
        if (v < 0) {
            targets[j] = -1;
            return;
        }
        off += v * geom[2 * a + 1];
    }
    targets[j] = off;
    if (use_winner)
        atomic_max(winner + off / slice, j);
}

// ScatterElementsUpdate with few lines: update j's place in the data; otherwise as resolve_nd, one element per slice.
__kernel void resolve_elements(__global const INDEX_T* indices, __global const int* geom, __global int* targets,
                               __global int* winner, __global int* status, int ndims, int axis, int extent,
                               int per_line, int inner, int use_winner, int total) {
    const int j = get_global_id(0);
    if (j >= total)
        return;
    const int v = axis_place(indices[j], extent, status), r = j % inner, o = j / inner / per_line;
    targets[j] = v < 0 ? -1 : line_base(geom, ndims, axis, o * inner + r) + v * geom[2 * axis + 1];
    if (use_winner && v >= 0)
        atomic_max(winner + targets[j], j);
}

// ScatterElementsUpdate with many lines, reduction none: work-item l writes line l's updates in order (the last of a
// duplicate wins), no scratch.
__kernel void assign_lines(__global const T* updates, __global const INDEX_T* indices, __global const int* geom,
                           __global T* dst, __global int* status, int ndims, int axis, int extent, int per_line,
                           int inner, int lines) {
    const int l = min((int)get_global_id(0), lines - 1), mine = get_global_id(0) < lines;  // every one steps
    const int o = l / inner, r = l - o * inner, base = line_base(geom, ndims, axis, l);
    for (int p = 0; p < per_line; ++p) {
        const int j = (o * per_line + p) * inner + r, v = axis_place(indices[j], extent, status);
        if (v >= 0 && mine)
            dst[base + v * geom[2 * axis + 1]] = updates[j];
        NEXT_STEP();
    }
}

// ScatterNDUpdate and ScatterElementsUpdate, reduction none: work-item g copies chunk g % chunks of update j = g /
// chunks (slice elements) to its target when j won it.
__kernel void scatter_rows(__global const T* updates, __global const int* targets, __global const int* winner,
                           __global T* dst, int slice, int chunks, int total) {
    const int g = get_global_id(0);
    if (g >= total)
        return;
    const int j = g / chunks, c0 = (g - j * chunks) * CHUNK, d = targets[j];
    if (d < 0 || winner[d / slice] != j)
        return;
    for (int i = 0; i < min(CHUNK, slice - c0); ++i)
        dst[d + c0 + i] = updates[j * slice + c0 + i];
}

#else  // the reduction program
#if defined(IO_HALF)
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#define LOAD(p, i) ((ACC)vload_half((i), (p)))
#define STORE(v, i, p) vstore_half_rte((float)(v), (i), (p))
#elif defined(REAL)
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#define LOAD(p, i) ((ACC)(p)[i])
#define STORE(v, i, p) ((p)[i] = (T)(v))
#else  // integers: wrapped to T's width, as host_ref's cast through uint64
#define LOAD(p, i) ((ACC)(p)[i])
#define STORE(v, i, p) ((p)[i] = CAT(as_, T)((W)(ulong)(v)))
#endif

#ifdef REAL
#define WRAP(a, op, x) ((a)op(x))
#else
#define WRAP(a, op, x) ((ACC)((ulong)(a)op(ulong)(x)))
#endif
#if defined(FOLD_SUM)
#define FOLD(a, x) WRAP(a, +, x)
#elif defined(FOLD_SUB)
#define FOLD(a, x) WRAP(a, -, x)
#elif defined(FOLD_PROD)
#define FOLD(a, x) WRAP(a, *, x)
#elif defined(FOLD_MIN)
#define FOLD(a, x) ((x) < (a) ? (x) : (a))  // std::min(a, x): a unless x is less (NaN as the host)
#elif defined(FOLD_MAX)
#define FOLD(a, x) ((a) < (x) ? (x) : (a))  // std::max(a, x)
#endif

// Folds x into destination d: its first update starts from the data's value (use_init) or is taken as it is;
// count[d] counts the values folded (the mean's divisor).
inline void fold_into(__global const T* data, __global ACC* acc, __global int* count, int d, ACC x, int use_init) {
    const int c = count[d];
    if (c == 0 && !use_init) {
        acc[d] = x;
        count[d] = 1;
        return;
    }
    acc[d] = FOLD(c == 0 ? LOAD(data, d) : acc[d], x);
    count[d] = (c == 0 ? 1 : c) + 1;
}

// ScatterNDUpdate-15: work-item e folds element e of every tuple's slice into its target, tuple by tuple (in lockstep
// as the lines).
__kernel void reduce_nd(__global const T* data, __global const T* updates, __global const int* targets,
                        __global ACC* acc, __global int* count, int slice, int tuples) {
    const int e = min((int)get_global_id(0), slice - 1), mine = get_global_id(0) < slice;  // every one steps
    for (int j = 0; j < tuples; ++j) {
        if (targets[j] >= 0 && mine)
            fold_into(data, acc, count, targets[j] + e, LOAD(updates, j * slice + e), 1);
        NEXT_STEP();
    }
}

// ScatterElementsUpdate-12: work-item l folds line l's updates in order (assign_lines).
__kernel void reduce_lines(__global const T* data, __global const T* updates, __global const INDEX_T* indices,
                           __global const int* geom, __global ACC* acc, __global int* count, __global int* status,
                           int ndims, int axis, int extent, int per_line, int inner, int use_init, int lines) {
    const int l = min((int)get_global_id(0), lines - 1), mine = get_global_id(0) < lines;  // every one steps
    const int o = l / inner, r = l - o * inner, base = line_base(geom, ndims, axis, l);
    for (int p = 0; p < per_line; ++p) {
        const int j = (o * per_line + p) * inner + r, v = axis_place(indices[j], extent, status);
        if (v >= 0 && mine)
            fold_into(data, acc, count, base + v * geom[2 * axis + 1], LOAD(updates, j), use_init);
        NEXT_STEP();
    }
}

// dst = the folded value where an update landed (divided by the count for the mean), the data's bits elsewhere.
__kernel void store_folded(__global const T* data, __global const ACC* acc, __global const int* count,
                           __global T* dst, int mean, int total) {
    const int e = get_global_id(0);
    if (e >= total)
        return;
    if (count[e] == 0) {
        ((__global W*)dst)[e] = ((__global const W*)data)[e];
        return;
    }
    STORE(mean ? acc[e] / (ACC)count[e] : acc[e], e, dst);
}
#endif
