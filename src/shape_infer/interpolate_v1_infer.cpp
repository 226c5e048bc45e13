// Interpolate-1 (opset1) mapped onto the Interpolate-4/11 attributes, as OpenVINO CPU runs it: sizes for the
// `axes` attribute (taken in ascending order), coordinates asymmetric or align_corners, nearest rounding
// "simple", linear as linear_onnx, no antialiasing (OpenVINO CPU's output does not change with it); mode
// area is refused (OpenVINO CPU cannot compile it either).
#include <algorithm>
#include <string>

#include "shape_infer/interpolate_infer.hpp"

namespace ovcl {
namespace shape_infer {

InterpolateAttrs interpolate_v1_attrs(const Node& node) {
    using Attrs = InterpolateAttrs;
    Attrs a;
    const auto mode = node.get_attr<std::string>("mode");
    if (mode == "nearest")
        a.mode = Attrs::Mode::nearest;
    else if (mode == "linear")
        a.mode = Attrs::Mode::linear_onnx;
    else if (mode == "cubic")
        a.mode = Attrs::Mode::cubic;
    else
        raise<ModelError>(node.describe(), ": mode \"", mode, "\" is not nearest, linear or cubic");
    a.coord = node.get_attr<bool>("align_corners", true) ? Attrs::Coord::align_corners : Attrs::Coord::asymmetric;
    a.nearest = Attrs::Nearest::simple;
    node.get_attr<bool>("antialias", false);  // validates the text
    return a;  // interpolate_attrs adds the pads
}

std::vector<int64_t> interpolate_v1_axes(const Node& node, size_t rank) {
    auto axes = node.get_attr<std::vector<int64_t>>("axes");
    std::sort(axes.begin(), axes.end());
    for (size_t i = 0; i < axes.size(); ++i) {
        if (axes[i] < 0 || axes[i] >= static_cast<int64_t>(rank))
            raise<ModelError>(node.describe(), ": axis ", axes[i], " is out of range [0, ", rank, ")");
        if (i > 0 && axes[i] == axes[i - 1])
            raise<ModelError>(node.describe(), ": axis ", axes[i], " is repeated in the axes attribute");
    }
    return axes;
}

}  // namespace shape_infer
}  // namespace ovcl
