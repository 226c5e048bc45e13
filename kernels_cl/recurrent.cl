// Recurrent cells and sequences (RNN, GRU, LSTM): docs/kernels.md, "recurrent". The input projection of every
// step at once (recurrent_project), then the recurrence over blocks of 16 hidden units (float16 vectors):
// recurrent_loop (LOOP=1: one work-group per (batch row, direction) runs every step, the state in local memory) or
// recurrent_init + per step [recurrent_reset] + recurrent_step (LOOP=0: one launch per step, the state in scratch,
// double-buffered).
//   IO_HALF            X, initial states and outputs stored as half (computed in f32)
//   KIND, G            0 RNN (1 gate), 1 GRU (3: z, r, h), 2 LSTM (4: f, i, c, o)
//   ACT_F/ACT_G/ACT_H  the activations: 0 sigmoid, 1 tanh, 2 relu
//   LBR                GRU linear_before_reset
//   SEQ                1: a sequence (output Y, sequence_lengths of LEN_T); 0: a cell (one step, no Y)
//   HID, HP            hidden size, and rounded up to 16: gate g's units are columns [g * HP, g * HP + HID) of
//                      P ([dirs][batch * steps][G * HP]), zero past HID; R^T is in blocks of 16 units,
//                      [dirs][HP / 16][HID][G][16], so that a work-item's block streams through memory
//   PR                 rows of P per recurrent_project work-item
//   UPB                LOOP=1: blocks of 16 units per work-item
#ifdef IO_HALF
#define T half
#define LD(p) vload_half(0, (p))
#define ST(v, p) vstore_half_rte((v), 0, (p))
#else
#define T float
#define LD(p) (*(p))
#define ST(v, p) (*(p) = (v))
#endif
#define PC (G * HP)  // P's and W^T's row pitch
#ifndef LEN_T
#define LEN_T int
#endif

// P[d][r][col] = bias[d][col] + sum_k X[r][k] * WT[d][k][col]: PR rows x 16 columns per work-item (W^T as
// [dirs][in][PC], zero past each gate's HID columns, as the bias).
__kernel void recurrent_project(__global const T* x, __global const float* wt, __global const float* bias,
                                __global float* p, int rows, int in) {
    const int c0 = get_global_id(0) * 16, r0 = get_global_id(1) * PR, d = get_global_id(2);
    if (c0 >= PC || r0 >= rows)
        return;
    wt += d * in * PC + c0;
    const float16 b = vload16(0, bias + d * PC + c0);
    float16 acc[PR];
    int xr[PR];  // rows past the end repeat the last one and are not stored
#pragma unroll
    for (int r = 0; r < PR; ++r) {
        acc[r] = b;
        xr[r] = min(r0 + r, rows - 1) * in;
    }
    for (int k = 0; k < in; ++k, wt += PC) {
        const float16 w = vload16(0, wt);
#pragma unroll
        for (int r = 0; r < PR; ++r)
            acc[r] = fma((float16)(LD(x + xr[r] + k)), w, acc[r]);
    }
    p += d * rows * PC + c0;
#pragma unroll
    for (int r = 0; r < PR; ++r)
        if (r0 + r < rows)
            vstore16(acc[r], 0, p + (r0 + r) * PC);
}



// W or R that is not a Constant, at run time: M ([dirs][G * HID][cols], as stored) -> f32, transposed, zero past
// each gate's HID units: W^T as [dirs][cols][PC], R^T (`blocked`) as [dirs][HP / 16][cols][G][16] (what the host
// class packs once from a Constant).
__kernel void recurrent_pack(__global const T* m, __global float* out, int cols, int blocked) {
    const int c = get_global_id(0), k = get_global_id(1), d = get_global_id(2);
    const int g = c / HP, j = c - g * HP;
    const int at = blocked ? ((d * (HP / 16) + j / 16) * cols + k) * G * 16 + g * 16 + j % 16 : (d * cols + k) * PC + c;
    out[at] = j < HID ? LD(m + (d * G * HID + g * HID + j) * cols + k) : 0.f;
}

// B that is not a Constant: [dirs][G * HID (+ HID with LBR)] -> P's bias [dirs][PC] and GRU's recurrent bias of
// the h gate [dirs][HP] (zero without LBR).
__kernel void recurrent_pack_bias(__global const T* b, __global float* bias, __global float* rbias) {
    const int c = get_global_id(0), d = get_global_id(1);
    const int g = c / HP, j = c - g * HP, len = (G + LBR) * HID;
    bias[d * PC + c] = j < HID ? LD(b + d * len + g * HID + j) : 0.f;
    if (c < HP)
        rbias[d * HP + c] = LBR && c < HID ? LD(b + d * len + G * HID + c) : 0.f;
}

#if LOOP
#define HSPACE __local
#else
#define HSPACE __global
#endif

inline float16 act(int a, float16 v) {
    return a == 0 ? 1.f / (1.f + exp(-v)) : a == 1 ? tanh(v) : fmax(v, (float16)(0.f));
}

// A gate: its activation of the pre-activation bounded by clip (none when clip <= 0).
inline float16 gate(int a, float16 v, float clip) { return act(a, clip > 0.f ? clamp(v, -clip, clip) : v); }

// acc[g] += (R^T of gate first + g, units [j0, j0 + 16)) . v for ng gates: each v[k] feeds ng float16 FMAs.
inline void rdot(float16* acc, int ng, int first, int j0, __global const float* rt, HSPACE const float* v) {
    rt += (j0 / 16) * HID * G * 16 + first * 16;
    for (int k = 0; k < HID; ++k, rt += G * 16) {
        const float16 vk = (float16)(v[k]);
        for (int g = 0; g < ng; ++g)  // ng is a constant once inlined: unrolled
            acc[g] = fma(vload16(0, rt + g * 16), vk, acc[g]);
    }
}

// GRU without linear_before_reset: r (.) h of units [j0, j0 + 16), which every unit's h gate reads.
inline float16 reset_times_h(int j0, __global const float* prow, __global const float* rt, HSPACE const float* h,
                             float clip) {
    float16 a[1] = {vload16(0, prow + HP + j0)};
    rdot(a, 1, 1, j0, rt, h);
    return gate(ACT_F, a[0], clip) * vload16(0, h + j0);
}

// The next h of units [j0, j0 + 16) from their projections prow (bias included), the previous h (HP entries), rh
// (GRU without linear_before_reset) and rb (the h gate's recurrent bias, GRU with it); *c: LSTM's cell state.
inline float16 block_step(int j0, __global const float* prow, __global const float* rt, __global const float* rb,
                          HSPACE const float* h, HSPACE const float* rh, float16* c, float clip) {
#if KIND == 0
    float16 a[1] = {vload16(0, prow + j0)};
    rdot(a, 1, 0, j0, rt, h);
    return gate(ACT_F, a[0], clip);
#elif KIND == 1
#if LBR
    float16 a[3] = {vload16(0, prow + j0), vload16(0, prow + HP + j0), vload16(0, rb + j0)};
    rdot(a, 3, 0, j0, rt, h);
    const float16 z = gate(ACT_F, a[0], clip), r = gate(ACT_F, a[1], clip);
    const float16 ht = gate(ACT_G, vload16(0, prow + 2 * HP + j0) + r * a[2], clip);
#else
    float16 a[1] = {vload16(0, prow + j0)}, b[1] = {vload16(0, prow + 2 * HP + j0)};
    rdot(a, 1, 0, j0, rt, h);
    rdot(b, 1, 2, j0, rt, rh);
    const float16 z = gate(ACT_F, a[0], clip), ht = gate(ACT_G, b[0], clip);
#endif
    return (1.f - z) * ht + z * vload16(0, h + j0);
#else
    float16 a[4] = {vload16(0, prow + j0), vload16(0, prow + HP + j0), vload16(0, prow + 2 * HP + j0),
                    vload16(0, prow + 3 * HP + j0)};
    rdot(a, 4, 0, j0, rt, h);
    const float16 f = gate(ACT_F, a[0], clip), i = gate(ACT_F, a[1], clip);
    const float16 g = gate(ACT_G, a[2], clip), o = gate(ACT_F, a[3], clip);
    *c = f * *c + i * g;
    return o * act(ACT_H, *c);
#endif
}

// Units [j0, j0 + 16) of a state or output row: loaded (zero past HID) and stored (up to HID).
inline float16 load_block(__global const T* src, int j0) {
    float t[16];
    for (int q = 0; q < 16; ++q)
        t[q] = j0 + q < HID ? LD(src + j0 + q) : 0.f;
    return vload16(0, t);
}
inline void store_block(float16 v, __global T* dst, int j0) {
    float t[16];
    vstore16(v, 0, t);
    for (int q = 0; q < 16 && j0 + q < HID; ++q)
        ST(t[q], dst + j0 + q);
}

// Batch row b's sequence length; one outside [0, steps] sets the status word (host_ref's error) and is clamped.
inline int length_of(__global const LEN_T* len, int b, int steps, __global int* status) {
#if SEQ
    const long n = (long)len[b];
    if (n < 0 || n > steps)
        *status = 1;
    return (int)clamp(n, 0L, (long)steps);
#else
    return 1;
#endif
}

// The common arguments: P, R^T per direction, the recurrent bias of GRU's h gate ([dirs][HP]), H0, C0 (LSTM),
// sequence_lengths, the outputs Y, Ho, Co (LSTM). Y is [batch, dirs, steps, HID], the states [batch, dirs, HID]; a
// cell is a sequence of one step and one direction without Y.
#define COMMON_ARGS                                                                                             \
    __global const float *p, __global const float *rt, __global const float *rbias, __global const T *h0,      \
        __global const T *c0, __global const LEN_T *len, __global T *y, __global T *ho, __global T *co,         \
        __global int *status, int steps, int rev_dir, float clip

#if LOOP
// One work-group per (batch row, direction): every step of the chain, blocks l, l + L, ... per work-item.
__kernel void recurrent_loop(COMMON_ARGS) {
    __local float h[HP];
#if KIND == 1 && !LBR
    __local float rh[HP];
#else
    __local float* rh = h;
#endif
    const int l = get_local_id(0), L = get_local_size(0), b = get_group_id(1), d = get_group_id(2);
    const int dirs = get_num_groups(2), batch = get_num_groups(1);
    const int chain = b * dirs + d, n = length_of(len, b, steps, status), rev = rev_dir || d == 1;
    rt += d * HID * PC;
    rbias += d * HP;
    float16 c[UPB];
#pragma unroll
    for (int u = 0; u < UPB; ++u) {
        const int j0 = (l + u * L) * 16;
        c[u] = (float16)(0.f);
        if (j0 < HID) {
            vstore16(load_block(h0 + chain * HID, j0), 0, h + j0);
#if KIND == 2
            c[u] = load_block(c0 + chain * HID, j0);
#endif
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int s = 0; s < n; ++s) {  // n is the group's: every work-item meets the same barriers
        const int pos = rev ? n - 1 - s : s;
        __global const float* prow = p + (d * batch * steps + b * steps + pos) * PC;
#if KIND == 1 && !LBR
        for (int u = 0; u < UPB; ++u) {
            const int j0 = (l + u * L) * 16;
            if (j0 < HID)
                vstore16(reset_times_h(j0, prow, rt, h, clip), 0, rh + j0);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
#endif
        float16 hn[UPB];
#pragma unroll
        for (int u = 0; u < UPB; ++u) {
            const int j0 = (l + u * L) * 16;
            if (j0 < HID)
                hn[u] = block_step(j0, prow, rt, rbias, h, rh, &c[u], clip);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
#pragma unroll
        for (int u = 0; u < UPB; ++u) {
            const int j0 = (l + u * L) * 16;
            if (j0 < HID) {
                vstore16(hn[u], 0, h + j0);
#if SEQ
                store_block(hn[u], y + (chain * steps + pos) * HID, j0);
#endif
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (int u = 0; u < UPB; ++u) {
        const int j0 = (l + u * L) * 16;
        if (j0 >= HID)
            continue;
#if SEQ
        for (int s = n; s < steps; ++s)  // past the sequence's end: zeros
            store_block((float16)(0.f), y + (chain * steps + s) * HID, j0);
#endif
        // a sequence of length 0 ends in zero states, as on OpenVINO CPU
        store_block(n > 0 ? vload16(0, h + j0) : (float16)(0.f), ho + chain * HID, j0);
#if KIND == 2
        store_block(n > 0 ? c[u] : (float16)(0.f), co + chain * HID, j0);
#endif
    }
}

#else
// One work-item per (block of 16 units, batch row, direction); hs holds two states of [batch * dirs][HP] (step s
// reads half s % 2, writes the other), cs the LSTM cell states, rhs GRU's r (.) h.
#define STEP_IDS                                                                                        \
    const int j0 = get_global_id(0) * 16, b = get_global_id(1), d = get_global_id(2);                   \
    const int dirs = get_global_size(2), batch = get_global_size(1), states = batch * dirs * HP;        \
    const int chain = b * dirs + d, n = length_of(len, b, steps, status), rev = rev_dir || d == 1;      \
    if (j0 >= HID)                                                                                      \
        return;                                                                                         \
    __global const float* prow = p + (d * batch * steps + b * steps + (rev ? n - 1 - s : s)) * PC;

__kernel void recurrent_init(COMMON_ARGS, __global float* hs, __global float* cs, __global float* rhs, int s) {
    STEP_IDS
    vstore16(load_block(h0 + chain * HID, j0), 0, hs + chain * HP + j0);
#if KIND == 2
    vstore16(load_block(c0 + chain * HID, j0), 0, cs + chain * HP + j0);
#endif
}

__kernel void recurrent_reset(COMMON_ARGS, __global float* hs, __global float* cs, __global float* rhs, int s) {
    STEP_IDS
    if (s < n)
        vstore16(reset_times_h(j0, prow, rt + d * HID * PC, hs + (s % 2) * states + chain * HP, clip), 0,
                 rhs + chain * HP + j0);
}

__kernel void recurrent_step(COMMON_ARGS, __global float* hs, __global float* cs, __global float* rhs, int s) {
    STEP_IDS
    __global const float* h = hs + (s % 2) * states + chain * HP;
    __global float* hn = hs + ((s + 1) % 2) * states + chain * HP;
    float16 c = (float16)(0.f), next = vload16(0, h + j0);  // past the sequence's end the state stays
#if KIND == 2
    c = vload16(0, cs + chain * HP + j0);
#endif
    if (s < n) {
        next = block_step(j0, prow, rt + d * HID * PC, rbias + d * HP, h, rhs + chain * HP, &c, clip);
#if KIND == 2
        vstore16(c, 0, cs + chain * HP + j0);
#endif
    }
    vstore16(next, 0, hn + j0);
#if SEQ
    // past the sequence's end: zeros at position s
    store_block(s < n ? next : (float16)(0.f), y + (chain * steps + (s < n && rev ? n - 1 - s : s)) * HID, j0);
#endif
    if (s == steps - 1) {
        store_block(n > 0 ? next : (float16)(0.f), ho + chain * HID, j0);
#if KIND == 2
        store_block(n > 0 ? c : (float16)(0.f), co + chain * HID, j0);
#endif
    }
}
#endif
