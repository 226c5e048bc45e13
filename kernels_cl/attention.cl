// ScaledDotProductAttention, flash-attention style: one work-item per (batch, 16 * RV query rows in the vector
// lanes), keys visited in blocks of KB with an online softmax, so no L x S matrix is ever stored. Scores are kept
// in the log2 domain so that the softmax uses exp2. Build options, masks, layout: docs/kernels.md, "attention".

#if F16
#define LD1(p) vload_half(0, (p))
#define ST1(x, p) vstore_half((x), 0, (p))
#else
#define LD1(p) (*(p))
#define ST1(x, p) (*(p) = (x))
#endif

// The bias of mask element i in the log2 domain: mask_kind 1 real (T, added), 2 boolean (uchar, false -> -inf).
inline float mask_bias(__global const uchar* mask, int mask_kind, int i) {
    return mask_kind == 2 ? (mask[i] ? 0.f : -INFINITY) : LD1((__global const T*)mask + i) * M_LOG2E_F;
}

#define NEG_INF ((float16)(-INFINITY))

// 2^x for x <= 0 (scores minus their running maximum) in about a dozen vector instructions (PoCL's exp2, rint
// and floor are emulated in several times that): n = round(x) by adding 1.5 * 2^23, which leaves n in the low
// mantissa bits (this needs IEEE arithmetic: no -cl-fast-relaxed-math, which would fold (x + c) - c to x), 2^n
// from those bits, times 2^(x - n) on [-0.5, 0.5] by a degree-5 minimax polynomial (relative error 7.5e-8, fitted
// for this kernel by the Remez exchange). Below -126 the result flushes to 0; NaN stays NaN.
inline float16 exp2_neg(float16 x) {
    x = select(x, (float16)(-127.f), x < (float16)(-127.f));
    const float16 t = x + (float16)(12582912.f), f = x - (t - (float16)(12582912.f));
    float16 p = (float16)(1.3276471979e-3f);
    p = fma(p, f, (float16)(9.6755413342e-3f));
    p = fma(p, f, (float16)(5.5507132735e-2f));
    p = fma(p, f, (float16)(2.4022119724e-1f));
    p = fma(p, f, (float16)(6.9314696706e-1f));
    p = fma(p, f, (float16)(1.0000000717f));
    return p * as_float16((as_int16(t) + 127) << 23);
}

// Where each output batch reads and writes: offsets[5 * b + 0..4] are the offsets of its Q, K, V, mask and output
// matrices in units of q_unit, k_unit, v_unit, m_matrix and o_unit elements (numpy-broadcast batch axes). A tensor
// stored as the attention sees it has whole matrices as its unit, so that the table holds for any key count S (a KV
// cache a key longer keeps it); one that a folded Transpose lays out otherwise has its row length as the unit and
// rows q_row, k_row, v_row, o_row elements apart. Q [L, E], K [S, E], V [S, Ev], out [L, Ev]; the mask element of
// (row l, key s) is mask[l * m_row + s * m_col], mask_kind 0 none, 1 real (T), 2 boolean (uchar). causal: -inf
// where key > row (top-left aligned). scale_from_input: the scale is scale_in[0], else `scale`.
// global = (ceil(L / (16 * RV)), batches).
__kernel void sdpa_rows(__global const T* q, __global const T* k, __global const T* v, __global const uchar* mask,
                        __global const T* scale_in, __global T* out, __global const int* offsets, int L, int S,
                        int E, int Ev, int mask_kind, int m_row, int m_col, int m_matrix, int causal,
                        int scale_from_input, float scale, int q_unit, int k_unit, int v_unit, int o_unit, int q_row,
                        int k_row, int v_row, int o_row) {
    const int l0 = get_global_id(0) * 16 * RV, b = get_global_id(1);
    if (l0 >= L)
        return;
    q += offsets[5 * b] * q_unit;
    k += offsets[5 * b + 1] * k_unit;
    v += offsets[5 * b + 2] * v_unit;
    const int mask_base = offsets[5 * b + 3] * m_matrix;
    out += offsets[5 * b + 4] * o_unit;
    if (scale_from_input)
        scale = LD1(scale_in);
    const float factor = scale * M_LOG2E_F;

    // Q^T of the block (rows past L repeat row L - 1 and are not stored), scaled: qt[r][e][i] = Q[row i, e].
    float qt[RV][DMAX][16];
    int16 rows[RV];
    int moff[RV][16];  // the mask offset of each row
#pragma unroll
    for (int r = 0; r < RV; ++r) {
        rows[r] = min((int16)(l0 + 16 * r) + (int16)(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15),
                      (int16)(L - 1));
        for (int i = 0; i < 16; ++i) {
            const int row = min(l0 + 16 * r + i, L - 1);
            __global const T* qr = q + row * q_row;
            for (int e = 0; e < E; ++e)
                qt[r][e][i] = LD1(qr + e) * factor;
            moff[r][i] = mask_base + row * m_row;
        }
    }

    float16 ot[RV][DMAX];  // O^T: unnormalised output, one float16 of rows per value column
    float16 m[RV], lsum[RV];
#pragma unroll
    for (int r = 0; r < RV; ++r) {
        m[r] = NEG_INF;
        lsum[r] = (float16)(0.f);
        for (int ev = 0; ev < Ev; ++ev)
            ot[r][ev] = (float16)(0.f);
    }

    // causal: later keys are masked for every row of the block
    const int s_end = causal ? min(S, min(l0 + 16 * RV, L)) : S;
    for (int s0 = 0; s0 < s_end; s0 += KB) {
        __global const T* kr[KB];
        __global const T* vr[KB];
        int sk[KB];  // keys past s_end read key s_end - 1 and are masked
#pragma unroll
        for (int j = 0; j < KB; ++j) {
            sk[j] = min(s0 + j, s_end - 1);
            kr[j] = k + sk[j] * k_row;
            vr[j] = v + sk[j] * v_row;
        }
        float16 sc[RV][KB];
#pragma unroll
        for (int r = 0; r < RV; ++r)
#pragma unroll
            for (int j = 0; j < KB; ++j)
                sc[r][j] = (float16)(0.f);
        for (int e = 0; e < E; ++e) {
            float16 qv[RV];
#pragma unroll
            for (int r = 0; r < RV; ++r)
                qv[r] = vload16(0, qt[r][e]);
#pragma unroll
            for (int j = 0; j < KB; ++j) {
                const float16 kv = (float16)(LD1(kr[j] + e));
#pragma unroll
                for (int r = 0; r < RV; ++r)
                    sc[r][j] = fma(qv[r], kv, sc[r][j]);
            }
        }
        if (mask_kind) {
#pragma unroll
            for (int j = 0; j < KB; ++j) {
                if (m_row) {  // one value per (row, key): a column of the mask per float16
#pragma unroll
                    for (int r = 0; r < RV; ++r) {
                        float col[16];
                        for (int i = 0; i < 16; ++i)
                            col[i] = mask_bias(mask, mask_kind, moff[r][i] + sk[j] * m_col);
                        sc[r][j] += vload16(0, col);
                    }
                } else {
                    const float bias = mask_bias(mask, mask_kind, mask_base + sk[j] * m_col);
#pragma unroll
                    for (int r = 0; r < RV; ++r)
                        sc[r][j] += bias;
                }
            }
        }
        if (causal) {
#pragma unroll
            for (int j = 0; j < KB; ++j)
#pragma unroll
                for (int r = 0; r < RV; ++r)
                    sc[r][j] = select(sc[r][j], NEG_INF, rows[r] < (int16)(s0 + j));
        }
        if (s0 + KB > s_end) {
#pragma unroll
            for (int j = 0; j < KB; ++j)
#pragma unroll
                for (int r = 0; r < RV; ++r)
                    sc[r][j] = s0 + j < s_end ? sc[r][j] : NEG_INF;
        }
        // Online softmax: rescale what was accumulated by exp2(m_old - m_new). While a row has seen only -inf
        // scores its maximum is -inf; 0 stands in for it so that exp2 gives 0, not exp2(-inf + inf) = NaN.
        float16 alpha[RV];
#pragma unroll
        for (int r = 0; r < RV; ++r) {
            float16 mx = m[r];
#pragma unroll
            for (int j = 0; j < KB; ++j)
                mx = max(mx, sc[r][j]);
            const float16 base = select(mx, (float16)(0.f), mx == NEG_INF);
            alpha[r] = exp2_neg(m[r] - base);
            float16 sum = (float16)(0.f);
#pragma unroll
            for (int j = 0; j < KB; ++j) {
                sc[r][j] = exp2_neg(sc[r][j] - base);
                sum += sc[r][j];
            }
            lsum[r] = fma(lsum[r], alpha[r], sum);
            m[r] = mx;
        }
        for (int ev = 0; ev < Ev; ++ev) {
            float16 o[RV];
#pragma unroll
            for (int r = 0; r < RV; ++r)
                o[r] = ot[r][ev] * alpha[r];
#pragma unroll
            for (int j = 0; j < KB; ++j) {
                const float16 vv = (float16)(LD1(vr[j] + ev));
#pragma unroll
                for (int r = 0; r < RV; ++r)
                    o[r] = fma(sc[r][j], vv, o[r]);
            }
#pragma unroll
            for (int r = 0; r < RV; ++r)
                ot[r][ev] = o[r];
        }
    }

    // An empty key sequence gives zeros (nothing summed), a fully masked row 0 / 0 = NaN.
#pragma unroll
    for (int r = 0; r < RV; ++r) {
        const int rows_here = min(16, L - l0 - 16 * r);
        if (rows_here <= 0)
            break;
        const float16 inv = S > 0 ? (float16)(1.f) / lsum[r] : (float16)(0.f);
        __global T* o = out + (l0 + 16 * r) * o_row;
        for (int ev = 0; ev < Ev; ++ev) {
            float col[16];
            vstore16(ot[r][ev] * inv, 0, col);
            for (int i = 0; i < rows_here; ++i)
                ST1(col[i], o + i * o_row + ev);
        }
    }
}
