// Reverse-1: the axes to reverse, named by index or by a boolean mask.
#include <string>

#include "shape_infer/rearrange_infer.hpp"

namespace ovcl {
namespace shape_infer {

std::vector<bool> reverse_axes(const Node& node, int64_t rank, const std::vector<int64_t>& axes) {
    std::vector<bool> flip(static_cast<size_t>(rank), false);
    if (node.get_attr<std::string>("mode") == "mask") {
        if (static_cast<int64_t>(axes.size()) != rank)
            raise<ModelError>(node.describe(), ": the mask has ", axes.size(), " entries for rank ", rank);
        for (size_t i = 0; i < axes.size(); ++i)
            flip[i] = axes[i] != 0;
        return flip;
    }
    for (int64_t a : axes)  // repeats are allowed (OpenVINO CPU reverses once)
        flip[static_cast<size_t>(normalize_axis(node, a, rank))] = true;
    return flip;
}

Outputs reverse(const Node& node, const Inputs& in) {
    check_input_count(node, in, 2, 2);
    check_type(node, in, 0, {});
    const auto mode = node.get_attr<std::string>("mode", "");
    if (mode != "index" && mode != "mask")
        raise<ModelError>(node.describe(), ": mode must be index or mask, not \"", mode, "\"");
    if (mode == "mask")
        check_type(node, in, 1, {element::boolean});
    else
        check_integer(node, in, 1);
    const PartialShape& axes = in[1].shape;
    if (axes.rank_is_static() && axes.size() != 1)
        raise<ModelError>(node.describe(), ": the axes must be 1-D, got ", axes);
    if (in[0].shape.rank_is_static()) {
        const int64_t rank = in[0].shape.rank_length();
        if (mode == "mask" && axes.rank_is_static() && !axes[0].compatible(Dimension(rank)))
            raise<ModelError>(node.describe(), ": the mask ", axes, " must have one entry per data axis (", rank, ")");
        if (const auto values = const_i64(in[1]))
            reverse_axes(node, rank, *values);
    }
    return {{in[0].type, in[0].shape}};
}

}  // namespace shape_infer
}  // namespace ovcl
