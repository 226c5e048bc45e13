// Concat-1, Split-1 and VariadicSplit-1 on the device: around the axis the tensors are rows (the
// product of the dims before the axis) of slabs (the dims from the axis on). When every slab is a vector
// (16 elements) or more, one loop-free copy_runs per part moves them (faster on PoCL than the joined walk:
// docs/tuning.md); otherwise the slabs of up to four parts side by side form one joined row, and one launch
// moves them, walking the joined rows in order (one launch per part would walk the joined tensor once per
// part, in short strided pieces).
#include "ops/movement.hpp"
#include "ops/movement_copy.hpp"

namespace ovcl {
namespace gpu {

namespace {

using movement::product;

size_t normalized_axis(int64_t axis, size_t rank) {
    return static_cast<size_t>(axis < 0 ? axis + static_cast<int64_t>(rank) : axis);
}

// The launches moving parts (of the given shapes, in order) to or from the joined tensor of `joined_shape`.
OpConfig join(element::Type type, bool split, const Shape& joined_shape, const std::vector<Shape>& part_shapes,
              size_t axis) {
    const int64_t rows = product(joined_shape, 0, axis), pitch = product(joined_shape, axis, joined_shape.size());
    OpConfig config;
    config.impl_name = split ? "split_rows" : "concat_rows";
    if (rows == 0)
        return config;
    // Every part's rows a vector long or more: one loop-free copy_runs per part (on PoCL faster than the
    // joined walk, whose body loops over the parts' pieces), unless more than kMaxParts small parts would
    // each pay a launch (on PoCL the time of a 64 KiB copy: docs/tuning.md) that the joined walk shares.
    bool long_rows = true;
    int64_t parts_count = 0;
    for (const Shape& s : part_shapes) {
        const int64_t len = product(s, axis, s.size());
        long_rows = long_rows && (len == 0 || movement::runs_fit(len, 1));
        parts_count += len > 0 ? 1 : 0;
    }
    const int64_t mean_bytes = parts_count == 0 ? 0 : rows * pitch * static_cast<int64_t>(type.size()) / parts_count;
    if (long_rows && (parts_count <= static_cast<int64_t>(movement::kMaxParts) || mean_bytes >= (64 << 10))) {
        int64_t off = 0;
        for (size_t k = 0; k < part_shapes.size(); ++k) {
            const int64_t len = product(part_shapes[k], axis, part_shapes[k].size());
            if (len == 0)
                continue;
            if (split)
                movement::append_runs(config, type, KernelArg::input(0), KernelArg::output(k), off, 0, len,
                                      {movement::RunAxis{rows, pitch, len}});
            else
                movement::append_runs(config, type, KernelArg::input(k), KernelArg::output(0), 0, off, len,
                                      {movement::RunAxis{rows, len, pitch}});
            off += len;
        }
        return config;
    }
    std::vector<KernelArg> parts;
    std::vector<int64_t> lens;
    int64_t off = 0, batch_off = 0;
    auto flush = [&] {
        if (!parts.empty())
            config.launches.push_back(movement::join_rows(type, split, split ? KernelArg::input(0)
                                                                              : KernelArg::output(0),
                                                          parts, lens, rows, batch_off, pitch));
        parts.clear();
        lens.clear();
        batch_off = off;
    };
    for (size_t k = 0; k < part_shapes.size(); ++k) {
        const int64_t len = product(part_shapes[k], axis, part_shapes[k].size());
        if (len > 0) {
            parts.push_back(split ? KernelArg::output(k) : KernelArg::input(k));
            lens.push_back(len);
        }
        off += len;
        if (parts.size() == movement::kMaxParts)
            flush();
    }
    flush();
    return config;
}

}  // namespace

Validation ConcatOp::validate(const Node& node, const DeviceInfo&) const {
    if (!node.has_attr("axis"))
        return Validation::no("no axis attribute");
    return movement::check_sizes(node);
}

OpConfig ConcatOp::configure(const Node& node, const DeviceInfo&) const {
    const Shape out_shape = node.get_output_shape(0);
    std::vector<Shape> parts;
    for (size_t k = 0; k < node.get_input_size(); ++k)
        parts.push_back(node.get_input_shape(k));
    return join(node.get_output_element_type(0), false, out_shape, parts,
                normalized_axis(node.get_attr<int64_t>("axis"), out_shape.size()));
}

Validation SplitOp::validate(const Node& node, const DeviceInfo&) const {
    std::vector<int64_t> axis;
    if (!movement::constant_ints(node, 1, axis) || axis.size() != 1)
        return Validation::no("the axis input is not an integer Constant of one value");
    return movement::check_sizes(node);
}

OpConfig SplitOp::configure(const Node& node, const DeviceInfo&) const {
    const Shape in_shape = node.get_input_shape(0);
    std::vector<int64_t> axis;
    movement::constant_ints(node, 1, axis);
    std::vector<Shape> parts;
    for (size_t k = 0; k < node.get_output_size(); ++k)
        parts.push_back(node.get_output_shape(k));
    return join(node.get_input_element_type(0), true, in_shape, parts, normalized_axis(axis.at(0), in_shape.size()));
}

}  // namespace gpu
}  // namespace ovcl
