// FakeConvert-13: a real tensor rounded through an f8 type under a scale and shift.
#include <string>

#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace shape_infer {

Outputs fake_convert(const Node& node, const Inputs& in) {
    check_input_count(node, in, 2, 3);
    check_real(node, in, 0);
    for (size_t i = 1; i < in.size(); ++i)
        merge_types(node, in, 0, i);
    const auto dst = node.get_attr<std::string>("destination_type", "");
    if (dst != "f8e4m3" && dst != "f8e5m2")
        raise<ModelError>(node.describe(), ": destination_type must be f8e4m3 or f8e5m2, not \"", dst, "\"");
    PartialShape out = in[0].shape;
    for (size_t i = 1; i < in.size(); ++i)
        if (!broadcast_numpy(node, out, in[i].shape).compatible(out))
            raise<ModelError>(node.describe(), ": input ", i, " ", in[i].shape, " must broadcast onto the data ", out);
    return {{in[0].type, out}};
}

}  // namespace shape_infer
}  // namespace ovcl
