// The graph work done before kernels are chosen: constant folding (any op whose inputs are
// all constants is computed once with host_ref) and shape-subgraph folding (ShapeOf of a
// static shape becomes a constant, so Reshape targets computed from shapes fold too), then the
// conv/matmul + bias + activation fusions of fusions.hpp.
#pragma once

#include <memory>
#include <set>
#include <string>

#include "ovcl/model.hpp"

namespace ovcl {
namespace gpu {

/// Transforms `model` in place; returns the number of nodes folded plus chains fused. Op types in `host_ops`
/// (OVCL_GPU_HOST_OPS) are not fused into GPU kernels.
size_t transform_model(Model& model, const std::set<std::string>& host_ops = {});

}  // namespace gpu
}  // namespace ovcl
