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
    for (size_t i = 0; i < out_info.size(); ++i) {
        if (!out_info[i].shape.is_static())
            raise<ModelError>(node.describe(), ": output ", i, " shape ", out_info[i].shape,
                              " is not static for the given inputs");
        outputs.emplace_back(out_info[i].type, out_info[i].shape.to_shape());
    }
    // Strided inputs (ROIs) are packed so every kernel sees dense C-order data.
    TensorVector dense = inputs;
    for (auto& t : dense)
        if (!t.is_continuous()) {
            Tensor packed(t.get_element_type(), t.get_shape());
            t.copy_to(packed);
            t = packed;
        }
    spec.evaluate(node, dense, outputs, ctx);
    return outputs;
}

}  // namespace ovcl
