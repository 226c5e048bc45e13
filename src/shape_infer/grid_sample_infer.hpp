// Shape and type inference of GridSample-9, and its attributes (shared with the host reference).
#pragma once

#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace shape_infer {

enum class GridMode { Bilinear, Bicubic, Nearest };
enum class GridPadding { Zeros, Border, Reflection };
struct GridSampleAttrs {
    bool align_corners = false;
    GridMode mode = GridMode::Bilinear;
    GridPadding padding = GridPadding::Zeros;
};
/// The node's align_corners, mode and padding_mode; a ModelError naming the node for unknown values.
GridSampleAttrs grid_sample_attrs(const Node& node);

}  // namespace shape_infer
}  // namespace ovcl
