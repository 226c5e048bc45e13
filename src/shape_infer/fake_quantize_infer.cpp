// Shape and type inference of the fake_quantize ops.
#include "shape_infer/infer_utils.hpp"

#include <algorithm>

namespace ovcl {
namespace shape_infer {

Outputs fake_quantize(const Node& node, const Inputs& in) {
    check_input_count(node, in, 5, 5);
    const element::Type type = common_real_type(node, in);
    const auto levels = node.get_attr<int64_t>("levels");
    if (levels < 2)
        raise<ModelError>(node.describe(), ": levels must be at least 2, got ", levels);
    const std::string mode = lower_attr(node, "auto_broadcast", "numpy");
    PartialShape out = in[0].shape;
    if (mode == "numpy") {
        for (size_t i = 1; i < in.size(); ++i)
            out = broadcast_numpy(node, out, in[i].shape);
    } else if (mode == "none") {
        for (size_t i = 1; i < in.size(); ++i)
            if (!PartialShape::merge(out, out, in[i].shape))
                raise<ModelError>(node.describe(), ": with auto_broadcast none, input ", i, " shape ", in[i].shape,
                                  " must equal the data shape ", in[0].shape);
    } else {
        raise<ModelError>(node.describe(), ": auto_broadcast '", node.get_attr_text("auto_broadcast"),
                          "' is not supported (numpy or none)");
    }
    return {{type, out}};
}

}  // namespace shape_infer
}  // namespace ovcl
