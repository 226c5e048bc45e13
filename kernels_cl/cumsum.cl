// CumSum: docs/kernels.md, "cumsum". One line (the axis at one (outer, inner) position: n elements `inner` apart) per
// unit, scanned in order as OpenVINO CPU does: each output is the previous one plus an input, in ACC.
//   DATA      storage type: float, half (IO_HALF: summed in float), int (WRAP32) or long (WRAP64)
//   WRAP32 / WRAP64  integers summed in the unsigned type of their width, which wraps as host_ref's

#if defined(IO_HALF)
#define ACC float
#define LOAD(p) vload_half(0, p)
#define STORE(v, p) vstore_half_rte(v, 0, p)
#elif defined(WRAP32)
#define ACC uint
#define LOAD(p) as_uint(*(p))
#define STORE(v, p) (*(p) = as_int(v))
#elif defined(WRAP64)
#define ACC ulong
#define LOAD(p) as_ulong(*(p))
#define STORE(v, p) (*(p) = as_long(v))
#else
#define ACC float
#define LOAD(p) (*(p))
#define STORE(v, p) (*(p) = (v))
#endif

// exclusive: each output leaves its own input out; reverse: the scan runs from the line's end.
__kernel void cumsum(__global const DATA* x, __global DATA* y, int n, int inner, int units, int per_item, int exclusive,
                     int reverse) {
    const int u0 = (int)get_global_id(0) * per_item;
    const int u1 = min(units, u0 + per_item);
    for (int line = u0; line < u1; ++line) {
        const int o = line / inner;
        const int step = reverse ? -inner : inner;
        int p = o * n * inner + (line - o * inner) + (reverse ? (n - 1) * inner : 0);
        ACC sum = 0;
        for (int t = 0; t < n; ++t, p += step) {
            const ACC v = LOAD(x + p);
            if (exclusive) {
                STORE(sum, y + p);
                sum += v;
            } else {
                sum += v;
                STORE(sum, y + p);
            }
        }
    }
}
