#include "ovcl/ops.hpp"

#include "ovcl/op_registry.hpp"

namespace ovcl {
namespace op {

std::shared_ptr<Node> make(const std::string& type, const OutputVector& inputs, const Attributes& attrs,
                           int64_t version) {
    const OpSpec* spec = version < 0 ? OpRegistry::get().latest(type) : OpRegistry::get().find_exact(type, version);
    if (!spec)
        raise<ModelError>("operation ", type, version < 0 ? "" : " version opset" + std::to_string(version),
                          " is not supported");
    auto node = std::make_shared<Node>(type, spec->version, inputs, attrs);
    node->validate_and_infer_types();
    return node;
}

Output<Node> make_output(const std::string& type, const OutputVector& inputs, const Attributes& attrs, int64_t version) {
    return Output<Node>(make(type, inputs, attrs, version), 0);
}

std::string shape_attr(const PartialShape& shape) {
    if (shape.rank_is_dynamic())
        return "...";
    std::string s;
    for (size_t i = 0; i < shape.size(); ++i)
        s += (i ? "," : "") + shape[i].to_string();
    return s;
}

std::shared_ptr<Node> parameter(element::Type type, const PartialShape& shape, const std::string& name) {
    auto p = make("Parameter", {}, {{"shape", shape_attr(shape)}, {"element_type", type.get_type_name()}});
    if (!name.empty()) {
        p->set_friendly_name(name);
        p->output_names(0).insert(name);
    }
    return p;
}

std::shared_ptr<Node> constant(const Tensor& value) {
    if (!value)
        raise<InvalidArgument>("op::constant: the tensor is empty");
    Tensor dense = value;
    if (!value.is_continuous()) {
        dense = Tensor(value.get_element_type(), value.get_shape());
        value.copy_to(dense);
    }
    auto c = std::make_shared<Node>(
        "Constant", 1, OutputVector{},
        Attributes{{"element_type", dense.get_element_type().get_type_name()},
                   {"shape", op::list(std::vector<size_t>(dense.get_shape().begin(), dense.get_shape().end()))}});
    c->set_constant_value(dense);
    c->validate_and_infer_types();
    return c;
}

std::shared_ptr<Node> result(const Output<Node>& value, const std::string& name) {
    auto r = make("Result", {value});
    if (!name.empty())
        r->set_friendly_name(name);
    return r;
}

}  // namespace op
}  // namespace ovcl
