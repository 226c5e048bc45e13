// Shape and type inference of CumSum.
#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace shape_infer {

Outputs cumsum(const Node& node, const Inputs& in) {
    check_input_count(node, in, 1, 2);
    check_type(node, in, 0, {});
    if (in[0].type == element::boolean)
        raise<ModelError>(node.describe(), ": input 0 has element type boolean; expected a numeric type");
    if (in.size() == 2) {
        check_integer(node, in, 1);
        const PartialShape& a = in[1].shape;
        if (a.rank_is_static() && !(a.size() == 0 || (a.size() == 1 && a[0].compatible(Dimension(1)))))
            raise<ModelError>(node.describe(), ": axis must be a scalar, got shape ", a);
        if (const auto v = const_i64(in[1]); v && v->size() == 1 && in[0].shape.rank_is_static())
            normalize_axis(node, v->at(0), static_cast<int64_t>(in[0].shape.size()));
    }
    return {{in[0].type, in[0].shape}};
}

}  // namespace shape_infer
}  // namespace ovcl
