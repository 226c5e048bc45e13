// Host reference of Inverse-14, as OpenVINO CPU computes it: an LU factorisation with partial pivoting (the
// first largest pivot), then a forward and a back substitution per column, in double; a singular matrix
// gives the infinities and NaNs those divisions by zero give. adjoint: the inverse of the transpose.
#include "host_ref/ref_utils.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "host_ref/unary.hpp"

namespace ovcl {
namespace host_ref {

namespace {
// Inverts the n x n row-major matrix `a` in place of `x`.
void invert(std::vector<double> a, size_t n, double* x) {
    std::vector<size_t> perm(n);
    std::iota(perm.begin(), perm.end(), size_t{0});
    for (size_t k = 0; k < n; ++k) {
        size_t p = k;
        for (size_t i = k + 1; i < n; ++i)
            if (std::abs(a[i * n + k]) > std::abs(a[p * n + k]))
                p = i;
        if (p != k) {
            std::swap_ranges(a.begin() + static_cast<std::ptrdiff_t>(k * n), a.begin() + static_cast<std::ptrdiff_t>((k + 1) * n),
                             a.begin() + static_cast<std::ptrdiff_t>(p * n));
            std::swap(perm[k], perm[p]);
        }
        for (size_t i = k + 1; i < n; ++i) {
            const double f = a[i * n + k] / a[k * n + k];
            a[i * n + k] = f;  // L below the diagonal, U on and above it
            for (size_t j = k + 1; j < n; ++j)
                a[i * n + j] -= f * a[k * n + j];
        }
    }
    std::vector<double> y(n);
    for (size_t col = 0; col < n; ++col) {
        for (size_t i = 0; i < n; ++i) {  // L y = P e_col
            double v = perm[i] == col ? 1.0 : 0.0;
            for (size_t j = 0; j < i; ++j)
                v -= a[i * n + j] * y[j];
            y[i] = v;
        }
        for (size_t i = n; i-- > 0;) {  // U x = y
            double v = y[i];
            for (size_t j = i + 1; j < n; ++j)
                v -= a[i * n + j] * y[j];
            y[i] = v / a[i * n + i];
        }
        for (size_t i = 0; i < n; ++i)
            x[i * n + col] = y[i];
    }
}
}  // namespace

void inverse(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const Shape& s = in.at(0).get_shape();
    const size_t n = s.back(), area = n * n, count = area ? in[0].get_size() / area : 0;
    const bool adjoint = node.get_attr<bool>("adjoint", false);
    const auto v = to_f64(in[0]);
    Tensor wide(element::f64, s);
    double* x = wide.data<double>();
    for (size_t b = 0; b < count; ++b) {
        std::vector<double> m(v.begin() + static_cast<std::ptrdiff_t>(b * area), v.begin() + static_cast<std::ptrdiff_t>((b + 1) * area));
        if (adjoint)
            for (size_t i = 0; i < n; ++i)
                for (size_t j = i + 1; j < n; ++j)
                    std::swap(m[i * n + j], m[j * n + i]);
        invert(std::move(m), n, x + b * area);
    }
    convert_elements(x, element::f64, out.at(0).data(), out[0].get_element_type(), in[0].get_size());
}

}  // namespace host_ref
}  // namespace ovcl
