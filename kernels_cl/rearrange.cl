// Rearrangements with kernels of their own (DepthToSpace, SpaceToDepth and ShuffleChannels launch movement.cl's
// transpose): Roll. T is the element's word (uchar, ushort, uint, ulong): bit copies. Design: docs/kernels.md,
// "rearrange".

// Roll: output element (row y, column x) reads its coordinates shifted back modulo each extent. The data's axes
// are merged where unshifted (src/gpu/ops/rearrange_roll.cpp): the innermost one, of `inner` elements shifted by
// `inner_shift`, is x; the `outer` others, in geo as (extent, shift, input stride) each, make y.
kernel void roll(global const T* src, global T* dst, constant int* geo, int outer, int inner, int inner_shift) {
    const int x = get_global_id(0);
    const size_t y = get_global_id(1);
    if (x >= inner)
        return;
    int sx = x - inner_shift;
    if (sx < 0)
        sx += inner;
    size_t r = y, from = (size_t)sx;
    for (int a = outer; a-- > 0;) {
        const int extent = geo[3 * a];
        int c = (int)(r % extent) - geo[3 * a + 1];
        r /= extent;
        if (c < 0)
            c += extent;
        from += (size_t)c * geo[3 * a + 2];
    }
    dst[y * inner + x] = src[from];
}
