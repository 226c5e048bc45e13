// Shape and type inference of the normalization ops. Every output has the data's type and shape.
#pragma once

#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace shape_infer {

/// MVN-1 (opset2): one input; attrs eps (required), across_channels, normalize_variance
/// (default true), reduction_axes (when non-empty it takes precedence over across_channels).
Outputs mvn1(const Node& node, const Inputs& in);
/// MVN-6: data, axes; attrs normalize_variance, eps, eps_mode (inside_sqrt / outside_sqrt).
Outputs mvn6(const Node& node, const Inputs& in);
/// NormalizeL2-1: data, axes; attrs eps, eps_mode (add / max).
Outputs normalize_l2(const Node& node, const Inputs& in);
/// BatchNormInference-1 (gamma, beta, data, mean, variance) and -5 (data, gamma, beta, mean,
/// variance); attr epsilon; channels on axis 1 of data.
Outputs batch_norm_inference(const Node& node, const Inputs& in);

/// GroupNormalization-12: (data [N, C, ...], scale [C], bias [C]) real; attrs num_groups (dividing C), epsilon.
Outputs group_normalization(const Node& node, const Inputs& in);
/// LRN-1: (real data, axes 1-D integer); attrs alpha, beta, bias, size (>= 1).
Outputs lrn(const Node& node, const Inputs& in);
/// GRN-1: real data of rank 2 to 4; attr bias.
Outputs grn(const Node& node, const Inputs& in);
}  // namespace shape_infer
}  // namespace ovcl
