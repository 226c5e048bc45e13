// Broadcast-1/3, Tile-1 and Pad-1/12 on the device, as mapped copies: a broadcast axis reads with
// stride 0; a tiled axis of extent n repeated r times is two axes (r with stride 0, n with the input's
// stride); a padded axis reads index k - pads_begin and resolves indices outside the input by the mode.
#include <cstring>

#include "shape_infer/broadcast_infer.hpp"
#include "ops/movement.hpp"
#include "ops/movement_copy.hpp"
#include "shape_infer/pad_infer.hpp"

namespace ovcl {
namespace gpu {

namespace {
movement::Fill fill_mode(shape_infer::PadMode mode) {
    switch (mode) {
    case shape_infer::PadMode::edge: return movement::Fill::edge;
    case shape_infer::PadMode::reflect: return movement::Fill::reflect;
    case shape_infer::PadMode::symmetric: return movement::Fill::symmetric;
    default: return movement::Fill::constant;
    }
}
}  // namespace

Validation BroadcastOp::validate(const Node& node, const DeviceInfo&) const {
    if (node.get_type_name() == "Broadcast") {
        try {
            std::vector<int64_t> axes;
            if (shape_infer::broadcast_mode(node) == shape_infer::BroadcastMode::explicit_axes &&
                !movement::constant_ints(node, 2, axes))
                return Validation::no("explicit mode with an axes_mapping input that is not an integer Constant");
        } catch (const Exception& e) {
            return Validation::no(e.what());
        }
    }
    return movement::check_sizes(node);
}

OpConfig BroadcastOp::configure(const Node& node, const DeviceInfo&) const {
    const Shape in_shape = node.get_input_shape(0), out_shape = node.get_output_shape(0);
    const Strides in_strides = row_major_strides(in_shape);
    const size_t shift = out_shape.size() - in_shape.size();
    movement::MappedCopy copy;
    if (node.get_type_name() == "Tile") {
        for (size_t j = 0; j < out_shape.size(); ++j) {
            const auto dim = static_cast<int64_t>(j < shift ? 1 : in_shape[j - shift]);
            const auto stride = static_cast<int64_t>(j < shift ? 0 : in_strides[j - shift]);
            copy.add_axis(dim == 0 ? 0 : static_cast<int64_t>(out_shape[j]) / dim, 0);
            copy.add_axis(dim, stride);
        }
    } else {
        std::vector<int64_t> out_axis(in_shape.size());
        if (shape_infer::broadcast_mode(node) == shape_infer::BroadcastMode::explicit_axes)
            movement::constant_ints(node, 2, out_axis);
        else
            for (size_t i = 0; i < in_shape.size(); ++i)
                out_axis[i] = static_cast<int64_t>(i + shift);
        std::vector<int64_t> stride(out_shape.size(), 0);
        for (size_t i = 0; i < in_shape.size(); ++i)
            if (in_shape[i] != 1)
                stride.at(static_cast<size_t>(out_axis[i])) = static_cast<int64_t>(in_strides[i]);
        for (size_t j = 0; j < out_shape.size(); ++j)
            copy.add_axis(static_cast<int64_t>(out_shape[j]), stride[j]);
    }
    OpConfig config;
    copy.append_to(config, node.get_input_element_type(0), KernelArg::input(0), KernelArg::output(0),
                   KernelArg::input(0));
    config.impl_name = node.get_type_name() == "Tile" ? "tile_mapped" : "broadcast_mapped";
    return config;
}

Validation PadOp::validate(const Node& node, const DeviceInfo&) const {
    std::vector<int64_t> begin;
    if (!movement::constant_ints(node, 1, begin))
        return Validation::no("pads_begin is not an integer Constant");
    try {
        shape_infer::pad_mode(node);
    } catch (const Exception& e) {
        return Validation::no(e.what());
    }
    return movement::check_sizes(node);
}

OpConfig PadOp::configure(const Node& node, const DeviceInfo&) const {
    const Shape in_shape = node.get_input_shape(0), out_shape = node.get_output_shape(0);
    const element::Type type = node.get_input_element_type(0);
    const Strides in_strides = row_major_strides(in_shape);
    std::vector<int64_t> begin;
    movement::constant_ints(node, 1, begin);
    movement::MappedCopy copy;
    for (size_t a = 0; a < in_shape.size(); ++a)
        copy.add_mapped_axis(static_cast<int64_t>(out_shape[a]), static_cast<int64_t>(in_shape[a]), -begin.at(a),
                             static_cast<int64_t>(in_strides[a]));
    OpConfig config;
    const auto mode = shape_infer::pad_mode(node);
    KernelArg fill = KernelArg::input(0);  // read only where the constant mode pads
    if (mode == shape_infer::PadMode::constant) {
        if (node.get_input_size() > 3) {
            fill = KernelArg::input(3);
        } else {
            Tensor zero(type, Shape{});
            std::memset(zero.data(), 0, zero.get_byte_size());
            config.constants.push_back(zero);
            fill = KernelArg::constant(0);
        }
    }
    copy.append_to(config, type, KernelArg::input(0), KernelArg::output(0), fill, fill_mode(mode));
    config.impl_name = "pad_mapped";
    return config;
}

}  // namespace gpu
}  // namespace ovcl
