// Einsum-7 on the device as the ops it is (ops/einsum.hpp: which equations, and why the others stay on the host):
// ReduceSum over the labels only one operand has, Transpose + Reshape of each operand to a matrix (or a batch of
// them), one MatMul, Reshape to the labels and Transpose to the output's order. Reshapes are views; a Transpose is
// left out where the order is already right, and MatMul's transpose_a / transpose_b stand in for one where they can.
#include "ops/einsum.hpp"
#include "ovcl/ops.hpp"
#include "transform/fusions.hpp"
#include "transform/fusions_graph.hpp"

namespace ovcl {
namespace gpu {

namespace {

Output<Node> i64_constant(const std::vector<int64_t>& values) {
    return Output<Node>(op::constant<int64_t>(element::i64, Shape{values.size()}, values), 0);
}

Output<Node> transposed(const Output<Node>& x, const std::vector<int64_t>& order) {
    for (size_t i = 0; i < order.size(); ++i)
        if (order[i] != static_cast<int64_t>(i))
            return op::make_output("Transpose", {x, i64_constant(order)});
    return x;
}

Output<Node> reshaped(const Output<Node>& x, const Shape& shape, bool always = false) {
    if (!always && x.get_shape() == shape)
        return x;
    return op::make_output("Reshape", {x, i64_constant(std::vector<int64_t>(shape.begin(), shape.end()))},
                           {{"special_zero", "false"}});
}

}  // namespace

size_t decompose_einsum(Model& model, const std::set<std::string>& host_ops) {
    for (const char* type : {"Einsum", "MatMul", "Transpose", "ReduceSum", "Reshape"})
        if (host_ops.count(type))
            return 0;
    FusionWalk walk(model);
    size_t changed = 0;
    for (const auto& einsum : walk.order) {
        EinsumLowering low;
        std::string why;
        if (einsum->get_type_name() != "Einsum" || !lower_einsum(*einsum, low, why))
            continue;
        OutputVector operands;
        for (size_t i = 0; i < einsum->get_input_size(); ++i) {
            Output<Node> x = einsum->input_value(i);
            if (!low.reduce[i].empty())
                x = op::make_output("ReduceSum", {x, i64_constant(low.reduce[i])}, {{"keep_dims", "false"}});
            if (i < low.order.size())
                x = reshaped(transposed(x, low.order[i]), low.matrix[i]);
            operands.push_back(x);
        }
        Output<Node> y = operands[0];
        if (operands.size() == 2) {
            y = op::make_output("MatMul", operands,
                                {{"transpose_a", low.transpose_a ? "true" : "false"},
                                 {"transpose_b", low.transpose_b ? "true" : "false"}});
            y = reshaped(y, low.product);
        }
        y = transposed(y, low.output);
        if (y == einsum->input_value(0))  // the equation names its operand as it is: a view of it
            y = reshaped(y, einsum->get_output_shape(0), true);
        replace_by_fused(y.node, {einsum}, walk.consumers);
        ++changed;
    }
    return walk.done(changed);
}

}  // namespace gpu
}  // namespace ovcl
