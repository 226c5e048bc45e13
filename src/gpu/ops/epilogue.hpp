// The fused epilogue of FusedConvolution / FusedGroupConvolution / FusedMatMul (see fusions.hpp): a bias per
// output channel plus an activation, applied by the kernel to its accumulators before the store.
// Kernels read them through build options:
//   -DFUSED=1        the kernel takes one more argument, `bias` (f32, per output channel, zero-padded)
//   -DACT=n          0 none, 1 Relu, 2 Clamp (ACT_LO, ACT_HI), 3 Sigmoid, 4 Tanh, 5 HSwish, 6 Swish (beta 1),
//                    7 Gelu (erf), 8 Gelu (tanh approximation), 9 Elu (ACT_ALPHA), 10 HSigmoid, 11 Mish, 12 SoftPlus
//   -DACT_POST(v)=e  the post ops after the activation (Multiply/Add/Subtract/Divide by single-value Constants,
//                    FakeQuantize with single-value ranges), an expression of v with their values as literals
//   -DEPI_EXACT=1    with a FakeQuantize post op: no contraction into fused multiply-adds in the kernel's file (its
//                    sums call fma() themselves), so the quantizer's levels are the host reference's
//   -DRESIDUAL=1     a residual Add (fusions.hpp, attribute "residual"): one more argument after `bias`,
//                    `residual`, of the output's type and shape, read at the output's index and added after the
//                    bias, before the activation: y = post(act(conv + bias + residual))
#pragma once

#include <string>

#include "ops/gpu_op.hpp"

namespace ovcl {
namespace gpu {

bool is_fused(const Node& node);
/// The node's op type without the "Fused" prefix.
std::string base_op_type(const Node& node);
/// Refuses a fused node whose bias is not a Constant, whose activation the kernels lack, whose post ops are not
/// Multiply/Add/Subtract/Divide by single-value Constants or FakeQuantize with single-value ranges, or whose
/// residual is not of the output's type and shape.
Validation validate_epilogue(const Node& node);
/// " -DFUSED=<mode> -DACT=... [-DACT_POST(v)=...]" for a fused node, "" otherwise (mode 1: bias per
/// column/channel; the kernel defines other modes). With a FakeQuantize post op also -DEPI_EXACT=1 and, where
/// `device` offers it, correctly rounded division, so that it quantizes as host_ref does.
std::string epilogue_options(const Node& node, int mode, const DeviceInfo& device);
/// An OpenCL C float literal of `v` rounded to f32, in parentheses ("(0.5f)", "INFINITY", "NAN").
std::string float_literal(double v);
/// Whether a fused node adds a residual tensor (its last input) after the bias.
bool has_residual(const Node& node);
/// The input index of the residual tensor of a node with has_residual().
size_t residual_input(const Node& node);
/// Appends the epilogue's kernel arguments: the bias (constant `bias_constant`), then the residual input if any.
void add_epilogue_args(const Node& node, size_t bias_constant, KernelLaunch& launch);
/// The bias as `channels` f32 values (a one-element bias repeated), zero-padded to `padded` (>= channels).
Tensor channel_bias(const Node& node, size_t channels, size_t padded);

}  // namespace gpu
}  // namespace ovcl
