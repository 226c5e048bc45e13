// The graph work done before kernels are chosen: constant folding (any op whose inputs are
// all constants is computed once with host_ref) and shape-subgraph folding (ShapeOf of a
// static shape becomes a constant, so Reshape targets computed from shapes fold too), then the fusions of
// fusions.hpp: MVN / LayerNorm patterns, conv/matmul + bias + activation, element-wise DAGs (in that order).
// With an f16 inference precision, the precision pass (precision.hpp) runs between the folding (done in f32, for
// accuracy) and the fusions (so fused ops see f16). DISABLE_TRANSFORMATIONS skips all of it (plugin.cpp).
#pragma once

#include <array>
#include <memory>
#include <set>
#include <string>

#include "ovcl/element_type.hpp"
#include "ovcl/model.hpp"

namespace ovcl {
namespace gpu {

/// What the shape specialisations of one dynamic model learn about the fusion passes. A plan per KV-cache length
/// transforms a copy of the model per token, and the copies differ only in shapes: a pass that fused nothing in the
/// first kLearn of them is skipped in the later ones (a fusion missed would cost speed, never a result).
struct FusionHistory {
    static constexpr int kLearn = 2;
    /// transform_model's fusion passes, in the order they run.
    enum Pass : size_t {
        GROUP_NORMALIZATION,
        EINSUM,
        NORMALIZATION,
        ROPE,
        GROUPED_ATTENTION,
        ATTENTION_TRANSPOSES,
        CHANNEL_SCALE,
        BIAS_ACTIVATION,
        ELTWISE,
        kPasses
    };
    int transformed = 0;                  ///< specialisations transformed so far
    std::array<size_t, kPasses> fused{};  ///< chains each pass fused in the first kLearn
    bool skips(size_t pass) const { return transformed >= kLearn && fused[pass] == 0; }
};

/// Transforms `model` in place; returns the number of nodes folded or converted plus chains fused. Op types in
/// `host_ops` (OVCL_GPU_HOST_OPS) are not fused into GPU kernels; `precision` is INFERENCE_PRECISION_HINT.
/// `history`: the model is a specialisation of a dynamic model, whose passes this one learns from and adds to.
size_t transform_model(Model& model, const std::set<std::string>& host_ops = {},
                       element::Type precision = element::f32, FusionHistory* history = nullptr);

}  // namespace gpu
}  // namespace ovcl
