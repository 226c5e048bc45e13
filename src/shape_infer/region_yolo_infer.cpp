#include "shape_infer/region_yolo_infer.hpp"

#include <vector>

namespace ovcl {
namespace shape_infer {

namespace {

int64_t non_negative(const Node& node, const char* name, int64_t v) {
    if (v < 0)
        raise<ModelError>(node.describe(), ": attribute ", name, "=", v, " must not be negative");
    return v;
}

// The data input: rank 4.
void check_data(const Node& node, const Inputs& in) {
    check_input_count(node, in, 1, 1);
    check_type(node, in, 0, {});
    if (in[0].shape.rank_is_static() && in[0].shape.size() != 4)
        raise<ModelError>(node.describe(), ": the data input must have rank 4, got ", in[0].shape);
}

// d / by when d is static (a multiple of by), else a dynamic dimension.
Dimension divided(const Node& node, const Dimension& d, int64_t by, const char* what) {
    if (d.is_dynamic())
        return Dimension::dynamic();
    if (d.get_length() % by != 0)
        raise<ModelError>(node.describe(), ": the ", what, " ", d.get_length(), " is not a multiple of ", by);
    return d.get_length() / by;
}

}  // namespace

RegionYoloAttrs region_yolo_attrs(const Node& node) {
    RegionYoloAttrs a;
    a.coords = non_negative(node, "coords", node.get_attr<int64_t>("coords"));
    a.classes = non_negative(node, "classes", node.get_attr<int64_t>("classes"));
    a.softmax = node.get_attr<bool>("do_softmax", true);
    if (a.coords < 2)
        raise<ModelError>(node.describe(), ": attribute coords=", a.coords, " must be 2 or more (x, y, ...)");
    a.regions = a.softmax ? non_negative(node, "num", node.get_attr<int64_t>("num"))
                          : static_cast<int64_t>(node.get_attr<std::vector<int64_t>>("mask", {}).size());
    return a;
}

Outputs region_yolo(const Node& node, const Inputs& in) {
    check_data(node, in);
    check_real(node, in, 0);
    const RegionYoloAttrs a = region_yolo_attrs(node);
    const PartialShape& s = in[0].shape;
    const int64_t channels = checked::mul(a.regions, a.entry());
    if (s.rank_is_static() && s[1].get_max_length() != Dimension::inf && s[1].get_max_length() < channels)
        raise<ModelError>(node.describe(), ": the data needs at least ", channels, " channels for ", a.regions,
                          " regions, got ", s);
    if (!a.softmax)
        return {{in[0].type, s.rank_is_static() ? PartialShape({s[0], channels, s[2], s[3]}) : PartialShape::dynamic(4)}};
    if (s.rank_is_dynamic())
        return {{in[0].type, PartialShape::dynamic()}};
    const int64_t axis = normalize_axis(node, node.get_attr<int64_t>("axis", 1), 4);
    const int64_t end = normalize_axis(node, node.get_attr<int64_t>("end_axis", 3), 4);
    if (end < axis)
        raise<ModelError>(node.describe(), ": end_axis ", end, " comes before axis ", axis);
    std::vector<Dimension> out(s.begin(), s.begin() + axis);
    int64_t flat = 1;
    bool known = true;
    for (int64_t i = axis; i <= end; ++i) {
        known = known && s[static_cast<size_t>(i)].is_static();
        if (known)
            flat = checked::mul(flat, s[static_cast<size_t>(i)].get_length());
    }
    out.push_back(known ? Dimension(flat) : Dimension::dynamic());
    out.insert(out.end(), s.begin() + end + 1, s.end());
    return {{in[0].type, PartialShape(out)}};
}

Outputs reorg_yolo(const Node& node, const Inputs& in) {
    check_data(node, in);
    const auto strides = node.get_attr<std::vector<int64_t>>("stride");
    if (strides.size() != 1 || strides[0] <= 0)
        raise<ModelError>(node.describe(), ": attribute stride must be one positive value");
    const int64_t st = strides[0], area = checked::mul(st, st);
    const PartialShape& s = in[0].shape;
    if (s.rank_is_dynamic())
        return {{in[0].type, PartialShape::dynamic(4)}};
    // OpenVINO reads out of bounds when C is not a multiple of stride^2: refused here.
    if (s[1].is_static() && s[1].get_length() < area)
        raise<ModelError>(node.describe(), ": the data needs at least stride^2 = ", area, " channels, got ", s);
    divided(node, s[1], area, "channel count");
    const Dimension c = s[1].is_static() ? Dimension(checked::mul(s[1].get_length(), area)) : Dimension::dynamic();
    return {{in[0].type, PartialShape({s[0], c, divided(node, s[2], st, "height"), divided(node, s[3], st, "width")})}};
}

}  // namespace shape_infer
}  // namespace ovcl
