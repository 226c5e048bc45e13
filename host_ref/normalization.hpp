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

/// Group normalization, local response normalization and global response normalization
/// (normalization_group.cpp): computed in double on f32 (f16 through f32) data.
void group_normalization(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
/// x / (bias + alpha / size^|axes| * the sum of squares over the window on the axes)^beta; the window reaches
/// (size - 1) / 2 elements each way, as OpenVINO's.
void lrn(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
/// x / sqrt(bias + the sum of squares over the channels, axis 1).
void grn(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);

}  // namespace host_ref
}  // namespace ovcl
