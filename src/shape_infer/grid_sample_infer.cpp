#include "shape_infer/grid_sample_infer.hpp"

#include <string>

namespace ovcl {
namespace shape_infer {

GridSampleAttrs grid_sample_attrs(const Node& node) {
    GridSampleAttrs a;
    a.align_corners = node.get_attr<bool>("align_corners", false);
    static const std::pair<const char*, GridMode> modes[] = {
        {"bilinear", GridMode::Bilinear}, {"bicubic", GridMode::Bicubic}, {"nearest", GridMode::Nearest}};
    static const std::pair<const char*, GridPadding> paddings[] = {
        {"zeros", GridPadding::Zeros}, {"border", GridPadding::Border}, {"reflection", GridPadding::Reflection}};
    a.mode = pick(node, "mode", node.get_attr<std::string>("mode", "bilinear"), modes);
    a.padding = pick(node, "padding_mode", node.get_attr<std::string>("padding_mode", "zeros"), paddings);
    return a;
}

Outputs grid_sample(const Node& node, const Inputs& in) {
    check_input_count(node, in, 2, 2);
    if (in[0].type == element::boolean)
        raise<ModelError>(node.describe(), ": boolean data is not supported");
    check_real(node, in, 1);
    grid_sample_attrs(node);
    const PartialShape& data = in[0].shape;
    const PartialShape& grid = in[1].shape;
    if (data.rank_is_static() && data.size() != 4)
        raise<ModelError>(node.describe(), ": data must have rank 4 ([N, C, H, W]), got ", data);
    if (grid.rank_is_static() && grid.size() != 4)
        raise<ModelError>(node.describe(), ": grid must have rank 4 ([N, H_out, W_out, 2]), got ", grid);
    if (grid.rank_is_static() && !grid[3].compatible(Dimension(2)))
        raise<ModelError>(node.describe(), ": the grid's last axis must be 2 (x, y), got ", grid);
    Dimension n = data.rank_is_static() ? data[0] : Dimension();
    if (grid.rank_is_static()) {
        if (!n.compatible(grid[0]))
            raise<ModelError>(node.describe(), ": data ", data, " and grid ", grid, " differ in batch");
        if (n.is_dynamic())
            n = grid[0];
    }
    const Dimension c = data.rank_is_static() ? data[1] : Dimension();
    const Dimension h = grid.rank_is_static() ? grid[1] : Dimension();
    const Dimension w = grid.rank_is_static() ? grid[2] : Dimension();
    return {{in[0].type, PartialShape{n, c, h, w}}};
}

}  // namespace shape_infer
}  // namespace ovcl
