#include "common/test_utils.hpp"

#include <cmath>
#include <cstring>
#include <random>
#include <sstream>

#include "host_ref/ref_utils.hpp"
#include "ovcl/node.hpp"
#include "ovcl/ops.hpp"

namespace ovcl {
namespace test {

Tensor random_tensor(element::Type type, const Shape& shape, double lo, double hi, uint32_t seed) {
    std::mt19937 gen(seed);
    Tensor t(type, shape);
    dispatch_type(type, [&](auto tag) {
        using E = decltype(tag);
        auto* d = static_cast<E*>(t.data());
        for (size_t i = 0; i < t.get_size(); ++i) {
            if constexpr (std::is_same_v<E, float16> || std::is_floating_point_v<E>) {
                std::uniform_real_distribution<double> dist(lo, hi);
                d[i] = static_cast<E>(static_cast<float>(dist(gen)));
            } else if constexpr (std::is_same_v<E, char>) {
                d[i] = static_cast<char>(gen() & 1u);
            } else {
                std::uniform_int_distribution<int64_t> dist(static_cast<int64_t>(lo), static_cast<int64_t>(hi));
                d[i] = static_cast<E>(dist(gen));
            }
        }
    });
    return t;
}

std::vector<double> values(const Tensor& t) { return host_ref::to_f64(t); }

Tensor iota(element::Type type, const Shape& shape, double first, double first_byte) {
    std::vector<double> v(shape_size(shape));
    for (size_t i = 0; i < v.size(); ++i)
        v[i] = type == element::boolean ? static_cast<double>(i % 2)
               : type.size() == 1      ? first_byte + static_cast<double>(i % 100)
                                       : first + static_cast<double>(i);
    return make_tensor<double>(type, shape, v);
}

TensorVector run(const Node& node, const TensorVector& inputs) {
    EvalContext ctx;
    return evaluate_node(node, inputs, ctx);
}
TensorVector run(const std::shared_ptr<Node>& node, const TensorVector& inputs) { return run(*node, inputs); }

Tensor eval(const Node& node, const TensorVector& inputs) { return run(node, inputs).at(0); }
Tensor eval(const std::shared_ptr<Node>& node, const TensorVector& inputs) { return eval(*node, inputs); }

Tensor eval_single(const Node& node, const TensorVector& inputs) {
    auto out = run(node, inputs);
    EXPECT_EQ(out.size(), 1u);
    return out.at(0);
}
Tensor eval_single(const std::shared_ptr<Node>& node, const TensorVector& inputs) {
    return eval_single(*node, inputs);
}

Tensor eval_op(const std::string& type, int64_t version, const TensorVector& inputs, const Attributes& attrs) {
    OutputVector params;
    for (const Tensor& t : inputs)
        params.push_back(op::parameter(t.get_element_type(), t.get_shape()));
    return eval_single(op::make(type, params, attrs, version), inputs);
}

Coordinate unravel(size_t flat, const Shape& shape) {
    Coordinate c(shape.size());
    for (size_t ax = shape.size(); ax-- > 0;) {
        c[ax] = flat % shape[ax];
        flat /= shape[ax];
    }
    return c;
}

size_t ravel(const Coordinate& c, const Shape& shape) {
    size_t flat = 0;
    for (size_t i = 0; i < shape.size(); ++i)
        flat = flat * shape[i] + c[i];
    return flat;
}

double broadcast_at(const std::vector<double>& v, const Shape& s, const Coordinate& c) {
    size_t flat = 0;
    const size_t shift = c.size() - s.size();
    for (size_t i = 0; i < s.size(); ++i)
        flat = flat * s[i] + (s[i] == 1 ? 0 : c[i + shift]);
    return v[flat];
}

int64_t ravel(const Dims& idx, const Dims& shape) {
    int64_t o = 0;
    for (size_t i = 0; i < shape.size(); ++i)
        o = o * shape[i] + idx[i];
    return o;
}

int64_t volume(const Dims& shape) {
    int64_t v = 1;
    for (int64_t x : shape)
        v *= x;
    return v;
}

Shape to_shape(const Dims& d) { return Shape(d.begin(), d.end()); }

::testing::AssertionResult tensors_near(const Tensor& actual, const Tensor& expected, double abs_tol,
                                        double rel_tol) {
    if (!actual || !expected)
        return ::testing::AssertionFailure() << "empty tensor";
    if (actual.get_element_type() != expected.get_element_type())
        return ::testing::AssertionFailure() << "element type " << actual.get_element_type() << " != expected "
                                             << expected.get_element_type();
    if (actual.get_shape() != expected.get_shape())
        return ::testing::AssertionFailure() << "shape " << actual.get_shape() << " != expected "
                                             << expected.get_shape();
    const auto a = values(actual), e = values(expected);
    size_t bad = 0;
    std::ostringstream first;
    for (size_t i = 0; i < a.size(); ++i) {
        if (std::isnan(a[i]) && std::isnan(e[i]))
            continue;
        if (std::isinf(e[i]) && a[i] == e[i])
            continue;
        if (!(std::fabs(a[i] - e[i]) <= abs_tol + rel_tol * std::fabs(e[i]))) {
            if (bad++ == 0)
                first << "first at flat index " << i << ": " << a[i] << " vs expected " << e[i];
        }
    }
    if (bad)
        return ::testing::AssertionFailure() << bad << " of " << a.size() << " elements differ (abs " << abs_tol
                                             << ", rel " << rel_tol << "); " << first.str();
    return ::testing::AssertionSuccess();
}

::testing::AssertionResult tensors_equal(const Tensor& actual, const Tensor& expected) {
    auto r = tensors_near(actual, expected, 0.0, 0.0);
    if (!r)
        return r;
    Tensor a(actual.get_element_type(), actual.get_shape()), e(expected.get_element_type(), expected.get_shape());
    actual.copy_to(a);
    expected.copy_to(e);
    if (std::memcmp(a.data(), e.data(), a.get_byte_size()) != 0)
        return ::testing::AssertionFailure() << "tensors differ bitwise";
    return ::testing::AssertionSuccess();
}

}  // namespace test
}  // namespace ovcl
