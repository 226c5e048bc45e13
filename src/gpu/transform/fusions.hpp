// Graph fusions of the GPU plugin (OpenVINO's GPU plugin style): each replaces a pattern of nodes by one node of an
// internal op type that one kernel runs (FusedConvolution / FusedGroupConvolution / FusedMatMul with the epilogue,
// FusedMVN, FusedRoPE, FusedAttention, FusedTransposedAttention, FusedEltwise), after folding per-channel scales
// into convolution weights. A fused node keeps the last replaced node's names and lists all in
// rt_info["fused_names"]; its registry entry evaluates the replaced ops' host references in order, so host fallback
// and REF still run. Types in host_ops are never fused. Patterns, inputs and attributes of each fused type:
// docs/kernels.md, "fusions".
#pragma once

#include <set>
#include <string>
#include <vector>

#include "ops/fused_ops.hpp"
#include "ovcl/model.hpp"

namespace ovcl {
namespace gpu {

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
/// Replaces GroupNormalization-12 of static f32 / f16 data by Reshape -> MVN -> Reshape -> Multiply -> Add, which
/// the device runs (decompositions.cpp). Returns the number replaced.
size_t decompose_group_normalization(Model& model, const std::set<std::string>& host_ops = {});
/// Replaces Einsum-7 of one or two operands that is a batched matrix product up to transposes (ops/einsum.hpp) by
/// ReduceSum / Transpose / Reshape + MatMul + Reshape / Transpose (einsum_decomposition.cpp). Returns the number.
size_t decompose_einsum(Model& model, const std::set<std::string>& host_ops = {});
/// Replaces every Transpose that moves only axes of extent 1 (a permutation of memory order that keeps it) by the
/// Reshape to its output shape, a view on the device (decompositions.cpp). Returns the number replaced.
size_t transposes_as_reshapes(Model& model, const std::set<std::string>& host_ops = {});
/// Fuses LayerNorm / MVN + scale + shift patterns into FusedMVN. Returns the number fused.
size_t fuse_normalization(Model& model, const std::set<std::string>& host_ops = {});
/// Fuses rotary position embeddings with the halves rotated (x * cos + concat(-x2, x1) * sin over the last axis)
/// into FusedRoPE (fusions_rope.cpp). Returns the number fused.
size_t fuse_rope(Model& model, const std::set<std::string>& host_ops = {});
/// Fuses grouped-query attention (ScaledDotProductAttention of K and V whose heads an Unsqueeze, Broadcast and
/// Reshape repeat) into FusedAttention (fusions_attention.cpp). Returns the number fused.
size_t fuse_grouped_attention(Model& model, const std::set<std::string>& host_ops = {});
/// Folds into ScaledDotProductAttention (then FusedTransposedAttention) and FusedAttention the Transposes of their
/// query, key and value (FusedAttention: query) that they alone read, and the Transpose of their result where it
/// alone reads it, each keeping the last axis last (fusions_attention.cpp). Returns the number of nodes made.
size_t fold_attention_transposes(Model& model, const std::set<std::string>& host_ops = {});
/// Fuses DAGs of two or more element-wise nodes into FusedEltwise. Returns the number fused.
size_t fuse_eltwise(Model& model, const std::set<std::string>& host_ops = {});

}  // namespace gpu
}  // namespace ovcl
