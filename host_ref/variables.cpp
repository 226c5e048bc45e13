// Host reference kernels of the variables ops (ReadValue, Assign): the state lives in the
// evaluation context's VariableStore, keyed by variable_id, and persists between evaluations.
#include "host_ref/ref_utils.hpp"

#include <cstring>

#include "shape_infer/variables_infer.hpp"

namespace ovcl {
namespace host_ref {

void read_value(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx) {
    const auto decl = shape_infer::variable_decl(node);
    Tensor& dst = out.at(0);
    if (ctx.variables) {
        const auto it = ctx.variables->values.find(decl.id);
        if (it != ctx.variables->values.end() && it->second) {
            const Tensor& value = it->second;
            if (value.get_element_type() != dst.get_element_type())
                raise<Exception>(node.describe(), ": variable '", decl.id, "' holds a ", value.get_element_type(),
                                 " tensor; the ReadValue reads ", dst.get_element_type());
            const bool fits = decl.has_shape ? decl.shape.contains(value.get_shape())
                                             : in.empty() || value.get_shape() == in[0].get_shape();
            if (!fits)
                raise<Exception>(node.describe(), ": variable '", decl.id, "' holds a tensor of shape ",
                                 value.get_shape(), " that does not fit ",
                                 decl.has_shape ? decl.shape : PartialShape(in[0].get_shape()));
            value.copy_to(dst);
            return;
        }
    }
    if (!in.empty()) {
        in[0].copy_to(dst);
        return;
    }
    if (!decl.shape.is_static())
        raise<Exception>(node.describe(), ": variable '", decl.id, "' has no value and its declared shape ",
                         decl.shape, " is not static");
    dst.set_shape(decl.shape.to_shape());
    std::memset(dst.data(), 0, dst.get_byte_size());
}

void assign(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx) {
    const auto decl = shape_infer::variable_decl(node);
    if (!ctx.variables)
        raise<Exception>(node.describe(), ": no variable store in the evaluation context to assign variable '",
                         decl.id, "'");
    // A copy: the input's memory belongs to the caller and may be reused after this evaluation.
    Tensor value(in.at(0).get_element_type(), in[0].get_shape());
    in[0].copy_to(value);
    ctx.variables->values[decl.id] = value;
    in[0].copy_to(out.at(0));
}

}  // namespace host_ref
}  // namespace ovcl
