// Graph fusions of the GPU plugin (OpenVINO's GPU plugin style): Convolution / GroupConvolution / MatMul
// followed by a per-channel bias Add and an optional activation become one node of an internal op type,
// FusedConvolution / FusedGroupConvolution / FusedMatMul, which the convolution and matmul kernels run with the
// bias and activation in their epilogue.
//
// A fused node: inputs (data, weights, bias Constant), the base op's attributes, plus "activation" (empty, or
// Relu, Clamp, Sigmoid, Tanh, HSwish, Swish), "activation_version" and the activation's own attributes (Clamp:
// "min", "max"). Its friendly name and tensor names are those of the last fused node, rt_info["fused_names"]
// lists every fused node's friendly name (comma-separated). The op registry entries of the fused types infer
// and evaluate them with the host references of the base op, Add and the activation, so host fallback and REF
// still run a transformed model.
#pragma once

#include <set>
#include <string>

#include "ovcl/model.hpp"

namespace ovcl {
namespace gpu {

/// Adds the fused op types to the process-wide op registry (idempotent; pins this library in memory so the
/// registry never points into unloaded code).
void register_fused_ops();
/// "FusedConvolution" -> "Convolution"; "" for a type that is not a fused one.
std::string fused_base_type(const std::string& type);
/// Fuses every Conv/GroupConv/MatMul -> Add(bias) -> [activation] chain whose intermediates have one consumer
/// and are no model outputs, leaving out chains with an op type of `host_ops`. Returns the number fused.
size_t fuse_bias_activation(Model& model, const std::set<std::string>& host_ops = {});

}  // namespace gpu
}  // namespace ovcl
