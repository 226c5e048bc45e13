#include "graph_steps.hpp"

#include "ovcl/except.hpp"
#include "ovcl/ops.hpp"

namespace ovcl {
namespace preprocess {
namespace graph {

std::string port_label(const Output<Node>& port, const char* kind, size_t index) {
    const auto& names = port.get_names();
    const std::string name = names.empty() ? port.node->get_friendly_name() : *names.begin();
    return std::string(kind) + " '" + name + "' (#" + std::to_string(index) + ")";
}

size_t rank_of(const Output<Node>& x, const std::string& where) {
    const PartialShape& s = x.get_partial_shape();
    if (s.rank_is_dynamic())
        raise<InvalidArgument>(where, ": the data has a dynamic rank");
    return s.size();
}

Output<Node> to_layout(const Output<Node>& x, const Layout& from, const Layout& to, const std::string& where) {
    const size_t rank = rank_of(x, where);
    try {
        return graph::transpose(x, layout::find_permutation(from, to, rank));
    } catch (const InvalidArgument& e) {
        raise<InvalidArgument>(where, ": ", e.what());
    }
}


Output<Node> i64s(const std::vector<int64_t>& values) {
    return Output<Node>(op::constant<int64_t>(element::i64, Shape{values.size()}, values), 0);
}

Output<Node> convert(const Output<Node>& x, element::Type type) {
    if (x.get_element_type() == type)
        return x;
    return op::make_output("Convert", {x}, {{"destination_type", type.get_type_name()}});
}

Output<Node> transpose(const Output<Node>& x, const std::vector<int64_t>& order) {
    bool identity = true;
    for (size_t i = 0; i < order.size(); ++i)
        identity = identity && order[i] == static_cast<int64_t>(i);
    if (identity)
        return x;
    return op::make_output("Transpose", {x, i64s(order)});
}

Output<Node> binary(const std::string& type, const Output<Node>& a, const Output<Node>& b) {
    return op::make_output(type, {a, b}, {{"auto_broadcast", "numpy"}});
}

Output<Node> per_axis_constant(element::Type type, const std::vector<float>& values, size_t rank, size_t axis) {
    Shape shape{1};
    if (values.size() > 1) {
        shape = Shape(rank, 1);
        shape.at(axis) = values.size();
    }
    return Output<Node>(op::constant<float>(type, shape, values), 0);
}

Output<Node> gather(const Output<Node>& x, const std::vector<int64_t>& indices, size_t axis) {
    return op::make_output("Gather", {x, i64s(indices), i64s({static_cast<int64_t>(axis)})}, {{"batch_dims", "0"}},
                           8);
}

Output<Node> resize(const Output<Node>& x, ResizeAlgorithm algorithm, size_t h_axis, size_t w_axis, int64_t height,
              int64_t width) {
    const char* mode = algorithm == ResizeAlgorithm::RESIZE_NEAREST ? "nearest"
                       : algorithm == ResizeAlgorithm::RESIZE_CUBIC ? "cubic"
                                                                     : "linear";
    const Attributes attrs{{"mode", mode},
                           {"shape_calculation_mode", "sizes"},
                           {"coordinate_transformation_mode", "half_pixel"},
                           {"nearest_mode", "round_prefer_floor"},
                           {"antialias", "false"},
                           {"pads_begin", "0"},
                           {"pads_end", "0"},
                           {"cube_coeff", "-0.75"}};
    return op::make_output("Interpolate",
                           {x, i64s({height, width}), i64s({static_cast<int64_t>(h_axis), static_cast<int64_t>(w_axis)})},
                           attrs, 11);
}

}  // namespace graph
}  // namespace preprocess
}  // namespace ovcl
