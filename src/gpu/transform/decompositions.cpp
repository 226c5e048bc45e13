// Ops the device runs as a few others it has kernels for, where OpenVINO's specification defines them so.
// GroupNormalization-12 over data [N, C, ...] with G groups is MVN over each group of C / G channels
// (Reshape to [N, G, C / G * spatial], MVN-6 over axis 2, eps inside the square root, Reshape back) followed by
// the per-channel scale and bias (Multiply and Add, which fuse_eltwise joins into one kernel).
// A Transpose that moves only axes of extent 1 keeps its elements in memory order: it is a Reshape, which the
// device runs as a view (a decode step's [1, 1, H, D] -> [1, H, 1, D] around every attention, as OpenVINO's
// TransposeToReshape finds).
#include <numeric>
#include <optional>

#include "ovcl/ops.hpp"
#include "transform/fusions.hpp"
#include "transform/fusions_graph.hpp"

namespace ovcl {
namespace gpu {

namespace {

bool decomposable(const Node& gn, const std::set<std::string>& host_ops) {
    for (const char* type : {"GroupNormalization", "MVN", "Multiply", "Add"})
        if (host_ops.count(type))
            return false;
    const element::Type et = gn.get_output_element_type(0);
    const PartialShape& s = gn.get_input_partial_shape(0);
    // Static and not empty: the Reshape to [N, G, rest] has no -1 to resolve against zero elements.
    return (et == element::f32 || et == element::f16) && s.is_static() && shape_size(s.to_shape()) > 0 &&
           gn.get_input_partial_shape(1).is_static() && gn.get_input_partial_shape(2).is_static();
}

// `v` [C] as [1, C, 1, ..] for data of `rank`: a Constant of that shape when `v` is one (constant folding has
// run already, and an Unsqueeze of a constant would be a host step), else an Unsqueeze.
Output<Node> per_channel(const Output<Node>& v, size_t rank) {
    if (v.node->is_constant()) {
        const Tensor& value = v.node->get_constant_value();
        Shape shape(rank, 1);
        shape[1] = value.get_size();
        Tensor t(value.get_element_type(), value.get_shape());
        value.copy_to(t);  // dense, so the same bytes take the new shape
        t.set_shape(shape);
        return Output<Node>(op::constant(t), 0);
    }
    std::vector<int64_t> axes{0};
    for (size_t i = 2; i < rank; ++i)
        axes.push_back(static_cast<int64_t>(i));
    return op::make_output("Unsqueeze", {v, op::constant<int64_t>(element::i64, Shape{axes.size()}, axes)});
}

// The Reshape target of Transpose `t` when it moves only axes of extent 1 (the others keep their order): its output
// shape, one dynamic dimension as -1; nullopt for any other Transpose.
std::optional<std::vector<int64_t>> reshape_target(const Node& t) {
    const PartialShape& in = t.get_input_partial_shape(0);
    const PartialShape& out = t.get_output_partial_shape(0);
    if (in.rank_is_dynamic() || out.rank_is_dynamic())
        return std::nullopt;
    const auto order = integer_constant(t.input_value(1));
    if (!order || order->size() != in.size())  // an empty order (reversed axes) moves every axis
        return std::nullopt;
    int64_t last = -1;
    for (int64_t axis : *order) {
        if (axis < 0 || axis >= static_cast<int64_t>(in.size()))
            return std::nullopt;
        if (in[axis].is_static() && in[axis].get_length() == 1)
            continue;
        if (axis < last)
            return std::nullopt;
        last = axis;
    }
    std::vector<int64_t> target;
    size_t dynamic = 0;
    bool empty = false;
    for (const Dimension& d : out) {
        dynamic += d.is_dynamic() ? 1 : 0;
        empty = empty || (d.is_static() && d.get_length() == 0);
        target.push_back(d.is_static() ? d.get_length() : -1);
    }
    if (dynamic > 1 || (dynamic == 1 && empty))  // -1 resolves against the other extents' product
        return std::nullopt;
    return target;
}

}  // namespace

size_t transposes_as_reshapes(Model& model, const std::set<std::string>& host_ops) {
    if (host_ops.count("Transpose") || host_ops.count("Reshape"))
        return 0;
    FusionWalk walk(model);
    size_t changed = 0;
    for (const auto& t : walk.order) {
        if (t->get_type_name() != "Transpose")
            continue;
        const auto target = reshape_target(*t);
        if (!target)
            continue;
        const auto shape = op::constant<int64_t>(element::i64, Shape{target->size()}, *target);
        walk.replace(op::make("Reshape", {t->input_value(0), shape}, {{"special_zero", "false"}}), {t});
        ++changed;
    }
    return walk.done(changed);
}

size_t decompose_group_normalization(Model& model, const std::set<std::string>& host_ops) {
    FusionWalk walk(model);
    size_t changed = 0;
    for (const auto& gn : walk.order) {
        if (gn->get_type_name() != "GroupNormalization" || !decomposable(*gn, host_ops))
            continue;
        const Shape s = gn->get_input_shape(0);
        const auto groups = gn->get_attr<int64_t>("num_groups");
        const auto n = static_cast<int64_t>(s[0]);
        const auto rest = static_cast<int64_t>(shape_size(s) / s[0]) / groups;
        const auto shape_const = [](const std::vector<int64_t>& v) {
            return op::constant<int64_t>(element::i64, Shape{v.size()}, v);
        };
        std::vector<int64_t> back(s.begin(), s.end());
        const Output<Node> grouped =
            op::make_output("Reshape", {gn->input_value(0), shape_const({n, groups, rest})}, {{"special_zero", "false"}});
        const Output<Node> normed = op::make_output(
            "MVN", {grouped, shape_const({2})},
            {{"normalize_variance", "true"}, {"eps", gn->get_attr_text("epsilon")}, {"eps_mode", "inside_sqrt"}}, 6);
        const Output<Node> restored = op::make_output("Reshape", {normed, shape_const(back)}, {{"special_zero", "false"}});
        const Output<Node> scaled = op::make_output("Multiply", {restored, per_channel(gn->input_value(1), s.size())});
        const auto out = op::make("Add", {scaled, per_channel(gn->input_value(2), s.size())});
        replace_by_fused(out, {gn}, walk.consumers);
        ++changed;
    }
    return walk.done(changed);
}

}  // namespace gpu
}  // namespace ovcl
