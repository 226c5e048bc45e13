// Shape and type inference of the slice ops (StridedSlice-1, Slice-8), and the slice plans that
// resolve them against a static input shape (what the host reference and device kernels read).
#pragma once

#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace shape_infer {

/// How one input axis is read: `count` elements at start, start + step, start + 2 * step, ...
struct AxisSlice {
    int64_t start = 0;
    int64_t step = 1;
    int64_t count = 0;
};

/// begin:end:step over an axis of extent `dim`, with OpenVINO's clamping: negative indices count
/// from the end; forward slices clamp begin and end to [0, dim]; reverse slices clamp begin to
/// [0, dim - 1] and end to [-1, dim - 1]. A masked begin/end takes the whole range in the step's
/// direction. step must not be 0.
AxisSlice slice_axis(int64_t dim, int64_t begin, int64_t end, int64_t step, bool begin_masked = false,
                     bool end_masked = false);

/// A slice resolved against a static input shape.
struct SlicePlan {
    std::vector<AxisSlice> axes;  ///< one per input axis, in input order
    Shape out_shape;              ///< same element count as the axes' counts (new/shrunk axes differ)
};

/// StridedSlice-1 with the node's mask attributes; strides empty means all 1. Throws ModelError.
SlicePlan strided_slice_plan(const Node& node, const Shape& data, const std::vector<int64_t>& begin,
                             const std::vector<int64_t>& end, const std::vector<int64_t>& strides);
/// Slice-8; axes empty (no axes input) means 0, 1, ..., start.size() - 1. Throws ModelError.
SlicePlan slice_plan(const Node& node, const Shape& data, const std::vector<int64_t>& start,
                     const std::vector<int64_t>& stop, const std::vector<int64_t>& step,
                     const std::vector<int64_t>& axes);

}  // namespace shape_infer
}  // namespace ovcl
