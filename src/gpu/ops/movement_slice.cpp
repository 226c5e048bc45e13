// StridedSlice-1 and Slice-8 on the device: the slice plan of shape inference (one start, step and
// count per input axis) is a mapped copy whose axes read start * stride + k * step * stride; new and
// shrunk axes do not change the order of the elements, only the output's shape.
#include <algorithm>

#include "ops/movement.hpp"
#include "ops/movement_copy.hpp"
#include "shape_infer/slice_infer.hpp"

namespace ovcl {
namespace gpu {

namespace {

// The plan from the constant index inputs; false (with the reason) when they are not all constants or
// do not make a plan.
bool plan_of(const Node& node, shape_infer::SlicePlan& plan, std::string& why) {
    std::vector<std::vector<int64_t>> v(node.get_input_size());
    for (size_t i = 1; i < node.get_input_size(); ++i)
        if (!movement::constant_ints(node, i, v[i])) {
            why = "index input " + std::to_string(i) + " is not an integer Constant";
            return false;
        }
    const Shape data = node.get_input_shape(0);
    v.resize(std::max<size_t>(v.size(), 5));
    try {
        plan = node.get_type_name() == "Slice" ? shape_infer::slice_plan(node, data, v[1], v[2], v[3], v[4])
                                               : shape_infer::strided_slice_plan(node, data, v[1], v[2], v[3]);
    } catch (const Exception& e) {
        why = e.what();
        return false;
    }
    return true;
}

}  // namespace

Validation SliceOp::validate(const Node& node, const DeviceInfo&) const {
    shape_infer::SlicePlan plan;
    std::string why;
    if (!plan_of(node, plan, why))
        return Validation::no(why);
    return movement::check_sizes(node);
}

OpConfig SliceOp::configure(const Node& node, const DeviceInfo&) const {
    shape_infer::SlicePlan plan;
    std::string why;
    if (!plan_of(node, plan, why))
        raise<NotImplemented>(node.describe(), ": ", why);
    const Strides strides = row_major_strides(node.get_input_shape(0));
    movement::MappedCopy copy;
    for (size_t a = 0; a < plan.axes.size(); ++a) {
        const auto s = static_cast<int64_t>(strides[a]);
        copy.add_offset(plan.axes[a].count > 0 ? plan.axes[a].start * s : 0);
        copy.add_axis(plan.axes[a].count, plan.axes[a].step * s);
    }
    OpConfig config;
    copy.append_to(config, node.get_input_element_type(0), KernelArg::input(0), KernelArg::output(0),
                   KernelArg::input(0));
    config.impl_name = "slice_mapped";
    return config;
}

}  // namespace gpu
}  // namespace ovcl
