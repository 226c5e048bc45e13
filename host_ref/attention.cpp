// Host reference kernel of ScaledDotProductAttention-13.
#include "host_ref/ref_utils.hpp"

#include <cmath>
#include <limits>
#include <vector>

namespace ovcl {
namespace host_ref {

namespace {

// Per-matrix strides of an input broadcast against the output's batch shape.
Strides batch_strides(const Shape& input, size_t matrix_dims, const Shape& batch) {
    const Shape lead(input.begin(), input.end() - static_cast<std::ptrdiff_t>(std::min(matrix_dims, input.size())));
    return broadcast_strides(lead, batch);
}

}  // namespace

void sdpa(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const bool causal = node.get_attr<bool>("causal");
    const Tensor q = to_f32(in.at(0)), k = to_f32(in.at(1)), v = to_f32(in.at(2));
    const Shape &qs = q.get_shape(), &ks = k.get_shape(), &vs = v.get_shape();
    const size_t L = qs[qs.size() - 2], E = qs.back(), S = ks[ks.size() - 2], Ev = vs.back();
    Tensor& dst = out.at(0);
    const Shape& os = dst.get_shape();
    const Shape batch(os.begin(), os.end() - 2);

    double scale = 1.0 / std::sqrt(static_cast<double>(static_cast<float>(E)));
    if (in.size() > 4)
        scale = static_cast<float>(to_f64(in[4]).at(0));
    const bool has_mask = in.size() > 3 && !causal;
    const bool bool_mask = has_mask && in[3].get_element_type() == element::boolean;
    Tensor mask;
    Shape ms;
    if (has_mask) {
        mask = bool_mask ? in[3] : to_f32(in[3]);
        ms = mask.get_shape();
    }
    // Within one mask matrix: row stride for l (0 when broadcast over L), column stride for s.
    const size_t mL = ms.size() >= 2 ? ms[ms.size() - 2] : 1, mS = ms.empty() ? 1 : ms.back();
    const size_t m_row = mL == 1 ? 0 : mS, m_col = mS == 1 ? 0 : 1;

    const Strides qb = batch_strides(qs, 2, batch), kb = batch_strides(ks, 2, batch), vb = batch_strides(vs, 2, batch);
    const Strides mb = has_mask ? batch_strides(ms, 2, batch) : Strides(batch.size(), 0);
    const float* qd = q.data<float>();
    const float* kd = k.data<float>();
    const float* vd = v.data<float>();
    const float* mf = has_mask && !bool_mask ? mask.data<float>() : nullptr;
    const char* mbool = bool_mask ? mask.data<char>() : nullptr;
    std::vector<float> result(shape_size(os));
    std::vector<double> p(S), acc(Ev);
    const double ninf = -std::numeric_limits<double>::infinity();

    const size_t batches = shape_size(batch);
    Coordinate idx(batch.size(), 0);
    for (size_t b = 0; b < batches; ++b) {
        size_t qo = 0, ko = 0, vo = 0, mo = 0;
        for (size_t i = 0; i < batch.size(); ++i) {
            qo += idx[i] * qb[i];
            ko += idx[i] * kb[i];
            vo += idx[i] * vb[i];
            mo += idx[i] * mb[i];
        }
        const float* qm = qd + qo * L * E;
        const float* km = kd + ko * S * E;
        const float* vm = vd + vo * S * Ev;
        const size_t mbase = mo * mL * mS;
        for (size_t l = 0; l < L; ++l) {
            double mx = ninf;
            for (size_t s = 0; s < S; ++s) {
                double score = 0.0;
                for (size_t e = 0; e < E; ++e)
                    score += static_cast<double>(qm[l * E + e]) * static_cast<double>(km[s * E + e]);
                score *= scale;
                if (causal && s > l)
                    score = ninf;
                else if (mbool && !mbool[mbase + l * m_row + s * m_col])
                    score = ninf;
                else if (mf)
                    score += static_cast<double>(mf[mbase + l * m_row + s * m_col]);
                p[s] = score;
                mx = std::max(mx, score);
            }
            // Subtracting the row maximum keeps exp() finite; an all -inf row yields NaN (0/0).
            double sum = 0.0;
            for (size_t s = 0; s < S; ++s) {
                p[s] = std::exp(p[s] - mx);
                sum += p[s];
            }
            std::fill(acc.begin(), acc.end(), 0.0);
            for (size_t s = 0; s < S; ++s) {
                const double w = p[s] / sum;
                for (size_t e = 0; e < Ev; ++e)
                    acc[e] += w * static_cast<double>(vm[s * Ev + e]);
            }
            float* o = result.data() + (b * L + l) * Ev;
            for (size_t e = 0; e < Ev; ++e)
                o[e] = static_cast<float>(acc[e]);
        }
        for (size_t i = batch.size(); i-- > 0;) {
            if (++idx[i] < batch[i])
                break;
            idx[i] = 0;
        }
    }
    from_f32(Tensor(element::f32, os, result.data()), dst);
}

}  // namespace host_ref
}  // namespace ovcl
