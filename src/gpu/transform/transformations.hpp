// The graph work done before kernels are chosen: constant folding (any op whose inputs are
// all constants is computed once with host_ref) and shape-subgraph folding (ShapeOf of a
// static shape becomes a constant, so Reshape targets computed from shapes fold too), then the fusions of
// fusions.hpp: MVN / LayerNorm patterns, conv/matmul + bias + activation, element-wise DAGs (in that order).
// With an f16 inference precision, the precision pass (precision.hpp) runs between the folding (done in f32, for
// accuracy) and the fusions (so fused ops see f16). DISABLE_TRANSFORMATIONS skips all of it (plugin.cpp).
#pragma once

#include <memory>
#include <set>
#include <string>

#include "ovcl/element_type.hpp"
#include "ovcl/model.hpp"

namespace ovcl {
namespace gpu {

/// Transforms `model` in place; returns the number of nodes folded or converted plus chains fused. Op types in
/// `host_ops` (OVCL_GPU_HOST_OPS) are not fused into GPU kernels; `precision` is INFERENCE_PRECISION_HINT.
size_t transform_model(Model& model, const std::set<std::string>& host_ops = {},
                       element::Type precision = element::f32);

}  // namespace gpu
}  // namespace ovcl
