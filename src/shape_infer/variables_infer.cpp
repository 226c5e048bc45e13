#include "shape_infer/variables_infer.hpp"

namespace ovcl {
namespace shape_infer {

VariableDecl variable_decl(const Node& node) {
    VariableDecl d;
    d.id = node.get_attr<std::string>("variable_id");
    if (d.id.empty())
        raise<ModelError>(node.describe(), ": variable_id must not be empty");
    if (node.get_type_name() != "ReadValue")
        return d;
    if (node.has_attr("variable_type")) {
        d.type = node.get_attr<element::Type>("variable_type");
        if (d.type == element::undefined)
            d.type = element::dynamic;
    }
    if (node.has_attr("variable_shape")) {
        d.shape = node.get_attr<PartialShape>("variable_shape");
        d.has_shape = true;
    }
    return d;
}

Outputs read_value(const Node& node, const Inputs& in) {
    check_input_count(node, in, node.get_version() >= 6 ? 0 : 1, 1);
    const VariableDecl d = variable_decl(node);
    if (in.empty()) {
        if (!d.type.is_static() || !d.has_shape)
            raise<ModelError>(node.describe(), ": a ReadValue without an init input needs a static variable_type and "
                                               "a variable_shape");
        return {{d.type, d.shape}};
    }
    const InputInfo& init = in[0];
    if (d.type.is_static() && init.type.is_static() && init.type != d.type)
        raise<ModelError>(node.describe(), ": the init value has element type ", init.type, " but variable '", d.id,
                          "' is declared ", d.type);
    if (d.has_shape && !d.shape.compatible(init.shape))
        raise<ModelError>(node.describe(), ": the init value's shape ", init.shape, " does not fit variable '", d.id,
                          "' of shape ", d.shape);
    return {{d.type.is_static() ? d.type : init.type, d.has_shape ? d.shape : init.shape}};
}

Outputs assign(const Node& node, const Inputs& in) {
    check_input_count(node, in, 1, 1);
    variable_decl(node);
    return {{in[0].type, in[0].shape}};
}

}  // namespace shape_infer
}  // namespace ovcl
