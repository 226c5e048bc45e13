#include "host_ref/random.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>

#include "host_ref/unary.hpp"
#include "shape_infer/random_infer.hpp"

namespace ovcl {
namespace host_ref {

namespace {

// One Philox4x32-10 block: 10 rounds over (counter, n) with the key bumped between rounds.
void philox_block(uint64_t key, uint64_t counter, uint64_t n, uint32_t (&res)[4]) {
    constexpr uint64_t kMulN = 0xD2511F53, kMulCounter = 0xCD9E8D57;
    constexpr uint32_t kBumpLo = 0x9E3779B9, kBumpHi = 0xBB67AE85;
    auto lo = [](uint64_t v) { return static_cast<uint32_t>(v); };
    auto hi = [](uint64_t v) { return static_cast<uint32_t>(v >> 32); };
    auto join = [](uint32_t h, uint32_t l) { return (static_cast<uint64_t>(h) << 32) | l; };
    for (int round = 0; round < 10; ++round) {
        const uint64_t p_n = kMulN * lo(n), p_c = kMulCounter * lo(counter);
        const uint32_t n_lo = hi(p_c) ^ hi(n) ^ lo(key), c_lo = hi(p_n) ^ hi(counter) ^ hi(key);
        n = join(lo(p_c), n_lo);
        counter = join(lo(p_n), c_lo);
        key = join(hi(key) + kBumpHi, lo(key) + kBumpLo);
    }
    res[0] = lo(n);
    res[1] = hi(n);
    res[2] = lo(counter);
    res[3] = hi(counter);
}

float bits_to_float(uint32_t bits) {
    float f = 0;
    std::memcpy(&f, &bits, sizeof f);
    return f;
}

// min and max as i32, saturated (OpenVINO CPU computes i64 outputs in i32).
int32_t saturate_i32(double v) { return static_cast<int32_t>(std::fmin(std::fmax(v, -2147483648.0), 2147483647.0)); }

}  // namespace

std::vector<uint32_t> philox_uint32(uint64_t key, uint64_t counter, size_t count) {
    std::vector<uint32_t> out(count);
    uint64_t n = 0;
    for (size_t i = 0; i < count; i += 4) {
        uint32_t res[4];
        philox_block(key, counter, n, res);
        for (size_t k = 0; k < 4 && i + k < count; ++k)
            out[i + k] = res[k];
        if (++n == 0)
            ++counter;
    }
    return out;
}

void random_uniform(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    shape_infer::RandomAttrs a = shape_infer::random_attrs(node);
    if (a.global_seed == 0 && a.op_seed == 0) {
        std::random_device device;
        a.global_seed = (static_cast<uint64_t>(device()) << 32) | device();
    }
    Tensor& y = out.at(0);
    const size_t count = y.get_size();
    std::vector<uint32_t> bits;
    if (a.pytorch) {
        std::mt19937 mt(static_cast<std::mt19937::result_type>(a.global_seed));
        bits.resize(count);
        for (auto& b : bits)
            b = static_cast<uint32_t>(mt());
    } else {
        bits = philox_uint32(a.global_seed, a.op_seed, count);
    }
    const double lo = to_f64(in.at(1)).at(0), hi = to_f64(in.at(2)).at(0);
    if (!(lo < hi))
        raise<ModelError>(node.describe(), ": min (", lo, ") must be less than max (", hi, ")");
    if (y.get_element_type().is_real()) {
        const auto mn = static_cast<float>(lo), range = static_cast<float>(hi) - mn;
        Tensor f32(element::f32, y.get_shape());
        float* v = f32.data<float>();
        for (size_t i = 0; i < count; ++i) {
            if (a.pytorch) {  // 24 bits; the product rounds to f32 before the sum (no fma)
                const float u = static_cast<float>(bits[i] & 0xFFFFFFu) * 0x1p-24f;
                v[i] = static_cast<float>(static_cast<double>(u) * range) + mn;
            } else {  // 23 bits as the mantissa of a float in [1, 2)
                const float u = bits_to_float(0x3F800000u | (bits[i] & 0x7FFFFFu)) - 1.0f;
                v[i] = std::fma(u, range, mn);
            }
        }
        from_f32(f32, y);
        return;
    }
    const int32_t mn = saturate_i32(lo);
    const auto range = static_cast<int32_t>(static_cast<uint32_t>(saturate_i32(hi)) - static_cast<uint32_t>(mn));
    const int64_t magnitude = std::llabs(static_cast<int64_t>(range));
    std::vector<int64_t> v(count, mn);
    for (size_t i = 0; i < count && magnitude > 0; ++i) {
        int64_t m = static_cast<int64_t>(bits[i]) % magnitude;
        if (a.pytorch && range < 0 && m != 0)  // a wrapped (negative) range: the remainder takes its sign
            m += range;
        v[i] = static_cast<int32_t>(static_cast<uint32_t>(m + mn));
    }
    if (y.get_element_type() == element::i64)
        std::copy(v.begin(), v.end(), y.data<int64_t>());
    else
        std::transform(v.begin(), v.end(), y.data<int32_t>(), [](int64_t x) { return static_cast<int32_t>(x); });
}

void multinomial(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const shape_infer::RandomAttrs a = shape_infer::random_attrs(node);
    const bool with_replacement = node.get_attr<bool>("with_replacement"), log_probs = node.get_attr<bool>("log_probs");
    const Shape& ps = in.at(0).get_shape();
    const size_t batch = ps.at(0), classes = ps.at(1), samples = out.at(0).get_shape().at(1);
    std::mt19937 gen;
    if (a.global_seed == 0 && a.op_seed == 0) {
        gen.seed(std::random_device()());
    } else {
        std::seed_seq seq{a.global_seed, a.op_seed};
        gen.seed(seq);
    }
    std::vector<float> draws(batch * samples);
    for (float& d : draws)
        d = static_cast<float>(gen()) / static_cast<float>(std::mt19937::max());
    const Tensor probs = to_f32(in[0]);
    std::vector<int64_t> picks(batch * samples);
    std::vector<float> cdf(classes);
    for (size_t b = 0; b < batch; ++b) {
        const float* p = probs.data<const float>() + b * classes;
        float sum = 0;
        for (size_t c = 0; c < classes; ++c)
            cdf[c] = sum += log_probs ? std::exp(p[c]) : p[c];
        const float total = classes ? std::max(cdf.back(), std::numeric_limits<float>::min()) : 1.0f;
        for (float& c : cdf)
            c /= total;
        for (size_t s = 0; s < samples; ++s) {
            const float draw = draws[b * samples + s];
            const auto it = std::find_if(cdf.begin(), cdf.end(), [draw](float c) { return draw <= c; });
            if (it == cdf.end())
                raise<ModelError>(node.describe(), ": sample ", s, " of batch ", b,
                                  " finds no class: the probabilities left to draw from sum to zero");
            const auto k = static_cast<size_t>(it - cdf.begin());
            picks[b * samples + s] = static_cast<int64_t>(k);
            if (with_replacement)
                continue;
            const float chosen = k ? cdf[k] - cdf[k - 1] : cdf[0], rest = 1 - chosen;
            for (size_t c = 0; c < classes; ++c)
                cdf[c] = (c >= k ? cdf[c] - chosen : cdf[c]) / rest;
        }
    }
    convert_elements(picks.data(), element::i64, out[0].data(), out[0].get_element_type(), picks.size());
}

}  // namespace host_ref
}  // namespace ovcl
