// Seeded random input tensors for the CLI (`ovcl run`, `ovcl benchmark`): both draw the same
// values for the same seed, so a benchmark input can be reproduced with `ovcl run`.
#pragma once

#include <random>

#include "ovcl/tensor.hpp"

namespace ovcl {
namespace cli {

/// Uniform [-1, 1] for real types, integers 0..9 for integer types (valid as small indices and
/// counts), 0/1 for booleans; from mt19937's raw output so every platform agrees. Errors (a shape
/// too large to allocate) name the input `name`.
Tensor random_input(element::Type type, const Shape& shape, std::mt19937& rng, const std::string& name);

}  // namespace cli
}  // namespace ovcl
