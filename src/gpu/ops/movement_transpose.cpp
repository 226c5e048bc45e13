// Transpose-1 on the device. The output axes read the input through permuted strides; after merging
// axes that stay together, either the innermost output axis is contiguous in the input (copy_runs, or the
// mapped copy of runs past its axes), or it is not: then TILE x TILE tiles of the two innermost axes (of input
// and of output) are transposed in registers (loop-free, the last tile of an axis overlapping its neighbour),
// unless those axes are too short to fill a tile or more than four other axes remain (a strided gather).
#include <algorithm>

#include "ops/movement.hpp"
#include "ops/movement_copy.hpp"

namespace ovcl {
namespace gpu {

namespace {

constexpr int64_t kTile = 16;  // TILE in movement.cl

std::vector<size_t> order_of(const Node& node) {
    std::vector<int64_t> raw;
    movement::constant_ints(node, 1, raw);
    const size_t rank = node.get_input_shape(0).size();
    std::vector<size_t> order(rank);
    for (size_t i = 0; i < rank; ++i)
        order[i] = raw.empty() ? rank - 1 - i : static_cast<size_t>(raw[i]);
    return order;
}

// The tiled launch: L is the last axis, q the axis with source stride 1.
void append_tiled(OpConfig& config, element::Type type, const std::vector<movement::MappedCopy::Axis>& axes,
                  size_t q) {
    const size_t last = axes.size() - 1;
    std::vector<int64_t> out_stride(axes.size(), 1);
    for (size_t a = last; a-- > 0;)
        out_stride[a] = out_stride[a + 1] * axes[a + 1].extent;
    std::vector<int32_t> geom;
    int64_t rows = 1;
    for (size_t a = 0; a < last; ++a) {
        if (a == q)
            continue;
        geom.insert(geom.end(), {static_cast<int32_t>(axes[a].extent), static_cast<int32_t>(axes[a].stride),
                                 static_cast<int32_t>(out_stride[a])});
        rows *= axes[a].extent;
    }
    const auto others = static_cast<cl_int>(geom.size() / 3);
    if (geom.empty())
        geom.assign(3, 0);  // OpenCL has no empty buffers
    Tensor g(element::i32, Shape{geom.size()});
    std::copy(geom.begin(), geom.end(), g.data<int32_t>());
    config.constants.push_back(g);

    const int64_t dl = axes[last].extent, dq = axes[q].extent;
    const int64_t tiles_l = (dl + kTile - 1) / kTile, tiles_q = (dq + kTile - 1) / kTile;
    // Walking along Q continues 16 source rows; along L, 16 destination rows. The other side then
    // jumps by 16 of its strides: keep the jumps on the side whose rows lie closer together (reads
    // win a tie: a stalled load costs more than a store).
    const bool q_first = axes[last].stride >= out_stride[q];
    const int64_t tiles_x = q_first ? tiles_q : tiles_l, tiles_y = q_first ? tiles_l : tiles_q;
    KernelLaunch l = movement::launch_3d("transpose_tiles", type, tiles_x, tiles_y, rows);
    l.args = {KernelArg::input(0),
              KernelArg::output(0),
              KernelArg::constant(config.constants.size() - 1),
              KernelArg::scalar(others),
              KernelArg::scalar(static_cast<cl_int>(dl)),
              KernelArg::scalar(static_cast<cl_int>(axes[last].stride)),
              KernelArg::scalar(static_cast<cl_int>(dq)),
              KernelArg::scalar(static_cast<cl_int>(out_stride[q])),
              KernelArg::scalar(static_cast<cl_int>(tiles_x)),
              KernelArg::scalar(static_cast<cl_int>(tiles_y)),
              KernelArg::scalar(static_cast<cl_int>(q_first ? 1 : 0))};
    config.launches.push_back(std::move(l));
}

}  // namespace

Validation TransposeOp::validate(const Node& node, const DeviceInfo&) const {
    std::vector<int64_t> order;
    if (!movement::constant_ints(node, 1, order))
        return Validation::no("the order input is not an integer Constant");
    return movement::check_sizes(node);
}

OpConfig TransposeOp::configure(const Node& node, const DeviceInfo&) const {
    return movement::transpose_config(node.get_input_shape(0), node.get_input_element_type(0), order_of(node));
}

OpConfig movement::transpose_config(const Shape& in_shape, element::Type type, const std::vector<size_t>& order) {
    const Strides in_strides = row_major_strides(in_shape);
    movement::MappedCopy copy;
    for (size_t j = 0; j < order.size(); ++j)
        copy.add_axis(static_cast<int64_t>(in_shape[order[j]]), static_cast<int64_t>(in_strides[order[j]]));

    OpConfig config;
    if (shape_size(in_shape) == 0) {
        config.impl_name = "transpose_empty";
        return config;
    }
    const auto axes = copy.simplified();
    const size_t last = axes.size() - 1;
    size_t q = last;
    for (size_t a = 0; a < axes.size(); ++a)
        if (axes[a].stride == 1)
            q = a;
    // Tiles when both axes fill one and the other axes fit transpose_tiles (its z enumerates kRunAxes).
    if (q != last && axes[last].extent >= kTile && axes[q].extent >= kTile && axes.size() - 2 <= movement::kRunAxes) {
        append_tiled(config, type, axes, q);
        config.impl_name = "transpose_tiled16";
        return config;
    }
    copy.append_to(config, type, KernelArg::input(0), KernelArg::output(0), KernelArg::input(0));
    config.impl_name = axes[last].stride == 1 ? "transpose_rows" : "transpose_gather";
    return config;
}

}  // namespace gpu
}  // namespace ovcl
