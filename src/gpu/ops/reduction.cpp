#include "ops/reduction.hpp"

#include <map>

#include "ops/reduction_region.hpp"

namespace ovcl {
namespace gpu {

namespace {

// The `op` argument of the reduce kernel.
int reduce_code(const std::string& type) {
    static const std::map<std::string, int> codes{{"ReduceSum", 0},  {"ReduceMean", 1}, {"ReduceMax", 2},
                                                  {"ReduceMin", 3},  {"ReduceProd", 4}, {"ReduceL1", 5},
                                                  {"ReduceL2", 6}};
    return codes.at(type);
}

std::string shape_suffix(const Region& r) { return r.inner == 1 ? "_rows16" : "_cols8"; }

std::string type_suffix(const Node& node) { return node.get_input_element_type(0) == element::f16 ? "_f16" : ""; }

size_t softmax_axis(const Node& node) {
    const auto rank = static_cast<int64_t>(node.get_input_shape(0).size());
    auto axis = node.get_attr<int64_t>("axis", 1);
    if (axis < 0)
        axis += rank;
    return static_cast<size_t>(axis);
}

}  // namespace

Validation ReduceOp::validate(const Node& node, const DeviceInfo&) const {
    Validation v = require_float(node);
    if (!v.supported)
        return v;
    std::vector<size_t> axes;
    Region r;
    std::string why;
    if (!constant_axes(node, 1, axes, why) || !plan_region(node.get_input_shape(0), axes, r, why))
        return Validation::no(why);
    return Validation::yes();
}

OpConfig ReduceOp::configure(const Node& node, const DeviceInfo& device) const {
    std::vector<size_t> axes;
    Region r;
    std::string why;
    if (!constant_axes(node, 1, axes, why) || !plan_region(node.get_input_shape(0), axes, r, why))
        raise<NotImplemented>(node.describe(), ": ", why);
    const int code = reduce_code(node.get_type_name());
    OpConfig c;
    c.launches.push_back(region_launch("reduce", r, device, {KernelArg::scalar<cl_int>(code)},
                                       {KernelArg::scalar<cl_float>(static_cast<cl_float>(r.count))}));
    c.launches.back().options += storage_option(node);
    c.impl_name = "reduce" + shape_suffix(r) + type_suffix(node);
    return c;
}

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
    c.launches.push_back(region_launch("softmax", r, device, {}, {KernelArg::scalar<cl_int>(log ? 1 : 0)}));
    c.launches.back().options += storage_option(node);
    c.impl_name = (log ? "log_softmax" : "softmax") + shape_suffix(r) + type_suffix(node);
    return c;
}

}  // namespace gpu
}  // namespace ovcl
