// ShapeOf-1/3 and Range-1/4 on the device when their output is known when the model compiles (the
// input shape is static; Range's inputs are Constants): host_ref computes the values once and a row
// copy moves them from a constant buffer into the output.
#include "host_ref/shape_ops.hpp"
#include "ops/movement.hpp"
#include "ops/movement_copy.hpp"

namespace ovcl {
namespace gpu {

namespace {
Tensor values_of(const Node& node) {
    if (node.get_type_name() == "ShapeOf") {
        Tensor out(node.get_output_element_type(0), node.get_output_shape(0));
        host_ref::write_shape(node.get_input_shape(0), out);
        return out;
    }
    TensorVector in;
    for (size_t i = 0; i < node.get_input_size(); ++i)
        in.push_back(*movement::constant_input(node, i));
    EvalContext ctx;
    return evaluate_node(node, in, ctx).at(0);
}
}  // namespace

Validation PrecomputedOp::validate(const Node& node, const DeviceInfo&) const {
    if (node.get_type_name() == "ShapeOf") {
        const element::Type t = node.get_output_element_type(0);
        if (t != element::i32 && t != element::i64)
            return Validation::no("output type " + t.to_string() + " (i32 or i64 only)");
    } else {
        for (size_t i = 0; i < node.get_input_size(); ++i)
            if (!movement::constant_input(node, i))
                return Validation::no("input " + std::to_string(i) + " is not a Constant: the values are computed "
                                      "when the model compiles");
    }
    return movement::check_sizes(node);
}

OpConfig PrecomputedOp::configure(const Node& node, const DeviceInfo&) const {
    OpConfig config;
    config.impl_name = "precomputed_copy";
    Tensor values = values_of(node);
    if (values.get_shape() != node.get_output_shape(0))
        raise<Exception>(node.describe(), ": computed ", values.get_shape(), " for an output of ",
                         node.get_output_shape(0));
    const auto n = static_cast<int64_t>(values.get_size());
    if (n == 0)
        return config;
    config.constants.push_back(values);
    config.launches.push_back(
        movement::join_rows(values.get_element_type(), false, KernelArg::output(0), {KernelArg::constant(0)}, {n}, 1,
                            0, n));
    return config;
}

}  // namespace gpu
}  // namespace ovcl
