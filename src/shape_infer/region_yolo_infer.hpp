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

}  // namespace shape_infer
}  // namespace ovcl
