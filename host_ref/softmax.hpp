// Host reference kernels of the softmax ops.
#pragma once

#include "host_ref/ref_utils.hpp"

namespace ovcl {
namespace host_ref {

/// Softmax-1 and -8: exp(x - max) / sum(exp(x - max)) along the axis.
void softmax(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
/// LogSoftmax-5: x - max - log(sum(exp(x - max))) along the axis.
void log_softmax(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);

}  // namespace host_ref
}  // namespace ovcl
