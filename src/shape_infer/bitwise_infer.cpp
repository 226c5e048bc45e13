// Shape and type inference of the bitwise ops.
#include "shape_infer/infer_utils.hpp"

#include "shape_infer/binary_infer.hpp"

namespace ovcl {
namespace shape_infer {

namespace {
void check_integral(const Node& node, const Inputs& in, size_t i, bool boolean) {
    check_type(node, in, i, {});
    const element::Type t = in[i].type;
    if (t.is_static() && (!t.is_integral() || (!boolean && t == element::boolean)))
        raise<ModelError>(node.describe(), ": input ", i, " has element type ", t, "; expected an integer",
                          boolean ? " or boolean" : "", " type");
}

Outputs two_integral(const Node& node, const Inputs& in, bool boolean) {
    check_input_count(node, in, 2, 2);
    check_integral(node, in, 0, boolean);
    check_integral(node, in, 1, boolean);
    const element::Type t = merge_types(node, in, 0, 1);
    return {{t, broadcast_by_attr(node, in[0].shape, in[1].shape)}};
}
}  // namespace

Outputs bitwise_binary(const Node& node, const Inputs& in) { return two_integral(node, in, true); }

Outputs bitwise_not(const Node& node, const Inputs& in) {
    check_input_count(node, in, 1, 1);
    check_integral(node, in, 0, true);
    return {{in[0].type, in[0].shape}};
}

Outputs bitwise_shift(const Node& node, const Inputs& in) { return two_integral(node, in, false); }

}  // namespace shape_infer
}  // namespace ovcl
