// Shape and type inference of the softmax ops.
#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace shape_infer {

Outputs softmax(const Node& node, const Inputs& in) {
    check_input_count(node, in, 1, 1);
    check_real(node, in, 0);
    const auto axis = node.get_attr<int64_t>("axis", 1);
    // Softmax-1 predates negative axes; later versions count them from the back.
    if (node.get_type_name() == "Softmax" && node.get_version() < 8 && axis < 0)
        raise<ModelError>(node.describe(), ": axis ", axis, " must be non-negative in Softmax-1");
    const PartialShape& s = in[0].shape;
    if (s.rank_is_static())
        normalize_axis(node, axis, s.rank_length());
    return {{in[0].type, s}};
}

}  // namespace shape_infer
}  // namespace ovcl
