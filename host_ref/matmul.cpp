#include "host_ref/matmul.hpp"

#include <algorithm>
#include <type_traits>
#include <vector>

namespace ovcl {
namespace host_ref {

namespace {

// Rows of B reused across all rows of A stay in cache when the reduction is split into blocks.
constexpr size_t kBlock = 128;

template <typename T, typename Acc>
void matmul_typed(const T* a, const T* b, T* c, const MatMulDims& d) {
    const size_t M = d.M, K = d.K, N = d.N;
    const size_t batches = shape_size(d.batch_out), rank = d.batch_out.size();
    const Strides sa = broadcast_strides(d.batch_a, d.batch_out), sb = broadcast_strides(d.batch_b, d.batch_out);
    std::vector<T> b_packed(d.transpose_b ? K * N : 0);
    std::vector<Acc> acc(M * N);
    for (size_t bi = 0; bi < batches; ++bi) {
        size_t oa = 0, ob = 0, rem = bi;
        for (size_t ax = rank; ax-- > 0;) {
            const size_t i = rem % d.batch_out[ax];
            rem /= d.batch_out[ax];
            oa += i * sa[ax];
            ob += i * sb[ax];
        }
        const T* am = a + oa * M * K;
        const T* bm = b + ob * K * N;
        if (d.transpose_b) {  // pack B as [K, N] so the innermost loop reads it contiguously
            for (size_t j = 0; j < N; ++j)
                for (size_t k = 0; k < K; ++k)
                    b_packed[k * N + j] = bm[j * K + k];
            bm = b_packed.data();
        }
        std::fill(acc.begin(), acc.end(), Acc{0});
        for (size_t k0 = 0; k0 < K; k0 += kBlock) {
            const size_t k1 = std::min(K, k0 + kBlock);
            for (size_t i = 0; i < M; ++i) {
                Acc* row = acc.data() + i * N;
                for (size_t k = k0; k < k1; ++k) {
                    const Acc av = static_cast<Acc>(d.transpose_a ? am[k * M + i] : am[i * K + k]);
                    const T* br = bm + k * N;
                    for (size_t j = 0; j < N; ++j)
                        row[j] += av * static_cast<Acc>(br[j]);
                }
            }
        }
        T* cm = c + bi * M * N;
        for (size_t i = 0; i < M * N; ++i) {
            if constexpr (std::is_floating_point_v<T>)
                cm[i] = static_cast<T>(acc[i]);
            else  // modular narrowing: the result the wrapping arithmetic of T would give
                cm[i] = static_cast<T>(static_cast<int64_t>(acc[i]));
        }
    }
}

}  // namespace

MatMulDims matmul_dims(const Shape& a, const Shape& b, bool transpose_a, bool transpose_b) {
    if (a.empty() || b.empty())
        raise<InvalidArgument>("MatMul operands must have rank >= 1, got ", a, " and ", b);
    MatMulDims d;
    size_t ka = 0, kb = 0;
    if (a.size() == 1) {
        ka = a[0];
    } else {
        const size_t rows = a[a.size() - 2], cols = a.back();
        d.transpose_a = transpose_a;
        d.M = transpose_a ? cols : rows;
        ka = transpose_a ? rows : cols;
        d.batch_a = Shape(a.begin(), a.end() - 2);
    }
    if (b.size() == 1) {
        kb = b[0];
    } else {
        const size_t rows = b[b.size() - 2], cols = b.back();
        d.transpose_b = transpose_b;
        d.N = transpose_b ? rows : cols;
        kb = transpose_b ? cols : rows;
        d.batch_b = Shape(b.begin(), b.end() - 2);
    }
    if (ka != kb)
        raise<InvalidArgument>("MatMul inner dimensions differ: ", a, " x ", b);
    d.K = ka;
    const size_t rank = std::max(d.batch_a.size(), d.batch_b.size());
    d.batch_out.assign(rank, 1);
    for (size_t i = 0; i < rank; ++i) {
        const size_t xa = i + d.batch_a.size() >= rank ? d.batch_a[i + d.batch_a.size() - rank] : 1;
        const size_t xb = i + d.batch_b.size() >= rank ? d.batch_b[i + d.batch_b.size() - rank] : 1;
        if (xa != xb && xa != 1 && xb != 1)
            raise<InvalidArgument>("MatMul batch axes do not broadcast: ", a, " x ", b);
        d.batch_out[i] = xa == 1 ? xb : xa;
    }
    return d;
}

void matmul_f32(const float* a, const float* b, float* c, const MatMulDims& d) {
    matmul_typed<float, double>(a, b, c, d);
}
void matmul_i32(const int32_t* a, const int32_t* b, int32_t* c, const MatMulDims& d) {
    matmul_typed<int32_t, uint64_t>(a, b, c, d);
}
void matmul_i64(const int64_t* a, const int64_t* b, int64_t* c, const MatMulDims& d) {
    matmul_typed<int64_t, uint64_t>(a, b, c, d);
}

void matmul(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    MatMulDims d;
    try {
        d = matmul_dims(in.at(0).get_shape(), in.at(1).get_shape(), node.get_attr<bool>("transpose_a", false),
                        node.get_attr<bool>("transpose_b", false));
    } catch (const InvalidArgument& e) {
        raise<ModelError>(node.describe(), ": ", e.what());
    }
    Tensor& c = out.at(0);
    if (c.get_size() != shape_size(d.batch_out) * d.M * d.N)
        raise<Exception>(node.describe(), ": output tensor has shape ", c.get_shape());
    const element::Type type = in[0].get_element_type();
    if (in[1].get_element_type() != type || c.get_element_type() != type)
        raise<ModelError>(node.describe(), ": inputs and output must share one element type");
    switch (static_cast<element::Type_t>(type)) {
    case element::Type_t::f32:
        matmul_f32(in[0].data<const float>(), in[1].data<const float>(), c.data<float>(), d);
        break;
    case element::Type_t::f16: {
        const Tensor a = to_f32(in[0]), b = to_f32(in[1]);
        Tensor cf(element::f32, c.get_shape());
        matmul_f32(a.data<const float>(), b.data<const float>(), cf.data<float>(), d);
        from_f32(cf, c);
        break;
    }
    case element::Type_t::i32:
        matmul_i32(in[0].data<const int32_t>(), in[1].data<const int32_t>(), c.data<int32_t>(), d);
        break;
    case element::Type_t::i64:
        matmul_i64(in[0].data<const int64_t>(), in[1].data<const int64_t>(), c.data<int64_t>(), d);
        break;
    default:
        raise<NotImplemented>(node.describe(), ": the host reference supports f32, f16, i32 and i64, not ", type);
    }
}

}  // namespace host_ref
}  // namespace ovcl
