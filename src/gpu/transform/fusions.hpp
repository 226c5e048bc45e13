// Graph fusions of the GPU plugin (OpenVINO's GPU plugin style): each replaces a pattern of nodes by one node of an
// internal op type that one kernel runs (FusedConvolution / FusedGroupConvolution / FusedMatMul with the epilogue,
// FusedMVN, FusedEltwise), after folding per-channel scales into convolution weights. A fused node keeps the last
// replaced node's names and lists all in rt_info["fused_names"]; its registry entry evaluates the replaced ops'
// host references in order, so host fallback and REF still run. Types in host_ops are never fused. Patterns,
// inputs and attributes of each fused type: docs/kernels.md, "fusions".
#pragma once

#include <set>
#include <string>
#include <vector>

#include "ovcl/model.hpp"

namespace ovcl {
namespace gpu {

/// External inputs of a FusedEltwise that its kernel reads from memory (single-value Constants are inlined).
constexpr size_t kMaxFusedEltwiseInputs = 6;
/// Nodes in one FusedEltwise.
constexpr size_t kMaxFusedEltwiseOps = 16;

/// One post op of a FusedConvolution / FusedGroupConvolution / FusedMatMul ("post_ops", above).
struct PostOp {
    std::string type;             ///< Multiply, Add, Subtract, Divide or FakeQuantize
    bool constant_first = false;  ///< the Constant is the op's input 0 (never for FakeQuantize)
    int64_t levels = 0;           ///< FakeQuantize's levels; 0 for the others
    /// The fused node's inputs this post op takes: 4 for FakeQuantize (input_low, input_high, output_low,
    /// output_high), 1 for the others.
    size_t inputs() const { return type == "FakeQuantize" ? 4 : 1; }
};
/// The post ops of a fused node, in order. Throws ModelError naming the node when "post_ops" is malformed.
std::vector<PostOp> post_ops_of(const Node& fused);

/// Adds the fused op types to the process-wide op registry (idempotent; pins this library in memory so the
/// registry never points into unloaded code).
void register_fused_ops();
/// "FusedConvolution" -> "Convolution"; "" for a type that is not a fused one.
std::string fused_base_type(const std::string& type);

/// Folds a per-channel scale after a Convolution / GroupConvolution with Constant weights into the weights:
/// Multiply by a Constant along the channel axis (or of one value) becomes the convolution with scaled weights;
/// BatchNormInference with Constant parameters becomes the convolution with weights scaled by
/// gamma / sqrt(variance + eps) followed by an Add of beta - mean * scale (the epilogue's bias once
/// fuse_bias_activation runs). Only where the convolution's output has that one consumer and every scale is
/// finite. Returns the number folded.
size_t fold_channel_scale(Model& model, const std::set<std::string>& host_ops = {});
/// Fuses every Conv/GroupConv/MatMul -> [Add(bias)] -> [Add(residual)] -> [activation] -> [post ops] chain (of two
/// nodes or more) whose intermediates have one consumer and are no model outputs. Returns the number fused.
size_t fuse_bias_activation(Model& model, const std::set<std::string>& host_ops = {});
/// Fuses LayerNorm / MVN + scale + shift patterns into FusedMVN. Returns the number fused.
size_t fuse_normalization(Model& model, const std::set<std::string>& host_ops = {});
/// Fuses DAGs of two or more element-wise nodes into FusedEltwise. Returns the number fused.
size_t fuse_eltwise(Model& model, const std::set<std::string>& host_ops = {});

/// The nodes a FusedEltwise stands for, rebuilt to read `inputs` (one per input of `fused`: its own input values,
/// or Parameters of other shapes), validated, in evaluation order, the result last. Throws ModelError when the
/// node's encoding is malformed.
NodeVector unfold_fused_eltwise(const Node& fused, const OutputVector& inputs);

}  // namespace gpu
}  // namespace ovcl
