// Host reference kernels of the YOLO region ops, computed in f32 (f16 through f32) like OpenVINO CPU.
// RegionYolo: the output is the data's leading elements, then per region the logistic function on x, y
// and the objectness, and on the classes a softmax (do_softmax) or the logistic function. Like OpenVINO
// CPU, batch b's regions are read at b * regions * (coords + classes + 1) * H * W of the flat data, not at
// b * C * H * W: the two differ only when the data has more channels than its regions use. ReorgYolo is
// darknet's reorg as OpenVINO defines it: output element (n, c, h, w) of the data's own shape [N, C, H, W]
// is element (n, c % (C / s^2), h s + (c / (C / s^2)) / s, w s + (c / (C / s^2)) % s) of the data seen
// as [N, C / s^2, H s, W s].
#pragma once

#include "host_ref/ref_utils.hpp"

namespace ovcl {
namespace host_ref {
void region_yolo(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void reorg_yolo(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
}  // namespace host_ref
}  // namespace ovcl
