// The graph work done before kernels are chosen: constant folding (any op whose inputs are
// all constants is computed once with host_ref) and shape-subgraph folding (ShapeOf of a
// static shape becomes a constant, so Reshape targets computed from shapes fold too).
#pragma once

#include <memory>

#include "ovcl/model.hpp"

namespace ovcl {
namespace gpu {

/// Transforms `model` in place; returns the number of nodes folded.
size_t transform_model(Model& model);

}  // namespace gpu
}  // namespace ovcl
