// Shape and type inference of the gather ops.
#include "shape_infer/infer_utils.hpp"
#include "shape_infer/shape_values.hpp"

#include <algorithm>

namespace ovcl {
namespace shape_infer {

namespace {

Outputs gather_shape(const Node& node, const Inputs& in, int64_t batch_dims) {
    check_input_count(node, in, 3, 3);
    check_type(node, in, 0, {});
    check_integer(node, in, 1);
    check_integer(node, in, 2);
    const PartialShape& axis_shape = in[2].shape;
    const bool one_value = axis_shape.size() == 0 || (axis_shape.size() == 1 && axis_shape[0].contains(1));
    if (axis_shape.rank_is_static() && !one_value)
        raise<ModelError>(node.describe(), ": axis (input 2) must be a scalar, got shape ", axis_shape);
    std::optional<int64_t> axis;
    if (const auto v = const_i64(in[2])) {
        if (v->size() != 1)
            raise<ModelError>(node.describe(), ": axis (input 2) must hold one value, got ", v->size());
        axis = v->front();
    }
    const PartialShape& data = in[0].shape;
    const PartialShape& idx = in[1].shape;
    if (data.rank_is_static() && data.rank_length() == 0)
        raise<ModelError>(node.describe(), ": data must have rank 1 or more");
    if (data.rank_is_static() && axis)
        normalize_axis(node, *axis, data.rank_length());
    if (data.rank_is_dynamic() || idx.rank_is_dynamic())
        return {{in[0].type, PartialShape::dynamic()}};

    const int64_t dr = data.rank_length(), ir = idx.rank_length();
    const int64_t limit = std::min(dr, ir);
    if (batch_dims < -limit || batch_dims > limit)
        raise<ModelError>(node.describe(), ": batch_dims ", batch_dims, " is out of range [", -limit, ", ", limit,
                          "] for data of rank ", dr, " and indices of rank ", ir);
    const int64_t b = batch_dims < 0 ? batch_dims + ir : batch_dims;
    if (b >= dr)
        raise<ModelError>(node.describe(), ": batch_dims ", b, " leaves no data axis to gather along (rank ", dr, ")");
    std::vector<Dimension> out;
    for (int64_t i = 0; i < b; ++i) {
        Dimension d;
        if (!Dimension::merge(d, data[static_cast<size_t>(i)], idx[static_cast<size_t>(i)]))
            raise<ModelError>(node.describe(), ": batch dimension ", i, " differs between data ", data,
                              " and indices ", idx);
        out.push_back(d);
    }
    if (!axis) {
        out.resize(static_cast<size_t>(dr - 1 + ir - b));
        return {{in[0].type, PartialShape(out)}};
    }
    const int64_t a = normalize_axis(node, *axis, dr);
    if (b > a)
        raise<ModelError>(node.describe(), ": batch_dims ", b, " must not exceed the axis ", a);
    for (int64_t i = b; i < a; ++i)
        out.push_back(data[static_cast<size_t>(i)]);
    for (int64_t i = b; i < ir; ++i)
        out.push_back(idx[static_cast<size_t>(i)]);
    for (int64_t i = a + 1; i < dr; ++i)
        out.push_back(data[static_cast<size_t>(i)]);
    return {{in[0].type, PartialShape(out)}};
}

// Gather of a shape value (a dim picked from ShapeOf) passes on the elements it picks.
Outputs gather_with_value(const Node& node, const Inputs& in, int64_t batch_dims) {
    Outputs out = gather_shape(node, in, batch_dims);
    out[0].shape_value = gathered(in, out[0], batch_dims);
    return out;
}

}  // namespace

Outputs gather_v1(const Node& node, const Inputs& in) { return gather_with_value(node, in, 0); }

Outputs gather_v7(const Node& node, const Inputs& in) {
    return gather_with_value(node, in, node.get_attr<int64_t>("batch_dims", 0));
}

Outputs gather_v8(const Node& node, const Inputs& in) {
    return gather_with_value(node, in, node.get_attr<int64_t>("batch_dims", 0));
}

Outputs gather_elements(const Node& node, const Inputs& in) {
    check_input_count(node, in, 2, 2);
    check_type(node, in, 0, {});
    check_integer(node, in, 1);
    const PartialShape &d = in[0].shape, &i = in[1].shape;
    if (d.rank_is_static() && i.rank_is_static()) {
        if (d.size() != i.size() || d.size() == 0)
            raise<ModelError>(node.describe(), ": data of rank ", d.size(), " and indices of rank ", i.size(),
                              " (equal, and at least 1)");
        const auto axis = static_cast<size_t>(
            normalize_axis(node, node.get_attr<int64_t>("axis"), static_cast<int64_t>(d.size())));
        for (size_t a = 0; a < d.size(); ++a)
            if (a != axis && !d[a].compatible(i[a]))
                raise<ModelError>(node.describe(), ": indices ", i, " and data ", d, " differ on axis ", a,
                                  " (only axis ", axis, " may)");
    }
    return {{in[0].type, i}};
}

Outputs gather_nd(const Node& node, const Inputs& in) {
    check_input_count(node, in, 2, 2);
    check_type(node, in, 0, {});
    check_integer(node, in, 1);
    const PartialShape &d = in[0].shape, &i = in[1].shape;
    const int64_t b = node.get_attr<int64_t>("batch_dims", 0);
    if (b < 0)
        raise<ModelError>(node.describe(), ": batch_dims ", b, " must not be negative");
    if (d.rank_is_dynamic() || i.rank_is_dynamic() || i[i.size() - 1].is_dynamic())
        return {{in[0].type, PartialShape::dynamic()}};
    const auto bd = static_cast<size_t>(b);
    if (i.size() == 0 || d.size() == 0 || bd >= i.size() || bd >= d.size())
        raise<ModelError>(node.describe(), ": batch_dims ", b, " for data of rank ", d.size(), " and indices of rank ",
                          i.size(), " (indices and data need rank batch_dims + 1 or more)");
    const auto k = static_cast<size_t>(i[i.size() - 1].get_length());
    if (bd + k > d.size())
        raise<ModelError>(node.describe(), ": index tuples of ", k, " after ", bd, " batch axes for data of rank ",
                          d.size());
    for (size_t a = 0; a < bd; ++a)
        if (!d[a].compatible(i[a]))
            raise<ModelError>(node.describe(), ": batch axis ", a, " differs: data ", d, ", indices ", i);
    std::vector<Dimension> out;
    if (node.get_version() < 8 && bd > 0) {
        Dimension batch(1);
        for (size_t a = 0; a < bd; ++a)
            batch = batch.is_static() && i[a].is_static() ? Dimension(batch.get_length() * i[a].get_length())
                                                          : Dimension::dynamic();
        out.push_back(batch);
    } else {
        out.insert(out.end(), i.begin(), i.begin() + static_cast<std::ptrdiff_t>(bd));
    }
    out.insert(out.end(), i.begin() + static_cast<std::ptrdiff_t>(bd), i.end() - 1);
    out.insert(out.end(), d.begin() + static_cast<std::ptrdiff_t>(bd + k), d.end());
    return {{in[0].type, PartialShape(out)}};
}

}  // namespace shape_infer
}  // namespace ovcl
