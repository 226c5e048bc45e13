#include "ops/reduce.hpp"

#include <map>

#include "kernel_stems.hpp"
#include "ops/reduce_region.hpp"

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

bool integer_data(const Node& node) {
    const element::Type t = node.get_input_element_type(0);
    return t == element::i32 || t == element::i64;
}

}  // namespace

Validation ReduceOp::validate(const Node& node, const DeviceInfo&) const {
    if (integer_data(node) && node.get_type_name() == "ReduceL2")
        return Validation::no("ReduceL2 on " + node.get_input_element_type(0).get_type_name() +
                              ": integer reductions are sum, mean, max, min, prod and L1");
    Validation v = integer_data(node) ? Validation::yes() : require_float(node);
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
    if (integer_data(node)) {
        const bool wide = node.get_input_element_type(0) == element::i64;
        c.launches.push_back(region_launch(stem::reduce, "reduce_int", r, device, {KernelArg::scalar<cl_int>(code)},
                                           {KernelArg::scalar<cl_int>(static_cast<cl_int>(r.count))}));
        c.launches.back().options = define("IDATA", wide ? "long" : "int") + " " +
                                    define("IDATA_MIN", wide ? "LONG_MIN" : "INT_MIN") + " " +
                                    define("IDATA_MAX", wide ? "LONG_MAX" : "INT_MAX");
        c.impl_name = "reduce_int" + shape_suffix(r) + (wide ? "_i64" : "_i32");
        return c;
    }
    c.launches.push_back(region_launch(stem::reduce, "reduce", r, device, {KernelArg::scalar<cl_int>(code)},
                                       {KernelArg::scalar<cl_float>(static_cast<cl_float>(r.count))}));
    c.launches.back().options += storage_option(node);
    c.impl_name = "reduce" + shape_suffix(r) + type_suffix(node);
    return c;
}

}  // namespace gpu
}  // namespace ovcl
