// Graph fusions of the GPU plugin (OpenVINO's GPU plugin style). Each replaces a pattern of nodes by one node of
// an internal op type that one kernel runs:
//
// - FusedConvolution / FusedGroupConvolution / FusedMatMul: Convolution / GroupConvolution / MatMul followed by a
//   per-channel bias Add, a residual Add (of a non-Constant tensor of the output's type and shape: no broadcast;
//   not for a depthwise convolution), an activation and up to 4 post ops (Multiply / Add / Subtract / Divide by
//   Constants of one value or one per output channel, e.g. the scale of attention scores, and FakeQuantize-1 with
//   such Constant ranges: the per-tensor or per-channel quantizer of a quantized model's activations), at least
//   one of them; the convolution and matmul kernels apply them in their epilogue (ops/epilogue.hpp). The channel
//   axis is 1 for the convolutions, the last one for MatMul. Inputs (data, weights, bias Constant (a zero
//   when the graph had none), the Constants of each post op (one; FakeQuantize: input_low, input_high, output_low,
//   output_high), then the residual tensor if any), the base op's attributes, plus "post_ops"
//   ("Multiply:vc,Subtract:cv,FakeQuantize:vc:256": the type, whether the value or the Constant comes first, and
//   FakeQuantize's levels), "residual"
//   ("true" when there is a residual input; absent otherwise), "activation" (empty, or Relu, Clamp, Sigmoid, Tanh,
//   HSwish, Swish, Gelu, Elu, HSigmoid, Mish, SoftPlus), "activation_version" and then the activation's own
//   attributes (Clamp: "min", "max"; Gelu-7: "approximation_mode"; Elu: "alpha"). Shape inference refuses (ModelError
//   naming the node and the input) a bias, post op Constant or residual that does not broadcast onto the output
//   unchanged: a hand-edited model or blob could carry one, and the host references would misread it.
// - Before those, a per-channel scale after a Convolution / GroupConvolution (Multiply by a channel Constant,
//   BatchNormInference with Constant parameters) is folded into its weights (fold_channel_scale,
//   fusions_scale.cpp), so that the bias, activation and post ops that follow reach the epilogue.
// - FusedMVN: LayerNorm / MVN patterns (fusions_norm*.cpp): MVN, or its decomposition ReduceMean -> Subtract ->
//   Power 2 / Multiply -> ReduceMean -> Add eps -> Sqrt / Power 0.5 -> Divide / Multiply by the reciprocal,
//   optionally followed by Multiply with a Constant (gamma) and Add of a Constant (beta). Inputs (data, axes
//   Constant, scale Constant, shift Constant), MVN-6's attributes: y = MVN-6(data, axes) * scale + shift.
// - FusedEltwise: a small DAG of element-wise nodes (FakeQuantize among them: a quantized ResNet's Add -> Relu ->
//   FakeQuantize) (fusions_eltwise.cpp) whose intermediates are read only inside
//   it and are no model outputs, evaluated by one element-wise kernel. Its inputs are the DAG's external inputs;
//   attributes "ops" (count) and per node j "op<j>" = "<Type>-<version>:<operands>" (operands: i<k> external
//   input k, t<m> the result of node m) and "op<j>.<name>" its attributes; the last node is the result.
//
// Every fused node carries the friendly name and tensor names of the last node it replaces, and
// rt_info["fused_names"] lists every replaced node's friendly name (comma-separated). The op registry entries of
// the fused types infer and evaluate them with the host references of the replaced ops, in the original order,
// so host fallback and REF still run a transformed model. Op types in `host_ops` (OVCL_GPU_HOST_OPS) are never
// fused: a pattern with one of them is left as it is.
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
