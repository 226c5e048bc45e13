// Helpers for the test suites: tensors from values, seeded random tensors, and comparisons
// with stated tolerances that report the first mismatching index; evaluating one node; index
// arithmetic for the naive formulations the op tests check against.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "ovcl/node.hpp"
#include "ovcl/op_registry.hpp"
#include "ovcl/tensor.hpp"

namespace ovcl {
namespace test {

/// A host tensor of `type` filled from `values` (converted; f16 rounds to nearest).
template <typename T>
Tensor make_tensor(element::Type type, const Shape& shape, const std::vector<T>& values) {
    Tensor t(type, shape);
    if (values.size() != t.get_size())
        throw std::runtime_error("make_tensor: " + std::to_string(values.size()) + " values for shape " +
                                 shape.to_string());
    dispatch_type(type, [&](auto tag) {
        using E = decltype(tag);
        auto* d = static_cast<E*>(t.data());
        for (size_t i = 0; i < values.size(); ++i) {
            if constexpr (std::is_same_v<E, float16>)
                d[i] = float16(static_cast<float>(values[i]));
            else
                d[i] = static_cast<E>(values[i]);
        }
    });
    return t;
}

/// Uniform random values in [lo, hi] (integers for integer types), seeded.
Tensor random_tensor(element::Type type, const Shape& shape, double lo = -1.0, double hi = 1.0,
                     uint32_t seed = 42);
/// Values of any tensor as doubles (booleans as 0/1).
std::vector<double> values(const Tensor& t);

/// A counting tensor: element i holds `first + i`, except that one-byte types hold `first_byte + i % 100`
/// (so the values fit) and booleans alternate 0, 1.
Tensor iota(element::Type type, const Shape& shape, double first = 0, double first_byte = 0);

/// The element types the data-movement tests run over (a test that also covers f64 adds it).
inline const std::vector<element::Type> kElementTypes{element::boolean, element::u8,  element::i8, element::i32,
                                                      element::i64,     element::f16, element::f32};

/// Evaluates `node` on `inputs` with a fresh EvalContext: all of its outputs.
TensorVector run(const Node& node, const TensorVector& inputs);
TensorVector run(const std::shared_ptr<Node>& node, const TensorVector& inputs);
/// Output 0 of run() (std::out_of_range when there is none).
Tensor eval(const Node& node, const TensorVector& inputs);
Tensor eval(const std::shared_ptr<Node>& node, const TensorVector& inputs);
/// Output 0 of run(), after EXPECTing that there is exactly one output.
Tensor eval_single(const Node& node, const TensorVector& inputs);
Tensor eval_single(const std::shared_ptr<Node>& node, const TensorVector& inputs);

/// Output 0 of op `type`-`version` made over Parameters shaped like `inputs`, evaluated on them.
Tensor eval_op(const std::string& type, int64_t version, const TensorVector& inputs, const Attributes& attrs = {});

/// The coordinates of row-major flat index `flat` in `shape`.
Coordinate unravel(size_t flat, const Shape& shape);
/// The row-major flat index of coordinates `c` in `shape`.
size_t ravel(const Coordinate& c, const Shape& shape);
/// The element of `v` (dense values of shape `s`) read at coordinate `c` of a broadcast output: `s` is
/// right-aligned against `c` and its size-1 axes are read at 0 (numpy rules).
double broadcast_at(const std::vector<double>& v, const Shape& s, const Coordinate& c);

/// Shapes and indices as signed integers, for naive formulations that compute with negative offsets.
using Dims = std::vector<int64_t>;
/// Calls f(index) for every index of `shape` in row-major order (none when an extent is 0).
template <typename F>
void for_each_index(const Dims& shape, F&& f) {
    int64_t total = 1;
    for (int64_t d : shape)
        total *= d;
    Dims idx(shape.size(), 0);
    for (int64_t t = 0; t < total; ++t) {
        f(idx);
        for (size_t ax = shape.size(); ax-- > 0;) {
            if (++idx[ax] < shape[ax])
                break;
            idx[ax] = 0;
        }
    }
}
/// The row-major flat index of `idx` in `shape`.
int64_t ravel(const Dims& idx, const Dims& shape);
/// The number of elements of `shape`.
int64_t volume(const Dims& shape);
/// `d` as a Shape (its extents must not be negative).
Shape to_shape(const Dims& d);

/// |a - b| <= abs_tol + rel_tol * |b| for every element, same shape and type; NaN matches NaN.
::testing::AssertionResult tensors_near(const Tensor& actual, const Tensor& expected, double abs_tol = 1e-5,
                                        double rel_tol = 1e-5);
/// Bitwise equality of type, shape and elements.
::testing::AssertionResult tensors_equal(const Tensor& actual, const Tensor& expected);

}  // namespace test
}  // namespace ovcl

#define EXPECT_TENSOR_NEAR(a, e, abs_tol, rel_tol) EXPECT_TRUE(::ovcl::test::tensors_near((a), (e), (abs_tol), (rel_tol)))
#define EXPECT_TENSOR_EQ(a, e) EXPECT_TRUE(::ovcl::test::tensors_equal((a), (e)))
