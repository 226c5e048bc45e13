// Shape and type inference of the YOLO region ops: RegionYolo-1 and ReorgYolo-2, and RegionYolo's
// attributes, which the host reference reads the same way.
#pragma once

#include <cstdint>

#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace shape_infer {

struct RegionYoloAttrs {
    int64_t coords = 4, classes = 0, regions = 1;  ///< regions: num with do_softmax, else the mask's size
    bool softmax = true;
    int64_t entry() const { return coords + classes + 1; }  ///< channels per region
};
RegionYoloAttrs region_yolo_attrs(const Node& node);

/// RegionYolo-1: data [N, C, H, W] (C >= regions * (coords + classes + 1)). With do_softmax the data's shape
/// flattened over [axis, end_axis]; else [N, mask size * (coords + classes + 1), H, W].
Outputs region_yolo(const Node& node, const Inputs& in);
/// ReorgYolo-2: data [N, C, H, W] (C a multiple of stride^2, H and W of stride): [N, C * stride^2, H / stride, W / stride].
Outputs reorg_yolo(const Node& node, const Inputs& in);

}  // namespace shape_infer
}  // namespace ovcl
