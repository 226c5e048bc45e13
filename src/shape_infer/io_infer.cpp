// Shape and type inference of Parameter, Constant and Result.
#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace shape_infer {

Outputs parameter(const Node& node, const Inputs& in) {
    check_input_count(node, in, 0, 0);
    const auto type = node.get_attr<element::Type>("element_type");
    if (!type.is_static())
        raise<ModelError>(node.describe(), ": element_type must be a static type, not ", type);
    return {{type, node.get_attr<PartialShape>("shape")}};
}

Outputs constant(const Node& node, const Inputs& in) {
    check_input_count(node, in, 0, 0);
    const Tensor& v = node.get_constant_value();
    if (!v)
        raise<ModelError>(node.describe(), ": constant has no value");
    return {{v.get_element_type(), PartialShape(v.get_shape())}};
}

Outputs result(const Node& node, const Inputs& in) { return same_as_input(node, in); }

}  // namespace shape_infer
}  // namespace ovcl
