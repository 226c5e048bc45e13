// TopK: docs/kernels.md, "topk". A line is the axis at one (outer, inner) position: n elements `inner` apart. A unit of
// work is a chunk of a line; it leaves its best min(k, chunk length) elements, best first, in the scratch lists (or,
// DIRECT, in the outputs when a line is one chunk); topk_merge picks a line's k best from its chunks' lists.
//   DATA       storage type (ushort for f16: halves copied bit for bit into the values output)
//   KEY        compared type (float for f32 / f16; DATA for integers)
//   IO_HALF    DATA holds halves, keys read with vload_half
//   FLOAT_KEY  NaN ranks after every number
//   IDX        index output type (int or long)
//   MODE_MAX   1: greatest first, 0: smallest first
//   KPRIV      topk_insert: capacity of the private list, at least k
//   SORT_INDEX topk_merge writes the k best in index order (else best first)
//   DIRECT     topk_insert writes the outputs (one chunk per line, best-first order)

#ifdef IO_HALF
#define LOAD_KEY(p) vload_half(0, (__global const half*)(p))
#else
#define LOAD_KEY(p) ((KEY)(*(p)))
#endif

#define GMAX 16  // most chunks per line (ops/topk.cpp kMaxChunks)

// host_ref's strict total order: the better value, then the lower index; NaN after every number.
inline bool better(KEY ka, int ia, KEY kb, int ib) {
#ifdef FLOAT_KEY
    const bool na = isnan(ka), nb = isnan(kb);
    if (na || nb)
        return na != nb ? nb : ia < ib;
#endif
    if (ka != kb)
        return MODE_MAX ? ka > kb : ka < kb;
    return ia < ib;
}

// Unit u of a line split into `chunks`: the line's first element (base) and the chunk's range [i0, i1).
#define UNIT_RANGE(u)                                          \
    const int line = (u) / chunks;                             \
    const int c = (u) - line * chunks;                         \
    const int o = line / inner;                                \
    const int base = o * n * inner + (line - o * inner);       \
    const int i0 = c * chunk;                                  \
    const int i1 = min(n, i0 + chunk);

#define FOR_ITEM_UNITS(u)                                       \
    const int u0_ = (int)get_global_id(0) * per_item;           \
    const int u1_ = min(units, u0_ + per_item);                 \
    for (int u = u0_; u < u1_; ++u)

#ifdef KPRIV
#ifdef DIRECT
#define DEST_ARGS __global DATA* values, __global IDX* indices
#else
#define DEST_ARGS __global KEY* sk, __global int* si
#endif

// Small k: the chunk's best so far in a private list, best first; an element enters by insertion when it beats the
// last, so most elements cost one comparison.
__kernel void topk_insert(__global const DATA* x, DEST_ARGS, int n, int inner, int k, int chunk, int chunks,
                          int units, int per_item, int slot) {
    FOR_ITEM_UNITS(u) {
        UNIT_RANGE(u)
        KEY lk[KPRIV];
        int li[KPRIV];
        int cnt = 0;
        for (int i = i0; i < i1; ++i) {
            const KEY v = LOAD_KEY(x + base + i * inner);
            int p;
            if (cnt == k) {
                if (!better(v, i, lk[k - 1], li[k - 1]))
                    continue;
                p = k - 1;
            } else {
                p = cnt++;
            }
            for (; p > 0 && better(v, i, lk[p - 1], li[p - 1]); --p) {
                lk[p] = lk[p - 1];
                li[p] = li[p - 1];
            }
            lk[p] = v;
            li[p] = i;
        }
#ifdef DIRECT
        const int out = o * k * inner + (line - o * inner);
        for (int t = 0; t < cnt; ++t) {
            values[out + t * inner] = x[base + li[t] * inner];
            indices[out + t * inner] = (IDX)li[t];
        }
#else
        for (int t = 0; t < cnt; ++t) {
            sk[u * slot + t] = lk[t];
            si[u * slot + t] = li[t];
        }
#endif
    }
}
#endif

// Large k: the chunk sorted whole, bottom-up merge sort between the two halves of its slot (2 * chunk entries),
// loaded into the half where the last pass ends so that the sorted chunk starts the slot.
__kernel void topk_sort(__global const DATA* x, __global KEY* sk, __global int* si, int n, int inner, int k, int chunk,
                        int chunks, int units, int per_item, int slot) {
    FOR_ITEM_UNITS(u) {
        UNIT_RANGE(u)
        const int len = i1 - i0;
        int passes = 0;
        for (int w = 1; w < len; w <<= 1)
            ++passes;
        __global KEY* ka = sk + u * slot;
        __global int* ia = si + u * slot;
        __global KEY* kb = ka + chunk;
        __global int* ib = ia + chunk;
        if (passes & 1) {
            __global KEY* tk = ka; ka = kb; kb = tk;
            __global int* ti = ia; ia = ib; ib = ti;
        }
        for (int t = 0; t < len; ++t) {
            ka[t] = LOAD_KEY(x + base + (i0 + t) * inner);
            ia[t] = i0 + t;
        }
        for (int w = 1; w < len; w <<= 1) {
            for (int lo = 0; lo < len; lo += 2 * w) {
                const int mid = min(lo + w, len), hi = min(lo + 2 * w, len);
                int a = lo, b = mid;
                for (int t = lo; t < hi; ++t) {
                    const bool take_b = a == mid || (b < hi && better(ka[b], ia[b], ka[a], ia[a]));
                    const int s = take_b ? b++ : a++;
                    kb[t] = ka[s];
                    ib[t] = ia[s];
                }
            }
            __global KEY* tk = ka; ka = kb; kb = tk;
            __global int* ti = ia; ia = ib; ib = ti;
        }
    }
}

// One line per unit: its k best from the chunks' lists (each best first), written best first or, SORT_INDEX, as the
// elements of the line that rank no lower than the k-th best, in index order.
__kernel void topk_merge(__global const DATA* x, __global DATA* values, __global IDX* indices, __global const KEY* sk,
                         __global const int* si, int n, int inner, int k, int chunk, int chunks, int units,
                         int per_item, int slot) {
    FOR_ITEM_UNITS(line) {
        const int o = line / inner;
        const int j = line - o * inner;
        const int base = o * n * inner + j;
        const int out = o * k * inner + j;
        int pos[GMAX], end[GMAX];
        for (int c = 0; c < chunks; ++c) {
            pos[c] = (line * chunks + c) * slot;
            end[c] = pos[c] + min(k, min(n, (c + 1) * chunk) - c * chunk);
        }
        KEY tk = 0;
        int ti = 0;
        for (int r = 0; r < k; ++r) {
            int best = -1;
            for (int c = 0; c < chunks; ++c)
                if (pos[c] < end[c] && (best < 0 || better(sk[pos[c]], si[pos[c]], sk[pos[best]], si[pos[best]])))
                    best = c;
            tk = sk[pos[best]];
            ti = si[pos[best]];
            ++pos[best];
#ifndef SORT_INDEX
            values[out + r * inner] = x[base + ti * inner];
            indices[out + r * inner] = (IDX)ti;
#endif
        }
#ifdef SORT_INDEX
        int r = 0;
        for (int i = 0; i < n && r < k; ++i) {
            const KEY v = LOAD_KEY(x + base + i * inner);
            if (!better(tk, ti, v, i)) {
                values[out + r * inner] = x[base + i * inner];
                indices[out + r * inner] = (IDX)i;
                ++r;
            }
        }
#endif
    }
}
