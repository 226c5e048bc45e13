// Shape and type inference of the scatter ops: the output is the data input, updated.
#include "shape_infer/infer_utils.hpp"

#include <algorithm>
#include <string>
#include <vector>

namespace ovcl {
namespace shape_infer {

namespace {

// data's type and shape, after the checks every scatter shares: updates of data's type, integer indices.
Outputs data_out(const Node& node, const Inputs& in, size_t count) {
    check_input_count(node, in, count, count);
    check_type(node, in, 0, {});
    check_integer(node, in, 1);
    merge_types(node, in, 0, 2);
    if (count == 4)
        check_integer(node, in, 3);
    return {{in[0].type, in[0].shape}};
}

void check_axis_scalar(const Node& node, const Inputs& in) {
    const PartialShape& a = in[3].shape;
    if (a.rank_is_static() && !(a.size() == 0 || (a.size() == 1 && a[0].compatible(Dimension(1)))))
        raise<ModelError>(node.describe(), ": axis must be a scalar, got shape ", a);
}

// The axis input's value, normalised against data's rank; nullopt while unknown.
std::optional<int64_t> axis_of(const Node& node, const Inputs& in) {
    const auto v = const_i64(in[3]);
    if (!v || v->size() != 1 || in[0].shape.rank_is_dynamic())
        return std::nullopt;
    return normalize_axis(node, v->at(0), static_cast<int64_t>(in[0].shape.size()));
}

void check_reduction(const Node& node, const std::vector<std::string>& allowed) {
    const std::string r = lower_attr(node, "reduction", "none");
    if (std::find(allowed.begin(), allowed.end(), r) == allowed.end())
        raise<ModelError>(node.describe(), ": reduction '", node.get_attr<std::string>("reduction", "none"),
                          "' is not supported");
}

void check_shape(const Node& node, const PartialShape& got, const PartialShape& want, const char* what) {
    if (!got.compatible(want))
        raise<ModelError>(node.describe(), ": ", what, " has shape ", got, "; expected ", want);
}

}  // namespace

Outputs scatter_update(const Node& node, const Inputs& in) {
    Outputs out = data_out(node, in, 4);
    check_axis_scalar(node, in);
    const auto axis = axis_of(node, in);
    const PartialShape &d = in[0].shape, &i = in[1].shape;
    if (axis && d.rank_is_static() && i.rank_is_static()) {
        std::vector<Dimension> want(d.begin(), d.begin() + *axis);
        want.insert(want.end(), i.begin(), i.end());
        want.insert(want.end(), d.begin() + *axis + 1, d.end());
        check_shape(node, in[2].shape, PartialShape(want), "updates");
    }
    return out;
}

Outputs scatter_elements_update(const Node& node, const Inputs& in) {
    Outputs out = data_out(node, in, 4);
    check_axis_scalar(node, in);
    if (node.get_version() >= 12)
        check_reduction(node, {"none", "sum", "prod", "min", "max", "mean"});
    (void)axis_of(node, in);  // an axis outside data's rank is an error now
    const PartialShape &d = in[0].shape, &i = in[1].shape, &u = in[2].shape;
    check_shape(node, u, i, "updates (the indices' shape)");
    if (d.rank_is_static() && i.rank_is_static() && d.size() != i.size())
        raise<ModelError>(node.describe(), ": indices of rank ", i.size(), " for data of rank ", d.size());
    return out;
}

Outputs scatter_nd_update(const Node& node, const Inputs& in) {
    Outputs out = data_out(node, in, 3);
    if (node.get_version() >= 15)
        check_reduction(node, {"none", "sum", "sub", "prod", "min", "max"});
    const PartialShape &d = in[0].shape, &i = in[1].shape;
    if (i.rank_is_static() && i.size() == 0)
        raise<ModelError>(node.describe(), ": indices must have rank 1 or more");
    if (d.rank_is_static() && i.rank_is_static() && i[i.size() - 1].is_static()) {
        const auto k = static_cast<size_t>(i[i.size() - 1].get_length());
        if (k > d.size())
            raise<ModelError>(node.describe(), ": index tuples of ", k, " for data of rank ", d.size());
        std::vector<Dimension> want(i.begin(), i.end() - 1);
        want.insert(want.end(), d.begin() + static_cast<std::ptrdiff_t>(k), d.end());
        check_shape(node, in[2].shape, PartialShape(want), "updates");
    }
    return out;
}

}  // namespace shape_infer
}  // namespace ovcl
