// SegmentMax-16: the maximum of each segment of rows; the segment count may come from the segment ids' values.
#include <algorithm>
#include <cctype>
#include <string>

#include "shape_infer/reduce_infer.hpp"

namespace ovcl {
namespace shape_infer {

bool segment_fill_lowest(const Node& node) {
    std::string mode = node.get_attr<std::string>("fill_mode", "");
    std::transform(mode.begin(), mode.end(), mode.begin(), [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
    if (mode != "ZERO" && mode != "LOWEST")  // OpenVINO reads the attribute in any case
        raise<ModelError>(node.describe(), ": fill_mode must be ZERO or LOWEST, not \"", node.get_attr<std::string>("fill_mode", ""), "\"");
    return mode == "LOWEST";
}

Outputs segment_max(const Node& node, const Inputs& in) {
    check_input_count(node, in, 2, 3);
    check_type(node, in, 0, {});
    if (in[0].type == element::boolean)
        raise<ModelError>(node.describe(), ": the data must be numeric, not boolean");
    check_integer(node, in, 1);
    segment_fill_lowest(node);
    const PartialShape &data = in[0].shape, &ids = in[1].shape;
    if (ids.rank_is_static() && ids.size() != 1)
        raise<ModelError>(node.describe(), ": segment_ids must be 1-D, got ", ids);
    if (data.rank_is_static() && data.size() == 0)
        raise<ModelError>(node.describe(), ": the data must have rank 1 or more");
    if (data.rank_is_static() && ids.rank_is_static() && !data[0].compatible(ids[0]))
        raise<ModelError>(node.describe(), ": segment_ids ", ids, " must have one entry per data row of ", data);
    Dimension segments = Dimension::dynamic();
    if (const auto v = const_i64(in[1])) {
        if (!std::is_sorted(v->begin(), v->end()) || (!v->empty() && v->front() < 0))
            raise<ModelError>(node.describe(), ": segment_ids must be sorted and non-negative");
        segments = v->empty() ? 0 : checked::add(v->back(), int64_t{1});
    }
    if (in.size() > 2) {
        check_integer(node, in, 2);
        if (in[2].shape.rank_is_static() && in[2].shape.size() != 0)
            raise<ModelError>(node.describe(), ": num_segments must be a scalar, got ", in[2].shape);
        const auto n = const_i64(in[2]);
        if (n && n->at(0) < 0)
            raise<ModelError>(node.describe(), ": num_segments ", n->at(0), " must not be negative");
        segments = n ? Dimension(n->at(0)) : Dimension::dynamic();
    }
    if (data.rank_is_dynamic())
        return {{in[0].type, PartialShape::dynamic()}};
    std::vector<Dimension> out{segments};
    out.insert(out.end(), data.begin() + 1, data.end());
    return {{in[0].type, PartialShape(out)}};
}

}  // namespace shape_infer
}  // namespace ovcl
