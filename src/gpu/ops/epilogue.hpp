// The fused epilogue of FusedConvolution / FusedGroupConvolution / FusedMatMul (fusions.hpp): a bias per output
// channel, a residual, an activation and post ops, applied by the kernel to its accumulators before the store:
// y = post(act(conv + bias + residual)). The build options (-DFUSED, -DACT, -DACT_POST, -DEPI_PLANE, -DEPI_EXACT,
// -DRESIDUAL): docs/kernels.md, "epilogue".
#pragma once

#include <string>

#include "ops/gpu_op.hpp"

namespace ovcl {
namespace gpu {

bool is_fused(const Node& node);
/// The node's op type without the "Fused" prefix.
std::string base_op_type(const Node& node);
/// Refuses a fused node whose bias is not a Constant, whose activation the kernels lack, whose post ops are not
/// Multiply/Add/Subtract/Divide by Constants or FakeQuantize with Constant ranges (of one value or one per output
/// channel), or whose residual is not of the output's type and shape.
Validation validate_epilogue(const Node& node);
/// " -DFUSED=<mode> -DACT=... [-DACT_POST(v)=...] [-DEPI_PLANE=n]" for a fused node, "" otherwise (mode 1: bias
/// per column/channel; the kernel defines other modes); `table` is the kernel's channel_bias (its planes' stride
/// is EPI_PLANE). With a FakeQuantize post op also -DEPI_EXACT=1 and, where `device` offers it, correctly rounded
/// division, so that it quantizes as host_ref does.
std::string epilogue_options(const Node& node, int mode, const DeviceInfo& device, const Tensor& table);
/// An OpenCL C float literal of `v` rounded to f32, in parentheses ("(0.5f)", "INFINITY", "NAN").
std::string float_literal(double v);
/// Whether a fused node adds a residual tensor (its last input) after the bias.
bool has_residual(const Node& node);
/// The input index of the residual tensor of a node with has_residual().
size_t residual_input(const Node& node);
/// Appends the epilogue's kernel arguments: the bias (constant `bias_constant`), then the residual input if any.
void add_epilogue_args(const Node& node, size_t bias_constant, KernelLaunch& launch);
/// The epilogue's table: planes of `padded` f32 values (>= channels, zero past `channels`), plane 0 the bias (a
/// one-element bias repeated), planes 1.. the post ops' values that differ between channels (EPI_CH). Throws
/// ModelError naming the node when the bias or a post op Constant has neither one value nor `channels`.
Tensor channel_bias(const Node& node, size_t channels, size_t padded);

}  // namespace gpu
}  // namespace ovcl
