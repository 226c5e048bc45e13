// The GPU plugin's own op types (FusedConvolution, FusedGroupConvolution, FusedMatMul, FusedEltwise, FusedMVN,
// FusedRoPE, FusedAttention, FusedTransposedAttention; rows in ops/fused_ops.def): what their nodes carry and how
// the host runs them. The fusion passes (transform/fusions.hpp) make them; their attributes: docs/kernels.md,
// "fusions".
#pragma once

#include <map>
#include <string>
#include <vector>

#include "ovcl/model.hpp"
#include "ovcl/op_registry.hpp"

namespace ovcl {
namespace gpu {

/// The type prefix of the fused op types: "Fused" + the base type for the epilogue fusions.
constexpr const char* kFusedPrefix = "Fused";
/// External inputs of a FusedEltwise that its kernel reads from memory (single-value Constants are inlined).
constexpr size_t kMaxFusedEltwiseInputs = 6;
/// Nodes in one FusedEltwise.
constexpr size_t kMaxFusedEltwiseOps = 16;

/// One post op of a FusedConvolution / FusedGroupConvolution / FusedMatMul (attribute "post_ops").
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

/// The nodes a FusedEltwise stands for, rebuilt to read `inputs` (one per input of `fused`: its own input values,
/// or Parameters of other shapes), validated, in evaluation order, the result last. Throws ModelError when the
/// node's encoding is malformed.
NodeVector unfold_fused_eltwise(const Node& fused, const OutputVector& inputs);

/// The channel axis of the output (shape `out`, static rank) of a Convolution, GroupConvolution or MatMul (`type`),
/// the axis a bias or a per-channel post op runs along: the last for MatMul (its columns), 1 for the convolutions.
size_t output_channel_axis(const std::string& type, const PartialShape& out);
/// Whether `c` is a Constant of element type `type` that broadcasts onto an output of shape `out` along its channel
/// axis `axis` only: at most the output's rank, every dimension 1 but the one aligned with `axis`, which is 1 or
/// the output's (static) extent there.
bool channel_shaped(const Output<Node>& c, element::Type type, const PartialShape& out, size_t axis);

/// Whether a tensor of shape `value` broadcasts (numpy) onto `onto` and leaves it as it is: a fused node's bias,
/// post op Constant, residual, or a rotary embedding's cos and sin (`node` names a failure of broadcast_numpy).
bool broadcasts_onto(const Node& node, const PartialShape& value, const PartialShape& onto);

/// The registry entry of (type, version); throws NotImplemented when there is none.
const OpSpec& spec_of(const std::string& type, int64_t version);

/// Evaluates `nodes` (single-output, in graph order) with their host references, their Parameters' values in
/// `values`, Constants as they are; returns the last node's output.
Tensor evaluate_in_order(const NodeVector& nodes, std::map<const Node*, Tensor> values, EvalContext& ctx);

/// Shape inference and host reference of the fused op types (ops/fused_ops.def).
std::vector<OutputInfo> fused_infer(const Node& node, const std::vector<InputInfo>& in);  // Fused{Convolution,...}
void fused_ref(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
std::vector<OutputInfo> fused_eltwise_infer(const Node& node, const std::vector<InputInfo>& in);
void fused_eltwise_ref(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
std::vector<OutputInfo> fused_mvn_infer(const Node& node, const std::vector<InputInfo>& in);
void fused_mvn_ref(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
// FusedAttention and FusedTransposedAttention: ops/attention_fused.cpp
std::vector<OutputInfo> fused_attention_infer(const Node& node, const std::vector<InputInfo>& in);
void fused_attention_ref(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
std::vector<OutputInfo> fused_rope_infer(const Node& node, const std::vector<InputInfo>& in);  // ops/rope.cpp
void fused_rope_ref(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);

}  // namespace gpu
}  // namespace ovcl
