#include "ops/softmax.hpp"

#include "kernel_stems.hpp"
#include "ops/reduce_region.hpp"

namespace ovcl {
namespace gpu {

namespace {

size_t softmax_axis(const Node& node) {
    const auto rank = static_cast<int64_t>(node.get_input_shape(0).size());
    auto axis = node.get_attr<int64_t>("axis", 1);
    if (axis < 0)
        axis += rank;
    return static_cast<size_t>(axis);
}

}  // namespace

Validation SoftmaxOp::validate(const Node& node, const DeviceInfo&) const {
    Validation v = require_float(node);
    if (!v.supported)
        return v;
    Region r;
    std::string why;
    if (!plan_region(node.get_input_shape(0), {softmax_axis(node)}, r, why))
        return Validation::no(why);
    return Validation::yes();
}

OpConfig SoftmaxOp::configure(const Node& node, const DeviceInfo& device) const {
    Region r;
    std::string why;
    if (!plan_region(node.get_input_shape(0), {softmax_axis(node)}, r, why))
        raise<NotImplemented>(node.describe(), ": ", why);
    const bool log = node.get_type_name() == "LogSoftmax";
    OpConfig c;
    c.launches.push_back(region_launch(stem::softmax, "softmax", r, device, {}, {KernelArg::scalar<cl_int>(log ? 1 : 0)}));
    c.launches.back().options += storage_option(node);
    c.impl_name = (log ? "log_softmax" : "softmax") + shape_suffix(r) + type_suffix(node);
    return c;
}

}  // namespace gpu
}  // namespace ovcl
