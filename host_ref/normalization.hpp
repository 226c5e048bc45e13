// Host reference kernels of the normalization ops (computed in double, stored in the data type).
#pragma once

#include "host_ref/ref_utils.hpp"

namespace ovcl {
namespace host_ref {

void mvn1(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void mvn6(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void normalize_l2(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
/// BatchNormInference-1 and -5 (the version decides the input order).
void batch_norm_inference(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);

}  // namespace host_ref
}  // namespace ovcl
