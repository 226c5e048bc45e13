// MaxPool and AvgPool over NC[D]HW data, the spatial axes right-aligned into (D, H, W). One work-item per output
// row; the host splits a row's columns (cols) into a left border, blocks of 8 outputs as float8 lanes (windows
// inside the row, taps loaded as vectors) and a right border. Macros and geometry arguments: docs/kernels.md,
// "pooling".

#define CAT_(a, b) a##b
#define CAT(a, b) CAT_(a, b)
#define T8 CAT(T, 8)
#define BLOCK 8

// Loads (as T) and stores (from T) of one or 8 / 16 contiguous elements of the storage type DATA.
#ifdef IO_HALF
#define DATA half
#define LD1(p) vload_half(0, (p))
#define LD8(p) vload_half8(0, (p))
#define LD16(p) vload_half16(0, (p))
#define ST1(v, p) vstore_half_rte((v), 0, (p))
#define ST8(v, p) vstore_half8_rte((v), 0, (p))
#else
#define DATA T
#define LD1(p) (*(p))
#define LD8(p) vload8(0, (p))
#define LD16(p) vload16(0, (p))
#define ST1(v, p) (*(p) = (v))
#define ST8(v, p) vstore8((v), 0, (p))
#endif

// The taps t in [0, k) whose position start + t * dil lies in [0, extent): [lo, hi).
// (Integer division is slow on CPUs: the undilated case avoids it.)
inline int2 taps_inside(int start, int dil, int extent, int k) {
    if (dil == 1)
        return (int2)(max(0, -start), max(max(0, -start), min(k, extent - start)));
    const int lo = start >= 0 ? 0 : (-start + dil - 1) / dil;
    const int hi = extent - 1 - start < 0 ? 0 : min(k, (extent - 1 - start) / dil + 1);
    return (int2)(lo, max(lo, hi));
}

// Eight taps at pos, pos + s, ..., pos + 7 * s.
inline T8 load_strided(__global const DATA* x, int pos, int s) {
    if (s == 1)
        return LD8(x + pos);
    if (s == 2)
        return LD16(x + pos).even;
    x += pos;
    return (T8)(LD1(x), LD1(x + s), LD1(x + 2 * s), LD1(x + 3 * s), LD1(x + 4 * s), LD1(x + 5 * s), LD1(x + 6 * s),
                LD1(x + 7 * s));
}

// The work-item's row: plane p, output (od, oh), the row's first output `o`, window starts in D and H
// and their tap ranges.
#define POOL_PROLOGUE                                                                              \
    const int orow = (int)get_global_id(0), p = (int)get_global_id(1);                             \
    if (orow >= out.y * out.z || p >= in.w)                                                        \
        return;                                                                                    \
    const int oh = out.z == 1 ? orow : orow % out.y, od = out.z == 1 ? 0 : orow / out.y;           \
    const int in_plane = in.x * in.y * in.z;                                                       \
    __global const DATA* xp = x + (long)p * in_plane;                                              \
    const long o = (((long)p * out.z + od) * out.y + oh) * out.x;                                  \
    const int sd = od * stride.z - pad.z, sh = oh * stride.y - pad.y;                              \
    const int2 rd = taps_inside(sd, dil.z, in.z, ksize.z);                                         \
    const int2 rh = taps_inside(sh, dil.y, in.y, ksize.y);

// The row's outputs: BORDER(ow) for the border columns, BLOCK_AT(ow0) for the blocks of 8.
#define FOR_ROW(BORDER, BLOCK_AT)                                                                  \
    for (int ow = 0; ow < cols.x; ++ow) {                                                          \
        BORDER                                                                                     \
    }                                                                                              \
    for (int b = 0; b < cols.z; ++b) {                                                             \
        const int ow0 = min(cols.x + b * BLOCK, cols.y - BLOCK);                                   \
        const int sw0 = ow0 * stride.x - pad.x;                                                    \
        BLOCK_AT                                                                                   \
    }                                                                                              \
    for (int ow = cols.z > 0 ? cols.y : cols.x; ow < out.x; ++ow) {                                \
        BORDER                                                                                     \
    }

// BODY for every tap of the block: `pos` the offset of lane 0's tap (lane j: pos + j * stride).
#define FOR_BLOCK_TAPS(BODY)                                                                       \
    for (int kd = rd.x; kd < rd.y; ++kd)                                                           \
        for (int kh = rh.x; kh < rh.y; ++kh) {                                                     \
            const int row = ((sd + kd * dil.z) * in.y + sh + kh * dil.y) * in.x + sw0;             \
            for (int kw = 0; kw < ksize.x; ++kw) {                                                 \
                const int pos = row + kw * dil.x;                                                  \
                BODY                                                                               \
            }                                                                                      \
        }

// BODY for every tap of output column ow that lies inside the input: `pos` its offset.
#define FOR_WINDOW_TAPS(ow, BODY)                                                                  \
    const int sw = (ow) * stride.x - pad.x;                                                        \
    const int2 rw = taps_inside(sw, dil.x, in.x, ksize.x);                                         \
    for (int kd = rd.x; kd < rd.y; ++kd)                                                           \
        for (int kh = rh.x; kh < rh.y; ++kh) {                                                     \
            const int row = ((sd + kd * dil.z) * in.y + sh + kh * dil.y) * in.x + sw;              \
            for (int kw = rw.x; kw < rw.y; ++kw) {                                                 \
                const int pos = row + kw * dil.x;                                                  \
                BODY                                                                               \
            }                                                                                      \
        }

#ifndef POOL_AVG

// Indices: flat positions in the whole input, modulo `modulo` when non-zero; at < 0 (a window entirely in
// padding) gives the plane's first element.
#ifdef IDX_T
#define IDX8 CAT(IDX_T, 8)
#define CONVERT_IDX8 CAT(convert_, IDX8)
#define INDEX_ARGS , __global IDX_T *idx, long modulo
#define STORE_INDEX(ow, at)                                                                        \
    {                                                                                              \
        const long flat_ = (long)p * in_plane + max(at, 0);                                        \
        idx[o + (ow)] = (IDX_T)(modulo > 0 ? flat_ % modulo : flat_);                              \
    }
#define STORE_INDEX8(ow0, at)                                                                      \
    {                                                                                              \
        long8 flat_ = (long8)((long)p * in_plane) + convert_long8(max(at, 0));                     \
        if (modulo > 0)                                                                            \
            flat_ %= modulo;                                                                       \
        vstore8(CONVERT_IDX8(flat_), 0, idx + o + (ow0));                                          \
    }
#else
#define INDEX_ARGS
#define STORE_INDEX(ow, at)
#define STORE_INDEX8(ow0, at)
#endif

// Max over each window; the first maximum wins ties and the first tap inside the input is always taken
// (so NaN there sticks, as in the host reference); a window entirely in padding gives T_LOWEST.
__kernel void max_pool(__global const DATA* x, __global DATA* y INDEX_ARGS, int4 in, int4 out, int4 ksize, int4 stride,
                       int4 dil, int4 pad, int4 cols) {
    POOL_PROLOGUE
    const int8 lanes = (int8)(0, 1, 2, 3, 4, 5, 6, 7) * stride.x;
    FOR_ROW({
        T best = T_LOWEST;
        int at = -1;
        FOR_WINDOW_TAPS(ow, {
            const T v = LD1(xp + pos);
            if (at < 0 || v > best) {
                best = v;
                at = pos;
            }
        })
        ST1(best, y + o + ow);
        STORE_INDEX(ow, at)
    }, {
        T8 best = (T8)(T_LOWEST);
        int8 at = (int8)(-1);
        FOR_BLOCK_TAPS({
            const T8 v = load_strided(xp, pos, stride.x);
            const int8 take = (v > best) | (at < 0);
            best = select(best, v, take);
            at = select(at, (int8)(pos) + lanes, take);
        })
        ST8(best, y + o + ow0);
        STORE_INDEX8(ow0, at)
    })
}

// Sixteen planes at once, one output row of each (global id = plane group * OD * OH + row): the lanes are planes,
// which share the window's geometry, so the taps' bounds are uniform and only the loads gather (in_plane apart).
// For rows too short for max_pool's blocks of 8 (GoogLeNet's 8x8 to 2x2 inception pools), which it would run one
// output at a time in scalar code. Lanes past the last plane repeat it and store nothing. Semantics as max_pool's.
#define T16 CAT(T, 16)
#define INT16_LANES ((int16)(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15))
inline T16 gather16(__global const DATA* x, int16 at) {
    return (T16)(LD1(x + at.s0), LD1(x + at.s1), LD1(x + at.s2), LD1(x + at.s3), LD1(x + at.s4), LD1(x + at.s5),
                 LD1(x + at.s6), LD1(x + at.s7), LD1(x + at.s8), LD1(x + at.s9), LD1(x + at.sa), LD1(x + at.sb),
                 LD1(x + at.sc), LD1(x + at.sd), LD1(x + at.se), LD1(x + at.sf));
}

__kernel void max_pool_planes(__global const DATA* x, __global DATA* y INDEX_ARGS, int4 in, int4 out, int4 ksize,
                              int4 stride, int4 dil, int4 pad) {
    const int rows = out.y * out.z, groups = (in.w + 15) / 16;
    if (get_global_id(0) >= (size_t)rows * groups)
        return;
    const int id = (int)get_global_id(0), group = id / rows, orow = id - group * rows;
    const int oh = orow % out.y, od = orow / out.y;
    const int in_plane = in.x * in.y * in.z, out_plane = out.x * out.y * out.z;
    const int16 planes = min((int16)(group * 16) + INT16_LANES, (int16)(in.w - 1));
    const int16 base = planes * in_plane;
    const int sd = od * stride.z - pad.z, sh = oh * stride.y - pad.y;
    const int2 rd = taps_inside(sd, dil.z, in.z, ksize.z);
    const int2 rh = taps_inside(sh, dil.y, in.y, ksize.y);
    const int lanes = min(16, in.w - group * 16);
    for (int ow = 0; ow < out.x; ++ow) {
        const int sw = ow * stride.x - pad.x;
        const int2 rw = taps_inside(sw, dil.x, in.x, ksize.x);
        T16 best = (T16)(T_LOWEST);
        int16 at = (int16)(-1);
        bool first = true;
        for (int kd = rd.x; kd < rd.y; ++kd)
            for (int kh = rh.x; kh < rh.y; ++kh)
                for (int kw = rw.x; kw < rw.y; ++kw) {
                    const int pos = ((sd + kd * dil.z) * in.y + sh + kh * dil.y) * in.x + sw + kw * dil.x;
                    const T16 v = gather16(x, base + pos);
                    const int16 take = first ? (int16)(-1) : (int16)(v > best);
                    best = select(best, v, take);
                    at = select(at, (int16)(pos), take);
                    first = false;
                }
        T values[16];
        int where[16];
        vstore16(best, 0, values);
        vstore16(at, 0, where);
        const int spatial = (od * out.y + oh) * out.x + ow;
        for (int i = 0; i < lanes; ++i) {
            const int p = group * 16 + i;
            const long o = (long)p * out_plane + spatial;
            ST1(values[i], y + o);
            STORE_INDEX(0, where[i])
        }
    }
}

#else  // POOL_AVG

// Mean over each window. pads_in_divisor: divide by the kernel volume, else by the taps inside the
// input; a zero divisor gives 0.
__kernel void avg_pool(__global const DATA* x, __global DATA* y, int4 in, int4 out, int4 ksize, int4 stride, int4 dil,
                       int4 pad, int4 cols, int pads_in_divisor) {
    POOL_PROLOGUE
    const int volume = ksize.x * ksize.y * ksize.z;
    const int rows = (rd.y - rd.x) * (rh.y - rh.x);
    FOR_ROW({
        float sum = 0.0f;
        FOR_WINDOW_TAPS(ow, sum += LD1(xp + pos);)
        const int divisor = pads_in_divisor ? volume : rows * (rw.y - rw.x);
        ST1(divisor > 0 ? sum / (float)divisor : 0.0f, y + o + ow);
    }, {
        float8 sum = 0.0f;
        FOR_BLOCK_TAPS(sum += load_strided(xp, pos, stride.x);)
        const int divisor = pads_in_divisor ? volume : rows * ksize.x;
        ST8(divisor > 0 ? sum / (float)divisor : (float8)(0.0f), y + o + ow0);
    })
}

#endif
