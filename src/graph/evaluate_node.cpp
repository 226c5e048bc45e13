#include "ovcl/node.hpp"
#include "ovcl/op_registry.hpp"

namespace ovcl {

TensorVector evaluate_node(const Node& node, const TensorVector& inputs, EvalContext& ctx) {
    const OpSpec& spec = node.spec();
    if (!spec.evaluate)
        raise<NotImplemented>(node.describe(), ": no host implementation");
    if (inputs.size() != node.get_input_size())
        raise<InvalidArgument>(node.describe(), ": expects ", node.get_input_size(), " input tensors, got ",
                               inputs.size());
    std::vector<InputInfo> info;
    info.reserve(inputs.size());
    for (size_t i = 0; i < inputs.size(); ++i) {
        if (!inputs[i])
            raise<InvalidArgument>(node.describe(), ": input tensor ", i, " is empty");
        info.push_back({inputs[i].get_element_type(), PartialShape(inputs[i].get_shape()), &inputs[i]});
    }
    std::vector<OutputInfo> out_info;
    try {
        out_info = spec.infer(node, info);
    } catch (const ModelError&) {
        throw;
    } catch (const std::exception& e) {
        raise<ModelError>(node.describe(), ": ", e.what());
    }
    TensorVector outputs;
    outputs.reserve(out_info.size());
    // An output whose shape the inputs do not decide (a ReadValue of a growing variable) gets
    // an empty placeholder that the reference function reshapes; checked below.
    for (const auto& info : out_info)
        outputs.emplace_back(info.type, info.shape.is_static() ? info.shape.to_shape() : Shape{0});
    // Strided inputs (ROIs) are packed so every kernel sees dense C-order data.
    TensorVector dense = inputs;
    for (auto& t : dense)
        if (!t.is_continuous()) {
            Tensor packed(t.get_element_type(), t.get_shape());
            t.copy_to(packed);
            t = packed;
        }
    spec.evaluate(node, dense, outputs, ctx);
    for (size_t i = 0; i < outputs.size(); ++i)
        if (!out_info[i].shape.contains(outputs[i].get_shape()))
            raise<ModelError>(node.describe(), ": output ", i, " has shape ", outputs[i].get_shape(),
                              ", outside the inferred ", out_info[i].shape);
    return outputs;
}

}  // namespace ovcl
