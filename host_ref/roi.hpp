// Host reference kernels of the region-of-interest pooling ops, computed in f32 like OpenVINO CPU (f16
// through f32). ROIAlign and ROIAlignRotated read one integer batch index per roi: one outside the
// data's batch is an error naming the node. ROIPooling, PSROIPooling and DeformablePSROIPooling read it
// truncated from the roi's first value with Caffe's convention, which OpenVINO CPU keeps: a batch index of
// -1 ends the list, that roi and every later one pool to zeros; any other index outside the batch is an
// error. A ROIAlign sampling grid of more than 2^16 points per bin axis (sampling_ratio, or adaptive of a
// huge or non-finite roi) is refused rather than sampled. ROIAlign's max mode starts from 0 as in OpenVINO
// CPU: a bin whose samples are all negative pools to 0.
#pragma once

#include <cstddef>
#include <cstdint>

#include "host_ref/ref_utils.hpp"

namespace ovcl {
namespace host_ref {

namespace roi_detail {
/// One [H, W] plane of f32 values.
struct Plane {
    const float* p;
    int64_t h, w;
    float at(int64_t y, int64_t x) const { return p[y * w + x]; }
};
/// The bilinear interpolation of the plane at (y, x), which must lie in [0, h - 1] x [0, w - 1].
float bilinear(const Plane& pl, float y, float x);
/// The batch of roi r from its value `b`; ModelError naming the node unless 0 <= b < batches.
size_t batch_index(const Node& node, size_t r, int64_t b, size_t batches);
}  // namespace roi_detail

}  // namespace host_ref
}  // namespace ovcl
