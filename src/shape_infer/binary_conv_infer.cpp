#include "shape_infer/binary_conv_infer.hpp"

#include "shape_infer/convolution_infer.hpp"

namespace ovcl {
namespace shape_infer {

void check_binary_conv_mode(const Node& node) {
    if (!node.has_attr("mode"))
        raise<ModelError>(node.describe(), ": missing attribute 'mode'");
    const auto mode = node.get_attr<std::string>("mode");
    if (mode != "xnor-popcount")
        raise<ModelError>(node.describe(), ": mode='", mode, "' is not xnor-popcount");
}

Outputs binary_convolution(const Node& node, const Inputs& in) {
    check_input_count(node, in, 2, 2);
    check_binary_conv_mode(node);
    if (!node.has_attr("pad_value"))
        raise<ModelError>(node.describe(), ": missing attribute 'pad_value'");
    node.get_attr<float>("pad_value");  // must parse as a number (a float attribute, as in OpenVINO)
    check_real(node, in, 0);
    check_type(node, in, 1, {element::boolean});
    // OpenVINO defines the op in 2-D only.
    for (size_t i = 0; i < 2; ++i)
        if (in[i].shape.rank_is_static() && in[i].shape.size() != 4)
            raise<ModelError>(node.describe(), ": ", i == 0 ? "data" : "filter", " must have rank 4, got ",
                              in[i].shape);
    // The geometry, channel check and output shape are Convolution's; the filter only differs in type.
    Inputs conv{in[0], {in[0].type, in[1].shape, nullptr}};
    return convolution(node, conv);
}

}  // namespace shape_infer
}  // namespace ovcl
