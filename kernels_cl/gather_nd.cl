// GatherND-5/8 and GatherElements-6: elements move as unsigned words of their size (-DT: uchar, ushort, uint or
// ulong), indices are -DINDEX_T=int|long, negative ones count from the end. An index outside its axis is an error
// on the host: the kernel stores 1 in *status (the inference then fails naming the node) and writes nothing for
// it. docs/kernels.md, "gather_nd".

#define CHUNK 64  // elements of a slice one work-item of gather_nd copies

// Work-item g copies chunk g % chunks of tuple g / chunks's slice (slice elements) to dst. The tuple's k indices
// address data axes of (extent, stride) geom[2a], geom[2a + 1], strides within its batch (batch_elems elements,
// tuples_per_batch tuples each).
__kernel void gather_nd(__global const T* src, __global const INDEX_T* indices, __global T* dst,
                        __global const int* geom, __global int* status, int k, int tuples_per_batch, int batch_elems,
                        int slice, int chunks, int total) {
    const int g = get_global_id(0);
    if (g >= total)
        return;
    const int t = g / chunks, c0 = (g - t * chunks) * CHUNK;
    __global const INDEX_T* tuple = indices + t * k;
    int off = t / tuples_per_batch * batch_elems;
    for (int a = 0; a < k; ++a) {
        const long n = geom[2 * a];
        const long v = tuple[a] < 0 ? tuple[a] + n : tuple[a];
        if (v < 0 || v >= n) {
            *status = 1;
            return;
        }
        off += (int)v * geom[2 * a + 1];
    }
    __global const T* p = src + off + c0;
    __global T* q = dst + t * slice + c0;
    const int n = min(CHUNK, slice - c0);
    for (int i = 0; i < n; ++i)
        q[i] = p[i];
}

// Output element g of indices [outer, count, inner] reads data [outer, extent, inner] at the index's place along
// the axis.
__kernel void gather_elements(__global const T* src, __global const INDEX_T* indices, __global T* dst,
                              __global int* status, int count, int extent, int inner, int total) {
    const int g = get_global_id(0);
    if (g >= total)
        return;
    const long v = indices[g] < 0 ? indices[g] + extent : indices[g];
    if (v < 0 || v >= extent) {
        *status = 1;
        return;
    }
    const int r = g % inner, o = g / inner / count;
    dst[g] = src[(o * extent + (int)v) * inner + r];
}
