// Helpers for the test suites: tensors from values, seeded random tensors, and comparisons
// with stated tolerances that report the first mismatching index.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

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

/// |a - b| <= abs_tol + rel_tol * |b| for every element, same shape and type; NaN matches NaN.
::testing::AssertionResult tensors_near(const Tensor& actual, const Tensor& expected, double abs_tol = 1e-5,
                                        double rel_tol = 1e-5);
/// Bitwise equality of type, shape and elements.
::testing::AssertionResult tensors_equal(const Tensor& actual, const Tensor& expected);

}  // namespace test
}  // namespace ovcl

#define EXPECT_TENSOR_NEAR(a, e, abs_tol, rel_tol) EXPECT_TRUE(::ovcl::test::tensors_near((a), (e), (abs_tol), (rel_tol)))
#define EXPECT_TENSOR_EQ(a, e) EXPECT_TRUE(::ovcl::test::tensors_equal((a), (e)))
